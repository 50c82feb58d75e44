//! A player's favourite games. Adding one that is already there, or removing one that is not,
//! changes nothing and is no error: the state asked for holds afterwards.

use sqlx::SqlitePool;

use super::games::{GAME_COLUMNS, Game, GameRow};
use crate::catalogue::CatalogueError;

/// A player keeps at most this many favourites: the list is loaded whole after every sign-in.
pub const MAX_FAVORITES: i64 = 200;

/// The player's favourite games, the latest added first.
pub async fn list(pool: &SqlitePool, player_id: i64) -> Result<Vec<Game>, CatalogueError> {
    let rows: Vec<GameRow> = sqlx::query_as(&format!(
        "SELECT {GAME_COLUMNS} FROM player_favorite_games fav
         JOIN games g ON g.id = fav.game_id
         JOIN game_providers p ON p.id = g.provider_id
         WHERE fav.player_id = ? ORDER BY fav.rowid DESC"
    ))
    .bind(player_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(Game::from).collect())
}

/// Whether the player keeps the game among favourites.
pub async fn is_favorite(
    pool: &SqlitePool,
    player_id: i64,
    game_id: i64,
) -> Result<bool, CatalogueError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM player_favorite_games WHERE player_id = ? AND game_id = ?)",
    )
    .bind(player_id)
    .bind(game_id)
    .fetch_one(pool)
    .await?)
}

/// Adds the game to the player's favourites; 409 `favorites_limit_reached` at `MAX_FAVORITES`.
pub async fn add(pool: &SqlitePool, player_id: i64, game_id: i64) -> Result<(), CatalogueError> {
    // The count and the insert are one statement, so two adds at once cannot pass the limit.
    let inserted = sqlx::query(
        "INSERT INTO player_favorite_games (player_id, game_id)
         SELECT ?1, ?2 WHERE (SELECT count(*) FROM player_favorite_games WHERE player_id = ?1) < ?3
         ON CONFLICT DO NOTHING",
    )
    .bind(player_id)
    .bind(game_id)
    .bind(MAX_FAVORITES)
    .execute(pool)
    .await?
    .rows_affected();
    if inserted == 0 && !is_favorite(pool, player_id, game_id).await? {
        return Err(CatalogueError::FavoritesFull);
    }
    Ok(())
}

/// Removes the game from the player's favourites.
pub async fn remove(pool: &SqlitePool, player_id: i64, game_id: i64) -> Result<(), CatalogueError> {
    sqlx::query("DELETE FROM player_favorite_games WHERE player_id = ? AND game_id = ?")
        .bind(player_id)
        .bind(game_id)
        .execute(pool)
        .await?;
    Ok(())
}
