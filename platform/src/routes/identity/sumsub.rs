//! The access token of the identity-verification service's web SDK (Sumsub). A real platform asks
//! Sumsub's API for it with its app token and secret; the sandbox has no Sumsub account, so it
//! issues a token of the same shape that the sandbox client recognises as such.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::clock::NOW_SECONDS_PLUS;
use crate::{ApiError, AppState};

/// Sumsub's default access token lifetime.
pub const TOKEN_TTL_SECONDS: i64 = 600;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(auth))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SumsubToken {
    /// The SDK's access token; sandbox tokens start with `_act-sbx-`.
    token: String,
    /// The applicant's external user id at the service: one per player.
    user_id: String,
    /// RFC 3339, UTC.
    expires_at: String,
}

/// A fresh SDK access token for the signed-in player.
#[utoipa::path(post, path = "/api/player/services/sumsub/auth", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = SumsubToken), (status = 401, body = service_kit::ErrorBody)))]
async fn auth(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<SumsubToken>, ApiError> {
    let expires_at: String = sqlx::query_scalar(&format!("SELECT {NOW_SECONDS_PLUS}"))
        .bind(format!("+{TOKEN_TTL_SECONDS} seconds"))
        .fetch_one(&state.pool)
        .await?;
    Ok(Json(SumsubToken {
        token: format!("_act-sbx-{}", uuid::Uuid::new_v4()),
        user_id: format!("sandbox-player-{}", player.id),
        expires_at,
    }))
}
