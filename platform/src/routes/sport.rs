//! Sport data for the sportsbook pages over HTTP: a sport's categories and championships, one
//! event, and a text search over events and championships. The data is `crate::sport`.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::catalogue::games::contains_pattern;
use crate::catalogue::searches::{remember, required_search};
use crate::routes::extract::{Path, Query};
use crate::sport::{self, ChampionshipInfo, EventInfo, SportInfo};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(info))
        .routes(routes!(event))
        .routes(routes!(search))
}

fn sport_id(raw: &str) -> Result<i64, ApiError> {
    raw.parse()
        .map_err(|_| ApiError::bad_request("invalid_path", format!("{raw:?} is not a sport id.")))
}

/// A sport with its categories (countries, or games for e-sports), each with its championships.
#[utoipa::path(get, path = "/api/game/sport/info/{id}", tag = "sport",
    params(("id" = i64, Path, description = "The sport's id, e.g. 66 soccer, 145 e-sports")),
    responses((status = 200, body = SportInfo), (status = 400, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn info(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<SportInfo>, ApiError> {
    let id = sport_id(&id)?;
    Ok(Json(sport::info(&state.pool, id).await?))
}

/// One event with its championship, category and sport.
#[utoipa::path(get, path = "/api/game/sport/events/{id}", tag = "sport",
    params(("id" = i64, Path, description = "The event's id")),
    responses((status = 200, body = EventInfo), (status = 400, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn event(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<EventInfo>, ApiError> {
    let id: i64 = id.parse().map_err(|_| {
        ApiError::bad_request("invalid_path", format!("{id:?} is not an event id."))
    })?;
    Ok(Json(sport::event(&state.pool, id).await?))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct SportSearchQuery {
    /// Text in a team's, player's or championship's name, 2 to 64 characters, any case.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SportSearchResult {
    /// Live and upcoming events with a competitor or championship of that name, soonest first.
    events: Vec<EventInfo>,
    /// Championships of that name, in sport order.
    championships: Vec<ChampionshipInfo>,
}

/// Events and championships by text. A signed-in player's search is added to their recent
/// searches, shared with the game search.
#[utoipa::path(get, path = "/api/game/sport/search", tag = "sport", security((), ("bearer" = [])), params(SportSearchQuery),
    responses((status = 200, body = SportSearchResult), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Query(query): Query<SportSearchQuery>,
) -> Result<Json<SportSearchResult>, ApiError> {
    let text = required_search(query.search.as_deref())?;
    let pattern = contains_pattern(&text);
    let events = sport::search_events(&state.pool, &pattern).await?;
    let championships = sport::search_championships(&state.pool, &pattern).await?;
    if let Some(player) = player {
        remember(&state.pool, player.id, &text).await?;
    }
    Ok(Json(SportSearchResult {
        events,
        championships,
    }))
}
