//! Sign-in from Telegram: the player of a validated Telegram user, created at the first sign-in
//! (with an account in the base currency) and attributed to the referral and affiliate values of
//! the launch, or of the bot's record of that user. Returning and first sign-ins alike queue to the
//! session writer (`session_writer.rs`), which creates a batch's new players with a few statements
//! whatever their number. The HTTP side, which validates the init data, is
//! `routes/player/telegram.rs`.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sqlx::{SqliteConnection, SqlitePool};
use telegram_init_data::User;
use utoipa::ToSchema;

use crate::auth::sessions::ClientInfo;
use crate::auth::tokens::TokenKeys;
use crate::clock::NOW;
use crate::players::PlayerError;
use crate::players::session_writer::SessionWriter;
use crate::players::sign_in::{self, SessionResponse};
use crate::wallet;

/// Where a new player came from: the launch's values, else the bot's record of the user.
#[derive(Debug, Default)]
pub struct Attribution {
    pub affiliate_tag: Option<String>,
    pub ref_id: Option<String>,
}

/// The player a Telegram user's sign-in creates if it is their first.
#[derive(Debug, Default)]
pub struct NewTelegramPlayer {
    pub tg_user_id: i64,
    pub first_name: String,
    pub last_name: Option<String>,
    pub nickname: Option<String>,
    /// The two-letter language of the user's Telegram client.
    pub language: Option<String>,
    pub attribution: Attribution,
}

impl NewTelegramPlayer {
    pub fn new(user: &User, attribution: Attribution) -> Self {
        Self {
            tg_user_id: user.id,
            first_name: user.first_name.chars().take(100).collect(),
            last_name: user
                .last_name
                .as_deref()
                .map(|n| n.chars().take(100).collect()),
            nickname: user
                .username
                .as_deref()
                .map(|n| n.chars().take(24).collect()),
            language: user
                .language_code
                .as_deref()
                .map(|l| l.chars().take(2).collect::<String>().to_ascii_lowercase()),
            attribution,
        }
    }
}

/// Opens a session for the Telegram user's player, creating the player at their first sign-in.
pub async fn sign_in(
    sessions: &SessionWriter,
    tokens: &TokenKeys,
    user: &User,
    attribution: Attribution,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let player = NewTelegramPlayer::new(user, attribution);
    sign_in::open_queued_for_telegram_user(sessions, tokens, player, client).await
}

/// One row of `INSERT_PLAYERS`: a new player with its attribution resolved.
#[derive(Serialize)]
struct PlayerRow<'a> {
    tg_user_id: i64,
    first_name: &'a str,
    last_name: Option<&'a str>,
    nickname: Option<&'a str>,
    language: Option<&'a str>,
    affiliate_tag: Option<String>,
    referrer: Option<i64>,
}

/// Any number of new players in one statement. A user whose player exists already (a sign-in of
/// another process created it since it was read) is skipped by the unique `tg_user_id`, so a
/// Telegram user never has two players. The locale is the user's language if offered (Portuguese
/// as `pt-br`), else the default; a referral that names no player is dropped.
const INSERT_PLAYERS: &str = "INSERT INTO players
        (tg_user_id, first_name, last_name, nickname, language, locale, affiliate_tag,
         referrer_player_id)
    SELECT n.value ->> 'tg_user_id', n.value ->> 'first_name', n.value ->> 'last_name',
        n.value ->> 'nickname', n.value ->> 'language',
        COALESCE(
            (SELECT code FROM locales WHERE code = n.value ->> 'language'
                OR (n.value ->> 'language' = 'pt' AND code = 'pt-br') LIMIT 1),
            (SELECT code FROM locales WHERE is_default = 1 LIMIT 1)),
        n.value ->> 'affiliate_tag',
        (SELECT id FROM players WHERE id = n.value ->> 'referrer')
    FROM json_each(?) AS n WHERE true
    ON CONFLICT (tg_user_id) DO NOTHING
    RETURNING id, tg_user_id";

/// Creates the players of these Telegram users (distinct, none of them with a player when read),
/// each with an active account in the base currency, in the transaction `conn` is in: four
/// statements however many there are. Answers the Telegram user ids whose player it created.
pub(crate) async fn create_players(
    conn: &mut SqliteConnection,
    new: &[&NewTelegramPlayer],
) -> anyhow::Result<Vec<i64>> {
    let ids: Vec<i64> = new.iter().map(|n| n.tg_user_id).collect();
    let bot_records: HashMap<i64, (Option<String>, Option<String>)> =
        sqlx::query_as::<_, (i64, Option<String>, Option<String>)>(
            "SELECT tg_user_id, ref_id, affiliate_tag FROM tg_bot_users
             WHERE tg_user_id IN (SELECT value FROM json_each(?))",
        )
        .bind(serde_json::to_string(&ids)?)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(id, ref_id, tag)| (id, (ref_id, tag)))
        .collect();
    let rows: Vec<PlayerRow> = new
        .iter()
        .map(|n| {
            let (bot_ref, bot_tag) = bot_records.get(&n.tg_user_id).cloned().unwrap_or_default();
            let launch = &n.attribution;
            PlayerRow {
                tg_user_id: n.tg_user_id,
                first_name: &n.first_name,
                last_name: n.last_name.as_deref(),
                nickname: n.nickname.as_deref(),
                language: n.language.as_deref(),
                affiliate_tag: launch
                    .affiliate_tag
                    .clone()
                    .filter(|t| !t.trim().is_empty())
                    .or(bot_tag)
                    .map(|t| t.chars().take(100).collect()),
                // A referral names the referring player's id; anything else is ignored.
                referrer: launch
                    .ref_id
                    .clone()
                    .or(bot_ref)
                    .and_then(|r| r.trim().parse().ok()),
            }
        })
        .collect();
    let currency = wallet::offered_currency(&mut *conn, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no base currency is offered"))?;
    let created: Vec<(i64, i64)> = sqlx::query_as(INSERT_PLAYERS)
        .bind(serde_json::to_string(&rows)?)
        .fetch_all(&mut *conn)
        .await?;
    let player_ids: Vec<i64> = created.iter().map(|(id, _)| *id).collect();
    wallet::create_accounts(&mut *conn, &player_ids, &currency).await?;
    Ok(created
        .into_iter()
        .map(|(_, tg_user_id)| tg_user_id)
        .collect())
}

// A messenger user who started the bot, as the bot pushes it (no doc comment: it would enter the
// OpenAPI document).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BotUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    #[serde(default)]
    pub is_premium: bool,
    pub ref_id: Option<String>,
    pub affiliate_tag: Option<String>,
    #[serde(default)]
    pub is_blocked: bool,
}

/// Records the users the bot pushes; their referral and affiliate values attribute the player when
/// that user later signs in.
pub async fn record_bot_users(pool: &SqlitePool, users: &[BotUser]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    for user in users {
        // Referral and affiliate values are first-touch: a later push never overwrites them.
        sqlx::query(&format!(
            "INSERT INTO tg_bot_users
                (tg_user_id, first_name, last_name, username, language_code, is_premium,
                 ref_id, affiliate_tag, is_blocked)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (tg_user_id) DO UPDATE SET
                first_name = excluded.first_name,
                last_name = excluded.last_name,
                username = excluded.username,
                language_code = excluded.language_code,
                is_premium = excluded.is_premium,
                ref_id = COALESCE(tg_bot_users.ref_id, excluded.ref_id),
                affiliate_tag = COALESCE(tg_bot_users.affiliate_tag, excluded.affiliate_tag),
                is_blocked = excluded.is_blocked,
                synced_at = {NOW}"
        ))
        .bind(user.id)
        .bind(user.first_name.trim())
        .bind(&user.last_name)
        .bind(&user.username)
        .bind(&user.language_code)
        .bind(user.is_premium)
        .bind(&user.ref_id)
        .bind(&user.affiliate_tag)
        .bind(user.is_blocked)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
