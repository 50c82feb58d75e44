//! Reality checks over HTTP: `GET`/`PUT /api/player/reality-check` (beyond the spec; the rules are
//! `crate::limits::reality_check`).

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::limits::reality_check::{self, MAX_MINUTES, MIN_MINUTES, RealityCheck};
use crate::routes::extract::Json;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

/// The player's reminder interval and the current session's time and result.
#[utoipa::path(get, path = "/api/player/reality-check", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = RealityCheck), (status = 401, body = service_kit::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<RealityCheck>, ApiError> {
    Ok(JsonResponse(
        reality_check::of_session(&state.pool, player.id, &player.session_id).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RealityCheckChange {
    /// Minutes between reminders, 1 to 240; `null` turns them off.
    interval_minutes: Option<i64>,
}

/// Sets the reminder interval; 422 `validation_failed` on `intervalMinutes` outside 1–240.
#[utoipa::path(put, path = "/api/player/reality-check", tag = "player", security(("bearer" = [])),
    request_body = RealityCheckChange,
    responses((status = 200, body = RealityCheck), (status = 401, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(change): Json<RealityCheckChange>,
) -> Result<JsonResponse<RealityCheck>, ApiError> {
    if let Some(minutes) = change.interval_minutes
        && !(MIN_MINUTES..=MAX_MINUTES).contains(&minutes)
    {
        return Err(ApiError::validation(
            [(
                "intervalMinutes".to_owned(),
                format!("The value must be between {MIN_MINUTES} and {MAX_MINUTES}"),
            )]
            .into(),
        ));
    }
    reality_check::set_interval(&state.pool, player.id, change.interval_minutes).await?;
    Ok(JsonResponse(
        reality_check::of_session(&state.pool, player.id, &player.session_id).await?,
    ))
}
