//! The referral programme. A player invites others with a link carrying `ref_{id}` (the bot's
//! `/start ref_{id}` and the Mini App's start parameter); a messenger player created from such a
//! launch has `players.referrer_player_id` set. For every deposit an invitee makes, the referrer
//! earns [`SHARE_PERCENT`] of it in the deposit's currency (rounded down, never on a zero share),
//! once per invoice. Earnings wait in a referral balance per currency; a transfer moves the whole
//! available amount of one currency into the referrer's wallet account in that currency.
//!
//! Money safety: the available amount is always derived (earned minus transferred) inside the
//! same `BEGIN IMMEDIATE` transaction that credits the wallet and records the transfer, so two
//! transfers cannot both pay the same earnings; the player's idempotency key is unique, so a
//! transfer retried after a lost answer returns the first one and pays nothing more.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqliteConnection, SqlitePool};
use utoipa::ToSchema;

use crate::bot_events::Hook;
use crate::bot_events::requests::{PlayerRequestError, ask_about_player};

use crate::clock::NOW;
use crate::rewards::changes::{Changes, Tx, credit_currency};
use crate::rewards::notifications::{self, Kind};
use crate::rewards::{RewardError, SettledDeposit};

/// The share of an invitee's deposit the referrer earns, in percent.
pub const SHARE_PERCENT: i64 = 10;

/// An invited player: signed up (`registered`) or with a credited deposit (`deposited`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Referral {
    /// Their place in the referrer's list (1 for the first invited): players' ids stay private.
    pub number: i64,
    /// The name they go by (nickname, else first name); never an e-mail or phone number.
    pub name: Option<String>,
    pub joined_at: String,
    /// `registered` or `deposited`.
    pub state: String,
    /// What the referrer earned from them, per currency.
    pub earned: Vec<Amount>,
}

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Amount {
    pub currency: String,
    /// Minor units of `currency`.
    pub amount: i64,
}

/// Earnings of one currency: everything earned, what has moved to the wallet, and what may.
#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ReferralBalance {
    pub currency: String,
    pub earned: i64,
    pub transferred: i64,
    pub available: i64,
}

/// The player's referral programme: the start parameter of their link, the share they earn, who
/// they invited, and their earnings.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralProgramme {
    /// `ref_{id}`: the start parameter (or `ref_id`) that attributes a new player to this one.
    pub start_param: String,
    /// Percent of each invitee's deposit earned.
    pub share_percent: i64,
    pub referrals: Vec<Referral>,
    pub balances: Vec<ReferralBalance>,
}

/// A transfer of referral earnings into the wallet.
#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ReferralTransfer {
    pub id: i64,
    pub currency: String,
    /// Minor units of `currency`, credited to `accountId`.
    pub amount: i64,
    pub account_id: i64,
    pub created_at: String,
}

#[derive(FromRow)]
struct InviteeRow {
    id: i64,
    name: Option<String>,
    joined_at: String,
}

/// Why a referral transfer is refused.
#[derive(Debug, thiserror::Error)]
pub enum ReferralError {
    #[error("the idempotency key was used for a transfer in another currency")]
    KeyReused,
    #[error("there are no {currency} referral earnings to transfer")]
    NothingToTransfer { currency: String },
    #[error(transparent)]
    Rewards(#[from] RewardError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub async fn programme(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<ReferralProgramme, ReferralError> {
    let invitees: Vec<InviteeRow> = sqlx::query_as(
        "SELECT id, COALESCE(NULLIF(TRIM(nickname), ''), NULLIF(TRIM(first_name), '')) AS name,
                created_at AS joined_at
         FROM players WHERE referrer_player_id = ? ORDER BY id",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    let earned: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT referred_player_id, currency, SUM(amount) FROM referral_earnings
         WHERE referrer_player_id = ? GROUP BY referred_player_id, currency ORDER BY currency",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    let deposited: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT i.player_id FROM invoices i JOIN players p ON p.id = i.player_id
         WHERE p.referrer_player_id = ? AND i.type = 'deposit' AND i.status = 2",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    let referrals = invitees
        .into_iter()
        .enumerate()
        .map(|(index, row)| Referral {
            number: index as i64 + 1,
            name: row.name,
            joined_at: row.joined_at,
            state: if deposited.contains(&row.id) {
                "deposited"
            } else {
                "registered"
            }
            .to_owned(),
            earned: earned
                .iter()
                .filter(|(invitee, _, _)| *invitee == row.id)
                .map(|(_, currency, amount)| Amount {
                    currency: currency.clone(),
                    amount: *amount,
                })
                .collect(),
        })
        .collect();
    Ok(ReferralProgramme {
        start_param: format!("ref_{player_id}"),
        share_percent: SHARE_PERCENT,
        referrals,
        balances: balances(conn, player_id, None).await?,
    })
}

async fn balances(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: Option<&str>,
) -> Result<Vec<ReferralBalance>, ReferralError> {
    Ok(sqlx::query_as(
        "SELECT e.currency, e.earned,
                COALESCE((SELECT SUM(t.amount) FROM referral_transfers t
                          WHERE t.player_id = ?1 AND t.currency = e.currency), 0) AS transferred,
                e.earned - COALESCE((SELECT SUM(t.amount) FROM referral_transfers t
                          WHERE t.player_id = ?1 AND t.currency = e.currency), 0) AS available
         FROM (SELECT currency, SUM(amount) AS earned FROM referral_earnings
               WHERE referrer_player_id = ?1 GROUP BY currency) e
         WHERE ?2 IS NULL OR e.currency = ?2
         ORDER BY e.currency",
    )
    .bind(player_id)
    .bind(currency)
    .fetch_all(conn)
    .await?)
}

/// The referrer's earning from a credited deposit of their invitee, with a notification to them;
/// nothing for a player nobody invited, a share that rounds to 0, or an invoice already counted.
pub async fn deposit_settled(
    tx: &mut Tx,
    changes: &mut Changes,
    deposit: &SettledDeposit,
) -> Result<(), RewardError> {
    let referrer: Option<i64> =
        sqlx::query_scalar("SELECT referrer_player_id FROM players WHERE id = ?")
            .bind(deposit.player_id)
            .fetch_one(&mut **tx)
            .await?;
    let Some(referrer) = referrer else {
        return Ok(());
    };
    let share = deposit.amount.saturating_mul(SHARE_PERCENT) / 100;
    if share <= 0 {
        return Ok(());
    }
    let inserted = sqlx::query(
        "INSERT INTO referral_earnings (referrer_player_id, referred_player_id, invoice_id,
             currency, amount)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (invoice_id) DO NOTHING",
    )
    .bind(referrer)
    .bind(deposit.player_id)
    .bind(&deposit.invoice_id)
    .bind(&deposit.currency)
    .bind(share)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(());
    }
    let subunit = notifications::subunit_of(tx, &deposit.currency).await?;
    let shown = notifications::format_amount(share, subunit, &deposit.currency);
    notifications::notify(
        tx,
        changes,
        referrer,
        Kind::ReferralEarning,
        format!("You earned {shown} from a friend's deposit"),
        "Move your referral earnings to your balance on the referral page.".to_owned(),
    )
    .await
}

/// Moves the whole available amount of `currency` into the player's wallet account in it
/// (opened if the player has none), once per idempotency key.
pub async fn transfer(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    currency: &str,
    idempotency_key: &str,
) -> Result<ReferralTransfer, ReferralError> {
    if let Some(done) = transfer_by_key(tx, player_id, idempotency_key).await? {
        if done.currency != currency {
            return Err(ReferralError::KeyReused);
        }
        return Ok(done);
    }
    let available = balances(tx, player_id, Some(currency))
        .await?
        .first()
        .map_or(0, |balance| balance.available);
    if available <= 0 {
        return Err(ReferralError::NothingToTransfer {
            currency: currency.to_owned(),
        });
    }
    let account_id = credit_currency(tx, changes, player_id, currency, available).await?;
    sqlx::query(&format!(
        "INSERT INTO referral_transfers (player_id, idempotency_key, currency, amount, account_id,
             created_at)
         VALUES (?, ?, ?, ?, ?, {NOW})"
    ))
    .bind(player_id)
    .bind(idempotency_key)
    .bind(currency)
    .bind(available)
    .bind(account_id)
    .execute(&mut **tx)
    .await?;
    transfer_by_key(tx, player_id, idempotency_key)
        .await?
        .ok_or_else(|| anyhow::anyhow!("referral transfer {idempotency_key} vanished").into())
}

async fn transfer_by_key(
    tx: &mut Tx,
    player_id: i64,
    key: &str,
) -> Result<Option<ReferralTransfer>, ReferralError> {
    Ok(sqlx::query_as(
        "SELECT id, currency, amount, account_id, created_at FROM referral_transfers
         WHERE player_id = ? AND idempotency_key = ?",
    )
    .bind(player_id)
    .bind(key)
    .fetch_optional(&mut **tx)
    .await?)
}

/// The referral card the bot prepared for the player to share through Telegram
/// (`savePreparedInlineMessage`): the id the Mini App gives `shareMessage`.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreparedReferralMessage {
    pub id: String,
    /// Unix seconds after which Telegram no longer shares it.
    pub expires_at: i64,
}

/// Asks the bot (`POST {BOT_EVENTS_URL}/referral-messages`, `docs/bot-events.md`) for the card
/// inviting to the Mini App with the player's referral, in their language, prepared for their
/// Telegram account.
pub async fn telegram_message(
    pool: &SqlitePool,
    hook: Option<&Hook>,
    player_id: i64,
) -> Result<PreparedReferralMessage, PlayerRequestError> {
    let body = |telegram_user_id: i64, locale: &str| {
        serde_json::json!({
            "telegramUserId": telegram_user_id,
            "refId": player_id.to_string(),
            "locale": locale,
        })
    };
    let post = reqwest::Method::POST;
    ask_about_player(pool, hook, player_id, post, "/referral-messages", body).await
}
