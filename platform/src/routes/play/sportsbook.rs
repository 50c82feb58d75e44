//! The sandbox sportsbook over HTTP: the widget's script (`/sandbox/sportsbook/wsdk.js`, the
//! stand-in for the operator's Altenar widget), the book it shows, bets on it, and the sandbox's
//! results. What they do is `crate::play::sport_bets`.

use axum::Json as JsonResponse;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::play::spins::Wager;
use crate::play::sport_bets::{
    self, BookEvent, BookSport, EventFilter, Pick, Placed, Placement, SportBet,
};
use crate::routes::extract::SandboxControl;
use crate::routes::extract::{Json, Path, Query};
use crate::{ApiError, AppState};

/// The widget: plain JavaScript exposing `window.altenarWSDK`, no dependencies. One script, kept
/// in files along what they do: `start.js` opens the closure they all share and `carousels.js`
/// closes it, so their order is the script's.
const WIDGET_SCRIPT: &str = concat!(
    include_str!("../../../assets/sportsbook-widget/start.js"),
    include_str!("../../../assets/sportsbook-widget/strings.js"),
    include_str!("../../../assets/sportsbook-widget/page.js"),
    include_str!("../../../assets/sportsbook-widget/odds.js"),
    include_str!("../../../assets/sportsbook-widget/sportsbook.js"),
    include_str!("../../../assets/sportsbook-widget/carousels.js"),
);

/// Most events one listing answers.
const MAX_LISTING: i64 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(book_sports))
        .routes(routes!(book_events))
        .routes(routes!(place_bet, session_bets))
        .routes(routes!(record_result))
        .merge(OpenApiRouter::from(
            Router::new().route("/sandbox/sportsbook/wsdk.js", get(widget_script)),
        ))
}

async fn widget_script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        WIDGET_SCRIPT,
    )
        .into_response()
}

#[derive(Serialize, ToSchema)]
struct SportList {
    sports: Vec<BookSport>,
}

/// The book's sports with how many of their events take bets.
#[utoipa::path(get, path = "/api/sandbox/sportsbook/sports", tag = "sandbox",
    responses((status = 200, body = SportList)))]
async fn book_sports(State(state): State<AppState>) -> Result<JsonResponse<SportList>, ApiError> {
    Ok(JsonResponse(SportList {
        sports: sport_bets::sports(&state.pool).await?,
    }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct EventsQuery {
    sport_id: Option<i64>,
    category_id: Option<i64>,
    championship_id: Option<i64>,
    /// One event, also once it is over (with its result).
    event_id: Option<i64>,
    /// `true` in play, `false` not started; both by default.
    live: Option<bool>,
    /// `true`: the finished events with their results and final scores, newest first, instead.
    finished: Option<bool>,
    /// `true`: virtual sports' matches instead of the others' (an event, championship or category
    /// asked for by id is listed either way).
    is_virtual: Option<bool>,
    /// 1 to 100 (50 by default).
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct EventList {
    events: Vec<BookEvent>,
}

/// Events open for betting with their current odds, in start order; or the finished ones with
/// their results and final scores, newest first.
#[utoipa::path(get, path = "/api/sandbox/sportsbook/events", tag = "sandbox", params(EventsQuery),
    responses((status = 200, body = EventList), (status = 400, body = service_kit::ErrorBody)))]
async fn book_events(
    State(state): State<AppState>,
    Query(query): Query<EventsQuery>,
) -> Result<JsonResponse<EventList>, ApiError> {
    let limit = query.limit.unwrap_or(50);
    if !(1..=MAX_LISTING).contains(&limit) {
        return Err(ApiError::bad_request(
            "invalid_limit",
            format!("limit is 1 to {MAX_LISTING}."),
        ));
    }
    let filter = EventFilter {
        sport_id: query.sport_id,
        category_id: query.category_id,
        championship_id: query.championship_id,
        event_id: query.event_id,
        live: query.live,
        finished: query.finished.unwrap_or(false),
        is_virtual: query.is_virtual.unwrap_or(false),
        limit,
    };
    Ok(JsonResponse(EventList {
        events: sport_bets::events(&state.pool, &filter).await?,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SportBetRequest {
    /// The client's key of this placement (8 to 64 letters, digits, `-`, `_`): the same key again
    /// answers the same bet and charges nothing.
    request_id: String,
    /// Minor units of the session's currency.
    stake: i64,
    /// One for a single, two to ten (on different events) for an accumulator.
    selections: Vec<Pick>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SportBetResult {
    bet: SportBet,
    /// The account's balance afterwards, in minor units.
    balance: i64,
}

/// Places a single or an accumulator from the sportsbook session's account: checks the events
/// (open), the outcomes, the odds shown (current, or one bucket old: else 409
/// `sport.odds.changed`), the max stake (409 `game.bet.max.exceed`), limits (409
/// `game.bet.restricted`) and the balance (422 `insufficient_funds`). 201 with the bet; 200 with
/// the same bet when its `requestId` was placed already.
#[utoipa::path(post, path = "/api/sandbox/game-sessions/{token}/sport-bets", tag = "sandbox", security((), ("bearer" = [])),
    params(("token" = String, Path)), request_body = SportBetRequest,
    responses((status = 201, body = SportBetResult), (status = 200, description = "a repeated requestId", body = SportBetResult),
              (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 409, description = "sport.odds.changed, sport.event.closed, game.bet.max.exceed, game.bet.restricted", body = service_kit::ErrorBody),
              (status = 410, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn place_bet(
    State(state): State<AppState>,
    caller: Option<CurrentPlayer>,
    Path(token): Path<String>,
    Json(request): Json<SportBetRequest>,
) -> Result<(StatusCode, JsonResponse<SportBetResult>), ApiError> {
    let placement = Placement {
        wager: Wager {
            token: &token,
            caller: caller.as_ref(),
            amount: request.stake,
        },
        request_id: &request.request_id,
        picks: &request.selections,
    };
    let (status, played) = match sport_bets::place(&state.deps(), placement).await? {
        Placed::New(played) => (StatusCode::CREATED, played),
        Placed::Repeated(played) => (StatusCode::OK, played),
    };
    Ok((
        status,
        JsonResponse(SportBetResult {
            bet: played.item,
            balance: played.balance,
        }),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SportBetList {
    /// The session's currency: stakes are minor units of it.
    currency: String,
    /// Minor units in one unit of `currency` (100 for USD).
    subunit_to_unit: i64,
    bets: Vec<SportBet>,
}

/// The session's currency and its player's sportsbook bets with their selections, newest first
/// (50): the widget's stake field and bet history.
#[utoipa::path(get, path = "/api/sandbox/game-sessions/{token}/sport-bets", tag = "sandbox",
    params(("token" = String, Path)),
    responses((status = 200, body = SportBetList), (status = 404, body = service_kit::ErrorBody)))]
async fn session_bets(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<JsonResponse<SportBetList>, ApiError> {
    let answer = sport_bets::bets_of_session(&state.deps(), &token).await?;
    Ok(JsonResponse(SportBetList {
        currency: answer.currency,
        subunit_to_unit: answer.subunit_to_unit,
        bets: answer.bets,
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct EventResult {
    /// `1` home, `X` draw, `2` away.
    outcome: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResultRecorded {
    /// Bets the result completed and settled.
    settled_bets: usize,
}

/// The sandbox's result of an event (once: 409 `sport.event.resulted` after): settles every bet
/// whose events all have results, crediting wins once.
#[utoipa::path(post, path = "/api/sandbox/sport-events/{id}/result", tag = "sandbox",
    params(("id" = i64, Path)), request_body = EventResult,
    responses((status = 200, body = ResultRecorded), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn record_result(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(result): Json<EventResult>,
) -> Result<JsonResponse<ResultRecorded>, ApiError> {
    Ok(JsonResponse(ResultRecorded {
        settled_bets: sport_bets::record_result(&state.deps(), id, &result.outcome).await?,
    }))
}
