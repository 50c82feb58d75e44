//! Wagering: real-money bets counted towards the active bonus, its max bet, and its release.

use sqlx::SqliteConnection;

use super::{Held, RESULT_PLAYED};
use crate::clock::NOW;
use crate::rewards::RewardError;
use crate::rewards::SettledSpin;
use crate::rewards::changes::{Changes, Tx, credit_currency};
use crate::rewards::notifications::{self, Kind};

/// Finishes an active bonus as played and pays its amount into the real account.
pub(super) async fn release(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), RewardError> {
    let (amount, currency): (i64, String) = sqlx::query_as(&format!(
        "UPDATE player_bonuses SET status = 3, result = {RESULT_PLAYED}, wagered = wager_required,
             updated_at = {NOW}
         WHERE id = ? AND status = 2 RETURNING amount, currency"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    credit_currency(tx, changes, player_id, &currency, amount).await?;
    let subunit = notifications::subunit_of(tx, &currency).await?;
    let shown = notifications::format_amount(amount, subunit, &currency);
    notifications::notify(
        tx,
        changes,
        player_id,
        Kind::BonusReleased,
        format!("Bonus of {shown} released"),
        format!("Its wagering is done: {shown} is on your balance."),
    )
    .await
}

async fn counts_for_game(
    conn: &mut SqliteConnection,
    package_id: i64,
    game_id: i64,
) -> Result<bool, RewardError> {
    Ok(sqlx::query_scalar(
        "SELECT NOT EXISTS (SELECT 1 FROM bonus_package_games WHERE package_id = ?1)
             OR EXISTS (SELECT 1 FROM bonus_package_games WHERE package_id = ?1 AND game_id = ?2)",
    )
    .bind(package_id)
    .bind(game_id)
    .fetch_one(conn)
    .await?)
}

pub async fn max_bet(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
    game_id: i64,
) -> Result<Option<i64>, RewardError> {
    let active: Option<(i64, Option<i64>)> = sqlx::query_as(&format!(
        "SELECT package_id, max_bet_amount FROM player_bonuses
         WHERE player_id = ? AND currency = ? AND status = 2 AND expires_at > {NOW}"
    ))
    .bind(player_id)
    .bind(currency)
    .fetch_optional(&mut *conn)
    .await?;
    match active {
        Some((package_id, Some(limit))) if counts_for_game(conn, package_id, game_id).await? => {
            Ok(Some(limit))
        }
        _ => Ok(None),
    }
}

/// Counts a real-money bet towards the active bonus of its currency, releasing the bonus when its
/// wagering is complete.
pub async fn wager(
    tx: &mut Tx,
    changes: &mut Changes,
    spin: &SettledSpin,
) -> Result<(), RewardError> {
    let active: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, package_id, wager_required, wagered FROM player_bonuses
         WHERE player_id = ? AND currency = ? AND status = 2",
    )
    .bind(spin.player_id)
    .bind(&spin.currency)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((id, package_id, required, wagered)) = active else {
        return Ok(());
    };
    if spin.bet <= 0 || !counts_for_game(tx, package_id, spin.game_id).await? {
        return Ok(());
    }
    if wagered.saturating_add(spin.bet) >= required {
        release(tx, changes, spin.player_id, id).await?;
    } else {
        sqlx::query(&format!(
            "UPDATE player_bonuses SET wagered = wagered + ?, updated_at = {NOW} WHERE id = ?"
        ))
        .bind(spin.bet)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    }
    Held::Bonus.publish(tx, changes, spin.player_id, id).await
}
