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

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Router;
use http_body_util::Full;
use hyper::Request;
use hyper::body::Bytes;
use service_kit::Env;
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Distinct players, so the per-player limit (set high here) is not what is measured.
const PLAYERS: usize = 10_000;

/// Requests allocate many small buffers (headers, JSON, the forwarded body) across worker threads,
/// where glibc's allocator showed up as the largest single cost in the load benchmark.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let load = loadgen::load_from_args(64)?;
    let connections = load.connections;
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
    let bodies: Arc<Vec<Bytes>> = Arc::new(
        (0..PLAYERS)
            .map(|id| {
                let raw = sign(
                    &InitData::for_user(User::new(id as i64 + 1, "Load"), now),
                    SANDBOX_BOT_TOKEN,
                );
                Bytes::from(serde_json::json!({ "tg_payload": raw }).to_string())
            })
            .collect(),
    );
    let make_request: loadgen::MakeRequest = Arc::new(move |connection, n| {
        let body = bodies[(connection + n * connections) % PLAYERS].clone();
        Ok(Request::post("/api/player/tg_login")
            .header("content-type", "application/json")
            .body(Full::new(body))?)
    });

    let result = loadgen::benchmark("tg_login", address, load, make_request).await;
    shutdown.cancel();
    result.map(|_| ())
}
