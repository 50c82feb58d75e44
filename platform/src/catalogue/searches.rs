//! A signed-in player's recent searches, recorded by the game and sport searches so the search box
//! can offer them again.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use super::games::search_text;
use crate::catalogue::CatalogueError;

/// How many distinct recent searches a player keeps; older ones are forgotten.
pub const RECENT_SEARCHES_KEPT: i64 = 10;

/// The search text of a search call: required, 2 to 64 characters.
pub fn required_search(raw: Option<&str>) -> Result<String, CatalogueError> {
    search_text(raw)?.ok_or(CatalogueError::SearchEmpty)
}

/// Records a search of a signed-in player: one entry per text, the latest first, at most
/// `RECENT_SEARCHES_KEPT`.
pub async fn remember(pool: &SqlitePool, player_id: i64, text: &str) -> Result<(), CatalogueError> {
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

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentSearch {
    query: String,
    /// RFC 3339, UTC.
    searched_at: String,
}

/// The player's recent searches, the latest first.
pub async fn recent(
    pool: &SqlitePool,
    player_id: i64,
) -> Result<Vec<RecentSearch>, CatalogueError> {
    Ok(sqlx::query_as(
        "SELECT query, searched_at FROM player_recent_searches WHERE player_id = ?
         ORDER BY rowid DESC LIMIT ?",
    )
    .bind(player_id)
    .bind(RECENT_SEARCHES_KEPT)
    .fetch_all(pool)
    .await?)
}

/// Forgets the player's recent searches: the one `text` (trimmed) or, without it, all.
pub async fn forget(
    pool: &SqlitePool,
    player_id: i64,
    text: Option<&str>,
) -> Result<(), CatalogueError> {
    sqlx::query(
        "DELETE FROM player_recent_searches WHERE player_id = ?1 AND (?2 IS NULL OR query = ?2)",
    )
    .bind(player_id)
    .bind(text.map(str::trim))
    .execute(pool)
    .await?;
    Ok(())
}
