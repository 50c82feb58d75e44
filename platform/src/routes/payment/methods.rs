//! `GET /api/payment/methods/deposit|withdrawal?currency=&country=`: the methods offered in a
//! region, grouped, manual agents first (`crate::payments::methods`).

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::payments::Direction;
use crate::payments::methods::{self, Group};
use crate::routes::List;
use crate::routes::extract::{Query, VisitorCountry};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(deposit_methods))
        .routes(routes!(withdrawal_methods))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MethodsQuery {
    /// Only methods taking this currency; without it, every currency (one entry per method and
    /// currency).
    currency: Option<String>,
    /// The payment region (the client's `paymentGeo`); without it, the visitor's country header.
    country: Option<String>,
}

fn valid_code(text: &str, lengths: std::ops::RangeInclusive<usize>) -> bool {
    lengths.contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Deposit methods in a region, grouped, manual agents first. Guests see them too (the deposit tab
/// can open before sign-in); a signed-in player gets `13100` once a deposit limit blocks deposits.
#[utoipa::path(get, path = "/api/payment/methods/deposit", tag = "payment", security((), ("bearer" = [])), params(MethodsQuery),
    responses((status = 200, body = List<Group>), (status = 400, body = service_kit::ErrorBody)))]
async fn deposit_methods(
    state: State<AppState>,
    player: Option<CurrentPlayer>,
    visitor_country: Option<VisitorCountry>,
    query: Query<MethodsQuery>,
) -> Result<JsonResponse<List<Group>>, ApiError> {
    list(state, player, visitor_country, query, Direction::Deposit).await
}

/// Withdrawal methods in a region, grouped, manual agents first.
#[utoipa::path(get, path = "/api/payment/methods/withdrawal", tag = "payment", security((), ("bearer" = [])), params(MethodsQuery),
    responses((status = 200, body = List<Group>), (status = 400, body = service_kit::ErrorBody)))]
async fn withdrawal_methods(
    state: State<AppState>,
    player: Option<CurrentPlayer>,
    visitor_country: Option<VisitorCountry>,
    query: Query<MethodsQuery>,
) -> Result<JsonResponse<List<Group>>, ApiError> {
    list(state, player, visitor_country, query, Direction::Withdrawal).await
}

async fn list(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    visitor_country: Option<VisitorCountry>,
    Query(query): Query<MethodsQuery>,
    direction: Direction,
) -> Result<JsonResponse<List<Group>>, ApiError> {
    let currency = match query.currency.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) if valid_code(code, 2..=10) => Some(code.to_ascii_uppercase()),
        Some(_) => {
            return Err(ApiError::bad_request(
                "invalid_query",
                "currency is a currency code such as USD.",
            ));
        }
    };
    let country = match query.country.as_deref().map(str::trim) {
        None | Some("") => visitor_country.map(|c| c.0),
        Some(code) if code.len() == 2 && code.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Some(code.to_ascii_uppercase())
        }
        Some(_) => {
            return Err(ApiError::bad_request(
                "invalid_query",
                "country is a two-letter country code such as US.",
            ));
        }
    };
    if let (Direction::Deposit, Some(player)) = (direction, &player) {
        crate::payments::invoices::check_deposit_limits(&state.pool, player.id).await?;
    }
    let groups = methods::offered(
        &state.pool,
        direction,
        currency.as_deref(),
        country.as_deref(),
    )
    .await?;
    Ok(JsonResponse(List { data: groups }))
}
