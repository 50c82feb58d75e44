//! Searching games by text, and the signed-in player's recent searches, over HTTP (the searches
//! are `crate::catalogue::searches`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::catalogue::games::{DEFAULT_PER_PAGE, Game, GameFilter};
use crate::catalogue::searches::{self, RecentSearch, remember, required_search};
use crate::paging::{Page, Paging};
use crate::routes::List;
use crate::routes::extract::Query;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_games))
        .routes(routes!(recent, forget))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// Text in the game's name, 2 to 64 characters, any case.
    search: Option<String>,
    page: Option<u32>,
    per_page: Option<u32>,
}

/// Games whose name contains the text, most popular first. A signed-in player's search is added
/// to their recent searches; a guest's is not kept.
#[utoipa::path(get, path = "/api/game/games/search", tag = "games", security((), ("bearer" = [])), params(SearchQuery),
    responses((status = 200, body = Page<Game>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn search_games(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Query(query): Query<SearchQuery>,
) -> Result<Json<Page<Game>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let text = required_search(query.search.as_deref())?;
    let page = GameFilter::named(&text).page(&state.pool, paging).await?;
    if let Some(player) = player {
        remember(&state.pool, player.id, &text).await?;
    }
    Ok(Json(page))
}

/// The player's recent searches, the latest first.
#[utoipa::path(get, path = "/api/game/search/recent", tag = "games", security(("bearer" = [])),
    responses((status = 200, body = List<RecentSearch>), (status = 401, body = service_kit::ErrorBody)))]
async fn recent(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<List<RecentSearch>>, ApiError> {
    let data = searches::recent(&state.pool, player.id).await?;
    Ok(Json(List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ForgetQuery {
    /// Forget only this text (any case); without it every recent search is forgotten.
    query: Option<String>,
}

/// Forgets the player's recent searches, or one of them. Forgetting what is not there is no
/// error.
#[utoipa::path(delete, path = "/api/game/search/recent", tag = "games", security(("bearer" = [])),
    params(ForgetQuery),
    responses((status = 204), (status = 401, body = service_kit::ErrorBody)))]
async fn forget(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<ForgetQuery>,
) -> Result<StatusCode, ApiError> {
    searches::forget(&state.pool, player.id, query.query.as_deref()).await?;
    Ok(StatusCode::NO_CONTENT)
}
