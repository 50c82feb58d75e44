//! What the load benchmarks share: the sandbox platform on a throw-away SQLite database, served on
//! loopback in this process, and signed-in players written straight into the database.

// Each example is a crate of its own and uses only part of this.
#![allow(dead_code)]

use std::net::SocketAddr;

use service_kit::Env;
use sqlx::{Sqlite, Transaction};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// The sandbox platform's state over a fresh database in `dir` (seeded like a first start).
pub async fn sandbox_state(dir: &tempfile::TempDir) -> anyhow::Result<platform::AppState> {
    let database_url = format!("sqlite://{}/platform.db", dir.path().display());
    let config = platform::Config::from_env(&Env::from_pairs([
        ("PLATFORM_BIND", "127.0.0.1:0"),
        ("PLATFORM_DATABASE_URL", database_url.as_str()),
    ]))?;
    platform::AppState::build(config).await
}

/// Serves the platform on a free loopback port until the returned token is cancelled.
pub async fn serve(state: platform::AppState) -> anyhow::Result<(SocketAddr, CancellationToken)> {
    let shutdown = CancellationToken::new();
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(service_kit::serve::serve(
        listener,
        platform::app(state),
        shutdown.clone(),
    ));
    Ok((address, shutdown))
}

/// Player `i` with an open session, straight in the database: registering through argon2 would
/// only slow the set-up down. Returns the player's id and session id.
pub async fn signed_in_player(
    tx: &mut Transaction<'static, Sqlite>,
    i: usize,
) -> anyhow::Result<(i64, String)> {
    let player_id: i64 = sqlx::query_scalar("INSERT INTO players (email) VALUES (?) RETURNING id")
        .bind(format!("load{i}@example.com"))
        .fetch_one(&mut **tx)
        .await?;
    let session_id = format!("load-session-{i}");
    sqlx::query("INSERT INTO player_sessions (id, player_id) VALUES (?, ?)")
        .bind(&session_id)
        .bind(player_id)
        .execute(&mut **tx)
        .await?;
    Ok((player_id, session_id))
}
