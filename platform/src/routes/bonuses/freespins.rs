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

activate_and_cancel! {
    PlayerFreespin, "bonuses",
    |conn, player_id, id| freespins::freespins_of(conn, player_id, Some(id)).await?,
    /// Issued → active: from now on spins on its game use them.
    activate: ActivateFreespins "/api/game/player-freespins/{id}/activate",
    /// Issued or active → finished, result 3 (canceled); spins not used are lost.
    cancel: CancelFreespins "/api/game/player-freespins/{id}/cancel",
}
