//! Currencies, locales and countries. Players' clients cache these for 15 minutes (spec, section 7),
//! and the response says so to every cache on the way.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::extract::Query;
use crate::{ApiError, AppState};

const SETTINGS_CACHE_CONTROL: &str = "public, max-age=900";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(currencies))
        .routes(routes!(locales))
        .routes(routes!(countries))
        .routes(routes!(constants))
}

fn cacheable<T: Serialize>(data: Vec<T>) -> Response {
    (
        [(header::CACHE_CONTROL, SETTINGS_CACHE_CONTROL)],
        Json(List { data }),
    )
        .into_response()
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct CurrenciesQuery {
    /// `1` lists only the currencies players may see; `0` or absent lists all.
    #[serde(default)]
    visible: Option<u8>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Currency {
    code: String,
    #[serde(rename = "type")]
    kind: String,
    symbol: String,
    subunit_to_unit: i64,
    rate: Rate,
    sub_currencies: Vec<SubCurrency>,
    is_enabled: bool,
    is_base: bool,
}

/// The value of one unit in the base currency, as an exact decimal string (never a float).
#[derive(Serialize, ToSchema)]
struct Rate {
    rate: String,
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SubCurrency {
    #[serde(skip)]
    currency_code: String,
    code: String,
    subunit_to_unit: i64,
}

#[derive(FromRow)]
struct CurrencyRow {
    code: String,
    kind: String,
    symbol: String,
    subunit_to_unit: i64,
    rate: String,
    is_enabled: bool,
    is_base: bool,
}

/// Currencies, fiat and crypto, with their minor units, display sub-units and rate to the base.
#[utoipa::path(get, path = "/api/settings/currencies", tag = "settings", params(CurrenciesQuery),
    responses((status = 200, body = List<Currency>), (status = 400, body = service_kit::ErrorBody)))]
async fn currencies(
    State(state): State<AppState>,
    Query(query): Query<CurrenciesQuery>,
) -> Result<Response, ApiError> {
    let visible_only = match query.visible {
        None | Some(0) => false,
        Some(1) => true,
        Some(_) => {
            return Err(ApiError::bad_request(
                "invalid_query",
                "visible must be 0 or 1.",
            ));
        }
    };
    let rows: Vec<CurrencyRow> = sqlx::query_as(
        "SELECT code, kind, symbol, subunit_to_unit, rate, is_enabled, is_base
         FROM currencies WHERE is_visible = 1 OR ? = 0 ORDER BY position",
    )
    .bind(visible_only)
    .fetch_all(&state.pool)
    .await?;
    let subs: Vec<SubCurrency> = sqlx::query_as(
        "SELECT currency_code, code, subunit_to_unit FROM sub_currencies ORDER BY code",
    )
    .fetch_all(&state.pool)
    .await?;
    let mut subs_by_currency: HashMap<String, Vec<SubCurrency>> = HashMap::new();
    for sub in subs {
        subs_by_currency
            .entry(sub.currency_code.clone())
            .or_default()
            .push(sub);
    }
    let currencies = rows
        .into_iter()
        .map(|row| Currency {
            sub_currencies: subs_by_currency.remove(&row.code).unwrap_or_default(),
            code: row.code,
            kind: row.kind,
            symbol: row.symbol,
            subunit_to_unit: row.subunit_to_unit,
            rate: Rate { rate: row.rate },
            is_enabled: row.is_enabled,
            is_base: row.is_base,
        })
        .collect();
    Ok(cacheable(currencies))
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Locale {
    code: String,
    locale_code: String,
    name: String,
    is_default: bool,
}

/// Locales; exactly one is the default (English).
#[utoipa::path(get, path = "/api/settings/locales", tag = "settings",
    responses((status = 200, body = List<Locale>)))]
async fn locales(State(state): State<AppState>) -> Result<Response, ApiError> {
    let locales: Vec<Locale> =
        sqlx::query_as("SELECT code, locale_code, name, is_default FROM locales ORDER BY position")
            .fetch_all(&state.pool)
            .await?;
    Ok(cacheable(locales))
}

#[derive(Serialize, FromRow, ToSchema)]
struct Country {
    code: String,
    name: String,
    locale: String,
}

/// Countries with their default locale.
#[utoipa::path(get, path = "/api/settings/countries", tag = "settings",
    responses((status = 200, body = List<Country>)))]
async fn countries(State(state): State<AppState>) -> Result<Response, ApiError> {
    let countries: Vec<Country> =
        sqlx::query_as("SELECT code, name, locale FROM countries ORDER BY name")
            .fetch_all(&state.pool)
            .await?;
    Ok(cacheable(countries))
}

/// The values of the settings constants (spec, sections 3 and 4): statuses and kinds the client
/// switches on. The spec leaves the player, document and bet values to the platform; these are the
/// sandbox's.
#[utoipa::path(get, path = "/api/settings/constants", tag = "settings",
    responses((status = 200, description = "Named status and kind values", body = Object)))]
async fn constants() -> Response {
    let constants = serde_json::json!({
        "playerStatuses": {"active": 1, "blocked": 2},
        "invoiceStatuses": {"pending": 1, "success": 2, "failure": 3},
        "invoiceTypes": {"deposit": 1, "withdrawal": 2},
        "betStatuses": {"pending": 1, "won": 2, "lost": 3, "refunded": 4},
        "documentStatuses": {"pending": 1, "approved": 2, "rejected": 3},
        "bonusStatuses": {"issued": 1, "active": 2, "finished": 3},
        "bonusResults": {"played": 2, "canceled": 3, "expired": 4, "expiredByTime": 5},
        "freeSpinStatuses": {"issued": 1, "active": 2, "finished": 3},
        "freeSpinResults": {"played": 2, "canceled": 3, "expired": 4},
        "bonusCodeStatuses": {"incorrect": 3, "notAvailable": 4},
        "questStates": {"issued": 1, "active": 2, "completed": 3, "expired": 5, "expiredByTime": 6},
        "limitDefinitions": {"bet": 1, "loss": 2, "deposit": 3, "selfExclusion": 4, "coolingOff": 5},
        "limitPeriods": ["daily", "weekly", "monthly"],
        "notificationStates": {"unread": 1, "read": 2},
        "accountStatuses": {"active": 1, "inactive": 2},
    });
    (
        [(header::CACHE_CONTROL, SETTINGS_CACHE_CONTROL)],
        Json(constants),
    )
        .into_response()
}
