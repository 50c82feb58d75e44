//! A steady login load while one auth replica is SIGKILLed and restarted.

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, ensure};

use crate::access_log::Entry;
use crate::checks::describe;
use crate::load::{self, Sample, percentile, unix_now};
use crate::topology::{Topology, client_from};

/// Source addresses the load comes from (127.0.1.1 and up), so no address nears its limit.
const LOAD_SOURCES: u8 = 128;
/// Distinct players the load signs in, in turn.
const LOAD_USERS: i64 = 1000;

/// Steady logins through nginx; one auth replica is SIGKILLed, the other carries the load, and
/// the killed one, restarted, gets requests again.
pub async fn check_failover(t: &mut Topology, rate: f64, duration: Duration) -> anyhow::Result<()> {
    let clients = (1..=LOAD_SOURCES)
        .map(|n| client_from(Ipv4Addr::new(127, 0, 1, n)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let bodies = Arc::new(
        (0..LOAD_USERS)
            .map(|n| t.login_body(2_000_000 + n))
            .collect::<Vec<_>>(),
    );
    let url = t.url("/api/player/tg_login");
    let kill_after = duration.mul_f64(0.25);
    let restart_after = duration.mul_f64(0.35);
    let victim_address = t.auth[0].address;
    let victim_name = t.auth[0].name.clone();
    let survivor_address = t.auth[1].address;
    let ready = reqwest::Client::new();
    let load_started = unix_now();
    let (samples, times) = {
        let victim = &mut t.auth[0];
        let chaos = async {
            tokio::time::sleep(kill_after).await;
            let killed_at = unix_now();
            victim.kill().await?;
            tokio::time::sleep(restart_after.saturating_sub(kill_after)).await;
            let restarted_at = unix_now();
            victim.start(&ready).await?;
            anyhow::Ok((killed_at, restarted_at, unix_now()))
        };
        let (samples, times) =
            tokio::join!(load::steady(&clients, &url, bodies, rate, duration), chaos);
        (samples, times?)
    };
    let (killed_at, restarted_at, ready_at) = times;
    let load_ended = unix_now();

    let failures: Vec<&Sample> = samples.iter().filter(|s| s.status != Some(200)).collect();
    let elapsed = load_ended - load_started;
    println!(
        "failover load: {} tg_login offered at {rate:.0}/s for {} s from {LOAD_SOURCES} addresses \
         ({LOAD_USERS} players): {} answered 200 ({:.0}/s), {} failed; latency p50 {:.0} ms, \
         p99 {:.0} ms, max {:.0} ms",
        samples.len(),
        duration.as_secs(),
        samples.len() - failures.len(),
        (samples.len() - failures.len()) as f64 / elapsed,
        failures.len(),
        percentile(&samples, 0.5).as_secs_f64() * 1000.0,
        percentile(&samples, 0.99).as_secs_f64() * 1000.0,
        percentile(&samples, 1.0).as_secs_f64() * 1000.0,
    );
    for failure in failures.iter().take(10) {
        println!(
            "  failed: sent {:+.3} s from the kill, {}",
            failure.sent_at - killed_at,
            failure
                .status
                .map_or("no answer".to_owned(), |s| format!("status {s}"))
        );
    }

    let logins: Vec<Entry> = t
        .access_log()
        .into_iter()
        .filter(|e| {
            e.path == "/api/player/tg_login"
                && e.client.starts_with("127.0.1.")
                && e.at >= load_started
        })
        .collect();
    let phase = |from: f64, to: f64, address: SocketAddr| {
        logins
            .iter()
            .filter(|e| e.at >= from && e.at < to && e.answered_by_any(&[address]))
            .count()
    };
    // A login that was sent to the dying replica and retried on the other ends just after the
    // kill; later retries are nginx probing the down replica (per worker, every fail_timeout).
    let retried = |from: f64, to: f64| {
        logins
            .iter()
            .filter(|e| e.upstreams.len() > 1 && e.at >= from && e.at < to)
            .count()
    };
    let back = logins
        .iter()
        .filter(|e| e.at >= ready_at && e.answered_by_any(&[victim_address]))
        .map(|e| e.at)
        .fold(None, |first: Option<f64>, at| {
            Some(first.map_or(at, |f| f.min(at)))
        });
    println!(
        "failover: {victim_name} SIGKILLed at {:.1} s, restarted at {:.1} s (ready {:.1} s later); \
         before the kill {victim_name} {} / survivor {}; kill to ready: survivor {} / {victim_name} {}; \
         after: survivor {} / {victim_name} {} (first again {}); retried by nginx on the other \
         replica: {} within 1 s of the kill (in flight then), {} later",
        killed_at - load_started,
        restarted_at - load_started,
        ready_at - restarted_at,
        phase(load_started, killed_at, victim_address),
        phase(load_started, killed_at, survivor_address),
        phase(killed_at, ready_at, survivor_address),
        phase(killed_at, ready_at, victim_address),
        phase(ready_at, f64::MAX, survivor_address),
        phase(ready_at, f64::MAX, victim_address),
        back.map_or("never".to_owned(), |at| format!(
            "{:.1} s after it was ready",
            at - ready_at
        )),
        retried(killed_at, killed_at + 1.0),
        retried(killed_at + 1.0, f64::MAX)
    );
    if !failures.is_empty() {
        let mut by_status: BTreeMap<String, usize> = BTreeMap::new();
        for failure in &failures {
            let status = failure
                .status
                .map_or("no answer".to_owned(), |s| s.to_string());
            *by_status.entry(status).or_default() += 1;
        }
        // 503 is the auth service shedding load: the machine could not carry the offered rate.
        bail!(
            "{} logins failed ({}), {} of them sent within 1 s of the kill",
            failures.len(),
            describe(&by_status),
            failures
                .iter()
                .filter(|f| (f.sent_at - killed_at).abs() < 1.0)
                .count()
        );
    }
    ensure!(
        phase(killed_at, ready_at, survivor_address) > 0,
        "the survivor carried nothing while the other replica was down"
    );
    ensure!(
        back.is_some(),
        "the restarted replica got no request before the load ended"
    );
    Ok(())
}
