//! A signed-in player's favourite games.
//!
//! Adding a favourite that is already there, or removing one that is not, succeeds with 204: the
//! client toggles a heart and may repeat a call after a lost answer, and either way the state it
//! asked for holds afterwards.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::catalogue::favorites;
use crate::catalogue::games::{Game, find_game};
use crate::routes::List;
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(favorites))
        .routes(routes!(add, remove))
}

/// The player's favourite games, the latest added first.
#[utoipa::path(get, path = "/api/game/games/favorites", tag = "games", security(("bearer" = [])),
    responses((status = 200, body = List<Game>), (status = 401, body = service_kit::ErrorBody)))]
async fn favorites(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<List<Game>>, ApiError> {
    let data = favorites::list(&state.pool, player.id).await?;
    Ok(Json(List { data }))
}

/// Adds a game (by id or identity) to the player's favourites. Idempotent; 409
/// `favorites_limit_reached` at `MAX_FAVORITES`.
#[utoipa::path(post, path = "/api/game/games/{id}/favorite", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "The game's id or identity")),
    responses((status = 204), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody)))]
async fn add(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let game = find_game(&state.pool, &id).await?;
    favorites::add(&state.pool, player.id, game.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Removes a game (by id or identity) from the player's favourites. Idempotent.
#[utoipa::path(delete, path = "/api/game/games/{id}/favorite", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "The game's id or identity")),
    responses((status = 204), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let game = find_game(&state.pool, &id).await?;
    favorites::remove(&state.pool, player.id, game.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
