//! Avatars a player can pick, over HTTP. The avatars are `crate::players::avatars`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::Profile;
use crate::auth::CurrentPlayer;
use crate::players::avatars::{self, Avatar};
use crate::routes::extract::{Json, Path};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(set))
        .routes(routes!(image))
}

#[derive(Serialize, utoipa::ToSchema)]
struct AvatarList {
    avatars: Vec<Avatar>,
}

#[utoipa::path(get, path = "/api/player/avatar/list", tag = "player", security(("bearer" = [])), responses((status = 200, body = AvatarList), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<AvatarList>, ApiError> {
    let avatars = avatars::avatars_for(&state.pool, player.id).await?;
    Ok(JsonResponse(AvatarList { avatars }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SetAvatar {
    avatar_id: i64,
}

#[utoipa::path(post, path = "/api/player/avatar/set-avatar", tag = "player", security(("bearer" = [])), request_body = SetAvatar, responses((status = 200, body = super::Profile), (status = 401, body = service_kit::ErrorBody), (status = 404, body = service_kit::ErrorBody)))]
async fn set(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<SetAvatar>,
) -> Result<JsonResponse<Profile>, ApiError> {
    let profile = avatars::select(&state.pool, player.id, body.avatar_id).await?;
    Ok(JsonResponse(profile))
}

#[utoipa::path(get, path = "/api/sandbox/images/avatars/{file}", tag = "sandbox", params(("file" = String, Path)), responses((status = 200, content_type = "image/svg+xml", body = String), (status = 404, body = service_kit::ErrorBody)))]
async fn image(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let svg = avatars::svg(&state.pool, &file).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        svg,
    )
        .into_response())
}
