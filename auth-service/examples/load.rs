//! The load benchmark of `tg_login` (docs/performance.md): the auth service with its real
//! validation, rate limits, metrics and SQLite audit, in front of a fake platform that answers at
//! once, driven by keep-alive connections for a fixed time. Everything runs in this process on
//! loopback; it prints requests per second and latency percentiles.
//!
//! `cargo run --release -p auth-service --example load -- [connections=64] [seconds=10] [rate=0]`
//!
//! With `rate` 0 each connection sends its next request as soon as the last is answered (the
//! throughput ceiling; latency is then mostly queueing). With a rate in requests per second the
//! requests are sent on a fixed schedule spread over the connections, and latency counts from the
//! scheduled time, so a stall is not hidden by the requests it delayed.

use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use axum::Router;
use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper_util::rt::TokioIo;
use service_kit::Env;
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;

/// Distinct players, so the per-player limit (set high here) is not what is measured.
const PLAYERS: i64 = 10_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let connections: usize = args.next().map_or(Ok(64), |a| a.parse())?;
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let rate: f64 = args.next().map_or(Ok(0.0), |a| a.parse())?;
    // The gap between two requests of one connection, on a fixed schedule.
    let interval = (rate > 0.0).then(|| Duration::from_secs_f64(connections as f64 / rate));
    let shutdown = CancellationToken::new();

    let platform = TcpListener::bind("127.0.0.1:0").await?;
    let platform_url = format!("http://{}", platform.local_addr()?);
    let fake = Router::new().fallback(|| async {
        axum::Json(serde_json::json!({"accessToken": "a.b.c", "profile": {"id": 1}}))
    });
    tokio::spawn(service_kit::serve::serve(platform, fake, shutdown.clone()));

    let dir = tempfile::tempdir()?;
    let database_url = format!("sqlite://{}/services.db", dir.path().display());
    let config = auth_service::Config::from_env(&Env::from_pairs([
        ("DATABASE_URL", database_url.as_str()),
        ("PLATFORM_URL", platform_url.as_str()),
        ("AUTH_RATE_PER_IP_PER_MINUTE", "100000000"),
        ("AUTH_RATE_PER_USER_PER_MINUTE", "100000000"),
    ]))?;
    let state = auth_service::AppState::build(config).await?;
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(service_kit::serve::serve(
        listener,
        auth_service::app(state),
        shutdown.clone(),
    ));

    let now = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs();
    let bodies: Vec<Bytes> = (0..PLAYERS)
        .map(|id| {
            let raw = sign(
                &InitData::for_user(User::new(id + 1, "Load"), now),
                SANDBOX_BOT_TOKEN,
            );
            Bytes::from(serde_json::json!({ "tg_payload": raw }).to_string())
        })
        .collect();

    // A short warm-up opens the database pool and the platform connections.
    drive(
        address,
        connections,
        Duration::from_secs(1),
        interval,
        &bodies,
    )
    .await?;
    let started = Instant::now();
    let runs = drive(
        address,
        connections,
        Duration::from_secs(seconds),
        interval,
        &bodies,
    )
    .await?;
    let elapsed = started.elapsed().as_secs_f64();
    shutdown.cancel();

    let mut latencies: Vec<Duration> = runs
        .iter()
        .flat_map(|r| r.latencies.iter().copied())
        .collect();
    let failures: usize = runs.iter().map(|r| r.failures).sum();
    latencies.sort_unstable();
    let percentile = |p: f64| {
        let index = ((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1);
        latencies.get(index).copied().unwrap_or_default()
    };
    println!(
        "tg_login: {connections} connections, {seconds} s, {}: {} requests ({failures} not 200), {:.0} requests/s",
        if rate > 0.0 {
            format!("{rate} requests/s offered")
        } else {
            "as fast as answered".to_owned()
        },
        latencies.len(),
        latencies.len() as f64 / elapsed
    );
    println!(
        "latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms",
        ms(percentile(0.50)),
        ms(percentile(0.90)),
        ms(percentile(0.99)),
        ms(percentile(0.999)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    anyhow::ensure!(failures == 0, "{failures} requests were not answered 200");
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

struct Run {
    latencies: Vec<Duration>,
    failures: usize,
}

async fn drive(
    address: SocketAddr,
    connections: usize,
    duration: Duration,
    interval: Option<Duration>,
    bodies: &[Bytes],
) -> anyhow::Result<Vec<Run>> {
    let start = Instant::now();
    let until = Instant::now() + duration;
    let mut tasks = tokio::task::JoinSet::new();
    for connection in 0..connections {
        let bodies: Vec<Bytes> = bodies
            .iter()
            .skip(connection)
            .step_by(connections)
            .cloned()
            .collect();
        // Connections start spread over one interval, so the offered load is even.
        let schedule = interval.map(|gap| {
            (
                start + gap.mul_f64(connection as f64 / connections as f64),
                gap,
            )
        });
        tasks.spawn(one_connection(address, until, schedule, bodies));
    }
    let mut runs = Vec::with_capacity(connections);
    while let Some(run) = tasks.join_next().await {
        runs.push(run.context("a connection task panicked")??);
    }
    Ok(runs)
}

async fn one_connection(
    address: SocketAddr,
    until: Instant,
    mut schedule: Option<(Instant, Duration)>,
    bodies: Vec<Bytes>,
) -> anyhow::Result<Run> {
    let stream = TcpStream::connect(address).await?;
    stream.set_nodelay(true)?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(connection);
    let mut run = Run {
        latencies: Vec::with_capacity(100_000),
        failures: 0,
    };
    let mut next = bodies.iter().cycle();
    while Instant::now() < until {
        let body = next.next().context("no bodies")?.clone();
        let request = Request::post("/api/player/tg_login")
            .header("host", address.to_string())
            .header("content-type", "application/json")
            .body(Full::new(body))?;
        let sent = match &mut schedule {
            Some((next, gap)) => {
                let due = *next;
                *next += *gap;
                tokio::time::sleep_until(due.into()).await;
                due
            }
            None => Instant::now(),
        };
        sender.ready().await?;
        let response = sender.send_request(request).await?;
        let status = response.status();
        response.into_body().collect().await?;
        run.latencies.push(sent.elapsed());
        if status != 200 {
            run.failures += 1;
        }
    }
    Ok(run)
}
