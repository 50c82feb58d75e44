//! The player's free spins: the list, activation and cancellation. How they are played is told in
//! `crate::rewards::freespins`.

use axum::Json as JsonResponse;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::STATUSES;
use crate::auth::CurrentPlayer;
use crate::rewards::freespins::{self, PlayerFreespin};
use crate::rewards::{self, Action};
use crate::routes::extract::{Path, Query};
use crate::routes::list_query::ListQuery;
use crate::routes::{List, changed};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(activate))
        .routes(routes!(cancel))
}

#[utoipa::path(get, path = "/api/game/player-freespins", tag = "bonuses", security(("bearer" = [])),
    params(("status" = Option<Vec<i64>>, Query, description = "1 issued, 2 active, 3 finished")),
    responses((status = 200, body = List<PlayerFreespin>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<JsonResponse<List<PlayerFreespin>>, ApiError> {
    let statuses = ListQuery::new(query, &["status"])?.integers_of("status", STATUSES)?;
    rewards::bring_up_to_date(&state.deps(), player.id).await?;
    let mut conn = state.pool.acquire().await?;
    let data = freespins::freespins_of(&mut conn, player.id, None)
        .await?
        .into_iter()
        .filter(|f| statuses.as_ref().is_none_or(|s| s.contains(&f.status)))
        .collect();
    Ok(JsonResponse(List { data }))
}

async fn answer(
    state: &AppState,
    player_id: i64,
    id: i64,
) -> Result<JsonResponse<PlayerFreespin>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    changed(
        freespins::freespins_of(&mut conn, player_id, Some(id)).await?,
        id,
    )
}

/// Issued → active: from now on spins on its game use them.
#[utoipa::path(put, path = "/api/game/player-freespins/{id}/activate", tag = "bonuses",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = PlayerFreespin), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn activate(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<PlayerFreespin>, ApiError> {
    rewards::act(&state.deps(), player.id, Action::ActivateFreespins, id).await?;
    answer(&state, player.id, id).await
}

/// Issued or active → finished, result 3 (canceled); spins not used are lost.
#[utoipa::path(put, path = "/api/game/player-freespins/{id}/cancel", tag = "bonuses",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = PlayerFreespin), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn cancel(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<PlayerFreespin>, ApiError> {
    rewards::act(&state.deps(), player.id, Action::CancelFreespins, id).await?;
    answer(&state, player.id, id).await
}
