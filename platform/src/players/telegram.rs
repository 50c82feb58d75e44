//! Sign-in from Telegram: the player of a validated Telegram user, created at the first sign-in
//! (with an account in the base currency) and attributed to the referral and affiliate values of
//! the launch, or of the bot's record of that user. The HTTP side, which validates the init data,
//! is `routes/player/telegram.rs`.

use serde::Deserialize;
use sqlx::SqlitePool;
use telegram_init_data::User;
use utoipa::ToSchema;

use crate::ApiError;
use crate::auth::sessions::ClientInfo;
use crate::auth::tokens::TokenKeys;
use crate::clock::NOW;
use crate::players::session_writer::SessionWriter;
use crate::players::sign_in::{self, SessionResponse};
use crate::players::{self, NewPlayer};
use crate::wallet;

/// Where a new player came from: the launch's values, else the bot's record of the user.
pub struct Attribution {
    pub affiliate_tag: Option<String>,
    pub ref_id: Option<String>,
}

/// Opens a session for the Telegram user's player, creating the player at their first sign-in.
pub async fn sign_in(
    pool: &SqlitePool,
    sessions: &SessionWriter,
    tokens: &TokenKeys,
    user: &User,
    attribution: Attribution,
    client: &ClientInfo,
) -> Result<SessionResponse, ApiError> {
    // A returning player, nearly every sign-in: queued to the session writer, which reads many
    // sign-ins' players with one statement and commits their sessions with another.
    if let Some(session) =
        sign_in::open_queued_for_telegram_user(sessions, tokens, user.id, client).await?
    {
        return Ok(session);
    }
    sign_up(pool, tokens, user, attribution, client).await
}

/// The first sign-in: the player, its account in the base currency and the session in one
/// transaction, so a failure leaves no player without its account or session.
async fn sign_up(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    user: &User,
    attribution: Attribution,
    client: &ClientInfo,
) -> Result<SessionResponse, ApiError> {
    // IMMEDIATE takes the write lock before the reads: a deferred transaction that read first would
    // fail, not wait, when another writer committed before its first write.
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    // Two first launches of a new user at once: the second finds the first one's player.
    if let Some(profile) = players::profile_of_telegram_user(&mut *tx, user.id).await? {
        let session = sign_in::open_for(&mut tx, tokens, profile, client, false).await?;
        tx.commit().await?;
        return Ok(session);
    }
    let bot_record: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT ref_id, affiliate_tag FROM tg_bot_users WHERE tg_user_id = ?")
            .bind(user.id)
            .fetch_optional(&mut *tx)
            .await?;
    let (bot_ref, bot_tag) = bot_record.unwrap_or_default();
    let affiliate_tag = attribution
        .affiliate_tag
        .filter(|t| !t.trim().is_empty())
        .or(bot_tag)
        .map(|t| t.chars().take(100).collect::<String>());
    // A referral names the referring player's id; anything else is ignored.
    let referrer: Option<i64> = match attribution
        .ref_id
        .or(bot_ref)
        .and_then(|r| r.trim().parse::<i64>().ok())
    {
        Some(id) => {
            sqlx::query_scalar("SELECT id FROM players WHERE id = ?")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
        }
        None => None,
    };
    let language = user
        .language_code
        .as_deref()
        .map(|l| l.chars().take(2).collect::<String>().to_ascii_lowercase());
    let locale: String = sqlx::query_scalar(
        "SELECT code FROM locales WHERE code = ?1 OR (?1 = 'pt' AND code = 'pt-br')
         UNION ALL SELECT code FROM locales WHERE is_default = 1 LIMIT 1",
    )
    .bind(&language)
    .fetch_one(&mut *tx)
    .await?;
    let currency = wallet::offered_currency(&mut *tx, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no base currency is offered"))?;

    let new_player = NewPlayer {
        tg_user_id: Some(user.id),
        first_name: Some(user.first_name.chars().take(100).collect()),
        last_name: user
            .last_name
            .as_deref()
            .map(|n| n.chars().take(100).collect()),
        nickname: user
            .username
            .as_deref()
            .map(|n| n.chars().take(24).collect()),
        language,
        locale: Some(locale),
        affiliate_tag,
        referrer_player_id: referrer,
        ..NewPlayer::default()
    };
    let player_id = players::create(&mut tx, new_player, &currency)
        .await?
        .ok_or_else(|| {
            anyhow::anyhow!("the Telegram user's player appeared inside the write lock")
        })?;
    let profile = players::load_profile(&mut *tx, player_id).await?;
    let session = sign_in::open_for(&mut tx, tokens, profile, client, true).await?;
    tx.commit().await?;
    Ok(session)
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
pub async fn record_bot_users(pool: &SqlitePool, users: &[BotUser]) -> Result<(), ApiError> {
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
