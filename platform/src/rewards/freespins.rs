//! Free spins: bundles issued by a package (see `bonuses::issue`), their activation and
//! cancellation, and their use by real spins on their game.
//!
//! A bundle is consumed by playing its game: while it is active, each real spin on its game in
//! its currency uses one free spin, and the stake, up to the free spin's value (`betAmount`), is
//! credited back at once, so a spin at that value costs nothing. Wins are paid as real money (no
//! wagering). The bundle finishes as played when the last one is used. Covered stakes are not
//! real wagers: they advance no bonus wagering, no loyalty points and no wager quest tasks, but
//! they are spins (and wins) for quests. Free spins expire with result 4.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::SettledSpin;
use super::bonuses::{Held, RESULT_PLAYED};
use super::changes::{Changes, Tx};
use crate::clock::NOW;
use crate::rewards::RewardError;

/// A bundle of free spins (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PlayerFreespin {
    pub id: i64,
    pub name: String,
    /// 1 issued, 2 active, 3 finished.
    pub status: i64,
    /// With status 3: 2 played, 3 canceled, 4 expired.
    pub result: Option<i64>,
    pub count: i64,
    pub used_count: i64,
    pub currency: String,
    pub game_id: i64,
    pub package_id: i64,
    /// The stake one free spin covers, minor units of `currency`.
    pub bet_amount: i64,
    /// What the free spins won so far.
    pub total_win: i64,
    pub issue_session_id: Option<String>,
    pub source: String,
    pub expires_at: String,
    pub created_at: String,
    pub updated_at: String,
}

pub async fn freespins_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: Option<i64>,
) -> Result<Vec<PlayerFreespin>, RewardError> {
    Ok(sqlx::query_as(
        "SELECT f.id, p.name, f.status, f.result, f.count, f.used AS used_count, f.currency,
                f.game_id, f.package_id, f.bet_amount, f.total_win, f.issue_session_id, f.source,
                f.expires_at, f.created_at, f.updated_at
         FROM player_freespins f JOIN bonus_packages p ON p.id = f.package_id
         WHERE f.player_id = ?1 AND (?2 IS NULL OR f.id = ?2) ORDER BY f.id DESC",
    )
    .bind(player_id)
    .bind(id)
    .fetch_all(conn)
    .await?)
}

/// Uses one free spin of an active bundle on the spin's game, crediting back the stake it covers.
/// `true` if the spin was a free spin.
pub async fn use_one(
    tx: &mut Tx,
    changes: &mut Changes,
    spin: &SettledSpin,
) -> Result<bool, RewardError> {
    let bundle: Option<(i64, i64)> = sqlx::query_as(
        "SELECT id, bet_amount FROM player_freespins
         WHERE player_id = ? AND currency = ? AND game_id = ? AND status = 2 AND used < count
         ORDER BY id LIMIT 1",
    )
    .bind(spin.player_id)
    .bind(&spin.currency)
    .bind(spin.game_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((id, value)) = bundle else {
        return Ok(false);
    };
    sqlx::query(&format!(
        "UPDATE player_freespins SET used = used + 1, total_win = total_win + ?,
             status = CASE WHEN used + 1 = count THEN 3 ELSE status END,
             result = CASE WHEN used + 1 = count THEN {RESULT_PLAYED} ELSE result END,
             updated_at = {NOW}
         WHERE id = ?"
    ))
    .bind(spin.win)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    let refund = spin.bet.min(value);
    if refund > 0 {
        crate::wallet::credit(tx, spin.account_id, refund).await?;
        changes.balance(spin.player_id, spin.account_id);
    }
    Held::Freespins
        .publish(tx, changes, spin.player_id, id)
        .await?;
    Ok(true)
}
