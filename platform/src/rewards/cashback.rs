//! Weekly cashback: 10% of a week's net real-money loss (stakes minus wins) per currency, weeks
//! running Monday to Monday UTC. A finished week's cashback is issued as a bonus with the
//! `Weekly cashback` package (wager ×1) the next time the player's rewards are looked at or played
//! against; free spins are not real stakes and do not count.

use serde::Serialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;

use super::SettledSpin;
use super::bonuses::{self, Grant, Issued};
use super::changes::{Changes, Tx};
use crate::rewards::RewardError;

pub const PERCENT: i64 = 10;
/// The seeded package cashback is paid with.
pub const PACKAGE_ID: i64 = 100;

/// The Monday (UTC) starting the current week, as YYYY-MM-DD.
const WEEK_START: &str = "date('now', '-6 days', 'weekday 1')";

/// The current week's cashback in one currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cashback {
    pub currency: String,
    pub percent: i64,
    /// First day of the week (Monday, UTC).
    pub period_start: String,
    /// The day after its last.
    pub period_end: String,
    pub wagered_amount: i64,
    pub won_amount: i64,
    /// Stakes minus wins, never below 0.
    pub loss_amount: i64,
    /// What the week pays back so far, issued as a bonus when it ends.
    pub amount: i64,
}

fn payback(wagered: i64, won: i64) -> i64 {
    wagered.saturating_sub(won).max(0) * PERCENT / 100
}

pub async fn accrue(tx: &mut Tx, spin: &SettledSpin) -> Result<(), RewardError> {
    sqlx::query(&format!(
        "INSERT INTO cashback_weeks (player_id, currency, week_start, wagered, won)
         VALUES (?1, ?2, {WEEK_START}, ?3, ?4)
         ON CONFLICT (player_id, currency, week_start)
         DO UPDATE SET wagered = wagered + ?3, won = won + ?4"
    ))
    .bind(spin.player_id)
    .bind(&spin.currency)
    .bind(spin.bet)
    .bind(spin.win)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn current(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
) -> Result<Cashback, RewardError> {
    let (period_start, period_end, wagered, won): (String, String, i64, i64) =
        sqlx::query_as(&format!(
            "SELECT {WEEK_START}, date({WEEK_START}, '+7 days'),
                    COALESCE((SELECT wagered FROM cashback_weeks
                              WHERE player_id = ?1 AND currency = ?2 AND week_start = {WEEK_START}), 0),
                    COALESCE((SELECT won FROM cashback_weeks
                              WHERE player_id = ?1 AND currency = ?2 AND week_start = {WEEK_START}), 0)"
        ))
        .bind(player_id)
        .bind(currency)
        .fetch_one(conn)
        .await?;
    Ok(Cashback {
        currency: currency.to_owned(),
        percent: PERCENT,
        period_start,
        period_end,
        wagered_amount: wagered,
        won_amount: won,
        loss_amount: wagered.saturating_sub(won).max(0),
        amount: payback(wagered, won),
    })
}

/// Finished weeks whose cashback is due and not paid yet (`?1` is the player).
pub fn due() -> String {
    format!(
        "FROM cashback_weeks
         WHERE player_id = ?1 AND week_start < {WEEK_START} AND paid_bonus_id IS NULL
           AND (wagered - won) * {PERCENT} / 100 > 0"
    )
}

/// Issues the cashback of finished weeks not paid yet.
pub async fn pay_due(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
) -> Result<(), RewardError> {
    let due: Vec<(String, String, i64, i64)> = sqlx::query_as(&format!(
        "SELECT currency, week_start, wagered, won {}",
        due()
    ))
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for (currency, week_start, wagered, won) in due {
        let amount = payback(wagered, won);
        if amount <= 0 {
            continue;
        }
        let grant = Grant {
            player_id,
            package_id: PACKAGE_ID,
            currency: &currency,
            deposit_amount: None,
            fixed_amount: Some(amount),
            source: "cashback",
            session_id: None,
        };
        if let Some(Issued::Bonus(bonus_id)) = bonuses::issue(tx, changes, &grant).await? {
            sqlx::query(
                "UPDATE cashback_weeks SET paid_bonus_id = ?
                 WHERE player_id = ? AND currency = ? AND week_start = ?",
            )
            .bind(bonus_id)
            .bind(player_id)
            .bind(&currency)
            .bind(&week_start)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
