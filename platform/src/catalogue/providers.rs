//! Game providers (studios).

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use crate::catalogue::CatalogueError;

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderDetails {
    id: i64,
    identity: String,
    name: String,
    games_count: i64,
}

const PROVIDER_SELECT: &str = "SELECT p.id, p.identity, p.name,
    (SELECT count(*) FROM games WHERE provider_id = p.id) AS games_count
    FROM game_providers p";

/// Every provider, in the catalogue's order, with its number of games.
pub async fn all(pool: &SqlitePool) -> Result<Vec<ProviderDetails>, CatalogueError> {
    Ok(
        sqlx::query_as(&format!("{PROVIDER_SELECT} ORDER BY p.position"))
            .fetch_all(pool)
            .await?,
    )
}

/// One provider by its numeric id or its identity; 404 `provider_not_found` otherwise.
pub async fn find(
    pool: &SqlitePool,
    id_or_identity: &str,
) -> Result<ProviderDetails, CatalogueError> {
    let condition = if id_or_identity.bytes().all(|b| b.is_ascii_digit()) {
        "p.id = CAST(?1 AS INTEGER)"
    } else {
        "p.identity = ?1"
    };
    let found: Option<ProviderDetails> =
        sqlx::query_as(&format!("{PROVIDER_SELECT} WHERE {condition}"))
            .bind(id_or_identity)
            .fetch_optional(pool)
            .await?;
    found.ok_or_else(|| CatalogueError::ProviderNotFound {
        asked: id_or_identity.to_owned(),
    })
}
