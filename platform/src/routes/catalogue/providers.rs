//! Game providers (studios), public.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalogue::providers::{self, ProviderDetails};
use crate::routes::List;
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(providers))
        .routes(routes!(provider))
}

/// Every provider, in the catalogue's order, with its number of games.
#[utoipa::path(get, path = "/api/game/providers", tag = "games",
    responses((status = 200, body = List<ProviderDetails>)))]
async fn providers(State(state): State<AppState>) -> Result<Json<List<ProviderDetails>>, ApiError> {
    let data = providers::all(&state.pool).await?;
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
    Ok(Json(providers::find(&state.pool, &id).await?))
}
