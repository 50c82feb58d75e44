//! The open-loop load generator of `scripts/load-login.sh` (docs/performance.md): it
//! sends `tg_login` to a running stack at a fixed rate, each request with the init data of one of
//! the users in a file signed by the independent reference library, and reports throughput,
//! latency percentiles, errors, shed requests (503) and the memory of the processes it watches.
//!
//! ```text
//! cargo build --release -p loadgen --bin load_login
//! target/release/load_login --target 127.0.0.1:8080 --users users.txt --rate 1000 --seconds 30
//!            [--connections 1024] [--warm-up-rate 500] [--first-time 1] [--pid 1234]...
//! ```
//!
//! Latency counts from each request's scheduled send time, so a stall is not hidden by the requests
//! it delayed. Each connection sends its next request only after the last is answered (HTTP/1.1), so
//! the schedule stays open-loop while fewer than `connections` requests are outstanding; there are
//! many more connections than the services' in-flight limits, so overload reaches the services and
//! is shed there instead of queueing in the generator.
//!
//! `--warm-up-rate` first logs every user in once on that schedule, waiting for every answer (their
//! sign-up, a new player each), so the measured run is of returning players; `0` skips it.
//!
//! `--first-time 1` measures first sign-ins instead, the burst a broadcast or a channel post brings:
//! every request is of another user, each the first sign-in of a Telegram user the platform has
//! never seen (so it creates the player), and the file must hold a user for every request of the
//! run (`rate × seconds`; more when the schedule's connections do not divide it). No warm-up then.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use http_body_util::Full;
use hyper::Request;
use hyper::body::Bytes;

/// Sign-ups sent at once in the warm-up: each holds a login's place in the services' in-flight
/// limits for its whole transaction.
const WARM_UP_CONNECTIONS: usize = 16;

/// How much longer than its schedule the warm-up may take before it gives up.
const WARM_UP_SLACK: Duration = Duration::from_secs(300);

/// 503 is the load shedding's answer (with `Retry-After`); everything else but 200 is an error.
const SHED: u16 = 503;

struct Args {
    target: SocketAddr,
    users: String,
    rate: f64,
    seconds: u64,
    connections: usize,
    warm_up_rate: f64,
    first_time: bool,
    pids: Vec<u32>,
}

fn args() -> anyhow::Result<Args> {
    let mut named: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut raw = std::env::args().skip(1);
    while let Some(flag) = raw.next() {
        let Some(name) = flag.strip_prefix("--") else {
            bail!("unexpected argument {flag:?} (flags are --name value)");
        };
        let value = raw
            .next()
            .with_context(|| format!("--{name} needs a value"))?;
        named.entry(name.to_owned()).or_default().push(value);
    }
    let one = |name: &str, default: Option<&str>| -> anyhow::Result<String> {
        match named.get(name).and_then(|v| v.last()) {
            Some(value) => Ok(value.clone()),
            None => default
                .map(str::to_owned)
                .with_context(|| format!("--{name} is required")),
        }
    };
    Ok(Args {
        target: one("target", None)?.parse().context("--target")?,
        users: one("users", None)?,
        rate: one("rate", None)?.parse().context("--rate")?,
        seconds: one("seconds", Some("30"))?.parse().context("--seconds")?,
        connections: one("connections", Some("1024"))?
            .parse()
            .context("--connections")?,
        warm_up_rate: one("warm-up-rate", Some("500"))?
            .parse()
            .context("--warm-up-rate")?,
        first_time: one("first-time", Some("0"))? == "1",
        pids: named
            .get("pid")
            .map(|v| v.iter().map(|p| p.parse()).collect::<Result<_, _>>())
            .transpose()
            .context("--pid")?
            .unwrap_or_default(),
    })
}

/// `VmRSS` and `VmHWM` (the peak) of a process in kB, from `/proc/PID/status`.
fn memory_kb(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// Samples the RSS of `pids` every 100 ms until `done`; answers the largest seen per process.
fn sample_rss(pids: Vec<u32>, done: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<u64>> {
    std::thread::spawn(move || {
        let mut peak = vec![0; pids.len()];
        while !done.load(Ordering::Relaxed) {
            for (pid, peak) in pids.iter().zip(&mut peak) {
                if let Some((rss, _)) = memory_kb(*pid) {
                    *peak = (*peak).max(rss);
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        peak
    })
}

fn requests(bodies: Arc<Vec<Bytes>>, connections: usize) -> loadgen::MakeRequest {
    Arc::new(move |connection, n| {
        // Consecutive requests of the schedule go to consecutive users.
        let body = bodies[(connection + n * connections) % bodies.len()].clone();
        Ok(Request::post("/api/player/tg_login")
            .header("content-type", "application/json")
            .header("user-agent", "load-login")
            .body(Full::new(body))?)
    })
}

/// `{"tg_payload": "<init data>"}`. Init data is a URL-encoded query string, so it never needs JSON
/// escaping; anything that would is refused rather than sent malformed.
fn login_body(raw: &str) -> anyhow::Result<Bytes> {
    anyhow::ensure!(
        raw.bytes()
            .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\'),
        "a line of the users file is not URL-encoded init data"
    );
    Ok(Bytes::from(format!(r#"{{"tg_payload":"{raw}"}}"#)))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = args()?;
    let users = std::fs::read_to_string(&args.users)
        .with_context(|| format!("cannot read the signed users in {}", args.users))?;
    let bodies: Arc<Vec<Bytes>> = Arc::new(
        users
            .lines()
            .filter(|line| !line.is_empty())
            .map(login_body)
            .collect::<anyhow::Result<_>>()?,
    );
    anyhow::ensure!(!bodies.is_empty(), "{} holds no init data", args.users);
    if args.first_time {
        anyhow::ensure!(
            args.warm_up_rate == 0.0,
            "a run of first sign-ins has no warm-up (--warm-up-rate 0)"
        );
        let needed = (args.rate * args.seconds as f64).ceil() as usize + args.connections;
        anyhow::ensure!(
            bodies.len() >= needed,
            "{} holds {} users; a run of first sign-ins needs {needed}, one per request",
            args.users,
            bodies.len()
        );
    }

    if args.warm_up_rate > 0.0 {
        // Every user exactly once, however long their sign-ups take (a sign-up holds SQLite's write
        // lock, so they go far slower than returning logins): a user left out would sign up during
        // the measured run, and sign-ups are not what it measures. Few at once, so that they stay
        // under the auth service's in-flight limit and none is shed.
        let connections = WARM_UP_CONNECTIONS.min(bodies.len());
        let load = loadgen::Load {
            connections,
            duration: Duration::from_secs_f64(bodies.len() as f64 / args.warm_up_rate)
                + WARM_UP_SLACK,
            rate: Some(args.warm_up_rate),
            total: Some(bodies.len()),
        };
        let report = loadgen::run(
            args.target,
            load,
            200,
            requests(bodies.clone(), connections),
        )
        .await?;
        println!(
            "warm-up (each of {} users once, sign-ups) in {:.1} s: {} answers {:?}, p50 {:.2} ms, p99 {:.2} ms",
            bodies.len(),
            report.elapsed.as_secs_f64(),
            report.latencies.len(),
            report.statuses,
            ms(report.percentile(0.5)),
            ms(report.percentile(0.99)),
        );
        anyhow::ensure!(
            report.expected_latencies.len() == bodies.len(),
            "the warm-up signed up {} of {} users: the measured run would include sign-ups",
            report.expected_latencies.len(),
            bodies.len()
        );
    }

    let done = Arc::new(AtomicBool::new(false));
    let sampler = sample_rss(args.pids.clone(), done.clone());
    let load = loadgen::Load {
        connections: args.connections,
        duration: Duration::from_secs(args.seconds),
        rate: Some(args.rate),
        // First sign-ins: each user once, never one seen before.
        total: args.first_time.then_some(bodies.len()),
    };
    let report = loadgen::run(
        args.target,
        load,
        200,
        requests(bodies.clone(), args.connections),
    )
    .await?;
    done.store(true, Ordering::Relaxed);
    let peaks = sampler.join().unwrap_or_default();

    let seconds = report.elapsed.as_secs_f64();
    let ok = report.expected_latencies.len();
    let shed = report.statuses.get(&SHED).copied().unwrap_or(0);
    let errors = report.failures - shed;
    let served = |p| ms(loadgen::percentile_of(&report.expected_latencies, p));
    println!(
        "offered {:.0}/s for {} s on {} connections: sent {} ({:.0}/s), 200: {} ({:.0}/s), shed 503: {}, errors: {}, statuses {:?}",
        args.rate,
        args.seconds,
        args.connections,
        report.latencies.len(),
        report.latencies.len() as f64 / seconds,
        ok,
        ok as f64 / seconds,
        shed,
        errors,
        report.statuses,
    );
    println!(
        "200 latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; every answer: p50 {:.2} ms, p99 {:.2} ms",
        served(0.5),
        served(0.9),
        served(0.99),
        ms(report
            .expected_latencies
            .last()
            .copied()
            .unwrap_or_default()),
        ms(report.percentile(0.5)),
        ms(report.percentile(0.99)),
    );
    for (pid, peak) in args.pids.iter().zip(&peaks) {
        let (rss, hwm) = memory_kb(*pid).unwrap_or_default();
        println!(
            "pid {pid}: RSS peak during the run {:.1} MB, now {:.1} MB, VmHWM {:.1} MB",
            *peak as f64 / 1024.0,
            rss as f64 / 1024.0,
            hwm as f64 / 1024.0
        );
    }
    if let Some((rss, hwm)) = memory_kb(std::process::id()) {
        println!(
            "load generator: RSS {:.1} MB, VmHWM {:.1} MB",
            rss as f64 / 1024.0,
            hwm as f64 / 1024.0
        );
    }
    // One machine-readable line for the script's medians.
    println!(
        "RESULT rate={} ok_per_s={:.1} p50_ms={:.2} p99_ms={:.2} shed={} errors={} rss_peak_kb={}",
        args.rate,
        ok as f64 / seconds,
        served(0.5),
        served(0.99),
        shed,
        errors,
        peaks.first().copied().unwrap_or(0),
    );
    Ok(())
}
