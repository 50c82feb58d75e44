//! Setting, changing and removing a limit (the rules are in the module above). Each runs in one
//! `BEGIN IMMEDIATE` transaction and answers the limit as it now stands.

use sqlx::{SqliteConnection, SqlitePool};

use super::{
    BET, COOLING_DELAY, COOLING_OFF, DEPOSIT, LOSS, Limit, LimitError, MAX_AMOUNT,
    MAX_COOLING_OFF_DAYS, MAX_SELF_EXCLUSION_DAYS, Period, SELF_EXCLUSION, apply_due_changes,
    exclusions, limit_of,
};
use crate::clock::{NOW, NOW_PLUS};

/// A limit the player asks for; which fields it takes depends on `definition` (see the module
/// above).
pub struct Requested<'a> {
    pub definition: i64,
    pub period: Option<&'a str>,
    pub amount: Option<i64>,
    pub currency: Option<&'a str>,
    pub days: Option<i64>,
}

fn invalid(field: &'static str, message: impl Into<String>) -> LimitError {
    LimitError::Invalid {
        field,
        message: message.into(),
    }
}

fn parse_period(text: Option<&str>) -> Result<Option<Period>, LimitError> {
    text.map(|p| {
        Period::parse(p.trim())
            .ok_or_else(|| invalid("period", "period is daily, weekly or monthly."))
    })
    .transpose()
}

fn check_amount(amount: i64) -> Result<i64, LimitError> {
    if (1..=MAX_AMOUNT).contains(&amount) {
        Ok(amount)
    } else {
        Err(invalid(
            "amount",
            format!("amount is a whole number of minor units from 1 to {MAX_AMOUNT}."),
        ))
    }
}

/// Whether another of the player's limits already holds (or will hold) these terms.
async fn terms_taken(
    conn: &mut SqliteConnection,
    player_id: i64,
    definition: i64,
    currency: &str,
    period: Period,
    except_id: Option<i64>,
) -> Result<bool, LimitError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM player_limits
                        WHERE player_id = ?1 AND definition = ?2 AND currency = ?3
                          AND (period = ?4 OR pending_period = ?4)
                          AND (?5 IS NULL OR id != ?5))",
    )
    .bind(player_id)
    .bind(definition)
    .bind(currency)
    .bind(period.as_str())
    .bind(except_id)
    .fetch_one(&mut *conn)
    .await?)
}

fn locked(limit: &Limit) -> LimitError {
    LimitError::Locked {
        definition: limit.definition,
        ends_at: limit.ends_at.clone().unwrap_or_default(),
    }
}

/// A loosening change, waiting the cooling delay.
enum Pending {
    /// New terms; `None` keeps the current one.
    Change {
        amount: Option<i64>,
        period: Option<Period>,
    },
    Removal,
}

/// Puts a pending change on a limit, effective after the cooling delay; it replaces any earlier
/// pending change.
async fn schedule(
    conn: &mut SqliteConnection,
    id: i64,
    pending: Pending,
) -> Result<(), LimitError> {
    let (amount, period, removal) = match pending {
        Pending::Change { amount, period } => (amount, period.map(Period::as_str), false),
        Pending::Removal => (None, None, true),
    };
    sqlx::query(&format!(
        "UPDATE player_limits
         SET pending_amount = ?, pending_period = ?, pending_removal = ?,
             pending_effective_at = {NOW_PLUS}, updated_at = {NOW}
         WHERE id = ?"
    ))
    .bind(amount)
    .bind(period)
    .bind(removal)
    .bind(COOLING_DELAY)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Sets a new limit; it applies at once.
pub async fn set(
    pool: &SqlitePool,
    player_id: i64,
    requested: Requested<'_>,
) -> Result<Limit, LimitError> {
    let period = parse_period(requested.period)?;
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    apply_due_changes(&mut tx, player_id).await?;
    let id: i64 = match requested.definition {
        BET | LOSS | DEPOSIT => {
            if requested.days.is_some() {
                return Err(invalid(
                    "days",
                    "Only self-exclusion and cooling-off take days.",
                ));
            }
            let period = period.ok_or_else(|| invalid("period", "Choose a period."))?;
            let amount = check_amount(
                requested
                    .amount
                    .ok_or_else(|| invalid("amount", "Enter an amount."))?,
            )?;
            let code = requested
                .currency
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .ok_or_else(|| invalid("currency", "Choose a currency."))?;
            let currency: String =
                sqlx::query_scalar("SELECT code FROM currencies WHERE code = ? AND is_enabled = 1")
                    .bind(code.to_ascii_uppercase())
                    .fetch_optional(&mut *tx)
                    .await?
                    .ok_or_else(|| invalid("currency", "This currency is not available."))?;
            if terms_taken(
                &mut tx,
                player_id,
                requested.definition,
                &currency,
                period,
                None,
            )
            .await?
            {
                return Err(LimitError::Exists);
            }
            sqlx::query_scalar(
                "INSERT INTO player_limits (player_id, definition, period, amount, currency)
                 VALUES (?, ?, ?, ?, ?) RETURNING id",
            )
            .bind(player_id)
            .bind(requested.definition)
            .bind(period.as_str())
            .bind(amount)
            .bind(&currency)
            .fetch_one(&mut *tx)
            .await?
        }
        SELF_EXCLUSION | COOLING_OFF => {
            if requested.amount.is_some() || requested.currency.is_some() {
                return Err(invalid(
                    "amount",
                    "Self-exclusion and cooling-off take a period or days, not an amount.",
                ));
            }
            let max_days = if requested.definition == SELF_EXCLUSION {
                MAX_SELF_EXCLUSION_DAYS
            } else {
                MAX_COOLING_OFF_DAYS
            };
            let days = match (period, requested.days) {
                (Some(period), None) => period.days(),
                (None, Some(days)) if (1..=max_days).contains(&days) => days,
                (None, Some(_)) => {
                    return Err(invalid(
                        "days",
                        format!("days is a whole number from 1 to {max_days}."),
                    ));
                }
                _ => {
                    return Err(invalid("period", "Give either a period or days."));
                }
            };
            if !exclusions(&mut tx, player_id)
                .await?
                .iter()
                .all(|l| l.definition != requested.definition)
            {
                return Err(LimitError::Exists);
            }
            sqlx::query_scalar(&format!(
                "INSERT INTO player_limits (player_id, definition, ends_at)
                 VALUES (?, ?, {NOW_PLUS}) RETURNING id"
            ))
            .bind(player_id)
            .bind(requested.definition)
            .bind(format!("+{days} days"))
            .fetch_one(&mut *tx)
            .await?
        }
        _ => {
            return Err(invalid(
                "definition",
                "definition is 1 (bet), 2 (loss), 3 (deposit), 4 (self-exclusion) or 5 \
                 (cooling-off).",
            ));
        }
    };
    let limit = limit_of(&mut tx, player_id, id).await?;
    tx.commit().await?;
    Ok(limit)
}

/// Changes a bet, loss or deposit limit: the same period with a lower or equal amount applies at
/// once; anything looser waits the cooling delay. `None` keeps the current period or amount.
pub async fn change(
    pool: &SqlitePool,
    player_id: i64,
    id: i64,
    period: Option<&str>,
    amount: Option<i64>,
) -> Result<Limit, LimitError> {
    let new_period = parse_period(period)?;
    let new_amount = amount.map(check_amount).transpose()?;
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let limit = limit_of(&mut tx, player_id, id).await?;
    let (Some(period), Some(amount), Some(currency)) = (
        limit.period.as_deref().and_then(Period::parse),
        limit.amount,
        limit.currency.clone(),
    ) else {
        return Err(locked(&limit));
    };
    let new_period = new_period.unwrap_or(period);
    let new_amount = new_amount.unwrap_or(amount);
    if new_period == period && new_amount <= amount {
        sqlx::query(&format!(
            "UPDATE player_limits SET amount = ?, pending_amount = NULL, pending_period = NULL,
                 pending_removal = 0, pending_effective_at = NULL, updated_at = {NOW}
             WHERE id = ?"
        ))
        .bind(new_amount)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    } else {
        if new_period != period
            && terms_taken(
                &mut tx,
                player_id,
                limit.definition,
                &currency,
                new_period,
                Some(id),
            )
            .await?
        {
            return Err(LimitError::Exists);
        }
        let pending = Pending::Change {
            amount: (new_amount != amount).then_some(new_amount),
            period: (new_period != period).then_some(new_period),
        };
        schedule(&mut tx, id, pending).await?;
    }
    let limit = limit_of(&mut tx, player_id, id).await?;
    tx.commit().await?;
    Ok(limit)
}

/// Removes a bet, loss or deposit limit after the cooling delay; asking again keeps the first
/// date. Self-exclusion and cooling-off are locked until they end.
pub async fn remove(pool: &SqlitePool, player_id: i64, id: i64) -> Result<Limit, LimitError> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let limit = limit_of(&mut tx, player_id, id).await?;
    if limit.definition >= SELF_EXCLUSION {
        return Err(locked(&limit));
    }
    if !limit.pending_removal {
        schedule(&mut tx, id, Pending::Removal).await?;
    }
    let limit = limit_of(&mut tx, player_id, id).await?;
    tx.commit().await?;
    Ok(limit)
}
