//! Fan-out benchmark of the sandbox's real-time hub: how long one publication takes to reach
//! every one of N subscribers connected over real WebSockets on loopback.
//!
//!     cargo bench -p platform --bench realtime_fanout -- [--connections 5000] [--rounds 20]
//!
//! Starts the platform on a free loopback port with a fresh database, connects N clients speaking
//! Centrifugo's JSON protocol (anonymous, each subscribed to `global:online` and answering the
//! server's pings), then publishes R numbered publications through the platform's `Publisher`,
//! one at a time, and takes for each subscriber the time from the publish call to the moment its
//! client has read and parsed the publication. Clients and server share this process and its cores,
//! so the numbers include the clients' own work: they are an upper bound for the server.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_util::sync::CancellationToken;

/// Clients connecting at once: more overflows the listen backlog and only measures retries.
const CONNECT_CONCURRENCY: usize = 250;
const ROUND_TIMEOUT: Duration = Duration::from_secs(30);

struct Options {
    connections: usize,
    rounds: usize,
}

fn options() -> anyhow::Result<Options> {
    let mut options = Options {
        connections: 5_000,
        rounds: 20,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--connections" => options.connections = number(args.next(), &arg)?,
            "--rounds" => options.rounds = number(args.next(), &arg)?,
            // `cargo bench` passes `--bench` to every bench target.
            "--bench" => {}
            other => bail!("unknown argument {other:?} (use --connections N, --rounds R)"),
        }
    }
    Ok(options)
}

fn number(value: Option<String>, name: &str) -> anyhow::Result<usize> {
    value
        .with_context(|| format!("{name} needs a number"))?
        .parse()
        .with_context(|| format!("{name} needs a number"))
}

/// Each connection is two descriptors here (client and server side).
fn check_descriptor_limit(connections: usize) -> anyhow::Result<()> {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let soft = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3))
        .and_then(|soft| soft.parse::<usize>().ok());
    if let Some(soft) = soft {
        let needed = connections * 2 + 256;
        if soft < needed {
            bail!(
                "{connections} connections need about {needed} file descriptors, the limit is \
                 {soft}: raise it first (ulimit -n {needed})"
            );
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    check_descriptor_limit(options.connections)?;

    let data = tempfile::tempdir()?;
    let env = service_kit::Env::from_pairs([(
        "PLATFORM_DATABASE_URL",
        &*format!("sqlite://{}/platform.db", data.path().display()),
    )]);
    let state = platform::AppState::build(platform::Config::from_env(&env)?).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("ws://{}/api/connection/websocket", listener.local_addr()?);
    let shutdown = CancellationToken::new();
    tokio::spawn(platform::serve(state.clone(), listener, shutdown.clone()));

    let started = Instant::now();
    let (receipts, mut received) = mpsc::unbounded_channel();
    let mut clients = tokio::task::JoinSet::new();
    let slots = std::sync::Arc::new(tokio::sync::Semaphore::new(CONNECT_CONCURRENCY));
    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel();
    for _ in 0..options.connections {
        let (url, receipts, ready, slots) = (
            url.clone(),
            receipts.clone(),
            ready_tx.clone(),
            slots.clone(),
        );
        clients.spawn(async move {
            let result = client(&url, receipts, ready, slots).await;
            if let Err(e) = &result {
                eprintln!("client failed: {e:#}");
            }
            result
        });
    }
    drop(ready_tx);
    for _ in 0..options.connections {
        ready_rx
            .recv()
            .await
            .context("a client failed before subscribing")?;
    }
    println!(
        "{} subscribers connected in {:.1} s",
        options.connections,
        started.elapsed().as_secs_f64()
    );
    // Let the online count publications of the connecting phase pass.
    tokio::time::sleep(Duration::from_secs(2)).await;
    while received.try_recv().is_ok() {}

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let cpu_before = cpu_time();
    let mut all = Vec::with_capacity(options.connections * options.rounds);
    let mut last_per_round = Vec::with_capacity(options.rounds);
    for round in 0..options.rounds {
        let sent = Instant::now();
        state
            .realtime
            .publish(
                platform::realtime::channels::GLOBAL_ONLINE.to_owned(),
                json!({ "bench": round }),
            )
            .await?;
        let mut latencies = Vec::with_capacity(options.connections);
        while latencies.len() < options.connections {
            let (seen_round, at) = tokio::time::timeout(ROUND_TIMEOUT, received.recv())
                .await
                .with_context(|| {
                    format!(
                        "round {round}: only {} of {} subscribers got the publication",
                        latencies.len(),
                        options.connections
                    )
                })?
                .context("every client ended")?;
            if seen_round == round {
                latencies.push(at.duration_since(sent));
            }
        }
        latencies.sort();
        last_per_round.push(*latencies.last().expect("latencies"));
        all.extend(latencies);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let cpu_per_round = cpu_time().saturating_sub(cpu_before) / options.rounds as u32;
    all.sort();
    last_per_round.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1_000.0;
    let at = |sorted: &[Duration], q: f64| {
        sorted[((sorted.len() as f64 * q).ceil() as usize).saturating_sub(1)]
    };
    println!(
        "delivery of one publication to {} subscribers, {} rounds ({} deliveries):",
        options.connections,
        options.rounds,
        all.len()
    );
    println!(
        "  per delivery: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(at(&all, 0.50)),
        ms(at(&all, 0.90)),
        ms(at(&all, 0.99)),
        ms(at(&all, 1.0)),
    );
    println!(
        "  last subscriber of a round: median {:.1} ms, worst {:.1} ms",
        ms(at(&last_per_round, 0.50)),
        ms(at(&last_per_round, 1.0)),
    );
    println!(
        "  CPU time of the process (server and clients) per round: {:.0} ms",
        ms(cpu_per_round)
    );
    println!(
        "  load average before the rounds (other work on the machine): {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "  slow-consumer disconnects: {}",
        options.connections - state.hub.online()
    );

    shutdown.cancel();
    let _ = tokio::time::timeout(Duration::from_secs(10), state.hub.closed()).await;
    clients.abort_all();
    Ok(())
}

/// One subscriber: connects, subscribes to `global:online`, reports itself ready, then reports
/// the arrival of every numbered publication and answers pings until the server closes.
async fn client(
    url: &str,
    receipts: mpsc::UnboundedSender<(usize, Instant)>,
    ready: mpsc::UnboundedSender<()>,
    slots: std::sync::Arc<tokio::sync::Semaphore>,
) -> anyhow::Result<()> {
    let mut slot = Some(slots.acquire_owned().await?);
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .context("connecting")?;
    let hello = format!(
        "{}\n{}",
        json!({"id": 1, "connect": {"name": "bench"}}),
        json!({"id": 2, "subscribe": {"channel": "global:online"}})
    );
    socket.send(Message::text(hello)).await?;
    while let Some(message) = socket.next().await {
        let text = match message? {
            Message::Text(text) => text,
            Message::Close(_) => break,
            _ => continue,
        };
        for line in text.split('\n') {
            // Publications are read as cheaply as a client can (the clients share this process's
            // cores with the server): only the round number is taken out of them.
            if let Some(round) = bench_round(line) {
                let _ = receipts.send((round, Instant::now()));
                continue;
            }
            let value: Value = serde_json::from_str(line)?;
            if value.as_object().is_some_and(serde_json::Map::is_empty) {
                socket.send(Message::text("{}")).await?;
            } else if value["id"] == 2 {
                if value.get("error").is_some() {
                    bail!("subscribe refused: {value}");
                }
                // Subscribed: let the next client connect.
                slot = None;
                let _ = ready.send(());
            }
        }
    }
    drop(slot);
    Ok(())
}

/// The round of a bench publication: `{"push":{"channel":...,"pub":{"data":{"bench":N}}}}`.
fn bench_round(line: &str) -> Option<usize> {
    let (_, after) = line.split_once("{\"bench\":")?;
    let digits = after.find(|c: char| !c.is_ascii_digit())?;
    after[..digits].parse().ok()
}

/// User and system CPU time of this process so far, from `/proc/self/stat` (Linux; zero elsewhere).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    let ticks: u64 = stat
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .skip(11)
                .take(2)
                .filter_map(|t| t.parse::<u64>().ok())
                .sum()
        })
        .unwrap_or(0);
    // Linux reports in clock ticks of 100 Hz on every common configuration.
    Duration::from_millis(ticks * 10)
}
