//! Sign-in from Telegram: the player of a validated Telegram user, created at the first sign-in
//! (with an account in the base currency) and attributed to the referral and affiliate values of
//! the launch, or of the bot's record of that user. The HTTP side, which validates the init data,
//! is `routes/player/telegram.rs`.

use sqlx::SqlitePool;
use telegram_init_data::User;

use crate::ApiError;
use crate::auth::sessions::{ClientInfo, SessionResponse};
use crate::auth::tokens::TokenKeys;
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
    tokens: &TokenKeys,
    user: &User,
    attribution: Attribution,
    client: &ClientInfo,
) -> Result<SessionResponse, ApiError> {
    let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE tg_user_id = ?")
        .bind(user.id)
        .fetch_optional(pool)
        .await?;
    let create = create_player(pool, user, attribution);
    players::sign_in_or_sign_up(pool, tokens, existing, create, client).await
}

async fn create_player(
    pool: &SqlitePool,
    user: &User,
    attribution: Attribution,
) -> Result<i64, ApiError> {
    let bot_record: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT ref_id, affiliate_tag FROM tg_bot_users WHERE tg_user_id = ?")
            .bind(user.id)
            .fetch_optional(pool)
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
                .fetch_optional(pool)
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
    .fetch_one(pool)
    .await?;
    let currency = wallet::offered_currency(pool, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no base currency is offered"))?;

    let mut tx = pool.begin().await?;
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
    // Two launches of a new user at once: the second finds the first one's row.
    let player_id = match players::create(&mut tx, new_player, &currency).await? {
        Some(id) => id,
        None => {
            sqlx::query_scalar("SELECT id FROM players WHERE tg_user_id = ?")
                .bind(user.id)
                .fetch_one(&mut *tx)
                .await?
        }
    };
    tx.commit().await?;
    Ok(player_id)
}
