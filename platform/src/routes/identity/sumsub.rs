//! The access token of the identity-verification service's web SDK (Sumsub) over HTTP; the sandbox
//! token is `crate::identity::sumsub`.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::identity::sumsub::{self, SumsubToken};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(auth))
}

/// A fresh SDK access token for the signed-in player.
#[utoipa::path(post, path = "/api/player/services/sumsub/auth", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = SumsubToken), (status = 401, body = service_kit::ErrorBody)))]
async fn auth(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<SumsubToken>, ApiError> {
    Ok(Json(sumsub::issue_token(&state.pool, player.id).await?))
}
