//! The player's quests: the list, activation and cancellation.

use axum::Json as JsonResponse;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::rewards::quests::{
    self, Quest, STATE_ACTIVE, STATE_CANCELLED, STATE_COMPLETED, STATE_EXPIRED, STATE_ISSUED,
};
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

const STATES: &[i64] = &[
    STATE_ISSUED,
    STATE_ACTIVE,
    STATE_COMPLETED,
    STATE_EXPIRED,
    STATE_CANCELLED,
];

/// The player's quests in campaign order, optionally only some states (`state[]=1&state[]=2` or
/// `state=1,2`); `currency` prices bonus rewards.
#[utoipa::path(get, path = "/api/retention/quests", tag = "retention", security(("bearer" = [])),
    params(("state" = Option<Vec<i64>>, Query,
                description = "1 issued, 2 active, 3 completed, 5 expired, 6 cancelled"),
           ("currency" = Option<String>, Query)),
    responses((status = 200, body = List<Quest>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<JsonResponse<List<Quest>>, ApiError> {
    let query = ListQuery::new(query, &["state", "currency"])?;
    let states = query.integers_of("state", STATES)?;
    let currency = query.text("currency")?.map(str::to_ascii_uppercase);
    rewards::bring_up_to_date(&state.deps(), player.id).await?;
    let mut conn = state.pool.acquire().await?;
    let data = quests::quests_of(&mut conn, player.id, None, currency.as_deref())
        .await?
        .into_iter()
        .filter(|q| states.as_ref().is_none_or(|s| s.contains(&q.state)))
        .collect();
    Ok(JsonResponse(List { data }))
}

activate_and_cancel! {
    Quest, "retention",
    |conn, player_id, id| quests::quests_of(conn, player_id, Some(id), None).await?,
    /// Issued → active: its time starts, its first task becomes active.
    activate: ActivateQuest "/api/retention/quests/{id}/activate",
    /// Issued or active → cancelled (6).
    cancel: CancelQuest "/api/retention/quests/{id}/cancel",
}
