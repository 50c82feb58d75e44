//! `tg_login` through nginx: spread over both auth replicas, and limited by counts they share.

use std::collections::BTreeMap;
use std::net::Ipv4Addr;
use std::time::Duration;

use anyhow::ensure;
use serde_json::Value;

use crate::access_log::Entry;
use crate::checks::{count_by_replica, describe};
use crate::load::unix_now;
use crate::topology::{PER_IP_PER_MINUTE, PER_USER_PER_MINUTE, Topology, client_from};

/// Logins through nginx succeed and both replicas answer them.
pub async fn check_login_spread(t: &Topology) -> anyhow::Result<()> {
    let source = Ipv4Addr::new(127, 0, 4, 1);
    let client = client_from(source)?;
    let logins = 40;
    for n in 0..logins {
        let response = client
            .post(t.url("/api/player/tg_login"))
            .header("content-type", "application/json")
            .body(t.login_body(3_000_000 + n))
            .send()
            .await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        ensure!(
            status == 200 && body["accessToken"].is_string(),
            "tg_login through nginx: {status} {body}"
        );
    }
    let per_replica =
        count_by_replica(&t.access_log(), &t.auth, |e| e.client == source.to_string());
    println!(
        "tg_login spread: {logins} logins through nginx, all 200 with a session: {}",
        describe(&per_replica)
    );
    ensure!(
        per_replica.values().all(|&n| n > 0),
        "one auth replica answered no login"
    );
    Ok(())
}

/// Waits until at least `needed` is left of this minute: the shared counts are per minute.
async fn fresh_window(needed: Duration) {
    let into_minute = unix_now() % 60.0;
    if 60.0 - into_minute < needed.as_secs_f64() {
        let wait = 60.0 - into_minute + 0.2;
        println!("limits: waiting {wait:.1} s for the next minute's window");
        tokio::time::sleep(Duration::from_secs_f64(wait)).await;
    }
}

/// Sends every body at once from its client; the statuses in order.
async fn burst(url: String, requests: Vec<(reqwest::Client, String)>) -> anyhow::Result<Vec<u16>> {
    let mut tasks = tokio::task::JoinSet::new();
    for (client, body) in requests {
        let url = url.clone();
        tasks.spawn(async move {
            client
                .post(url)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .map(|r| r.status().as_u16())
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = tasks.join_next().await {
        statuses.push(status??);
    }
    Ok(statuses)
}

/// Twice the limit from one address (or for one user) through nginx, so across both replicas:
/// exactly the limit is let through.
pub async fn check_shared_limits(t: &Topology) -> anyhow::Result<()> {
    fresh_window(Duration::from_secs(20)).await;
    let url = t.url("/api/player/tg_login");

    let one_address = Ipv4Addr::new(127, 0, 2, 1);
    let client = client_from(one_address)?;
    let requests = (0..2 * i64::from(PER_IP_PER_MINUTE))
        .map(|n| (client.clone(), t.login_body(4_000_000 + n)))
        .collect();
    let statuses = burst(url.clone(), requests).await?;
    let (allowed, limited) = tally(&statuses);
    let entries = t.access_log();
    let from_address = |e: &Entry| e.client == one_address.to_string();
    let ip_served = count_by_replica(&entries, &t.auth, |e| from_address(e) && e.status == 200);
    let ip_received = count_by_replica(&entries, &t.auth, from_address);
    println!(
        "per-IP limit {PER_IP_PER_MINUTE}/min: {} logins from one address through nginx ({}): \
         {allowed} allowed ({}), {limited} refused 429",
        statuses.len(),
        describe(&ip_received),
        describe(&ip_served)
    );
    ensure!(
        allowed == PER_IP_PER_MINUTE as usize && limited == statuses.len() - allowed,
        "the per-IP limit let {allowed} through, not {PER_IP_PER_MINUTE}"
    );
    ensure_both_counted(&ip_received)?;

    let user = 5_000_000;
    let requests = (1..=2 * PER_USER_PER_MINUTE)
        .map(|n| {
            let source = Ipv4Addr::new(127, 0, 3, u8::try_from(n)?);
            Ok((client_from(source)?, t.login_body(user)))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let statuses = burst(url, requests).await?;
    let (allowed, limited) = tally(&statuses);
    let entries = t.access_log();
    let of_player = |e: &Entry| e.client.starts_with("127.0.3.");
    let user_served = count_by_replica(&entries, &t.auth, |e| of_player(e) && e.status == 200);
    let user_received = count_by_replica(&entries, &t.auth, of_player);
    println!(
        "per-user limit {PER_USER_PER_MINUTE}/min: {} logins of one player from {} addresses ({}): \
         {allowed} allowed ({}), {limited} refused 429",
        statuses.len(),
        statuses.len(),
        describe(&user_received),
        describe(&user_served)
    );
    ensure!(
        allowed == PER_USER_PER_MINUTE as usize && limited == statuses.len() - allowed,
        "the per-user limit let {allowed} through, not {PER_USER_PER_MINUTE}"
    );
    ensure_both_counted(&user_received)?;
    Ok(())
}

/// What makes "exactly the limit let through" prove the count shared: every replica was asked. Had
/// each replica counted alone, replicas that got n1 and n2 of the 2 × limit requests would have let
/// min(n1, limit) + min(n2, limit) through, more than the limit whenever both got some. Which replica
/// answers the allowed ones is a race (the burst arrives at once; one replica may reach the shared
/// count first with all of its requests), so it is not what is checked.
fn ensure_both_counted(received: &BTreeMap<String, usize>) -> anyhow::Result<()> {
    ensure!(
        received.values().all(|&n| n > 0),
        "one replica was asked every login ({}): the limit was not shown shared",
        describe(received)
    );
    Ok(())
}

/// (200s, 429s); any other status fails the check that reads them.
fn tally(statuses: &[u16]) -> (usize, usize) {
    (
        statuses.iter().filter(|&&s| s == 200).count(),
        statuses.iter().filter(|&&s| s == 429).count(),
    )
}
