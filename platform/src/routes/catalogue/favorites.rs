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
use crate::extract::Path;
use crate::routes::List;
use crate::routes::games::{GAME_COLUMNS, Game, GameRow, find_game};
use crate::{ApiError, AppState};

/// A player keeps at most this many favourites: the list is loaded whole after every sign-in.
pub const MAX_FAVORITES: i64 = 200;

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
    let rows: Vec<GameRow> = sqlx::query_as(&format!(
        "SELECT {GAME_COLUMNS} FROM player_favorite_games fav
         JOIN games g ON g.id = fav.game_id
         JOIN game_providers p ON p.id = g.provider_id
         WHERE fav.player_id = ? ORDER BY fav.rowid DESC"
    ))
    .bind(player.id)
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(List {
        data: rows.into_iter().map(Game::from).collect(),
    }))
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
    // The count and the insert are one statement, so two adds at once cannot pass the limit.
    let inserted = sqlx::query(
        "INSERT INTO player_favorite_games (player_id, game_id)
         SELECT ?1, ?2 WHERE (SELECT count(*) FROM player_favorite_games WHERE player_id = ?1) < ?3
         ON CONFLICT DO NOTHING",
    )
    .bind(player.id)
    .bind(game.id)
    .bind(MAX_FAVORITES)
    .execute(&state.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        let already: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM player_favorite_games WHERE player_id = ? AND game_id = ?)",
        )
        .bind(player.id)
        .bind(game.id)
        .fetch_one(&state.pool)
        .await?;
        if !already {
            return Err(ApiError::conflict(
                "favorites_limit_reached",
                format!("You can keep up to {MAX_FAVORITES} favourite games. Remove one first."),
            ));
        }
    }
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
    sqlx::query("DELETE FROM player_favorite_games WHERE player_id = ? AND game_id = ?")
        .bind(player.id)
        .bind(game.id)
        .execute(&state.pool)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
