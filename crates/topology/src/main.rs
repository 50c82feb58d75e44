//! The driver of `make test-topology` (`scripts/test-topology.sh` runs it beside a throw-away
//! PostgreSQL): the production topology of `deploy/` on loopback — Debian's nginx with
//! `deploy/nginx.conf`, the platform, two auth-service replicas sharing their rate limits in
//! PostgreSQL, two bot replicas in webhook mode behind nginx with a fake Bot API, a stand-in for
//! Centrifugo's WebSocket, and the miniapp's build — then checks routing, failover, shared limits,
//! de-duplication and player messages from a shared outbox, printing the figures. Any failed check ends it with an error.

mod access_log;
mod centrifugo;
mod checks;
mod fleet;
mod load;
mod topology;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::checks::{bot_events, bot_replicas, failover, logins, routing, static_files};
use crate::topology::Topology;

#[tokio::main]
async fn main() -> ExitCode {
    let started = Instant::now();
    match run().await {
        Ok(()) => {
            println!(
                "topology: every check passed in {:.0} s",
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("topology: FAILED: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn env_path(name: &str, default: &Path) -> PathBuf {
    std::env::var_os(name).map_or_else(|| default.to_owned(), PathBuf::from)
}

async fn run() -> anyhow::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()?;
    let dir = PathBuf::from(
        std::env::var_os("TOPOLOGY_DIR").context("TOPOLOGY_DIR (a fresh temporary folder)")?,
    );
    let bin = env_path("TOPOLOGY_BIN_DIR", &root.join("target/debug"));
    let html = env_path("TOPOLOGY_HTML", &root.join("miniapp/dist")).canonicalize()?;
    let rate: f64 = std::env::var("TOPOLOGY_RATE").map_or(Ok(100.0), |v| v.parse())?;
    let seconds: u64 = std::env::var("TOPOLOGY_SECONDS").map_or(Ok(20), |v| v.parse())?;
    let postgres = std::env::var("TEST_POSTGRES_URL").context("TEST_POSTGRES_URL")?;

    let setup = Instant::now();
    let topology = topology::start(&root, &dir, &bin, html, &postgres).await?;
    println!(
        "topology: nginx on {} (brotli module: {}), platform, 2 auth-service and 2 bot replicas, \
         PostgreSQL: up in {:.1} s",
        topology.nginx.address,
        if topology.nginx.brotli {
            "loaded"
        } else {
            "absent, gzip only"
        },
        setup.elapsed().as_secs_f64()
    );
    let mut topology = topology;
    let outcome = checks(&mut topology, rate, Duration::from_secs(seconds)).await;
    topology.nginx.stop().await;
    if outcome.is_err() {
        eprintln!(
            "topology: logs are in {} (kept by TOPOLOGY_KEEP=1)",
            dir.display()
        );
    }
    outcome
}

async fn checks(topology: &mut Topology, rate: f64, duration: Duration) -> anyhow::Result<()> {
    static_files::check_static_and_headers(topology).await?;
    logins::check_login_spread(topology).await?;
    logins::check_shared_limits(topology).await?;
    bot_replicas::check_webhook_once(topology).await?;
    bot_replicas::check_retry_queue_once(topology).await?;
    bot_events::check_events_once(topology).await?;
    failover::check_failover(topology, rate, duration).await?;
    routing::check_routing(topology)?;
    // Last: it stops the platform.
    routing::check_upstream_down(topology).await
}
