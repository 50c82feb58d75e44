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

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::SettledSpin;
use super::changes::{Changes, Tx, credit_currency};
use super::freespins;
use super::notifications::{self, Kind};
use crate::ApiError;
use crate::clock::{NOW, NOW_PLUS};
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
        let id: i64 = sqlx::query_scalar(&format!(
            "INSERT INTO player_freespins (player_id, package_id, count, currency, game_id,
                 bet_amount, issue_session_id, source, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, {NOW_PLUS})
             RETURNING id"
        ))
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
        Held::Freespins
            .publish(tx, changes, grant.player_id, id)
            .await?;
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
        let id: i64 = sqlx::query_scalar(&format!(
            "INSERT INTO player_bonuses (player_id, package_id, amount, currency, wager_required,
                 max_bet_amount, issue_session_id, source, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, {NOW_PLUS})
             RETURNING id"
        ))
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
        Held::Bonus
            .publish(tx, changes, grant.player_id, id)
            .await?;
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
        Held::Bonus.publish(tx, changes, player_id, id).await?;
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
        Held::Freespins.publish(tx, changes, player_id, id).await?;
    }
    Ok(())
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

/// The two kinds of package a player holds, which activate and cancel alike.
#[derive(Debug, Clone, Copy)]
pub enum Held {
    Bonus,
    Freespins,
}

impl Held {
    fn table(self) -> &'static str {
        match self {
            Self::Bonus => "player_bonuses",
            Self::Freespins => "player_freespins",
        }
    }

    fn not_found(self) -> ApiError {
        match self {
            Self::Bonus => ApiError::not_found("bonus_not_found", "There is no such bonus."),
            Self::Freespins => {
                ApiError::not_found("freespins_not_found", "There are no such free spins.")
            }
        }
    }

    fn finished(self) -> ApiError {
        let what = match self {
            Self::Bonus => "bonus",
            Self::Freespins => "free-spin bundle",
        };
        ApiError::conflict(
            "bonus_finished",
            format!("This {what} is finished; it can no longer be activated or cancelled."),
        )
    }

    /// Tells the player about the package's change, after the commit.
    pub async fn publish(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), ApiError> {
        match self {
            Self::Bonus => {
                let bonuses = bonuses_of(tx, player_id, Some(id)).await?;
                changes.publish_each(
                    &channels::bonuses(player_id),
                    "bonus.updated",
                    "playerBonus",
                    &bonuses,
                );
            }
            Self::Freespins => {
                let freespins = freespins::freespins_of(tx, player_id, Some(id)).await?;
                changes.publish_each(
                    &channels::freespins(player_id),
                    "freespin.updated",
                    "playerFreespin",
                    &freespins,
                );
            }
        }
        Ok(())
    }

    /// 1 → 2, its lifetime counted again from now. A bonus needs no other active bonus in its
    /// currency, and one without wagering (multiplier 0) is released at once.
    pub async fn activate(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), ApiError> {
        expire_due(tx, changes, player_id).await?;
        let lifetime = self.activatable(tx, player_id, id).await?;
        let release_at_once = match self {
            Self::Bonus => bonus_may_start(tx, player_id, id).await?,
            Self::Freespins => false,
        };
        self.start(tx, id, lifetime).await?;
        if release_at_once {
            release(tx, changes, player_id, id).await?;
        }
        self.publish(tx, changes, player_id, id).await
    }

    /// The lifetime in hours of an issued package the player may activate; an active or finished
    /// one is refused.
    async fn activatable(self, tx: &mut Tx, player_id: i64, id: i64) -> Result<i64, ApiError> {
        let row: Option<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT h.status, p.lifetime_hours
             FROM {} h JOIN bonus_packages p ON p.id = h.package_id
             WHERE h.id = ? AND h.player_id = ?",
            self.table()
        ))
        .bind(id)
        .bind(player_id)
        .fetch_optional(&mut **tx)
        .await?;
        let (status, lifetime) = row.ok_or_else(|| self.not_found())?;
        match status {
            STATUS_ISSUED => Ok(lifetime),
            STATUS_ACTIVE => Err(match self {
                Self::Bonus => {
                    ApiError::conflict("bonus_already_active", "This bonus is already active.")
                }
                Self::Freespins => ApiError::conflict(
                    "freespins_already_active",
                    "These free spins are already active.",
                ),
            }),
            _ => Err(self.finished()),
        }
    }

    async fn start(self, tx: &mut Tx, id: i64, lifetime_hours: i64) -> Result<(), ApiError> {
        sqlx::query(&format!(
            "UPDATE {} SET status = 2, updated_at = {NOW}, expires_at = {NOW_PLUS} WHERE id = ?",
            self.table()
        ))
        .bind(format!("+{lifetime_hours} hours"))
        .bind(id)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// 1 or 2 → 3 with result 3 (expired ones first, so a finished package is refused). An
    /// active bonus's wagering is given up: its money was never in the account, so nothing is
    /// taken back. Free spins not used are lost.
    pub async fn cancel(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), ApiError> {
        expire_due(tx, changes, player_id).await?;
        let status: i64 = sqlx::query_scalar(&format!(
            "SELECT status FROM {} WHERE id = ? AND player_id = ?",
            self.table()
        ))
        .bind(id)
        .bind(player_id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| self.not_found())?;
        if status == STATUS_FINISHED {
            return Err(self.finished());
        }
        sqlx::query(&format!(
            "UPDATE {} SET status = 3, result = {RESULT_CANCELED}, updated_at = {NOW} WHERE id = ?",
            self.table()
        ))
        .bind(id)
        .execute(&mut **tx)
        .await?;
        self.publish(tx, changes, player_id, id).await
    }
}

/// Whether a bonus may start now (no other bonus of its currency is active), and whether it is
/// released at once (it needs no wagering).
async fn bonus_may_start(tx: &mut Tx, player_id: i64, id: i64) -> Result<bool, ApiError> {
    let (currency, required): (String, i64) =
        sqlx::query_as("SELECT currency, wager_required FROM player_bonuses WHERE id = ?")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
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
    Ok(required == 0)
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
    Held::Bonus.publish(tx, changes, spin.player_id, id).await
}
