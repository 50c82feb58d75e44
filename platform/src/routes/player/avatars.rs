//! Avatars a player can pick. The sandbox draws them itself (SVG).

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use super::{Profile, load_profile};
use crate::auth::CurrentPlayer;
use crate::extract::{Json, Path};
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

#[derive(Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Avatar {
    id: i64,
    name: String,
    #[sqlx(skip)]
    url: String,
    #[sqlx(skip)]
    is_selected: bool,
}

#[utoipa::path(get, path = "/api/player/avatar/list", tag = "player", security(("bearer" = [])), responses((status = 200, body = AvatarList), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<AvatarList>, ApiError> {
    let selected: Option<i64> = sqlx::query_scalar("SELECT avatar_id FROM players WHERE id = ?")
        .bind(player.id)
        .fetch_one(&state.pool)
        .await?;
    let mut avatars: Vec<Avatar> = sqlx::query_as("SELECT id, name FROM avatars ORDER BY position")
        .fetch_all(&state.pool)
        .await?;
    for avatar in &mut avatars {
        avatar.url = format!("/api/sandbox/images/avatars/{}.svg", avatar.id);
        avatar.is_selected = selected == Some(avatar.id);
    }
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
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM avatars WHERE id = ?)")
        .bind(body.avatar_id)
        .fetch_one(&state.pool)
        .await?;
    if !exists {
        return Err(ApiError::not_found(
            "avatar_not_found",
            "There is no such avatar.",
        ));
    }
    sqlx::query("UPDATE players SET avatar_id = ? WHERE id = ?")
        .bind(body.avatar_id)
        .bind(player.id)
        .execute(&state.pool)
        .await?;
    Ok(JsonResponse(load_profile(&state.pool, player.id).await?))
}

#[utoipa::path(get, path = "/api/sandbox/images/avatars/{file}", tag = "sandbox", params(("file" = String, Path)), responses((status = 200, content_type = "image/svg+xml", body = String), (status = 404, body = service_kit::ErrorBody)))]
async fn image(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let id: i64 = file
        .strip_suffix(".svg")
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| ApiError::not_found("avatar_not_found", "There is no such avatar."))?;
    let name: Option<String> = sqlx::query_scalar("SELECT name FROM avatars WHERE id = ?")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?;
    let name =
        name.ok_or_else(|| ApiError::not_found("avatar_not_found", "There is no such avatar."))?;
    let hue = (id * 47) % 360;
    let initial: String = name
        .chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let initial = initial.replace('&', "&amp;").replace('<', "&lt;");
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl({hue},65%,45%)"/><text x="50%" y="58%" text-anchor="middle" font-size="40" font-family="sans-serif" fill="#fff">{initial}</text></svg>"##
    );
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        svg,
    )
        .into_response())
}
