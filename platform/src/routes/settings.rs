//! Currencies, locales and countries over HTTP (the data is `crate::settings`), and the settings
//! constants. Players' clients cache these for 15 minutes (spec, section 7),
//! and the response says so to every cache on the way.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::rewards::{bonus_codes, quests};
use crate::routes::extract::{Query, VisitorCountry};
use crate::settings::{self, Country, Currency, Locale};
use crate::{ApiError, AppState};

const SETTINGS_CACHE_CONTROL: &str = "public, max-age=900";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(currencies))
        .routes(routes!(locales))
        .routes(routes!(countries))
        .routes(routes!(geo))
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
    let currencies = settings::currencies(&state.pool, visible_only).await?;
    Ok(cacheable(currencies))
}

/// Locales; exactly one is the default (English).
#[utoipa::path(get, path = "/api/settings/locales", tag = "settings",
    responses((status = 200, body = List<Locale>)))]
async fn locales(State(state): State<AppState>) -> Result<Response, ApiError> {
    let locales = settings::locales(&state.pool).await?;
    Ok(cacheable(locales))
}

/// Countries with their default locale.
#[utoipa::path(get, path = "/api/settings/countries", tag = "settings",
    responses((status = 200, body = List<Country>)))]
async fn countries(State(state): State<AppState>) -> Result<Response, ApiError> {
    let countries = settings::countries(&state.pool).await?;
    Ok(cacheable(countries))
}

/// Where the visitor is, as the CDN's country header says, and what the operator ties to it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Geo {
    /// Two uppercase letters; `null` when the header is missing or malformed.
    country: Option<String>,
    /// Whether the operator offers no real-money play in `country` (`RESTRICTED_COUNTRIES`).
    restricted: bool,
    /// The locale of `country` (`GET /api/settings/countries`); `null` for a country not listed.
    locale: Option<String>,
}

/// The visitor's country (the `COUNTRY_HEADER` the CDN sets), whether it is restricted and its
/// locale: what the client's geo notice and payment region start from. It differs per visitor, so
/// only the visitor's own browser may keep it.
#[utoipa::path(get, path = "/api/settings/geo", tag = "settings",
    params(("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    responses((status = 200, body = Geo)))]
async fn geo(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
) -> Result<Response, ApiError> {
    let country = country.map(|VisitorCountry(code)| code);
    let locale = match &country {
        Some(code) => settings::country_locale(&state.pool, code).await?,
        None => None,
    };
    let restricted = country
        .as_ref()
        .is_some_and(|code| state.config.restricted_countries.contains(code));
    Ok((
        [
            (header::CACHE_CONTROL, "private, max-age=900"),
            (header::VARY, state.config.country_header.as_str()),
        ],
        Json(Geo {
            country,
            restricted,
            locale,
        }),
    )
        .into_response())
}

/// The values of the settings constants (spec, sections 3 and 4): statuses and kinds the client
/// switches on. The spec leaves the player, document and bet values to the platform; these are the
/// sandbox's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Constants {
    player_statuses: PlayerStatuses,
    invoice_statuses: InvoiceStatuses,
    invoice_types: InvoiceTypes,
    bet_statuses: BetStatuses,
    document_statuses: DocumentStatuses,
    bonus_statuses: RewardStatuses,
    bonus_results: BonusResults,
    free_spin_statuses: RewardStatuses,
    free_spin_results: FreeSpinResults,
    bonus_code_statuses: BonusCodeStatuses,
    quest_states: QuestStates,
    limit_definitions: LimitDefinitions,
    /// The periods a limit can have: daily, weekly, monthly.
    limit_periods: Vec<&'static str>,
    notification_states: NotificationStates,
    account_statuses: AccountStatuses,
}

#[derive(Serialize, ToSchema)]
struct PlayerStatuses {
    active: u8,
    blocked: u8,
}

#[derive(Serialize, ToSchema)]
struct InvoiceStatuses {
    pending: u8,
    success: u8,
    failure: u8,
}

#[derive(Serialize, ToSchema)]
struct InvoiceTypes {
    deposit: u8,
    withdrawal: u8,
}

#[derive(Serialize, ToSchema)]
struct BetStatuses {
    pending: u8,
    won: u8,
    lost: u8,
    refunded: u8,
}

#[derive(Serialize, ToSchema)]
struct DocumentStatuses {
    pending: u8,
    approved: u8,
    rejected: u8,
}

/// The statuses of a player's bonus or free spins.
#[derive(Serialize, ToSchema)]
struct RewardStatuses {
    issued: u8,
    active: u8,
    finished: u8,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BonusResults {
    played: u8,
    canceled: u8,
    expired: u8,
    expired_by_time: u8,
}

#[derive(Serialize, ToSchema)]
struct FreeSpinResults {
    played: u8,
    canceled: u8,
    expired: u8,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BonusCodeStatuses {
    /// Applied, waiting for the deposit (or the event) that triggers it.
    waiting: i64,
    used: i64,
    incorrect: i64,
    not_available: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuestStates {
    issued: i64,
    active: i64,
    completed: i64,
    /// Its time ran out while it was held.
    expired: i64,
    /// The player cancelled it. The spec counts 5 and 6 alike as expired (its `expired-quests` event).
    cancelled: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LimitDefinitions {
    bet: u8,
    loss: u8,
    deposit: u8,
    self_exclusion: u8,
    cooling_off: u8,
}

#[derive(Serialize, ToSchema)]
struct NotificationStates {
    unread: u8,
    read: u8,
}

#[derive(Serialize, ToSchema)]
struct AccountStatuses {
    active: u8,
    inactive: u8,
}

#[utoipa::path(get, path = "/api/settings/constants", tag = "settings",
    responses((status = 200, body = Constants)))]
async fn constants() -> Response {
    let constants = Constants {
        player_statuses: PlayerStatuses {
            active: 1,
            blocked: 2,
        },
        invoice_statuses: InvoiceStatuses {
            pending: 1,
            success: 2,
            failure: 3,
        },
        invoice_types: InvoiceTypes {
            deposit: 1,
            withdrawal: 2,
        },
        bet_statuses: BetStatuses {
            pending: 1,
            won: 2,
            lost: 3,
            refunded: 4,
        },
        document_statuses: DocumentStatuses {
            pending: 1,
            approved: 2,
            rejected: 3,
        },
        bonus_statuses: RewardStatuses {
            issued: 1,
            active: 2,
            finished: 3,
        },
        bonus_results: BonusResults {
            played: 2,
            canceled: 3,
            expired: 4,
            expired_by_time: 5,
        },
        free_spin_statuses: RewardStatuses {
            issued: 1,
            active: 2,
            finished: 3,
        },
        free_spin_results: FreeSpinResults {
            played: 2,
            canceled: 3,
            expired: 4,
        },
        bonus_code_statuses: BonusCodeStatuses {
            waiting: bonus_codes::STATUS_WAITING,
            used: bonus_codes::STATUS_USED,
            incorrect: bonus_codes::STATUS_INCORRECT,
            not_available: bonus_codes::STATUS_NOT_AVAILABLE,
        },
        quest_states: QuestStates {
            issued: quests::STATE_ISSUED,
            active: quests::STATE_ACTIVE,
            completed: quests::STATE_COMPLETED,
            expired: quests::STATE_EXPIRED,
            cancelled: quests::STATE_CANCELLED,
        },
        limit_definitions: LimitDefinitions {
            bet: 1,
            loss: 2,
            deposit: 3,
            self_exclusion: 4,
            cooling_off: 5,
        },
        limit_periods: vec!["daily", "weekly", "monthly"],
        notification_states: NotificationStates { unread: 1, read: 2 },
        account_statuses: AccountStatuses {
            active: 1,
            inactive: 2,
        },
    };
    (
        [(header::CACHE_CONTROL, SETTINGS_CACHE_CONTROL)],
        Json(constants),
    )
        .into_response()
}
