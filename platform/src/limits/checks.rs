//! The checks play and payments make against the player's limits before money moves.

use sqlx::{SqliteConnection, SqlitePool};

use super::{BET, DEPOSIT, LOSS, LimitError, SELF_EXCLUSION};
use super::{apply_due_changes, exclusions, money_limits};
use crate::money::rates::Rates;

/// Why the player may not play at all right now.
#[derive(Debug, thiserror::Error)]
pub enum PlayRefusal {
    #[error("the player excluded themselves from play until {until}")]
    SelfExcluded { until: String },
    #[error("the player is taking a break from play until {until}")]
    CoolingOff { until: String },
}

/// Why a real-money bet may not be placed.
#[derive(Debug, thiserror::Error)]
pub enum BetRefusal {
    #[error(transparent)]
    Excluded(PlayRefusal),
    /// The bet would go over a bet limit (`over.definition` is [`BET`]) or could go over a loss
    /// limit.
    #[error("the bet would go over a limit")]
    OverLimit(OverLimit),
}

/// Why deposits, or one deposit, may not be made.
#[derive(Debug, thiserror::Error)]
pub enum DepositRefusal {
    #[error(transparent)]
    Excluded(PlayRefusal),
    /// The current period's successful deposits reached a deposit limit of `amount`.
    #[error("a deposit limit is reached")]
    LimitReached {
        period: String,
        amount: i64,
        currency: String,
    },
    /// This deposit would go over a deposit limit.
    #[error("the deposit would go over a deposit limit")]
    OverLimit(OverLimit),
}

/// Why the player may not play at all right now: a running self-exclusion or cooling-off.
pub async fn play_refusal(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Option<PlayRefusal>, LimitError> {
    let running = exclusions(conn, player_id).await?;
    Ok(running.first().map(|limit| {
        let until = limit.ends_at.clone().unwrap_or_default();
        if limit.definition == SELF_EXCLUSION {
            PlayRefusal::SelfExcluded { until }
        } else {
            PlayRefusal::CoolingOff { until }
        }
    }))
}

/// Why a real-money bet of `amount` in `currency` may not be placed, if it may not: a running
/// self-exclusion or cooling-off, or a bet or loss limit the bet would go over, whatever the
/// limit's currency (the bet is converted into it). Run it inside the bet's transaction so the
/// sums it reads cannot change before the bet is written.
pub async fn bet_refusal(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<Option<BetRefusal>, LimitError> {
    apply_due_changes(conn, player_id).await?;
    if let Some(refusal) = play_refusal(conn, player_id).await? {
        return Ok(Some(BetRefusal::Excluded(refusal)));
    }
    Ok(
        first_limit_over(conn, player_id, currency, amount, &[BET, LOSS])
            .await?
            .map(BetRefusal::OverLimit),
    )
}

/// A money limit that a stake or deposit would go over, and what it has used, in its currency.
#[derive(Debug)]
pub struct OverLimit {
    pub definition: i64,
    pub period: String,
    pub limit_amount: i64,
    pub limit_currency: String,
    pub used: i64,
}

/// The first of the player's limits of `definitions` that `amount` in `currency` (converted into
/// the limit's currency) would take over what it has left.
async fn first_limit_over(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
    amount: i64,
    definitions: &[i64],
) -> Result<Option<OverLimit>, LimitError> {
    let limits = money_limits(conn, player_id).await?;
    // Most players have no limit: their spins skip reading the rates.
    if limits.is_empty() {
        return Ok(None);
    }
    let rates = Rates::load(&mut *conn).await?;
    for limit in limits {
        let (Some(limit_amount), Some(limit_currency), Some(used)) =
            (limit.amount, limit.currency.as_deref(), limit.used)
        else {
            continue;
        };
        if !definitions.contains(&limit.definition)
            || used.saturating_add(rates.convert(currency, limit_currency, amount)) <= limit_amount
        {
            continue;
        }
        return Ok(Some(OverLimit {
            definition: limit.definition,
            period: limit.period.unwrap_or_default(),
            limit_amount,
            limit_currency: limit_currency.to_owned(),
            used,
        }));
    }
    Ok(None)
}

/// Why deposits are refused right now, if they are: a running self-exclusion or cooling-off, or
/// a deposit limit whose current period's successful deposits reached it.
pub async fn deposit_refusal(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Option<DepositRefusal>, LimitError> {
    apply_due_changes(conn, player_id).await?;
    if let Some(exclusion) = play_refusal(conn, player_id).await? {
        return Ok(Some(DepositRefusal::Excluded(exclusion)));
    }
    for limit in money_limits(conn, player_id).await? {
        if limit.definition != DEPOSIT {
            continue;
        }
        if let (Some(amount), Some(used)) = (limit.amount, limit.used)
            && used >= amount
        {
            return Ok(Some(DepositRefusal::LimitReached {
                period: limit.period.unwrap_or_default(),
                amount,
                currency: limit.currency.unwrap_or_default(),
            }));
        }
    }
    Ok(None)
}

/// Why a new deposit of `amount` in `currency` is refused, if it is: it would take the current
/// period's successful deposits over one of the player's deposit limits, in whatever currency
/// the limit is (the deposit is converted into it). Pending deposits do not count: an abandoned
/// one would block the player until the period ends.
pub async fn deposit_amount_refusal(
    pool: &SqlitePool,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<Option<DepositRefusal>, LimitError> {
    let mut conn = pool.acquire().await?;
    Ok(
        first_limit_over(&mut conn, player_id, currency, amount, &[DEPOSIT])
            .await?
            .map(DepositRefusal::OverLimit),
    )
}
