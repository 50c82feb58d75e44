//! Responsible-gambling limits: what a limit is and what it has used ([`limits_of`]), the rules
//! for setting, changing and removing one ([`rules`]), and the checks play and payments make
//! against them ([`checks`]). The HTTP side is `routes/limits.rs`.
//!
//! Definitions (spec, section 4): 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off. The
//! spec shows only the fields; the rules are those regulated operators apply:
//! - Bet, loss and deposit limits are an `amount` (minor units) of one `currency` per `period`
//!   (daily, weekly, monthly), counted over the current calendar period in UTC: the day from
//!   00:00, the week from Monday, the month from the 1st. A player may hold one per definition,
//!   currency and period (daily, weekly and monthly deposit limits side by side).
//! - Bet counts every real-money bet placed in the period; loss counts bets minus wins (an
//!   unsettled bet counts as lost until it settles; winnings never extend the limit, so the loss
//!   is at least 0); deposit counts successful deposits.
//! - Multi-currency (spec, section 9): a limit counts the play of every currency the player
//!   holds, each converted into the limit's currency at the platform's rates, and a bet or a
//!   deposit in any currency is checked against every limit of its kind the same way. A second
//!   account in another currency is therefore no way round a limit, and limits in several
//!   currencies all hold, the strictest first.
//! - Making a limit stricter applies at once: a new limit, or the same period with a lower or
//!   equal amount. Loosening it (a higher amount, another period) or removing it waits
//!   [`COOLING_DELAY`]: the limit answers `pendingAmount`/`pendingPeriod`/`pendingRemoval`
//!   and `effectiveAt`, and the old terms hold until then. Asking again for the current terms
//!   cancels a pending change.
//! - Self-exclusion and cooling-off take a duration: `period` (daily 24 hours, weekly 7 days,
//!   monthly 30 days) or `days` (cooling-off at most 42 days, self-exclusion at most 1825). They
//!   start at once, cannot be changed or removed before `endsAt` (409 `limit.locked`), and while
//!   one runs the player can neither play (409 `limit.self_exclusion.active` /
//!   `limit.cooling_off.active`) nor deposit (`13100`). Ended ones drop out of the list.
//! - Enforcement: a bet that would take the period's bets or losses over a limit is refused
//!   (409 `game.bet.restricted`); once the period's deposits reach a deposit limit, deposit
//!   methods and new deposits answer `13100` (409), the spec's deposit-limit-reached code, and
//!   before that a new deposit larger than what is left is refused with `13100` too.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use crate::clock::NOW;
use crate::money::rates::Rates;

pub mod checks;
pub mod reality_check;
pub mod rules;

pub const BET: i64 = 1;
pub const LOSS: i64 = 2;
pub const DEPOSIT: i64 = 3;
pub const SELF_EXCLUSION: i64 = 4;
pub const COOLING_OFF: i64 = 5;

/// How long a loosening change or a removal waits before it applies (an SQLite modifier).
pub const COOLING_DELAY: &str = "+24 hours";
const MAX_COOLING_OFF_DAYS: i64 = 42;
const MAX_SELF_EXCLUSION_DAYS: i64 = 1825;
/// Larger amounts are typing mistakes, and keep every sum far from overflow.
const MAX_AMOUNT: i64 = 1_000_000_000_000_000;

/// Why the limits refuse a change the player asked for.
#[derive(Debug, thiserror::Error)]
pub enum LimitError {
    #[error("there is no such limit")]
    NotFound,
    /// A field of the request breaks the rules of its definition; `message` says which rule.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("another limit already holds these terms")]
    Exists,
    /// A self-exclusion or cooling-off, which holds until it ends.
    #[error("the limit cannot change before {ends_at}")]
    Locked { definition: i64, ends_at: String },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Period {
    Daily,
    Weekly,
    Monthly,
}

impl Period {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "daily" => Some(Self::Daily),
            "weekly" => Some(Self::Weekly),
            "monthly" => Some(Self::Monthly),
            _ => None,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::Weekly => "weekly",
            Self::Monthly => "monthly",
        }
    }

    /// As the duration of a self-exclusion or cooling-off.
    fn days(self) -> i64 {
        match self {
            Self::Daily => 1,
            Self::Weekly => 7,
            Self::Monthly => 30,
        }
    }
}

/// The start of the limit's current calendar period (UTC), from its `period` column.
const PERIOD_START: &str = "CASE period
    WHEN 'daily' THEN strftime('%Y-%m-%dT00:00:00.000Z', 'now')
    WHEN 'weekly' THEN strftime('%Y-%m-%dT00:00:00.000Z', 'now', 'weekday 0', '-6 days')
    ELSE strftime('%Y-%m-%dT00:00:00.000Z', 'now', 'start of month') END";

/// The money limits with their period's start; `used` is filled in by [`with_usage`]. `?1` is
/// the player.
fn money_limits_select() -> String {
    format!(
        "WITH l AS (SELECT *, {PERIOD_START} AS period_start
                    FROM player_limits WHERE player_id = ?1 AND definition <= 3)
         SELECT l.id, l.definition, l.period, l.amount, l.currency, l.ends_at, l.pending_period,
                l.pending_amount, l.pending_removal, l.pending_effective_at, l.created_at,
                l.updated_at, l.period_start, NULL AS used
         FROM l"
    )
}

/// What a limit's kind of play adds up to since `since`, per currency: bets placed, bets minus
/// wins, or successful deposits.
async fn activity_by_currency(
    conn: &mut SqliteConnection,
    player_id: i64,
    definition: i64,
    since: &str,
) -> Result<Vec<(String, i64)>, LimitError> {
    let sql = match definition {
        BET => {
            "SELECT currency, SUM(amount) FROM game_bets
             WHERE player_id = ? AND created_at >= ? GROUP BY currency"
        }
        LOSS => {
            "SELECT currency, SUM(amount - COALESCE(win, 0)) FROM game_bets
             WHERE player_id = ? AND created_at >= ? GROUP BY currency"
        }
        _ => {
            "SELECT currency, SUM(amount) FROM invoices
             WHERE player_id = ? AND type = 'deposit' AND status = 2 AND updated_at >= ?
             GROUP BY currency"
        }
    };
    Ok(sqlx::query_as(sql)
        .bind(player_id)
        .bind(since)
        .fetch_all(&mut *conn)
        .await?)
}

/// Fills in what each money limit has used in its current period: the play of every currency
/// the player holds, converted into the limit's currency at the platform's rates (spec,
/// section 9: the multi-currency limit check), so a second account is no way round a limit. A
/// loss is at least 0: winnings in one currency offset losses in another but never extend it.
async fn with_usage(
    conn: &mut SqliteConnection,
    player_id: i64,
    mut limits: Vec<Limit>,
) -> Result<Vec<Limit>, LimitError> {
    if limits.is_empty() {
        return Ok(limits);
    }
    let rates = Rates::load(&mut *conn).await?;
    for limit in &mut limits {
        let (Some(currency), Some(since)) = (limit.currency.as_deref(), &limit.period_start) else {
            continue;
        };
        let used = activity_by_currency(conn, player_id, limit.definition, since)
            .await?
            .iter()
            .fold(0i64, |sum, (from, amount)| {
                sum.saturating_add(rates.convert(from, currency, *amount))
            });
        limit.used = Some(if limit.definition == LOSS {
            used.max(0)
        } else {
            used
        });
    }
    Ok(limits)
}

/// A limit (spec, section 3: id, definition, period, amount, currency) with its state.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub id: i64,
    /// 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
    pub definition: i64,
    /// daily, weekly or monthly; `null` for 4 and 5.
    pub period: Option<String>,
    /// Minor units of `currency`; `null` for 4 and 5.
    pub amount: Option<i64>,
    pub currency: Option<String>,
    /// Bet, loss, deposit: what the current period has used (minor units of `currency`: the
    /// play of every currency, converted), and when it began.
    pub used: Option<i64>,
    pub period_start: Option<String>,
    /// Self-exclusion and cooling-off: when they end.
    pub ends_at: Option<String>,
    /// A loosening change waiting for `effectiveAt`.
    pub pending_amount: Option<i64>,
    pub pending_period: Option<String>,
    /// The limit goes away at `effectiveAt`.
    pub pending_removal: bool,
    #[sqlx(rename = "pending_effective_at")]
    pub effective_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// Applies the player's pending changes whose cooling delay is over.
async fn apply_due_changes(conn: &mut SqliteConnection, player_id: i64) -> Result<(), LimitError> {
    // Read first: most calls find nothing due, and a read takes no write lock.
    let due: bool = sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM player_limits
                        WHERE player_id = ? AND pending_effective_at <= {NOW})"
    ))
    .bind(player_id)
    .fetch_one(&mut *conn)
    .await?;
    if !due {
        return Ok(());
    }
    sqlx::query(&format!(
        "DELETE FROM player_limits
         WHERE player_id = ? AND pending_removal = 1 AND pending_effective_at <= {NOW}"
    ))
    .bind(player_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(&format!(
        "UPDATE player_limits
         SET amount = COALESCE(pending_amount, amount), period = COALESCE(pending_period, period),
             pending_amount = NULL, pending_period = NULL, pending_effective_at = NULL,
             updated_at = {NOW}
         WHERE player_id = ? AND pending_removal = 0 AND pending_effective_at <= {NOW}"
    ))
    .bind(player_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn money_limits(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Vec<Limit>, LimitError> {
    let limits = sqlx::query_as(&format!(
        "{} ORDER BY l.definition,
             CASE l.period WHEN 'daily' THEN 1 WHEN 'weekly' THEN 2 ELSE 3 END, l.currency",
        money_limits_select()
    ))
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    with_usage(conn, player_id, limits).await
}

/// Self-exclusions and cooling-offs that have not ended, the longest-running first.
async fn exclusions(conn: &mut SqliteConnection, player_id: i64) -> Result<Vec<Limit>, LimitError> {
    Ok(sqlx::query_as(&format!(
        "SELECT id, definition, period, amount, currency, ends_at, pending_period, pending_amount,
                pending_removal, pending_effective_at, created_at, updated_at,
                NULL AS period_start, NULL AS used
         FROM player_limits
         WHERE player_id = ? AND definition >= 4 AND ends_at > {NOW}
         ORDER BY ends_at DESC"
    ))
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?)
}

/// The player's limits, due changes applied first: bet, loss and deposit limits with their
/// current period's use, then running self-exclusions and cooling-offs.
pub async fn limits_of(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Vec<Limit>, LimitError> {
    apply_due_changes(conn, player_id).await?;
    let mut rows = money_limits(conn, player_id).await?;
    rows.extend(exclusions(conn, player_id).await?);
    Ok(rows)
}

pub async fn limit_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: i64,
) -> Result<Limit, LimitError> {
    limits_of(conn, player_id)
        .await?
        .into_iter()
        .find(|l| l.id == id)
        .ok_or(LimitError::NotFound)
}
