//! What the platform asks of the bot for one player and needs answered at once, unlike the events,
//! which are queued: the message switches (`crate::notifications::telegram`) and the referral card
//! to share (`crate::referrals::telegram`). Signed as the events are (`delivery::sign`), to a path
//! under the bot's base address (`docs/bot-events.md`).

use std::sync::OnceLock;
use std::time::Duration;

use serde::de::DeserializeOwned;

use super::Hook;
use super::delivery::{SIGNATURE_HEADER, sign};

/// A player's page waits no longer than this for the bot.
const TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, thiserror::Error)]
pub enum BotRequestError {
    #[error("BOT_EVENTS_URL and BOT_EVENTS_SECRET are not configured")]
    NotConfigured,
    /// The bot refused the signature: the two ends hold different `BOT_EVENTS_SECRET`s.
    #[error("the bot refused the platform's signature: BOT_EVENTS_SECRET differs from the bot's")]
    Misconfigured,
    #[error("the bot is unreachable: {0}")]
    Unreachable(String),
    /// The bot refused the request itself (a 4xx other than 401), with its message.
    #[error("the bot refused the request: {0}")]
    Refused(String),
}

fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .expect("an HTTP client builds")
    })
}

/// Sends `body` to `{BOT_EVENTS_URL}{path}` with `method`, signed, and reads the bot's answer.
async fn ask<T: DeserializeOwned>(
    hook: Option<&Hook>,
    method: reqwest::Method,
    path: &str,
    body: &serde_json::Value,
) -> Result<T, BotRequestError> {
    let hook = hook.ok_or(BotRequestError::NotConfigured)?;
    let body = body.to_string().into_bytes();
    let now = crate::clock::unix_seconds();
    let response = client()
        .request(method, format!("{}{path}", hook.url))
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(
            SIGNATURE_HEADER,
            sign(hook.secret.expose().as_bytes(), now, &body),
        )
        .body(body)
        .send()
        .await
        .map_err(|e| BotRequestError::Unreachable(e.without_url().to_string()))?;
    let status = response.status();
    if status.is_success() {
        return response
            .json()
            .await
            .map_err(|e| BotRequestError::Unreachable(e.without_url().to_string()));
    }
    if status.as_u16() == 401 {
        return Err(BotRequestError::Misconfigured);
    }
    if status.is_client_error() {
        let answer: serde_json::Value = response.json().await.unwrap_or_default();
        let message = answer["message"]
            .as_str()
            .unwrap_or("a request the bot refused");
        return Err(BotRequestError::Refused(message.to_owned()));
    }
    Err(BotRequestError::Unreachable(format!(
        "the bot answered {status}"
    )))
}

#[derive(Debug, thiserror::Error)]
pub enum PlayerRequestError {
    #[error("the player has no Telegram account")]
    NotLinked,
    #[error(transparent)]
    Bot(#[from] BotRequestError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Asks the bot about the player's Telegram account: `body` is made from its user id and the
/// language of the player's profile.
pub async fn ask_about_player<T: DeserializeOwned>(
    pool: &sqlx::SqlitePool,
    hook: Option<&Hook>,
    player_id: i64,
    method: reqwest::Method,
    path: &str,
    body: impl FnOnce(i64, &str) -> serde_json::Value,
) -> Result<T, PlayerRequestError> {
    let row: Option<(Option<i64>, String)> =
        sqlx::query_as("SELECT tg_user_id, locale FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_optional(pool)
            .await?;
    let Some((Some(telegram_user_id), locale)) = row else {
        return Err(PlayerRequestError::NotLinked);
    };
    Ok(ask(hook, method, path, &body(telegram_user_id, &locale)).await?)
}
