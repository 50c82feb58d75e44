//! Game features (megaways, jackpot, bonus buy...): what the games filter's `feature` takes.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::routes::List;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(features))
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Feature {
    id: i64,
    identity: String,
    name: String,
    games_count: i64,
}

/// Every game feature, in display order, with its number of games. Public.
#[utoipa::path(get, path = "/api/game/games/features", tag = "games",
    responses((status = 200, body = List<Feature>)))]
async fn features(State(state): State<AppState>) -> Result<Json<List<Feature>>, ApiError> {
    let data = sqlx::query_as(
        "SELECT f.id, f.identity, f.name,
                (SELECT count(*) FROM game_feature_games WHERE feature_id = f.id) AS games_count
         FROM game_features f ORDER BY f.position",
    )
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(List { data }))
}
