//! Sessions: one per sign-in, listed to the player, closable one by one or all but the current.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection, SqlitePool};

use super::tokens::{Claims, TokenKeys};
use super::{CurrentPlayer, NotSignedIn};
use crate::clock::{NOW, NOW_PLUS, unix_seconds};
use crate::verification::digest;

/// What the client tells about itself when signing in (spec, section 7: `source` and `platform`
/// headers, read by `routes::extract::client_info`), stored with the session so the player can recognise it in the sessions list.
#[derive(Debug, Default, Clone)]
pub struct ClientInfo {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub platform: Option<String>,
    pub source: Option<String>,
    pub fingerprint: Option<String>,
}

/// Writes a new session of the player (on `conn`, or in the transaction `conn` is in, which then
/// commits it with whatever created the player) and answers its id.
pub async fn insert(
    conn: &mut SqliteConnection,
    player_id: i64,
    client: &ClientInfo,
) -> Result<String, sqlx::Error> {
    let session_id = new_session_id();
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
    .execute(conn)
    .await?;
    Ok(session_id)
}

/// A new session's id. Time-ordered ids append to the primary key's index instead of writing a
/// random page of it per sign-in (the auth service's audit rows do the same). A UUIDv7 keeps 74
/// random bits, and a session id is honoured only inside a token signed with the platform's key.
pub fn new_session_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// The player of a token whose session is still open and who is not blocked.
pub async fn check_open(pool: &SqlitePool, claims: &Claims) -> Result<CurrentPlayer, NotSignedIn> {
    let player_id = claims.player_id().ok_or(NotSignedIn::TokenInvalid)?;
    let row: Option<(bool,)> = sqlx::query_as(
        "SELECT p.is_blocked FROM player_sessions s JOIN players p ON p.id = s.player_id
         WHERE s.id = ? AND s.player_id = ? AND s.closed_at IS NULL",
    )
    .bind(&claims.sid)
    .bind(player_id)
    .fetch_optional(pool)
    .await?;
    match row {
        None => Err(NotSignedIn::SessionClosed),
        Some((true,)) => Err(NotSignedIn::Blocked),
        Some((false,)) => Ok(CurrentPlayer {
            id: player_id,
            session_id: claims.sid.clone(),
        }),
    }
}

/// Closes a session: every token issued for it stops working at once.
pub async fn close(
    pool: &SqlitePool,
    player_id: i64,
    session_id: &str,
) -> Result<bool, sqlx::Error> {
    let closed = sqlx::query(&format!(
        "UPDATE player_sessions SET closed_at = {NOW}
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
) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(&format!(
        "UPDATE player_sessions SET closed_at = {NOW}
         WHERE player_id = ?1 AND (?2 IS NULL OR id != ?2) AND closed_at IS NULL"
    ))
    .bind(player_id)
    .bind(keep)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Why an auto-login token is not minted or not honoured.
#[derive(Debug, thiserror::Error)]
pub enum LoginTokenError {
    #[error("no player signs in with this login")]
    PlayerNotFound,
    #[error("the token was used or has expired")]
    Invalid,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Sessions idle for longer than this cannot be refreshed any more.
const REFRESH_WINDOW_DAYS: i64 = 30;

/// Auto-login links live this long.
const LOGIN_TOKEN_SECONDS: u64 = 15 * 60;

/// Mints a one-time auto-login token for the player with this e-mail address or (normalised)
/// phone, as support tools or e-mails of a real platform would.
pub async fn mint_login_token(pool: &SqlitePool, login: &str) -> Result<String, LoginTokenError> {
    let player: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE email = ?1 OR phone = ?1")
            .bind(login)
            .fetch_optional(pool)
            .await?;
    let player_id = player.ok_or(LoginTokenError::PlayerNotFound)?;
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    sqlx::query("INSERT INTO login_tokens (token_digest, player_id, expires_at) VALUES (?, ?, ?)")
        .bind(digest(&token))
        .bind(player_id)
        .bind((unix_seconds() + LOGIN_TOKEN_SECONDS) as i64)
        .execute(pool)
        .await?;
    Ok(token)
}

/// The player of a one-time token from an auto-login link; the token works once.
pub async fn redeem_login_token(pool: &SqlitePool, token: &str) -> Result<i64, LoginTokenError> {
    let player_id: Option<i64> = sqlx::query_scalar(
        "UPDATE login_tokens SET used_at = ?1
         WHERE token_digest = ?2 AND used_at IS NULL AND expires_at > ?1
         RETURNING player_id",
    )
    .bind(unix_seconds() as i64)
    .bind(digest(token))
    .fetch_optional(pool)
    .await?;
    player_id.ok_or(LoginTokenError::Invalid)
}

/// A new access token for the session of `claims` (which may have expired), as long as the
/// session is open and was used in the last 30 days; a session idle for longer is closed.
pub async fn refresh(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    claims: &Claims,
) -> Result<String, NotSignedIn> {
    let player = check_open(pool, claims).await?;
    let touched = sqlx::query(&format!(
        "UPDATE player_sessions SET last_seen_at = {NOW}
         WHERE id = ? AND last_seen_at >= {NOW_PLUS}"
    ))
    .bind(&player.session_id)
    .bind(format!("-{REFRESH_WINDOW_DAYS} days"))
    .execute(pool)
    .await?
    .rows_affected();
    if touched == 0 {
        close(pool, player.id, &player.session_id).await?;
        return Err(NotSignedIn::SessionIdle);
    }
    Ok(tokens.issue(player.id, &player.session_id, unix_seconds()))
}

/// One of the player's open sessions.
#[derive(Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerSession {
    id: String,
    #[schema(required = true)]
    ip: Option<String>,
    #[schema(required = true)]
    user_agent: Option<String>,
    #[schema(required = true)]
    platform: Option<String>,
    #[schema(required = true)]
    source: Option<String>,
    created_at: String,
    last_seen_at: String,
    #[sqlx(default)]
    is_current: bool,
}

/// A page of the player's open sessions, `current` marked, most recently used first, and how many
/// there are in all.
pub async fn page_of(
    pool: &SqlitePool,
    player: &CurrentPlayer,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PlayerSession>, i64), sqlx::Error> {
    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM player_sessions WHERE player_id = ? AND closed_at IS NULL",
    )
    .bind(player.id)
    .fetch_one(pool)
    .await?;
    let mut rows: Vec<PlayerSession> = sqlx::query_as(
        "SELECT id, ip, user_agent, platform, source, created_at, last_seen_at
         FROM player_sessions WHERE player_id = ? AND closed_at IS NULL
         ORDER BY last_seen_at DESC, created_at DESC LIMIT ? OFFSET ?",
    )
    .bind(player.id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    for row in &mut rows {
        row.is_current = row.id == player.session_id;
    }
    Ok((rows, total))
}
