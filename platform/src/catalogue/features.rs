//! Game features (megaways, jackpot, bonus buy...): what the games filter's `feature` takes.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use crate::catalogue::CatalogueError;

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    id: i64,
    identity: String,
    name: String,
    games_count: i64,
}

/// Every game feature, in display order, with its number of games.
pub async fn all(pool: &SqlitePool) -> Result<Vec<Feature>, CatalogueError> {
    Ok(sqlx::query_as(
        "SELECT f.id, f.identity, f.name,
                (SELECT count(*) FROM game_feature_games WHERE feature_id = f.id) AS games_count
         FROM game_features f ORDER BY f.position",
    )
    .fetch_all(pool)
    .await?)
}
