//! The player's invoices over HTTP: create a deposit or a withdrawal, list, decline, statistics.
//! Creating and listing them is `crate::payments::invoices`.

use std::collections::BTreeMap;

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::history_filter::HistoryFilter;
use crate::paging::{PageMeta, Paging};
use crate::payments::invoices;
use crate::payments::statistics::{self, Statistics};
use crate::payments::{self, Direction, Invoice, Outcome};
use crate::routes::extract::{Json, Path, Query};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create_deposit))
        .routes(routes!(create_withdrawal))
        .routes(routes!(statistics))
        .routes(routes!(decline))
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
        ApiError::unprocessable(
            "invalid_amount",
            "amount is a positive whole number of minor units (cents, satoshis...).",
        )
    })?;
    let requested = invoices::Requested {
        payment_method: &body.payment_method,
        amount,
        currency: &body.currency,
        account_id: body.account_id,
        fields: &body.fields,
    };
    let invoice = invoices::create(
        &state.deps(),
        &state.config.ton_deposit_wallet,
        player.id,
        direction,
        requested,
    )
    .await?;
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
    /// Only invoices in this currency (a code, e.g. USD).
    currency: Option<String>,
    /// Only invoices created at or after this RFC 3339 time.
    created_from: Option<String>,
    /// Only invoices created before this RFC 3339 time.
    created_before: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct InvoicePage {
    data: Vec<Invoice>,
    meta: PageMeta,
}

/// The player's invoices, newest first, optionally of one `type` and `status`, in one `currency`,
/// created in `[createdFrom, createdBefore)`.
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
    let narrowed = HistoryFilter::parse(
        query.currency.as_deref(),
        query.created_from.as_deref(),
        query.created_before.as_deref(),
    )?;
    let (invoices, total) = invoices::page_of(
        &state.pool,
        player.id,
        direction,
        query.status,
        &narrowed,
        paging.limit(),
        paging.offset(),
    )
    .await?;
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
    let invoice = payments::settle(
        &state.deps(),
        &id,
        Outcome::DeclinedByPlayer,
        Some(player.id),
    )
    .await?;
    Ok(JsonResponse(invoice))
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
    Ok(JsonResponse(
        statistics::of_player(&state.pool, player.id).await?,
    ))
}
