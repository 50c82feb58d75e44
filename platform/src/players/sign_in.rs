//! Signing a player in: a session row (`auth::sessions`) and the session response the client
//! keeps, the access token and the player's profile.

use serde::Serialize;
use sqlx::{SqliteConnection, SqlitePool};

use super::session_writer::{SessionWriter, SignIn};
use super::telegram::NewTelegramPlayer;
use super::{PlayerError, Profile};
use crate::auth::passwords;
use crate::auth::sessions::{self, ClientInfo};
use crate::auth::tokens::TokenKeys;

/// A session response: the access token and the player's profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionResponse {
    pub access_token: String,
    pub profile: Profile,
}

/// Opens a session for the player and returns a session response. Blocked players are refused.
pub async fn open(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    player_id: i64,
    client: &ClientInfo,
    newly_registered: bool,
) -> Result<SessionResponse, PlayerError> {
    // Both statements on one connection: every connection handed back to the pool costs a round
    // trip to its SQLite thread (the pool's release check, `service_kit::db`).
    let mut conn = pool.acquire().await?;
    let profile = super::load_profile(&mut *conn, player_id).await?;
    open_for(&mut conn, tokens, profile, client, newly_registered).await
}

/// Opens a session for the player of `profile`, read on `conn` (or in the transaction `conn` is
/// in, which then commits the session with whatever created the player). Blocked players are
/// refused.
pub async fn open_for(
    conn: &mut SqliteConnection,
    tokens: &TokenKeys,
    profile: Profile,
    client: &ClientInfo,
    newly_registered: bool,
) -> Result<SessionResponse, PlayerError> {
    refuse_blocked(&profile)?;
    let session_id = sessions::insert(conn, profile.id, client).await?;
    Ok(respond(tokens, profile, &session_id, newly_registered))
}

/// Opens a session for the Telegram user's player through the session writer, which reads the
/// player (creating it as `player` describes at the user's first sign-in) and answers once the
/// rows are committed. Blocked players are refused.
pub async fn open_queued_for_telegram_user(
    writer: &SessionWriter,
    tokens: &TokenKeys,
    player: NewTelegramPlayer,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    match writer.sign_in_telegram_user(player, client).await? {
        SignIn::Opened {
            profile,
            session_id,
            created,
        } => Ok(respond(tokens, *profile, &session_id, created)),
        SignIn::Blocked => Err(PlayerError::Blocked),
        SignIn::Failed => Err(anyhow::anyhow!("the session was not written").into()),
    }
}

fn refuse_blocked(profile: &Profile) -> Result<(), PlayerError> {
    if profile.is_blocked {
        return Err(PlayerError::Blocked);
    }
    Ok(())
}

/// The answer for a session whose row is written.
fn respond(
    tokens: &TokenKeys,
    mut profile: Profile,
    session_id: &str,
    newly_registered: bool,
) -> SessionResponse {
    profile.is_newly_registered = newly_registered;
    SessionResponse {
        access_token: tokens.issue(profile.id, session_id, crate::clock::unix_seconds()),
        profile,
    }
}

/// Signs in with an e-mail address or phone number (`login`) and the password. A wrong login and
/// a wrong password take the same time and give the same answer.
pub async fn with_password(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    login: &str,
    password: String,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let found: Option<(i64, Option<String>)> =
        sqlx::query_as("SELECT id, password_hash FROM players WHERE email = ?1 OR phone = ?1")
            .bind(login.trim())
            .fetch_optional(pool)
            .await?;
    let Some((player_id, Some(stored))) = found else {
        // Hash anyway so a wrong login takes as long as a wrong password.
        passwords::hash(password).await?;
        return Err(PlayerError::WrongCredentials);
    };
    if !passwords::verify(password, stored).await? {
        return Err(PlayerError::WrongCredentials);
    }
    open(pool, tokens, player_id, client, false).await
}

/// Signs in with a one-time token from an auto-login link; the token works once.
pub async fn with_login_token(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    token: &str,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let player_id = sessions::redeem_login_token(pool, token).await?;
    open(pool, tokens, player_id, client, false).await
}
