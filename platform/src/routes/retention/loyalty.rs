//! The player's loyalty account and the levels.

use axum::Json as JsonResponse;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::rewards::loyalty::{self, Level, LoyaltyAccount};
use crate::routes::List;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account))
        .routes(routes!(levels))
}

/// Points, the level held and the next one (1 point per whole unit of the base currency wagered,
/// plus quest rewards).
#[utoipa::path(get, path = "/api/retention/account", tag = "retention", security(("bearer" = [])),
    responses((status = 200, body = LoyaltyAccount), (status = 401, body = service_kit::ErrorBody)))]
async fn account(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<LoyaltyAccount>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    Ok(JsonResponse(loyalty::account(&mut conn, player.id).await?))
}

/// Every level, lowest first.
#[utoipa::path(get, path = "/api/retention/levels", tag = "retention",
    responses((status = 200, body = List<Level>)))]
async fn levels(State(state): State<AppState>) -> Result<JsonResponse<List<Level>>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    Ok(JsonResponse(List {
        data: loyalty::levels(&mut conn).await?,
    }))
}
