//! The player's bonuses: lists, the total in the base currency, activation and cancellation.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::STATUSES;
use crate::auth::CurrentPlayer;
use crate::money::rates::Rates;
use crate::rewards::bonuses::{self, PlayerBonus};
use crate::rewards::{self, Action};
use crate::routes::extract::{Path, Query};
use crate::routes::list_query::ListQuery;
use crate::routes::{List, changed};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(sum))
        .routes(routes!(activate))
        .routes(routes!(cancel))
}

/// The player's bonuses, newest first, optionally only some statuses (`status[]=1&status[]=2` or
/// `status=1,2`).
#[utoipa::path(get, path = "/api/game/player-bonuses", tag = "bonuses", security(("bearer" = [])),
    params(("status" = Option<Vec<i64>>, Query, description = "1 issued, 2 active, 3 finished")),
    responses((status = 200, body = List<PlayerBonus>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<JsonResponse<List<PlayerBonus>>, ApiError> {
    let statuses = ListQuery::new(query, &["status"])?.integers_of("status", STATUSES)?;
    rewards::bring_up_to_date(&state.deps(), player.id).await?;
    let mut conn = state.pool.acquire().await?;
    let data = bonuses::bonuses_of(&mut conn, player.id, None)
        .await?
        .into_iter()
        .filter(|b| statuses.as_ref().is_none_or(|s| s.contains(&b.status)))
        .collect();
    Ok(JsonResponse(List { data }))
}

/// The player's issued and active bonuses and their total in the base currency.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BonusesSum {
    /// Minor units of the base currency, each bonus converted at the current rate, rounded down.
    base_currency_bonus_total: i64,
    base_currency: String,
    base_currency_symbol: String,
    player_bonuses: Vec<PlayerBonus>,
}

#[utoipa::path(get, path = "/api/game/player-bonuses/sum", tag = "bonuses", security(("bearer" = [])),
    responses((status = 200, body = BonusesSum), (status = 401, body = service_kit::ErrorBody)))]
async fn sum(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<BonusesSum>, ApiError> {
    rewards::bring_up_to_date(&state.deps(), player.id).await?;
    let mut conn = state.pool.acquire().await?;
    let rates = Rates::load(&mut *conn).await?;
    let player_bonuses: Vec<PlayerBonus> = bonuses::bonuses_of(&mut conn, player.id, None)
        .await?
        .into_iter()
        .filter(|b| b.status != bonuses::STATUS_FINISHED)
        .collect();
    let total = player_bonuses
        .iter()
        .map(|b| rates.to_base(&b.currency, b.amount))
        .fold(0i64, i64::saturating_add);
    Ok(JsonResponse(BonusesSum {
        base_currency_bonus_total: total,
        base_currency: rates.base.clone(),
        base_currency_symbol: rates.base_symbol.clone(),
        player_bonuses,
    }))
}

activate_and_cancel! {
    PlayerBonus, "bonuses",
    |conn, player_id, id| bonuses::bonuses_of(conn, player_id, Some(id)).await?,
    /// Issued → active. One bonus per currency may be active; a bonus without wagering is paid out at
    /// once.
    activate: ActivateBonus "/api/game/player-bonuses/{id}/activate",
    /// Issued or active → finished, result 3 (canceled).
    cancel: CancelBonus "/api/game/player-bonuses/{id}/cancel",
}
