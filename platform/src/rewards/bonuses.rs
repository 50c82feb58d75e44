//! Bonuses and free spins: issuing packages, the status transitions, expiry and wagering.
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
//! - Free spins are consumed by playing their game: while a bundle is active, each real spin on
//!   its game in its currency uses one free spin, and the stake, up to the free spin's value
//!   (`betAmount`), is credited back at once, so a spin at that value costs nothing. Wins are paid
//!   as real money (no wagering). The bundle finishes as played when the last one is used.
//!   Covered stakes are not real wagers: they advance no bonus wagering, no loyalty points and no
//!   wager quest tasks, but they are spins (and wins) for quests.

use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::changes::{Changes, NOW, Tx, credit_currency};
use super::notifications::{self, Kind};
use super::{SettledDeposit, SettledSpin};
use crate::ApiError;
use crate::realtime::channels;

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

async fn package_games(conn: &mut SqliteConnection, package_id: i64) -> Result<Vec<i64>, ApiError> {
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
) -> Result<Vec<PlayerBonus>, ApiError> {
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

pub async fn freespins_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: Option<i64>,
) -> Result<Vec<PlayerFreespin>, ApiError> {
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

async fn publish_bonus(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    for bonus in bonuses_of(tx, player_id, Some(id)).await? {
        changes.publish(
            channels::bonuses(player_id),
            json!({ "event": "bonus.updated", "playerBonus": bonus }),
        );
    }
    Ok(())
}

async fn publish_freespin(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    for freespin in freespins_of(tx, player_id, Some(id)).await? {
        changes.publish(
            channels::freespins(player_id),
            json!({ "event": "freespin.updated", "playerFreespin": freespin }),
        );
    }
    Ok(())
}

/// What to issue: a package in a currency, for a reason.
pub struct Grant<'a> {
    pub player_id: i64,
    pub package_id: i64,
    pub currency: &'a str,
    /// The deposit a match bonus is a share of.
    pub deposit_amount: Option<i64>,
    /// An amount decided by the caller (cashback), instead of the package's.
    pub fixed_amount: Option<i64>,
    /// deposit, code, quest or cashback.
    pub source: &'a str,
    pub session_id: Option<&'a str>,
}

#[derive(FromRow)]
struct PackageOffer {
    name: String,
    kind: String,
    match_percent: Option<i64>,
    wager_multiplier: i64,
    freespin_count: Option<i64>,
    freespin_game_id: Option<i64>,
    lifetime_hours: i64,
    amount: i64,
    max_bet_amount: Option<i64>,
    freespin_bet: Option<i64>,
}

/// Whether a package is offered in a currency (it has an amount there).
pub async fn offered_in(
    conn: &mut SqliteConnection,
    package_id: i64,
    currency: &str,
) -> Result<bool, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM bonus_package_currencies WHERE package_id = ? AND currency = ?)",
    )
    .bind(package_id)
    .bind(currency)
    .fetch_one(conn)
    .await?)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Issued {
    Bonus(i64),
    Freespins(i64),
}

/// Issues a package (status 1), raises its notification and publishes it. `None` when the package
/// is not offered in the currency or comes to nothing (a match of 0).
pub async fn issue(
    tx: &mut Tx,
    changes: &mut Changes,
    grant: &Grant<'_>,
) -> Result<Option<Issued>, ApiError> {
    let offer: Option<PackageOffer> = sqlx::query_as(
        "SELECT p.name, p.kind, p.match_percent, p.wager_multiplier, p.freespin_count,
                p.freespin_game_id, p.lifetime_hours, c.amount, c.max_bet_amount, c.freespin_bet
         FROM bonus_packages p JOIN bonus_package_currencies c ON c.package_id = p.id
         WHERE p.id = ? AND c.currency = ?",
    )
    .bind(grant.package_id)
    .bind(grant.currency)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(offer) = offer else {
        return Ok(None);
    };
    let expires = format!("+{} hours", offer.lifetime_hours);
    let subunit = notifications::subunit_of(tx, grant.currency).await?;
    let (issued, title, body) = if offer.kind == "freespins" {
        let count = offer.freespin_count.unwrap_or(0);
        let game_id = offer
            .freespin_game_id
            .ok_or_else(|| anyhow::anyhow!("free-spin package {} has no game", grant.package_id))?;
        let bet = offer.freespin_bet.unwrap_or(offer.amount).max(1);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO player_freespins (player_id, package_id, count, currency, game_id,
                 bet_amount, issue_session_id, source, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
             RETURNING id",
        )
        .bind(grant.player_id)
        .bind(grant.package_id)
        .bind(count)
        .bind(grant.currency)
        .bind(game_id)
        .bind(bet)
        .bind(grant.session_id)
        .bind(grant.source)
        .bind(&expires)
        .fetch_one(&mut **tx)
        .await?;
        let game: Option<String> = sqlx::query_scalar("SELECT name FROM games WHERE id = ?")
            .bind(game_id)
            .fetch_optional(&mut **tx)
            .await?;
        publish_freespin(tx, changes, grant.player_id, id).await?;
        (
            Issued::Freespins(id),
            format!("{count} free spins are yours"),
            format!(
                "{}: {count} free spins on {}, {} each. Activate them on the bonuses page.",
                offer.name,
                game.unwrap_or_else(|| "the game".to_owned()),
                notifications::format_amount(bet, subunit, grant.currency)
            ),
        )
    } else {
        let amount = match (
            grant.fixed_amount,
            offer.match_percent,
            grant.deposit_amount,
        ) {
            (Some(fixed), ..) => fixed,
            (None, Some(percent), Some(deposit)) => {
                let share = i128::from(deposit) * i128::from(percent) / 100;
                i64::try_from(share).unwrap_or(i64::MAX).min(offer.amount)
            }
            (None, _, _) => offer.amount,
        };
        if amount <= 0 {
            return Ok(None);
        }
        let required = amount.saturating_mul(offer.wager_multiplier);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO player_bonuses (player_id, package_id, amount, currency, wager_required,
                 max_bet_amount, issue_session_id, source, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
             RETURNING id",
        )
        .bind(grant.player_id)
        .bind(grant.package_id)
        .bind(amount)
        .bind(grant.currency)
        .bind(required)
        .bind(offer.max_bet_amount)
        .bind(grant.session_id)
        .bind(grant.source)
        .bind(&expires)
        .fetch_one(&mut **tx)
        .await?;
        publish_bonus(tx, changes, grant.player_id, id).await?;
        let shown = notifications::format_amount(amount, subunit, grant.currency);
        (
            Issued::Bonus(id),
            format!("Bonus of {shown} issued"),
            format!(
                "{}: {shown}. Activate it and wager {} to release it to your balance.",
                offer.name,
                notifications::format_amount(required, subunit, grant.currency)
            ),
        )
    };
    notifications::notify(tx, changes, grant.player_id, Kind::BonusIssued, title, body).await?;
    Ok(Some(issued))
}

/// Finishes what has run out of time (see the module's rules).
pub async fn expire_due(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
) -> Result<(), ApiError> {
    let bonuses: Vec<i64> = sqlx::query_scalar(&format!(
        "UPDATE player_bonuses SET status = 3,
             result = CASE status WHEN 1 THEN {RESULT_EXPIRED} ELSE {RESULT_WAGER_EXPIRED} END,
             updated_at = {NOW}
         WHERE player_id = ? AND status IN (1, 2) AND expires_at <= {NOW}
         RETURNING id"
    ))
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for id in bonuses {
        publish_bonus(tx, changes, player_id, id).await?;
    }
    let freespins: Vec<i64> = sqlx::query_scalar(&format!(
        "UPDATE player_freespins SET status = 3, result = {RESULT_EXPIRED}, updated_at = {NOW}
         WHERE player_id = ? AND status IN (1, 2) AND expires_at <= {NOW}
         RETURNING id"
    ))
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for id in freespins {
        publish_freespin(tx, changes, player_id, id).await?;
    }
    Ok(())
}

fn finished(what: &str) -> ApiError {
    ApiError::conflict(
        "bonus_finished",
        format!("This {what} is finished; it can no longer be activated or cancelled."),
    )
}

/// Finishes an active bonus as played and pays its amount into the real account.
async fn release(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
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

/// 1 → 2. A bonus without wagering (multiplier 0) is released at once.
pub async fn activate_bonus(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    expire_due(tx, changes, player_id).await?;
    let row: Option<(i64, String, i64, i64)> = sqlx::query_as(
        "SELECT b.status, b.currency, b.wager_required, p.lifetime_hours
         FROM player_bonuses b JOIN bonus_packages p ON p.id = b.package_id
         WHERE b.id = ? AND b.player_id = ?",
    )
    .bind(id)
    .bind(player_id)
    .fetch_optional(&mut **tx)
    .await?;
    let (status, currency, required, lifetime) =
        row.ok_or_else(|| ApiError::not_found("bonus_not_found", "There is no such bonus."))?;
    match status {
        STATUS_ISSUED => {}
        STATUS_ACTIVE => {
            return Err(ApiError::conflict(
                "bonus_already_active",
                "This bonus is already active.",
            ));
        }
        _ => return Err(finished("bonus")),
    }
    let other_active: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM player_bonuses WHERE player_id = ? AND currency = ? AND status = 2)",
    )
    .bind(player_id)
    .bind(&currency)
    .fetch_one(&mut **tx)
    .await?;
    if other_active {
        return Err(ApiError::conflict(
            "another_bonus_active",
            format!(
                "Another {currency} bonus is active. Finish or cancel it before activating this one."
            ),
        ));
    }
    sqlx::query(&format!(
        "UPDATE player_bonuses SET status = 2, updated_at = {NOW},
             expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
         WHERE id = ?"
    ))
    .bind(format!("+{lifetime} hours"))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if required == 0 {
        release(tx, changes, player_id, id).await?;
    }
    publish_bonus(tx, changes, player_id, id).await
}

/// 1 or 2 → 3 with result 3. An active bonus's wagering is given up; its money was never in the
/// account, so nothing is taken back.
pub async fn cancel_bonus(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    expire_due(tx, changes, player_id).await?;
    let status: i64 =
        sqlx::query_scalar("SELECT status FROM player_bonuses WHERE id = ? AND player_id = ?")
            .bind(id)
            .bind(player_id)
            .fetch_optional(&mut **tx)
            .await?
            .ok_or_else(|| ApiError::not_found("bonus_not_found", "There is no such bonus."))?;
    if status == STATUS_FINISHED {
        return Err(finished("bonus"));
    }
    sqlx::query(&format!(
        "UPDATE player_bonuses SET status = 3, result = {RESULT_CANCELED}, updated_at = {NOW}
         WHERE id = ?"
    ))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    publish_bonus(tx, changes, player_id, id).await
}

pub async fn activate_freespins(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    expire_due(tx, changes, player_id).await?;
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT f.status, p.lifetime_hours
         FROM player_freespins f JOIN bonus_packages p ON p.id = f.package_id
         WHERE f.id = ? AND f.player_id = ?",
    )
    .bind(id)
    .bind(player_id)
    .fetch_optional(&mut **tx)
    .await?;
    let (status, lifetime) = row.ok_or_else(freespins_not_found)?;
    match status {
        STATUS_ISSUED => {}
        STATUS_ACTIVE => {
            return Err(ApiError::conflict(
                "freespins_already_active",
                "These free spins are already active.",
            ));
        }
        _ => return Err(finished("free-spin bundle")),
    }
    sqlx::query(&format!(
        "UPDATE player_freespins SET status = 2, updated_at = {NOW},
             expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
         WHERE id = ?"
    ))
    .bind(format!("+{lifetime} hours"))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    publish_freespin(tx, changes, player_id, id).await
}

fn freespins_not_found() -> ApiError {
    ApiError::not_found("freespins_not_found", "There are no such free spins.")
}

pub async fn cancel_freespins(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), ApiError> {
    expire_due(tx, changes, player_id).await?;
    let status: i64 =
        sqlx::query_scalar("SELECT status FROM player_freespins WHERE id = ? AND player_id = ?")
            .bind(id)
            .bind(player_id)
            .fetch_optional(&mut **tx)
            .await?
            .ok_or_else(freespins_not_found)?;
    if status == STATUS_FINISHED {
        return Err(finished("free-spin bundle"));
    }
    sqlx::query(&format!(
        "UPDATE player_freespins SET status = 3, result = {RESULT_CANCELED}, updated_at = {NOW}
         WHERE id = ?"
    ))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    publish_freespin(tx, changes, player_id, id).await
}

async fn counts_for_game(
    conn: &mut SqliteConnection,
    package_id: i64,
    game_id: i64,
) -> Result<bool, ApiError> {
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
) -> Result<Option<i64>, ApiError> {
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

/// Uses one free spin of an active bundle on the spin's game, crediting back the stake it covers.
/// `true` if the spin was a free spin.
pub async fn use_freespin(
    tx: &mut Tx,
    changes: &mut Changes,
    spin: &SettledSpin,
) -> Result<bool, ApiError> {
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
        crate::routes::wallet::credit(tx, spin.account_id, refund).await?;
        changes.balance(spin.player_id, spin.account_id);
    }
    publish_freespin(tx, changes, spin.player_id, id).await?;
    Ok(true)
}

/// Counts a real-money bet towards the active bonus of its currency, releasing the bonus when its
/// wagering is complete.
pub async fn wager(tx: &mut Tx, changes: &mut Changes, spin: &SettledSpin) -> Result<(), ApiError> {
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
    publish_bonus(tx, changes, spin.player_id, id).await
}

/// A deposit bonus (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositBonus {
    pub id: i64,
    pub name: String,
    pub package: PackageRef,
    /// Which successful deposits qualify: from this ordinal (1 is the first-time deposit) ...
    pub deposit_number_from: i64,
    /// ... to this one; `null`: every later one.
    pub deposit_number_to: Option<i64>,
    pub trigger_conditions: TriggerConditions,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageRef {
    pub id: i64,
    pub name: String,
    /// bonus or freespins.
    #[serde(rename = "type")]
    pub kind: String,
    /// Match bonuses: the share of the deposit given, in percent.
    pub match_percent: Option<i64>,
    pub wager_multiplier: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TriggerConditions {
    pub invoice_amount_items: Vec<InvoiceAmountItem>,
    /// The smallest qualifying deposit in minor units of the base currency, for currencies
    /// without their own item.
    pub base_currency_invoice_amount_from: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceAmountItem {
    pub currency: String,
    /// Minor units of `currency`.
    pub amount_from: i64,
}

#[derive(FromRow)]
struct DepositBonusRow {
    id: i64,
    package_id: i64,
    name: String,
    kind: String,
    match_percent: Option<i64>,
    wager_multiplier: i64,
    deposit_number_from: i64,
    deposit_number_to: Option<i64>,
    base_currency_amount_from: i64,
}

impl DepositBonus {
    /// Whether a deposit of `amount` minor units of `currency` reaches the threshold.
    pub fn amount_qualifies(
        &self,
        rates: &super::rates::Rates,
        currency: &str,
        amount: i64,
    ) -> bool {
        let conditions = &self.trigger_conditions;
        match conditions
            .invoice_amount_items
            .iter()
            .find(|item| item.currency == currency)
        {
            Some(item) => amount >= item.amount_from,
            None => rates.to_base(currency, amount) >= conditions.base_currency_invoice_amount_from,
        }
    }

    pub fn number_qualifies(&self, number: i64) -> bool {
        number >= self.deposit_number_from && self.deposit_number_to.is_none_or(|to| number <= to)
    }
}

/// Every deposit bonus offered in `currency`, in display order.
pub async fn deposit_bonuses(
    conn: &mut SqliteConnection,
    currency: &str,
) -> Result<Vec<DepositBonus>, ApiError> {
    let rows: Vec<DepositBonusRow> = sqlx::query_as(
        "SELECT d.id, d.package_id, p.name, p.kind, p.match_percent, p.wager_multiplier,
                d.deposit_number_from, d.deposit_number_to, d.base_currency_amount_from
         FROM deposit_bonuses d JOIN bonus_packages p ON p.id = d.package_id
         WHERE EXISTS (SELECT 1 FROM bonus_package_currencies c
                       WHERE c.package_id = d.package_id AND c.currency = ?)
         ORDER BY d.position, d.id",
    )
    .bind(currency)
    .fetch_all(&mut *conn)
    .await?;
    let mut offers = Vec::with_capacity(rows.len());
    for row in rows {
        let items: Vec<InvoiceAmountItem> = sqlx::query_as(
            "SELECT currency, amount_from FROM deposit_bonus_currencies
             WHERE deposit_bonus_id = ? ORDER BY currency",
        )
        .bind(row.id)
        .fetch_all(&mut *conn)
        .await?;
        offers.push(DepositBonus {
            id: row.id,
            name: row.name.clone(),
            package: PackageRef {
                id: row.package_id,
                name: row.name,
                kind: row.kind,
                match_percent: row.match_percent,
                wager_multiplier: row.wager_multiplier,
            },
            deposit_number_from: row.deposit_number_from,
            deposit_number_to: row.deposit_number_to,
            trigger_conditions: TriggerConditions {
                invoice_amount_items: items,
                base_currency_invoice_amount_from: row.base_currency_amount_from,
            },
        });
    }
    Ok(offers)
}

/// The ordinal the player's next successful deposit will have.
pub async fn next_deposit_number(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<i64, ApiError> {
    let done: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM invoices WHERE player_id = ? AND type = 'deposit' AND status = 2",
    )
    .bind(player_id)
    .fetch_one(conn)
    .await?;
    Ok(done + 1)
}

/// A credited deposit issues the package of a bonus code waiting for it, or else the first deposit
/// bonus (in display order) that the deposit qualifies for: one bonus per deposit.
pub async fn deposit_settled(
    tx: &mut Tx,
    changes: &mut Changes,
    rates: &super::rates::Rates,
    deposit: &SettledDeposit,
) -> Result<(), ApiError> {
    if super::bonus_codes::issue_waiting(tx, changes, deposit).await? {
        return Ok(());
    }
    for offer in deposit_bonuses(tx, &deposit.currency).await? {
        if offer.number_qualifies(deposit.number)
            && offer.amount_qualifies(rates, &deposit.currency, deposit.amount)
        {
            let grant = Grant {
                player_id: deposit.player_id,
                package_id: offer.package.id,
                currency: &deposit.currency,
                deposit_amount: Some(deposit.amount),
                fixed_amount: None,
                source: "deposit",
                session_id: None,
            };
            if issue(tx, changes, &grant).await?.is_some() {
                break;
            }
        }
    }
    Ok(())
}
