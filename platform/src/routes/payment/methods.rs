//! `GET /api/payment/methods/deposit|withdrawal?currency=&country=`: the methods offered in a
//! region, grouped, manual agents first.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::extract::{Query, VisitorCountry};
use crate::payments::Direction;
use crate::routes::List;
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

#[derive(Debug, FromRow)]
struct MethodRow {
    id: String,
    name: String,
    display_name: String,
    kind: String,
    group_name: String,
    network: Option<String>,
    fee_percent: String,
    currency: String,
    min_amount: i64,
    max_amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Fee {
    /// Percent of the amount, an exact decimal.
    percent: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PaymentMethod {
    /// `provider.deposit|withdrawal.name`.
    id: String,
    name: String,
    display_name: String,
    currency: String,
    min_amount: i64,
    max_amount: i64,
    /// What the provider charges, for display: the platform credits and debits exactly the
    /// invoice's amount.
    fee: Fee,
    /// card, bank, cash (manual agents), wallet or crypto.
    kind: String,
    /// Crypto methods: the network their addresses live on.
    #[serde(skip_serializing_if = "Option::is_none")]
    network: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Group {
    name: String,
    payment_methods: Vec<PaymentMethod>,
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
    // Without a known region only the methods offered everywhere are listed.
    let rows: Vec<MethodRow> = sqlx::query_as(
        "SELECT m.id, m.name, m.display_name, m.kind, m.group_name, m.network, m.fee_percent,
                c.currency, c.min_amount, c.max_amount
         FROM payment_methods m
         JOIN payment_method_currencies c ON c.method_id = m.id
         JOIN currencies cur ON cur.code = c.currency AND cur.is_enabled = 1
         WHERE m.direction = ?1 AND (?2 IS NULL OR c.currency = ?2)
           AND (NOT EXISTS (SELECT 1 FROM payment_method_countries r WHERE r.method_id = m.id)
                OR EXISTS (SELECT 1 FROM payment_method_countries r
                           WHERE r.method_id = m.id AND r.country = ?3))
         ORDER BY m.group_position, m.position, cur.position",
    )
    .bind(direction.as_str())
    .bind(currency)
    .bind(country)
    .fetch_all(&state.pool)
    .await?;
    let mut groups: Vec<Group> = Vec::new();
    for row in rows {
        let method = PaymentMethod {
            id: row.id,
            name: row.name,
            display_name: row.display_name,
            currency: row.currency,
            min_amount: row.min_amount,
            max_amount: row.max_amount,
            fee: Fee {
                percent: row.fee_percent,
            },
            kind: row.kind,
            network: row.network,
        };
        match groups.last_mut() {
            Some(group) if group.name == row.group_name => group.payment_methods.push(method),
            _ => groups.push(Group {
                name: row.group_name,
                payment_methods: vec![method],
            }),
        }
    }
    Ok(JsonResponse(List { data: groups }))
}
