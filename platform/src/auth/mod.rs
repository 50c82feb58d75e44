//! Who is calling: access tokens, passwords and sessions. The routes' extractors read the bearer
//! token and ask `player_of_token`; the real-time hub asks the same through `realtime::Tokens`.

pub mod passwords;
pub mod sessions;
pub mod tokens;

use sqlx::SqlitePool;

use tokens::{Claims, TokenError, TokenKeys};

/// The signed-in player of a request or connection.
#[derive(Debug, Clone)]
pub struct CurrentPlayer {
    pub id: i64,
    pub session_id: String,
}

/// Why a token does not sign its caller in.
#[derive(Debug, thiserror::Error)]
pub enum NotSignedIn {
    #[error("the token has expired")]
    TokenExpired,
    #[error("the token is not valid")]
    TokenInvalid,
    #[error("the session was closed")]
    SessionClosed,
    #[error("the session was idle too long and is now closed")]
    SessionIdle,
    #[error("the player is blocked")]
    Blocked,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The player of a valid token of an open session of a player who is not blocked, and the token's
/// claims.
pub async fn player_of_token(
    pool: &SqlitePool,
    keys: &TokenKeys,
    token: &str,
) -> Result<(CurrentPlayer, Claims), NotSignedIn> {
    let claims = keys
        .verify(token, crate::clock::unix_seconds())
        .map_err(|e| match e {
            TokenError::Expired => NotSignedIn::TokenExpired,
            TokenError::Malformed | TokenError::BadSignature => NotSignedIn::TokenInvalid,
        })?;
    let player = sessions::check_open(pool, &claims).await?;
    Ok((player, claims))
}
