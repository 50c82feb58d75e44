//! Bonuses: issuing packages (a bonus or a bundle of free spins, see `freespins`), the status
//! transitions, expiry and wagering.
//!
//! - A bonus is money released by wagering: while it is active, the real-money bets of its
//!   currency on its games (`wagerCasinoConditions.gameIds`, empty meaning every game) add up;
//!   once they reach `amount × multiplier` the bonus finishes as played (result 2) and its amount
//!   is credited to the player's real account of that currency in the same transaction. Bets
//!   above `maxBetAmount` are refused by play while it is active (`rewards::max_bet`).
//! - One bonus per currency may be active at a time, so a bet is wagered against one bonus only.
//! - An issued package that is not activated within its lifetime expires (result 4); an active
//!   bonus whose wagering is not done within its lifetime, counted again from activation, expires
//!   with result 5. Free spins expire with result 4. Expiry is applied whenever the player's
//!   bonuses are read or played against, so every answer is current.

mod held;
mod issue;
mod wagering;

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::changes::{Changes, Tx};
use crate::clock::NOW;
use crate::rewards::RewardError;
pub use held::Held;
pub use issue::{Grant, Issued, issue, offered_in};
pub use wagering::{max_bet, wager};

pub const STATUS_ISSUED: i64 = 1;
pub const STATUS_ACTIVE: i64 = 2;
pub const STATUS_FINISHED: i64 = 3;
pub const RESULT_PLAYED: i64 = 2;
pub const RESULT_CANCELED: i64 = 3;
pub const RESULT_EXPIRED: i64 = 4;
/// Bonuses only: activated, but not wagered in time.
pub const RESULT_WAGER_EXPIRED: i64 = 5;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WagerConditions {
    /// Games whose bets count; empty: every game.
    pub game_ids: Vec<i64>,
    pub multiplier: i64,
    /// Bets needed in total, minor units of the bonus currency.
    pub wager_amount: i64,
    /// Bets counted so far.
    pub wagered_amount: i64,
    pub max_bet_amount: Option<i64>,
}

/// A player bonus (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerBonus {
    pub id: i64,
    pub name: String,
    /// 1 issued, 2 active, 3 finished.
    pub status: i64,
    /// With status 3: 2 played, 3 canceled, 4 expired before activation, 5 not wagered in time.
    pub result: Option<i64>,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
    pub package_id: i64,
    /// The session in which the player applied the code that issued it; `null` for bonuses the
    /// platform issued on its own (deposits, quests, cashback).
    pub issue_session_id: Option<String>,
    /// deposit, code, quest or cashback.
    pub source: String,
    pub max_bet_amount: Option<i64>,
    pub wager_casino_conditions: WagerConditions,
    pub expires_at: String,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(FromRow)]
struct BonusRow {
    id: i64,
    name: String,
    status: i64,
    result: Option<i64>,
    amount: i64,
    currency: String,
    package_id: i64,
    issue_session_id: Option<String>,
    source: String,
    wager_multiplier: i64,
    wager_required: i64,
    wagered: i64,
    max_bet_amount: Option<i64>,
    expires_at: String,
    created_at: String,
    updated_at: String,
}

async fn package_games(
    conn: &mut SqliteConnection,
    package_id: i64,
) -> Result<Vec<i64>, RewardError> {
    Ok(sqlx::query_scalar(
        "SELECT game_id FROM bonus_package_games WHERE package_id = ? ORDER BY game_id",
    )
    .bind(package_id)
    .fetch_all(conn)
    .await?)
}

/// The player's bonuses, newest first; with `id`, only that one.
pub async fn bonuses_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: Option<i64>,
) -> Result<Vec<PlayerBonus>, RewardError> {
    let rows: Vec<BonusRow> = sqlx::query_as(
        "SELECT b.id, p.name, b.status, b.result, b.amount, b.currency, b.package_id,
                b.issue_session_id, b.source, p.wager_multiplier, b.wager_required, b.wagered,
                b.max_bet_amount, b.expires_at, b.created_at, b.updated_at
         FROM player_bonuses b JOIN bonus_packages p ON p.id = b.package_id
         WHERE b.player_id = ?1 AND (?2 IS NULL OR b.id = ?2) ORDER BY b.id DESC",
    )
    .bind(player_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut bonuses = Vec::with_capacity(rows.len());
    for row in rows {
        let game_ids = package_games(conn, row.package_id).await?;
        bonuses.push(PlayerBonus {
            id: row.id,
            name: row.name,
            status: row.status,
            result: row.result,
            amount: row.amount,
            currency: row.currency,
            package_id: row.package_id,
            issue_session_id: row.issue_session_id,
            source: row.source,
            max_bet_amount: row.max_bet_amount,
            wager_casino_conditions: WagerConditions {
                game_ids,
                multiplier: row.wager_multiplier,
                wager_amount: row.wager_required,
                wagered_amount: row.wagered,
                max_bet_amount: row.max_bet_amount,
            },
            expires_at: row.expires_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    Ok(bonuses)
}

/// Finishes what has run out of time (see the module's rules).
pub async fn expire_due(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
) -> Result<(), RewardError> {
    for held in [Held::Bonus, Held::Freespins] {
        // An active bonus that runs out was not wagered in time; anything else expired unused.
        let result = match held {
            Held::Bonus => {
                format!("CASE status WHEN 1 THEN {RESULT_EXPIRED} ELSE {RESULT_WAGER_EXPIRED} END")
            }
            Held::Freespins => RESULT_EXPIRED.to_string(),
        };
        let expired: Vec<i64> = sqlx::query_scalar(&format!(
            "UPDATE {} SET status = 3, result = {result}, updated_at = {NOW}
             WHERE player_id = ? AND status IN (1, 2) AND expires_at <= {NOW}
             RETURNING id",
            held.table()
        ))
        .bind(player_id)
        .fetch_all(&mut **tx)
        .await?;
        for id in expired {
            held.publish(tx, changes, player_id, id).await?;
        }
    }
    Ok(())
}
