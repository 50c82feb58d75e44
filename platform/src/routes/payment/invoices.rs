//! The player's invoices: create a deposit or a withdrawal, list, decline, statistics.

use std::collections::BTreeMap;

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Direction, INVOICE_SELECT, Invoice, InvoiceRow, Outcome, crypto, wallet};
use crate::auth::CurrentPlayer;
use crate::extract::{Json, Path, Query};
use crate::routes::paging::{PageMeta, Paging};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create_deposit))
        .routes(routes!(create_withdrawal))
        .routes(routes!(statistics))
        .routes(routes!(decline))
}

/// Refuses deposits with the spec's `13100` (deposit limit reached) while the player's limits
/// block them: a deposit limit whose current period's successful deposits reached it, or a
/// running self-exclusion or cooling-off (see `routes::limits`).
pub async fn check_deposit_limits(state: &AppState, player_id: i64) -> Result<(), ApiError> {
    let mut conn = state.pool.acquire().await?;
    match crate::routes::limits::deposit_refusal(&mut conn, player_id).await? {
        Some(refusal) => Err(refusal),
        None => Ok(()),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewInvoice {
    /// A method id, `provider.deposit|withdrawal.name`.
    payment_method: String,
    /// Minor units, a positive integer; kept raw to answer floats and strings with a clear code.
    #[schema(value_type = i64, minimum = 1)]
    amount: Value,
    currency: String,
    /// The account to credit or debit; by default the player's account in `currency`.
    account_id: Option<i64>,
    /// What the method asks the player for; crypto withdrawals need `wallet_id` (the address).
    #[serde(default)]
    fields: BTreeMap<String, String>,
}

#[derive(FromRow)]
struct MethodLimits {
    kind: String,
    network: Option<String>,
    min_amount: i64,
    max_amount: i64,
    subunit_to_unit: i64,
}

fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::client(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

fn field_error(field: &str, message: &str) -> ApiError {
    ApiError::validation(BTreeMap::from([(field.to_owned(), message.to_owned())]))
}

const MAX_FIELDS: usize = 16;
const MAX_FIELD_CHARS: usize = 256;

/// Creates a pending deposit. Card, e-wallet and bank methods answer a `redirectUrl` to the
/// provider's payment page; crypto methods a `publicData` with `address`, `network` and `qr`; cash
/// agents a `publicData` with a `reference`.
#[utoipa::path(post, path = "/api/payment/invoices/deposit", tag = "payment",
    security(("bearer" = [])), request_body = NewInvoice,
    responses((status = 201, body = Invoice), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn create_deposit(
    state: State<AppState>,
    player: CurrentPlayer,
    body: Json<NewInvoice>,
) -> Result<(StatusCode, JsonResponse<Invoice>), ApiError> {
    create(state, player, body, Direction::Deposit).await
}

/// Creates a pending withdrawal and holds its amount at once (`insufficient_funds` when the
/// balance is lower); crypto methods need `fields.wallet_id`, the address to pay to.
#[utoipa::path(post, path = "/api/payment/invoices/withdrawal", tag = "payment",
    security(("bearer" = [])), request_body = NewInvoice,
    responses((status = 201, body = Invoice), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn create_withdrawal(
    state: State<AppState>,
    player: CurrentPlayer,
    body: Json<NewInvoice>,
) -> Result<(StatusCode, JsonResponse<Invoice>), ApiError> {
    create(state, player, body, Direction::Withdrawal).await
}

async fn create(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<NewInvoice>,
    direction: Direction,
) -> Result<(StatusCode, JsonResponse<Invoice>), ApiError> {
    let amount = match &body.amount {
        Value::Number(n) => n.as_i64().filter(|a| *a > 0),
        _ => None,
    }
    .ok_or_else(|| {
        unprocessable(
            "invalid_amount",
            "amount is a positive whole number of minor units (cents, satoshis...).",
        )
    })?;
    let currency = body.currency.trim().to_ascii_uppercase();
    let method: MethodLimits = sqlx::query_as(
        "SELECT m.kind, m.network, c.min_amount, c.max_amount, cur.subunit_to_unit
         FROM payment_methods m
         JOIN payment_method_currencies c ON c.method_id = m.id
         JOIN currencies cur ON cur.code = c.currency AND cur.is_enabled = 1
         WHERE m.id = ? AND m.direction = ? AND c.currency = ?",
    )
    .bind(&body.payment_method)
    .bind(direction.as_str())
    .bind(&currency)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| {
        unprocessable(
            "payment_method_unavailable",
            format!(
                "There is no {} method {:?} for {currency}.",
                direction.as_str(),
                body.payment_method
            ),
        )
    })?;
    if amount < method.min_amount {
        return Err(unprocessable(
            "amount_below_minimum",
            format!(
                "The smallest amount for this method is {} {currency}.",
                crypto::units(method.min_amount, method.subunit_to_unit)
            ),
        ));
    }
    if amount > method.max_amount {
        return Err(unprocessable(
            "amount_above_maximum",
            format!(
                "The largest amount for this method is {} {currency}.",
                crypto::units(method.max_amount, method.subunit_to_unit)
            ),
        ));
    }
    if body.fields.len() > MAX_FIELDS
        || body
            .fields
            .iter()
            .any(|(k, v)| k.chars().count() > 64 || v.chars().count() > MAX_FIELD_CHARS)
    {
        return Err(unprocessable(
            "invalid_fields",
            format!("At most {MAX_FIELDS} fields of at most {MAX_FIELD_CHARS} characters."),
        ));
    }
    let withdrawal_address = match (direction, &method.network) {
        (Direction::Withdrawal, Some(network)) => {
            let address = body
                .fields
                .get("wallet_id")
                .map(|a| a.trim())
                .filter(|a| !a.is_empty())
                .ok_or_else(|| field_error("wallet_id", "Enter the wallet address."))?;
            if !address
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                return Err(field_error("wallet_id", "This is not a wallet address."));
            }
            Some(json!({ "address": address, "network": network }))
        }
        _ => None,
    };
    if direction == Direction::Deposit {
        check_deposit_limits(&state, player.id).await?;
        crate::routes::limits::check_deposit_amount(&state, player.id, &currency, amount).await?;
    }
    let account_id: i64 = sqlx::query_scalar(
        "SELECT id FROM accounts
         WHERE player_id = ?1 AND currency = ?2 AND is_hidden = 0 AND (?3 IS NULL OR id = ?3)",
    )
    .bind(player.id)
    .bind(&currency)
    .bind(body.account_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| match body.account_id {
        Some(_) => ApiError::not_found(
            "account_not_found",
            format!("You have no such {currency} account."),
        ),
        None => unprocessable(
            "account_not_found",
            format!("Open a {currency} account first."),
        ),
    })?;

    let id = uuid::Uuid::new_v4().to_string();
    let public_data = match (direction, &method.network) {
        (Direction::Deposit, Some(network)) => Some(crypto::deposit_public_data(
            &id,
            network,
            amount,
            method.subunit_to_unit,
        )),
        (Direction::Withdrawal, Some(_)) => withdrawal_address,
        _ if method.kind == "cash" => Some(json!({
            "reference": format!("AG-{}", &id[..8].to_ascii_uppercase()),
            "instructions": "Quote this reference to your cash agent; the agent confirms the payment.",
        })),
        _ => None,
    };
    let page_token = (direction == Direction::Deposit && super::uses_payment_page(&method.kind))
        .then(super::sandbox::new_page_token);
    let fields = (!body.fields.is_empty())
        .then(|| serde_json::to_string(&body.fields))
        .transpose()
        .map_err(|e| anyhow::anyhow!("invoice fields: {e}"))?;

    // IMMEDIATE: the hold is the first thing the transaction does, under the write lock.
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    if direction == Direction::Withdrawal && !wallet::debit(&mut tx, account_id, amount).await? {
        return Err(unprocessable(
            "insufficient_funds",
            "Your balance is lower than this amount.",
        ));
    }
    sqlx::query(
        "INSERT INTO invoices (id, player_id, account_id, type, method_id, amount, currency,
             public_data, fields, page_token)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&id)
    .bind(player.id)
    .bind(account_id)
    .bind(direction.as_str())
    .bind(&body.payment_method)
    .bind(amount)
    .bind(&currency)
    .bind(public_data.map(|d| d.to_string()))
    .bind(fields)
    .bind(page_token)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;

    let invoice = super::invoice_row(&state.pool, &id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("new invoice {id} vanished"))?
        .into_invoice()?;
    super::publish_invoice(&state, player.id, &invoice).await;
    if direction == Direction::Withdrawal {
        wallet::publish_balance_change(&state, player.id, account_id).await;
    }
    Ok((StatusCode::CREATED, JsonResponse(invoice)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    page: Option<u32>,
    per_page: Option<u32>,
    /// deposit or withdrawal.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    direction: Option<String>,
    /// 1 pending, 2 success, 3 failure.
    status: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct InvoicePage {
    data: Vec<Invoice>,
    meta: PageMeta,
}

/// The player's invoices, newest first, optionally of one `type` and `status`.
#[utoipa::path(get, path = "/api/payment/invoices", tag = "payment", security(("bearer" = [])),
    params(ListQuery),
    responses((status = 200, body = InvoicePage), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<ListQuery>,
) -> Result<JsonResponse<InvoicePage>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, 20)?;
    let direction = query
        .direction
        .as_deref()
        .map(|d| {
            Direction::parse(d).ok_or_else(|| {
                ApiError::bad_request("invalid_query", "type is deposit or withdrawal.")
            })
        })
        .transpose()?;
    if query.status.is_some_and(|s| !(1..=3).contains(&s)) {
        return Err(ApiError::bad_request(
            "invalid_query",
            "status is 1 (pending), 2 (success) or 3 (failure).",
        ));
    }
    let filter =
        "i.player_id = ?1 AND (?2 IS NULL OR i.type = ?2) AND (?3 IS NULL OR i.status = ?3)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM invoices i WHERE {filter}"))
        .bind(player.id)
        .bind(direction.map(Direction::as_str))
        .bind(query.status)
        .fetch_one(&state.pool)
        .await?;
    let rows: Vec<InvoiceRow> = sqlx::query_as(&format!(
        "{INVOICE_SELECT} WHERE {filter} ORDER BY i.rowid DESC LIMIT ?4 OFFSET ?5"
    ))
    .bind(player.id)
    .bind(direction.map(Direction::as_str))
    .bind(query.status)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(&state.pool)
    .await?;
    let invoices = rows
        .into_iter()
        .map(InvoiceRow::into_invoice)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(JsonResponse(InvoicePage {
        data: invoices,
        meta: paging.meta(total),
    }))
}

/// The player cancels a pending invoice: a deposit is abandoned, a withdrawal's held amount
/// returns to the account. A settled invoice is a 409 and nothing changes.
#[utoipa::path(put, path = "/api/payment/invoices/{id}/decline", tag = "payment",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Invoice), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn decline(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<String>,
) -> Result<JsonResponse<Invoice>, ApiError> {
    let invoice = super::settle(&state, &id, Outcome::DeclinedByPlayer, Some(player.id)).await?;
    Ok(JsonResponse(invoice))
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct StatisticsRow {
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    direction: String,
    status: i64,
    currency: String,
    count: i64,
    /// Minor units of `currency`.
    amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Statistics {
    data: Vec<StatisticsRow>,
    /// Successful deposits so far: the `number` of the latest one.
    deposits_count: i64,
}

/// Counts and sums of the player's invoices per type, status and currency (sums of different
/// currencies are never added up), and `depositsCount`.
#[utoipa::path(get, path = "/api/payment/invoices/statistics", tag = "payment",
    security(("bearer" = [])),
    responses((status = 200, body = Statistics), (status = 401, body = service_kit::ErrorBody)))]
async fn statistics(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<Statistics>, ApiError> {
    let rows: Vec<StatisticsRow> = sqlx::query_as(
        "SELECT type, status, currency, COUNT(*) AS count, SUM(amount) AS amount
         FROM invoices WHERE player_id = ?
         GROUP BY type, status, currency ORDER BY type, status, currency",
    )
    .bind(player.id)
    .fetch_all(&state.pool)
    .await?;
    let deposits_count: i64 = rows
        .iter()
        .filter(|r| r.direction == "deposit" && r.status == super::STATUS_SUCCESS)
        .map(|r| r.count)
        .sum();
    Ok(JsonResponse(Statistics {
        data: rows,
        deposits_count,
    }))
}
