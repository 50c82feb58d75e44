//! Responsible-gambling limits: `GET`/`POST /api/player/limits`, `PUT`/`DELETE
//! /api/player/limits/{id}`, and the checks play and payments make against them.
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
//! - Making a limit stricter applies at once: a new limit, or the same period with a lower or
//!   equal amount. Loosening it (a higher amount, another period) or removing it waits
//!   [`COOLING_DELAY_HOURS`]: the limit answers `pendingAmount`/`pendingPeriod`/`pendingRemoval`
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

use std::collections::BTreeMap;

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::auth::CurrentPlayer;
use crate::extract::{Json, Path};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, remove))
}

pub const BET: i64 = 1;
pub const LOSS: i64 = 2;
pub const DEPOSIT: i64 = 3;
pub const SELF_EXCLUSION: i64 = 4;
pub const COOLING_OFF: i64 = 5;

/// How long a loosening change or a removal waits before it applies.
pub const COOLING_DELAY_HOURS: i64 = 24;
const MAX_COOLING_OFF_DAYS: i64 = 42;
const MAX_SELF_EXCLUSION_DAYS: i64 = 1825;
/// Larger amounts are typing mistakes, and keep every sum far from overflow.
const MAX_AMOUNT: i64 = 1_000_000_000_000_000;

/// The spec's error code for deposits refused by a limit (section 8).
pub const DEPOSIT_LIMIT_CODE: &str = "13100";

const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

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

/// What each money limit has used in its current period. `?1` is the player.
fn usage_select() -> String {
    format!(
        "WITH l AS (SELECT *, {PERIOD_START} AS period_start
                    FROM player_limits WHERE player_id = ?1 AND definition <= 3)
         SELECT l.id, l.definition, l.period, l.amount, l.currency, l.ends_at, l.pending_period,
                l.pending_amount, l.pending_removal, l.pending_effective_at, l.created_at,
                l.updated_at, l.period_start,
                CASE l.definition
                  WHEN 1 THEN (SELECT COALESCE(SUM(b.amount), 0) FROM game_bets b
                               WHERE b.player_id = ?1 AND b.currency = l.currency
                                 AND b.created_at >= l.period_start)
                  WHEN 2 THEN (SELECT MAX(0, COALESCE(SUM(b.amount - COALESCE(b.win, 0)), 0))
                               FROM game_bets b
                               WHERE b.player_id = ?1 AND b.currency = l.currency
                                 AND b.created_at >= l.period_start)
                  ELSE (SELECT COALESCE(SUM(i.amount), 0) FROM invoices i
                        WHERE i.player_id = ?1 AND i.type = 'deposit' AND i.status = 2
                          AND i.currency = l.currency AND i.updated_at >= l.period_start)
                END AS used
         FROM l"
    )
}

#[derive(Debug, FromRow)]
struct LimitRow {
    id: i64,
    definition: i64,
    period: Option<String>,
    amount: Option<i64>,
    currency: Option<String>,
    ends_at: Option<String>,
    pending_period: Option<String>,
    pending_amount: Option<i64>,
    pending_removal: bool,
    pending_effective_at: Option<String>,
    created_at: String,
    updated_at: String,
    period_start: Option<String>,
    used: Option<i64>,
}

/// A limit (spec, section 3: id, definition, period, amount, currency) with its state.
#[derive(Debug, Serialize, ToSchema)]
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
    /// Bet, loss, deposit: what the current period has used (minor units), and when it began.
    pub used: Option<i64>,
    pub period_start: Option<String>,
    /// Self-exclusion and cooling-off: when they end.
    pub ends_at: Option<String>,
    /// A loosening change waiting for `effectiveAt`.
    pub pending_amount: Option<i64>,
    pub pending_period: Option<String>,
    /// The limit goes away at `effectiveAt`.
    pub pending_removal: bool,
    pub effective_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<LimitRow> for Limit {
    fn from(row: LimitRow) -> Self {
        Self {
            id: row.id,
            definition: row.definition,
            period: row.period,
            amount: row.amount,
            currency: row.currency,
            used: row.used,
            period_start: row.period_start,
            ends_at: row.ends_at,
            pending_amount: row.pending_amount,
            pending_period: row.pending_period,
            pending_removal: row.pending_removal,
            effective_at: row.pending_effective_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// Applies the player's pending changes whose cooling delay is over.
async fn apply_due_changes(conn: &mut SqliteConnection, player_id: i64) -> Result<(), ApiError> {
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
) -> Result<Vec<LimitRow>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "{} ORDER BY l.definition,
             CASE l.period WHEN 'daily' THEN 1 WHEN 'weekly' THEN 2 ELSE 3 END, l.currency",
        usage_select()
    ))
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?)
}

/// Self-exclusions and cooling-offs that have not ended, the longest-running first.
async fn exclusions(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Vec<LimitRow>, ApiError> {
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

async fn limits_of(conn: &mut SqliteConnection, player_id: i64) -> Result<Vec<Limit>, ApiError> {
    apply_due_changes(conn, player_id).await?;
    let mut rows = money_limits(conn, player_id).await?;
    rows.extend(exclusions(conn, player_id).await?);
    Ok(rows.into_iter().map(Limit::from).collect())
}

async fn limit_of(conn: &mut SqliteConnection, player_id: i64, id: i64) -> Result<Limit, ApiError> {
    limits_of(conn, player_id)
        .await?
        .into_iter()
        .find(|l| l.id == id)
        .ok_or_else(|| ApiError::not_found("limit_not_found", "There is no such limit."))
}

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
/// self-exclusion or cooling-off, or a bet or loss limit the bet would go over. Run it inside the
/// bet's transaction so the sums it reads cannot change before the bet is written.
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
    for limit in money_limits(conn, player_id).await? {
        let (Some(limit_amount), Some(limit_currency), Some(used)) =
            (limit.amount, limit.currency.as_deref(), limit.used)
        else {
            continue;
        };
        if limit_currency != currency || used.saturating_add(amount) <= limit_amount {
            continue;
        }
        let period = limit.period.as_deref().unwrap_or_default();
        match limit.definition {
            BET => {
                return Ok(Some(format!(
                    "This bet would go over your {period} bet limit ({used} of {limit_amount} \
                     minor units of {currency} used)."
                )));
            }
            LOSS => {
                return Ok(Some(format!(
                    "This bet could go over your {period} loss limit ({used} of {limit_amount} \
                     minor units of {currency} lost)."
                )));
            }
            _ => {}
        }
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
/// period's successful deposits over one of the player's deposit limits, and says how much is
/// left. Pending deposits do not count: an abandoned one would block the player until the period
/// ends.
pub async fn check_deposit_amount(
    state: &AppState,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<(), ApiError> {
    let mut conn = state.pool.acquire().await?;
    for limit in money_limits(&mut conn, player_id).await? {
        let (Some(limit_amount), Some(used)) = (limit.amount, limit.used) else {
            continue;
        };
        if limit.definition != DEPOSIT
            || limit.currency.as_deref() != Some(currency)
            || used.saturating_add(amount) <= limit_amount
        {
            continue;
        }
        return Err(ApiError::client(
            StatusCode::CONFLICT,
            DEPOSIT_LIMIT_CODE,
            format!(
                "This deposit would go over your {} deposit limit: at most {} more minor units \
                 of {currency} this period.",
                limit.period.as_deref().unwrap_or_default(),
                limit_amount.saturating_sub(used).max(0)
            ),
        ));
    }
    Ok(())
}

/// The player's limits: bet, loss and deposit limits with their current period's use, then
/// running self-exclusions and cooling-offs.
#[utoipa::path(get, path = "/api/player/limits", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = List<Limit>), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<List<Limit>>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let data = limits_of(&mut conn, player.id).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewLimit {
    /// 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
    definition: i64,
    /// 1-3: the counting period. 4-5: the duration (daily 24 hours, weekly 7 days, monthly
    /// 30 days), unless `days` is given.
    period: Option<String>,
    /// 1-3: minor units of `currency`.
    amount: Option<i64>,
    /// 1-3.
    currency: Option<String>,
    /// 4-5: the duration in days (cooling-off at most 42, self-exclusion at most 1825).
    days: Option<i64>,
}

fn invalid(field: &str, message: impl Into<String>) -> ApiError {
    ApiError::validation(BTreeMap::from([(field.to_owned(), message.into())]))
}

fn parse_period(text: Option<&str>) -> Result<Option<Period>, ApiError> {
    text.map(|p| {
        Period::parse(p.trim())
            .ok_or_else(|| invalid("period", "period is daily, weekly or monthly."))
    })
    .transpose()
}

fn check_amount(amount: i64) -> Result<i64, ApiError> {
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
) -> Result<bool, ApiError> {
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

fn limit_exists() -> ApiError {
    ApiError::conflict(
        "limit.exists",
        "You already have this limit for this period and currency; change it instead.",
    )
}

/// Sets a limit. A new limit applies at once.
#[utoipa::path(post, path = "/api/player/limits", tag = "player", security(("bearer" = [])),
    request_body = NewLimit,
    responses((status = 201, body = Limit), (status = 401, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<NewLimit>,
) -> Result<(StatusCode, JsonResponse<Limit>), ApiError> {
    let period = parse_period(body.period.as_deref())?;
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    apply_due_changes(&mut tx, player.id).await?;
    let id: i64 = match body.definition {
        BET | LOSS | DEPOSIT => {
            if body.days.is_some() {
                return Err(invalid(
                    "days",
                    "Only self-exclusion and cooling-off take days.",
                ));
            }
            let period = period.ok_or_else(|| invalid("period", "Choose a period."))?;
            let amount = check_amount(
                body.amount
                    .ok_or_else(|| invalid("amount", "Enter an amount."))?,
            )?;
            let code = body
                .currency
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .ok_or_else(|| invalid("currency", "Choose a currency."))?;
            let currency: String =
                sqlx::query_scalar("SELECT code FROM currencies WHERE code = ? AND is_enabled = 1")
                    .bind(code.to_ascii_uppercase())
                    .fetch_optional(&mut *tx)
                    .await?
                    .ok_or_else(|| invalid("currency", "This currency is not available."))?;
            if terms_taken(&mut tx, player.id, body.definition, &currency, period, None).await? {
                return Err(limit_exists());
            }
            sqlx::query_scalar(
                "INSERT INTO player_limits (player_id, definition, period, amount, currency)
                 VALUES (?, ?, ?, ?, ?) RETURNING id",
            )
            .bind(player.id)
            .bind(body.definition)
            .bind(period.as_str())
            .bind(amount)
            .bind(&currency)
            .fetch_one(&mut *tx)
            .await?
        }
        SELF_EXCLUSION | COOLING_OFF => {
            if body.amount.is_some() || body.currency.is_some() {
                return Err(invalid(
                    "amount",
                    "Self-exclusion and cooling-off take a period or days, not an amount.",
                ));
            }
            let max_days = if body.definition == SELF_EXCLUSION {
                MAX_SELF_EXCLUSION_DAYS
            } else {
                MAX_COOLING_OFF_DAYS
            };
            let days = match (period, body.days) {
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
            if !exclusions(&mut tx, player.id)
                .await?
                .iter()
                .all(|l| l.definition != body.definition)
            {
                return Err(limit_exists());
            }
            sqlx::query_scalar(
                "INSERT INTO player_limits (player_id, definition, ends_at)
                 VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ? || ' days'))
                 RETURNING id",
            )
            .bind(player.id)
            .bind(body.definition)
            .bind(days)
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
    let limit = limit_of(&mut tx, player.id, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, JsonResponse(limit)))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LimitChange {
    /// daily, weekly or monthly; by default the current one.
    period: Option<String>,
    /// Minor units; by default the current amount.
    amount: Option<i64>,
}

fn locked(limit: &Limit) -> ApiError {
    let what = if limit.definition == SELF_EXCLUSION {
        "A self-exclusion"
    } else {
        "A cooling-off"
    };
    ApiError::conflict(
        "limit.locked",
        format!(
            "{what} cannot be changed or removed before it ends ({}).",
            limit.ends_at.as_deref().unwrap_or_default()
        ),
    )
}

/// Changes a bet, loss or deposit limit: the same period with a lower or equal amount applies at
/// once; anything looser waits the cooling delay (`pendingAmount`, `pendingPeriod`,
/// `effectiveAt`).
#[utoipa::path(put, path = "/api/player/limits/{id}", tag = "player", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = LimitChange,
    responses((status = 200, body = Limit), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
    Json(body): Json<LimitChange>,
) -> Result<JsonResponse<Limit>, ApiError> {
    let new_period = parse_period(body.period.as_deref())?;
    let new_amount = body.amount.map(check_amount).transpose()?;
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let limit = limit_of(&mut tx, player.id, id).await?;
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
                player.id,
                limit.definition,
                &currency,
                new_period,
                Some(id),
            )
            .await?
        {
            return Err(limit_exists());
        }
        sqlx::query(&format!(
            "UPDATE player_limits
             SET pending_amount = ?, pending_period = ?, pending_removal = 0,
                 pending_effective_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+{COOLING_DELAY_HOURS} hours'),
                 updated_at = {NOW}
             WHERE id = ?"
        ))
        .bind((new_amount != amount).then_some(new_amount))
        .bind((new_period != period).then_some(new_period.as_str()))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    let limit = limit_of(&mut tx, player.id, id).await?;
    tx.commit().await?;
    Ok(JsonResponse(limit))
}

/// Removes a bet, loss or deposit limit after the cooling delay (`pendingRemoval`,
/// `effectiveAt`; asking again keeps the first date). Self-exclusion and cooling-off are 409.
#[utoipa::path(delete, path = "/api/player/limits/{id}", tag = "player", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Limit), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<Limit>, ApiError> {
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let limit = limit_of(&mut tx, player.id, id).await?;
    if limit.definition >= SELF_EXCLUSION {
        return Err(locked(&limit));
    }
    if !limit.pending_removal {
        sqlx::query(&format!(
            "UPDATE player_limits
             SET pending_amount = NULL, pending_period = NULL, pending_removal = 1,
                 pending_effective_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+{COOLING_DELAY_HOURS} hours'),
                 updated_at = {NOW}
             WHERE id = ?"
        ))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    let limit = limit_of(&mut tx, player.id, id).await?;
    tx.commit().await?;
    Ok(JsonResponse(limit))
}
