//! Bonus codes the player applies (`/api/game/bonuses/bonuscodes`). The rules are in
//! `crate::rewards::bonus_codes`. A refused code is answered 422 with the spec's status in the body
//! (`{"code", "message", "status": 3 | 4}`), so a client may read either.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::extract::{Json, Query};
use crate::rewards::Unit;
use crate::rewards::bonus_codes::{self, PlayerBonusCode, TRIGGER_DEPOSIT, TRIGGER_NOW};
use crate::routes::List;
use crate::routes::player::validation::Checks;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, apply, remove))
}

const TRIGGERS: [i64; 2] = [TRIGGER_NOW, TRIGGER_DEPOSIT];
const CODE_MAX: usize = 64;

fn check_trigger(trigger: i64) -> Result<(), ApiError> {
    if TRIGGERS.contains(&trigger) {
        Ok(())
    } else {
        Err(ApiError::bad_request(
            "invalid_trigger",
            format!(
                "trigger is 1 (issued when applied) or 3 (issued on the next deposit), not {trigger}."
            ),
        ))
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct CodesQuery {
    /// 1 or 3 (deposit codes); without it, every trigger.
    trigger: Option<i64>,
}

/// The codes the player applied that wait for their trigger (status 1), newest first.
#[utoipa::path(get, path = "/api/game/bonuses/bonuscodes", tag = "bonuses", security(("bearer" = [])),
    params(CodesQuery),
    responses((status = 200, body = List<PlayerBonusCode>), (status = 400, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<CodesQuery>,
) -> Result<JsonResponse<List<PlayerBonusCode>>, ApiError> {
    if let Some(trigger) = query.trigger {
        check_trigger(trigger)?;
    }
    let mut conn = state.pool.acquire().await?;
    let data = bonus_codes::codes_of(&mut conn, player.id, None)
        .await?
        .into_iter()
        .filter(|c| c.status == bonus_codes::STATUS_WAITING)
        .filter(|c| query.trigger.is_none_or(|t| t == c.trigger))
        .collect();
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ApplyCode {
    bonus_code: String,
    /// 1: the bonus is issued now; 3: on the next deposit.
    trigger: i64,
}

/// A refused code.
#[derive(Serialize, ToSchema)]
struct Refused {
    code: &'static str,
    message: String,
    /// 3 incorrect, 4 not available.
    status: i64,
}

/// Applies a code: status 2 (its bonus issued) for trigger 1, status 1 (waiting for the deposit)
/// for trigger 3.
#[utoipa::path(post, path = "/api/game/bonuses/bonuscodes", tag = "bonuses", security(("bearer" = [])),
    request_body = ApplyCode,
    responses((status = 200, body = PlayerBonusCode), (status = 400, body = service_kit::ErrorBody),
              (status = 422, body = Refused)))]
async fn apply(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<ApplyCode>,
) -> Result<Response, ApiError> {
    let entered = body.bonus_code.trim();
    let mut checks = Checks::default();
    checks.check(
        "bonusCode",
        if entered.is_empty() {
            Some("This field is required".to_owned())
        } else {
            crate::routes::player::validation::max_length(entered, CODE_MAX)
        },
    );
    checks.finish()?;
    check_trigger(body.trigger)?;
    let mut unit = Unit::begin(&state, player.id).await?;
    let outcome = bonus_codes::apply(
        &mut unit.tx,
        &mut unit.changes,
        player.id,
        &player.session_id,
        entered,
        body.trigger,
    )
    .await?;
    let id = match outcome {
        Ok(id) => id,
        Err(refusal) => {
            return Ok((
                StatusCode::UNPROCESSABLE_ENTITY,
                JsonResponse(Refused {
                    code: refusal.code,
                    message: refusal.message,
                    status: refusal.status,
                }),
            )
                .into_response());
        }
    };
    unit.commit(&state).await?;
    let mut conn = state.pool.acquire().await?;
    let applied = bonus_codes::codes_of(&mut conn, player.id, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| anyhow::anyhow!("applied code {id} vanished"))?;
    Ok(JsonResponse(applied).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RemoveCode {
    player_bonus_code_id: i64,
}

/// Removes a code that still waits for its trigger; the code may then be applied again.
#[utoipa::path(delete, path = "/api/game/bonuses/bonuscodes", tag = "bonuses", security(("bearer" = [])),
    request_body = RemoveCode,
    responses((status = 204), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<RemoveCode>,
) -> Result<StatusCode, ApiError> {
    let mut unit = Unit::begin(&state, player.id).await?;
    bonus_codes::remove(
        &mut unit.tx,
        &mut unit.changes,
        player.id,
        body.player_bonus_code_id,
    )
    .await?;
    unit.commit(&state).await?;
    Ok(StatusCode::NO_CONTENT)
}
