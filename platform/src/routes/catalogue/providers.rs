//! Game providers (studios), public.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::extract::Path;
use crate::routes::List;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(providers))
        .routes(routes!(provider))
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProviderDetails {
    id: i64,
    identity: String,
    name: String,
    games_count: i64,
}

const PROVIDER_SELECT: &str = "SELECT p.id, p.identity, p.name,
    (SELECT count(*) FROM games WHERE provider_id = p.id) AS games_count
    FROM game_providers p";

/// Every provider, in the catalogue's order, with its number of games.
#[utoipa::path(get, path = "/api/game/providers", tag = "games",
    responses((status = 200, body = List<ProviderDetails>)))]
async fn providers(State(state): State<AppState>) -> Result<Json<List<ProviderDetails>>, ApiError> {
    let data = sqlx::query_as(&format!("{PROVIDER_SELECT} ORDER BY p.position"))
        .fetch_all(&state.pool)
        .await?;
    Ok(Json(List { data }))
}

/// One provider by its numeric id or its identity.
#[utoipa::path(get, path = "/api/game/providers/{id}", tag = "games",
    params(("id" = String, Path, description = "The provider's id or identity")),
    responses((status = 200, body = ProviderDetails), (status = 404, body = service_kit::ErrorBody)))]
async fn provider(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ProviderDetails>, ApiError> {
    let condition = if id.bytes().all(|b| b.is_ascii_digit()) {
        "p.id = CAST(?1 AS INTEGER)"
    } else {
        "p.identity = ?1"
    };
    let found: Option<ProviderDetails> =
        sqlx::query_as(&format!("{PROVIDER_SELECT} WHERE {condition}"))
            .bind(&id)
            .fetch_optional(&state.pool)
            .await?;
    found.map(Json).ok_or_else(|| {
        ApiError::not_found(
            "provider_not_found",
            format!("There is no provider {id:?}."),
        )
    })
}
