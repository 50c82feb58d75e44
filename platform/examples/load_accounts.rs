//! The load benchmark of `GET /api/wallet/accounts` (docs/performance.md): the sandbox platform
//! with its real token check, session lookup and SQLite, 1,000 signed-in players with an account
//! each, driven by keep-alive connections for a fixed time. Everything runs in this process on
//! loopback; it prints requests per second and latency percentiles.
//!
//! `cargo run --release -p platform --example load_accounts -- [connections=100] [seconds=10] [rate=0]`

use std::sync::Arc;

use http_body_util::Full;
use hyper::Request;
use hyper::body::Bytes;

mod common;

const PLAYERS: usize = 1_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let load = loadgen::load_from_args(100)?;
    let connections = load.connections;

    let dir = tempfile::tempdir()?;
    let state = common::sandbox_state(&dir).await?;

    // Players, sessions and accounts straight in the database.
    let mut tokens = Vec::with_capacity(PLAYERS);
    let mut tx = state.pool.begin().await?;
    for i in 0..PLAYERS {
        let (player_id, session_id) = common::signed_in_player(&mut tx, i).await?;
        sqlx::query(
            "INSERT INTO accounts (player_id, currency, balance, is_active) VALUES (?, 'USD', 10000, 1), (?, 'BTC', 5000, 0)",
        )
        .bind(player_id)
        .bind(player_id)
        .execute(&mut *tx)
        .await?;
        tokens.push(format!(
            "Bearer {}",
            state
                .tokens
                .issue(player_id, &session_id, platform::clock::unix_seconds())
        ));
    }
    tx.commit().await?;

    let (address, shutdown) = common::serve(state).await?;

    let tokens = Arc::new(tokens);
    let make_request: loadgen::MakeRequest = Arc::new(move |connection, n| {
        let token = &tokens[(connection + n * connections) % PLAYERS];
        Ok(Request::get("/api/wallet/accounts")
            .header("authorization", token.as_str())
            .body(Full::new(Bytes::new()))?)
    });

    let result = loadgen::benchmark("GET /api/wallet/accounts", address, load, make_request).await;
    shutdown.cancel();
    result.map(|_| ())
}
