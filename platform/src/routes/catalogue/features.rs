//! Game features (megaways, jackpot, bonus buy...) over HTTP: what the games filter's `feature`
//! takes.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalogue::features::{self, Feature};
use crate::routes::List;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(features))
}

/// Every game feature, in display order, with its number of games. Public.
#[utoipa::path(get, path = "/api/game/games/features", tag = "games",
    responses((status = 200, body = List<Feature>)))]
async fn features(State(state): State<AppState>) -> Result<Json<List<Feature>>, ApiError> {
    let data = features::all(&state.pool).await?;
    Ok(Json(List { data }))
}
