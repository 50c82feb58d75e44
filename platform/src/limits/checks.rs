//! The checks play and payments make against the player's limits before money moves.

use axum::http::StatusCode;
use sqlx::{SqliteConnection, SqlitePool};

use super::{BET, DEPOSIT, DEPOSIT_LIMIT_CODE, LOSS, SELF_EXCLUSION};
use super::{apply_due_changes, exclusions, money_limits};
use crate::ApiError;
use crate::money::rates::Rates;

/// Why the player may not play at all right now: a running self-exclusion or cooling-off.
pub async fn play_refusal(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Option<ApiError>, ApiError> {
    let running = exclusions(conn, player_id).await?;
    Ok(running.first().map(|limit| {
        let ends_at = limit.ends_at.as_deref().unwrap_or_default();
        if limit.definition == SELF_EXCLUSION {
            ApiError::conflict(
                "limit.self_exclusion.active",
                format!("You have excluded yourself from play until {ends_at}."),
            )
        } else {
            ApiError::conflict(
                "limit.cooling_off.active",
                format!("You are taking a break from play until {ends_at}."),
            )
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
) -> Result<Option<String>, ApiError> {
    apply_due_changes(conn, player_id).await?;
    if let Some(refusal) = play_refusal(conn, player_id).await? {
        return Ok(Some(refusal.to_string()));
    }
    let Some(over) = first_limit_over(conn, player_id, currency, amount, &[BET, LOSS]).await?
    else {
        return Ok(None);
    };
    let OverLimit {
        definition,
        period,
        limit_amount,
        limit_currency,
        used,
    } = over;
    Ok(Some(if definition == BET {
        format!(
            "This bet would go over your {period} bet limit ({used} of {limit_amount} \
             minor units of {limit_currency} used)."
        )
    } else {
        format!(
            "This bet could go over your {period} loss limit ({used} of {limit_amount} \
             minor units of {limit_currency} lost)."
        )
    }))
}

/// A money limit that a stake or deposit would go over, and what it has used, in its currency.
struct OverLimit {
    definition: i64,
    period: String,
    limit_amount: i64,
    limit_currency: String,
    used: i64,
}

/// The first of the player's limits of `definitions` that `amount` in `currency` (converted into
/// the limit's currency) would take over what it has left.
async fn first_limit_over(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
    amount: i64,
    definitions: &[i64],
) -> Result<Option<OverLimit>, ApiError> {
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
) -> Result<Option<ApiError>, ApiError> {
    apply_due_changes(conn, player_id).await?;
    let refused =
        |message: String| ApiError::client(StatusCode::CONFLICT, DEPOSIT_LIMIT_CODE, message);
    if let Some(exclusion) = play_refusal(conn, player_id).await? {
        return Ok(Some(refused(exclusion.to_string())));
    }
    for limit in money_limits(conn, player_id).await? {
        if limit.definition != DEPOSIT {
            continue;
        }
        if let (Some(amount), Some(used)) = (limit.amount, limit.used)
            && used >= amount
        {
            return Ok(Some(refused(format!(
                "Your {} deposit limit of {amount} minor units of {} is reached.",
                limit.period.as_deref().unwrap_or_default(),
                limit.currency.as_deref().unwrap_or_default()
            ))));
        }
    }
    Ok(None)
}

/// Refuses (`13100`) a new deposit of `amount` in `currency` that would take the current
/// period's successful deposits over one of the player's deposit limits, in whatever currency
/// the limit is (the deposit is converted into it), and says how much is left. Pending deposits
/// do not count: an abandoned one would block the player until the period ends.
pub async fn check_deposit_amount(
    pool: &SqlitePool,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<(), ApiError> {
    let mut conn = pool.acquire().await?;
    let Some(over) = first_limit_over(&mut conn, player_id, currency, amount, &[DEPOSIT]).await?
    else {
        return Ok(());
    };
    Err(ApiError::client(
        StatusCode::CONFLICT,
        DEPOSIT_LIMIT_CODE,
        format!(
            "This deposit would go over your {} deposit limit: at most {} more minor units \
             of {} this period.",
            over.period,
            over.limit_amount.saturating_sub(over.used).max(0),
            over.limit_currency
        ),
    ))
}
