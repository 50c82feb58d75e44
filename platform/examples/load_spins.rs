//! The load benchmark of real-money spins, `POST /api/sandbox/game-sessions/{token}/spins`
//! (docs/performance.md): the sandbox platform with its session checks, limits, the
//! `BEGIN IMMEDIATE` money transaction and the publications, 1,000 players with a game session
//! each, driven by keep-alive connections for a fixed time. Afterwards it checks that every
//! account's balance is its starting balance minus its bets plus its wins.
//!
//! `cargo run --release -p platform --example load_spins -- [connections=64] [seconds=10] [rate=0]`

use std::sync::Arc;

use http_body_util::Full;
use hyper::Request;
use hyper::body::Bytes;

mod common;

const PLAYERS: usize = 1_000;
/// Enough for every spin of a long run: no answer may be `insufficient_funds`.
const START_BALANCE: i64 = 1_000_000_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let load = loadgen::load_from_args(64)?;
    let connections = load.connections;

    let dir = tempfile::tempdir()?;
    let state = common::sandbox_state(&dir).await?;

    // Players, sign-ins, accounts and game sessions straight in the database: the benchmark is
    // about spins, not sign-up.
    let mut paths = Vec::with_capacity(PLAYERS);
    let mut tx = state.pool.begin().await?;
    for i in 0..PLAYERS {
        let (player_id, session_id) = common::signed_in_player(&mut tx, i).await?;
        let account_id: i64 = sqlx::query_scalar(
            "INSERT INTO accounts (player_id, currency, balance, is_active)
             VALUES (?, 'USD', ?, 1) RETURNING id",
        )
        .bind(player_id)
        .bind(START_BALANCE)
        .fetch_one(&mut *tx)
        .await?;
        let token = format!("load-game-session-{i:06}");
        sqlx::query(
            "INSERT INTO game_sessions (token, game_id, player_id, player_session_id, account_id,
                 currency, expires_at)
             VALUES (?, 1, ?, ?, ?, 'USD', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 hours'))",
        )
        .bind(&token)
        .bind(player_id)
        .bind(&session_id)
        .bind(account_id)
        .execute(&mut *tx)
        .await?;
        paths.push(format!("/api/sandbox/game-sessions/{token}/spins"));
    }
    tx.commit().await?;

    let pool = state.pool.clone();
    let (address, shutdown) = common::serve(state).await?;

    let paths = Arc::new(paths);
    let body = Bytes::from_static(br#"{"amount":100}"#);
    let make_request: loadgen::MakeRequest = Arc::new(move |connection, n| {
        let path = &paths[(connection + n * connections) % PLAYERS];
        Ok(Request::post(path.as_str())
            .header("content-type", "application/json")
            .body(Full::new(body.clone()))?)
    });

    let result = loadgen::benchmark(
        "POST /api/sandbox/game-sessions/{token}/spins",
        address,
        load,
        make_request,
    )
    .await;
    shutdown.cancel();
    result?;

    let (spins, mismatched): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM game_spins),
                (SELECT COUNT(*) FROM accounts a
                 WHERE a.balance != ?1 - (SELECT COALESCE(SUM(b.amount), 0) - COALESCE(SUM(b.win), 0)
                                          FROM game_bets b WHERE b.account_id = a.id))",
    )
    .bind(START_BALANCE)
    .fetch_one(&pool)
    .await?;
    println!(
        "money check: {spins} spins, {mismatched} accounts whose balance is not start - bets + wins"
    );
    anyhow::ensure!(mismatched == 0, "balances do not match the bets and wins");
    Ok(())
}
