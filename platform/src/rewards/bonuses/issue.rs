//! Issuing a package: a bonus (a fixed amount, a match of a deposit, or the caller's amount) or a
//! bundle of free spins, with its notification.

use sqlx::{FromRow, SqliteConnection};

use super::Held;
use crate::bot_events::{Amount, Notice};
use crate::clock::NOW_PLUS;
use crate::rewards::RewardError;
use crate::rewards::changes::{Changes, Tx};
use crate::rewards::notifications::{self, Kind};

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
) -> Result<bool, RewardError> {
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
) -> Result<Option<Issued>, RewardError> {
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
        let notice = Notice::FreeSpinsAwarded {
            freespins_id: id,
            count,
            game: game.clone(),
        };
        changes.tell_bot(tx, grant.player_id, notice).await?;
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
        let notice = Notice::BonusAwarded {
            bonus_id: id,
            title: offer.name.clone(),
            amount: Amount {
                minor: amount,
                currency: grant.currency.to_owned(),
            },
        };
        changes.tell_bot(tx, grant.player_id, notice).await?;
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
