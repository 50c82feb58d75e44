//! Searching games by text, and the signed-in player's recent searches (recorded by the game and
//! sport searches, so the search box can offer them again).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::extract::Query;
use crate::routes::List;
use crate::routes::games::{DEFAULT_PER_PAGE, Game, GameFilter, Page, search_text};
use crate::routes::paging::Paging;
use crate::{ApiError, AppState};

/// How many distinct recent searches a player keeps; older ones are forgotten.
pub const RECENT_SEARCHES_KEPT: i64 = 10;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_games))
        .routes(routes!(recent, forget))
}

/// The search text of a search call: required, 2 to 64 characters.
pub fn required_search(raw: Option<&str>) -> Result<String, ApiError> {
    search_text(raw)?
        .ok_or_else(|| ApiError::bad_request("invalid_search", "Type something to search for."))
}

/// Records a search of a signed-in player: one entry per text, the latest first, at most
/// `RECENT_SEARCHES_KEPT`.
pub async fn remember(pool: &SqlitePool, player_id: i64, text: &str) -> Result<(), ApiError> {
    let mut tx = pool.begin().await?;
    sqlx::query("REPLACE INTO player_recent_searches (player_id, query) VALUES (?, ?)")
        .bind(player_id)
        .bind(text)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "DELETE FROM player_recent_searches WHERE player_id = ?1 AND query NOT IN
            (SELECT query FROM player_recent_searches WHERE player_id = ?1
             ORDER BY rowid DESC LIMIT ?2)",
    )
    .bind(player_id)
    .bind(RECENT_SEARCHES_KEPT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
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

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RecentSearch {
    query: String,
    /// RFC 3339, UTC.
    searched_at: String,
}

/// The player's recent searches, the latest first.
#[utoipa::path(get, path = "/api/game/search/recent", tag = "games", security(("bearer" = [])),
    responses((status = 200, body = List<RecentSearch>), (status = 401, body = service_kit::ErrorBody)))]
async fn recent(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<List<RecentSearch>>, ApiError> {
    let data = sqlx::query_as(
        "SELECT query, searched_at FROM player_recent_searches WHERE player_id = ?
         ORDER BY rowid DESC LIMIT ?",
    )
    .bind(player.id)
    .bind(RECENT_SEARCHES_KEPT)
    .fetch_all(&state.pool)
    .await?;
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
    sqlx::query(
        "DELETE FROM player_recent_searches WHERE player_id = ?1 AND (?2 IS NULL OR query = ?2)",
    )
    .bind(player.id)
    .bind(query.query.as_deref().map(str::trim))
    .execute(&state.pool)
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
