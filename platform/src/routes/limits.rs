//! Responsible-gambling limits over HTTP: `GET`/`POST /api/player/limits`, `PUT`/`DELETE
//! /api/player/limits/{id}`. The rules and the checks are `crate::limits`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::auth::CurrentPlayer;
use crate::limits::{self, Limit, rules};
use crate::routes::extract::{Json, Path};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, remove))
}

/// The player's limits: bet, loss and deposit limits with their current period's use, then
/// running self-exclusions and cooling-offs.
#[utoipa::path(get, path = "/api/player/limits", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = List<Limit>), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<List<Limit>>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let data = limits::limits_of(&mut conn, player.id).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewLimit {
    /// 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off.
    definition: i64,
    /// 1-3: the counting period. 4-5: the duration (daily 24 hours, weekly 7 days, monthly
    /// 30 days), unless `days` is given.
    period: Option<String>,
    /// 1-3: minor units of `currency`.
    amount: Option<i64>,
    /// 1-3.
    currency: Option<String>,
    /// 4-5: the duration in days (cooling-off at most 42, self-exclusion at most 1825).
    days: Option<i64>,
}

/// Sets a limit. A new limit applies at once.
#[utoipa::path(post, path = "/api/player/limits", tag = "player", security(("bearer" = [])),
    request_body = NewLimit,
    responses((status = 201, body = Limit), (status = 401, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<NewLimit>,
) -> Result<(StatusCode, JsonResponse<Limit>), ApiError> {
    let requested = rules::Requested {
        definition: body.definition,
        period: body.period.as_deref(),
        amount: body.amount,
        currency: body.currency.as_deref(),
        days: body.days,
    };
    let limit = rules::set(&state.pool, player.id, requested).await?;
    Ok((StatusCode::CREATED, JsonResponse(limit)))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LimitChange {
    /// daily, weekly or monthly; by default the current one.
    period: Option<String>,
    /// Minor units; by default the current amount.
    amount: Option<i64>,
}

/// Changes a bet, loss or deposit limit: the same period with a lower or equal amount applies at
/// once; anything looser waits the cooling delay (`pendingAmount`, `pendingPeriod`,
/// `effectiveAt`).
#[utoipa::path(put, path = "/api/player/limits/{id}", tag = "player", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = LimitChange,
    responses((status = 200, body = Limit), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
    Json(body): Json<LimitChange>,
) -> Result<JsonResponse<Limit>, ApiError> {
    let limit = rules::change(
        &state.pool,
        player.id,
        id,
        body.period.as_deref(),
        body.amount,
    )
    .await?;
    Ok(JsonResponse(limit))
}

/// Removes a bet, loss or deposit limit after the cooling delay (`pendingRemoval`,
/// `effectiveAt`; asking again keeps the first date). Self-exclusion and cooling-off are 409.
#[utoipa::path(delete, path = "/api/player/limits/{id}", tag = "player", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Limit), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<Limit>, ApiError> {
    Ok(JsonResponse(
        rules::remove(&state.pool, player.id, id).await?,
    ))
}
