//! The player's Telegram message switches. The bot keeps them (one per kind of message, a master
//! switch, and whether the player let the bot write to them from the Mini App); the platform reads
//! and sets them with the bot's signed `PUT {BOT_EVENTS_URL}/player-preferences` (`docs/bot-events.md`)
//! for the player's Telegram user id. The HTTP side is `routes/notifications/telegram.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::bot_events::Hook;
use crate::bot_events::requests::{PlayerRequestError, ask_about_player};

const PREFERENCES_PATH: &str = "/player-preferences";

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

/// Applies `change` to the switches of `player_id` and answers them all.
pub async fn switches(
    pool: &SqlitePool,
    hook: Option<&Hook>,
    player_id: i64,
    change: &TelegramSwitchesChange,
) -> Result<TelegramSwitches, PlayerRequestError> {
    let body = |telegram_user_id: i64, _: &str| {
        serde_json::json!({
            "telegramUserId": telegram_user_id,
            "all": change.all,
            "kinds": change.kinds,
            "writeAccess": change.write_access,
        })
    };
    ask_about_player(
        pool,
        hook,
        player_id,
        reqwest::Method::PUT,
        PREFERENCES_PATH,
        body,
    )
    .await
}
