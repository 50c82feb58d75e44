//! Wallet accounts over HTTP. The ledger is `crate::wallet`.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::auth::CurrentPlayer;
use crate::routes::extract::{Json, Path};
use crate::wallet::{self, Account};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(converted))
        .routes(routes!(switch))
        .routes(routes!(hide))
}

/// The player's visible accounts, the active one first.
#[utoipa::path(get, path = "/api/wallet/accounts", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = List<Account>), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<List<Account>>, ApiError> {
    let data = wallet::accounts_of(&state.pool, player.id).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConvertedAccount {
    #[serde(flatten)]
    account: Account,
    /// The balance in minor units of the base currency, rounded down.
    base_currency_balance: i64,
}

/// Accounts with their balances converted to the base currency, and the total (spec: converted
/// accounts add `baseCurrencyTotalBalance`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConvertedAccounts {
    accounts: Vec<ConvertedAccount>,
    base_currency: String,
    /// Minor units of the base currency.
    base_currency_total_balance: i64,
}

#[utoipa::path(get, path = "/api/wallet/accounts/converted", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = ConvertedAccounts), (status = 401, body = service_kit::ErrorBody)))]
async fn converted(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<ConvertedAccounts>, ApiError> {
    let view = wallet::in_base_currency(&state.pool, player.id).await?;
    Ok(JsonResponse(ConvertedAccounts {
        accounts: view
            .accounts
            .into_iter()
            .map(|(account, base_currency_balance)| ConvertedAccount {
                account,
                base_currency_balance,
            })
            .collect(),
        base_currency: view.base_currency,
        base_currency_total_balance: view.total,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewAccount {
    currency: String,
}

/// Opens an account in another currency (or brings a hidden one back).
#[utoipa::path(post, path = "/api/wallet/accounts", tag = "wallet", security(("bearer" = [])),
    request_body = NewAccount,
    responses((status = 201, body = Account), (status = 400, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<NewAccount>,
) -> Result<(axum::http::StatusCode, JsonResponse<Account>), ApiError> {
    let account = wallet::open_account(&state.pool, player.id, &body.currency).await?;
    Ok((axum::http::StatusCode::CREATED, JsonResponse(account)))
}

/// Makes one account the active one; the previously active account becomes inactive in the same
/// transaction, so there is never a moment with two or none.
#[utoipa::path(put, path = "/api/wallet/accounts/{id}/switch-account", tag = "wallet",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = List<Account>), (status = 404, body = service_kit::ErrorBody)))]
async fn switch(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<List<Account>>, ApiError> {
    let data = wallet::switch_active(&state.pool, player.id, id).await?;
    Ok(JsonResponse(List { data }))
}

/// Hides an account from the player's lists. The active account cannot be hidden (switch first),
/// and neither can one holding money, which would otherwise seem lost.
#[utoipa::path(put, path = "/api/wallet/accounts/{id}/hide", tag = "wallet",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = List<Account>), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn hide(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<List<Account>>, ApiError> {
    let data = wallet::hide(&state.pool, player.id, id).await?;
    Ok(JsonResponse(List { data }))
}
