//! Sessions: one per sign-in, listed to the player, closable one by one or all but the current.

use axum::http::HeaderMap;
use serde::Serialize;
use sqlx::{SqliteConnection, SqlitePool};

use super::CurrentPlayer;
use super::tokens::{Claims, TokenKeys};
use crate::ApiError;
use crate::clock::NOW_SECONDS;

/// What the client tells about itself when signing in (spec, section 7: `source` and `platform`
/// headers), stored with the session so the player can recognise it in the sessions list.
#[derive(Debug, Default, Clone)]
pub struct ClientInfo {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub platform: Option<String>,
    pub source: Option<String>,
    pub fingerprint: Option<String>,
}

fn header(headers: &HeaderMap, name: &str, max: usize) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().chars().take(max).collect::<String>())
        .filter(|v| !v.is_empty())
}

impl ClientInfo {
    pub fn from_headers(headers: &HeaderMap, fingerprint: Option<String>) -> Self {
        let ip = header(headers, "x-forwarded-for", 200)
            .and_then(|chain| chain.split(',').next().map(|ip| ip.trim().to_owned()));
        Self {
            ip,
            user_agent: header(headers, "user-agent", 300),
            platform: header(headers, "platform", 10).filter(|p| p == "tg" || p == "web"),
            source: header(headers, "source", 300),
            fingerprint: fingerprint.map(|f| f.chars().take(200).collect()),
        }
    }
}

/// A session response: the access token and the player's profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionResponse {
    pub access_token: String,
    pub profile: crate::players::Profile,
}

/// Opens a session for the player and returns a session response. Blocked players get 403.
pub async fn open(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    player_id: i64,
    client: &ClientInfo,
    newly_registered: bool,
) -> Result<SessionResponse, ApiError> {
    let mut profile = crate::players::load_profile(pool, player_id).await?;
    if profile.is_blocked {
        return Err(ApiError::blocked());
    }
    profile.is_newly_registered = newly_registered;
    let session_id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO player_sessions (id, player_id, ip, user_agent, platform, source, fingerprint)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&session_id)
    .bind(player_id)
    .bind(&client.ip)
    .bind(&client.user_agent)
    .bind(&client.platform)
    .bind(&client.source)
    .bind(&client.fingerprint)
    .execute(pool)
    .await?;
    Ok(SessionResponse {
        access_token: tokens.issue(player_id, &session_id, crate::clock::unix_seconds()),
        profile,
    })
}

/// The player of a token whose session is still open and who is not blocked.
pub async fn check_open(pool: &SqlitePool, claims: &Claims) -> Result<CurrentPlayer, ApiError> {
    let player_id = claims.player_id().ok_or_else(|| {
        ApiError::unauthorized("token_invalid", "Your session token is not valid.")
    })?;
    let row: Option<(bool,)> = sqlx::query_as(
        "SELECT p.is_blocked FROM player_sessions s JOIN players p ON p.id = s.player_id
         WHERE s.id = ? AND s.player_id = ? AND s.closed_at IS NULL",
    )
    .bind(&claims.sid)
    .bind(player_id)
    .fetch_optional(pool)
    .await?;
    match row {
        None => Err(ApiError::unauthorized(
            "session_closed",
            "This session was closed. Sign in again.",
        )),
        Some((true,)) => Err(ApiError::blocked()),
        Some((false,)) => Ok(CurrentPlayer {
            id: player_id,
            session_id: claims.sid.clone(),
        }),
    }
}

/// Closes a session: every token issued for it stops working at once.
pub async fn close(pool: &SqlitePool, player_id: i64, session_id: &str) -> Result<bool, ApiError> {
    let closed = sqlx::query(&format!(
        "UPDATE player_sessions SET closed_at = {NOW_SECONDS}
         WHERE id = ? AND player_id = ? AND closed_at IS NULL"
    ))
    .bind(session_id)
    .bind(player_id)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(closed == 1)
}

/// Closes the player's sessions: all of them, or all but `keep`. Answers how many it closed.
pub async fn close_all_but(
    conn: &mut SqliteConnection,
    player_id: i64,
    keep: Option<&str>,
) -> Result<u64, ApiError> {
    Ok(sqlx::query(&format!(
        "UPDATE player_sessions SET closed_at = {NOW_SECONDS}
         WHERE player_id = ?1 AND (?2 IS NULL OR id != ?2) AND closed_at IS NULL"
    ))
    .bind(player_id)
    .bind(keep)
    .execute(conn)
    .await?
    .rows_affected())
}
