//! The player's Telegram message switches. The bot keeps them (one per kind of message, a master
//! switch, and whether the player let the bot write to them from the Mini App); the platform reads
//! and sets them with the bot's signed `PUT {BOT_EVENTS_URL}/player-preferences` (`docs/bot-events.md`)
//! for the player's Telegram user id. The HTTP side is `routes/notifications/telegram.rs`.

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::bot_events::Hook;
use crate::bot_events::delivery::{SIGNATURE_HEADER, sign};

const PREFERENCES_PATH: &str = "/player-preferences";
/// A settings page waits no longer than this for the bot.
const TIMEOUT: Duration = Duration::from_secs(5);

/// A change of the switches; every field is optional, and none at all only reads them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TelegramSwitchesChange {
    /// Every message on or off.
    pub all: Option<bool>,
    /// One switch per kind of message (`deposit_credited`, `sport_bet_settled`, …).
    #[serde(default)]
    pub kinds: BTreeMap<String, bool>,
    /// Whether the player let the bot write to them from the Mini App (`allows_write_to_pm` or
    /// `requestWriteAccess`).
    pub write_access: Option<bool>,
}

/// The switches as they now stand.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TelegramSwitches {
    pub all: bool,
    /// Every kind of message the bot sends, on or off.
    pub kinds: BTreeMap<String, bool>,
    pub write_access: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum SwitchesError {
    #[error("the player has no Telegram account")]
    NotLinked,
    #[error("BOT_EVENTS_URL and BOT_EVENTS_SECRET are not configured")]
    NotConfigured,
    #[error("the bot is unreachable: {0}")]
    Unreachable(String),
    #[error("the bot refused the change: {0}")]
    Refused(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
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

/// Applies `change` to the switches of `player_id` and answers them all.
pub async fn switches(
    pool: &SqlitePool,
    hook: Option<&Hook>,
    player_id: i64,
    change: &TelegramSwitchesChange,
) -> Result<TelegramSwitches, SwitchesError> {
    let telegram_user_id: Option<i64> =
        sqlx::query_scalar("SELECT tg_user_id FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_optional(pool)
            .await?
            .flatten();
    let telegram_user_id = telegram_user_id.ok_or(SwitchesError::NotLinked)?;
    let hook = hook.ok_or(SwitchesError::NotConfigured)?;
    let body = serde_json::json!({
        "telegramUserId": telegram_user_id,
        "all": change.all,
        "kinds": change.kinds,
        "writeAccess": change.write_access,
    })
    .to_string()
    .into_bytes();
    let now = crate::clock::unix_seconds();
    let response = client()
        .put(format!("{}{PREFERENCES_PATH}", hook.url))
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(
            SIGNATURE_HEADER,
            sign(hook.secret.expose().as_bytes(), now, &body),
        )
        .body(body)
        .send()
        .await
        .map_err(|e| SwitchesError::Unreachable(e.without_url().to_string()))?;
    let status = response.status();
    if status.is_success() {
        return response
            .json()
            .await
            .map_err(|e| SwitchesError::Unreachable(e.without_url().to_string()));
    }
    // A refused signature is the operator's to fix, not the player's: it is answered as unreachable.
    if status.is_client_error() && status.as_u16() != 401 {
        let answer: serde_json::Value = response.json().await.unwrap_or_default();
        let message = answer["message"]
            .as_str()
            .unwrap_or("a change the bot refused");
        return Err(SwitchesError::Refused(message.to_owned()));
    }
    Err(SwitchesError::Unreachable(format!(
        "the bot answered {status}"
    )))
}
