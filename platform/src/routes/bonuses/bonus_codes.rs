//! Bonus codes the player applies (`/api/game/bonuses/bonuscodes`). The rules are in
//! `crate::rewards::bonus_codes`. A refused code is answered 422 with the spec's status in the body
//! (`{"code", "message", "status": 3 | 4}`), so a client may read either.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{AnyOfBuilder, Schema};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{IntoParams, PartialSchema, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::rewards::Unit;
use crate::rewards::bonus_codes::{self, PlayerBonusCode, TRIGGER_DEPOSIT, TRIGGER_NOW};
use crate::routes::List;
use crate::routes::extract::{Json, Query};
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
struct BonusCodeRefusal {
    code: &'static str,
    message: String,
    /// 3 incorrect, 4 not available.
    status: i64,
}

/// The 422 bodies of applying a code. A refused code is a `BonusCodeRefusal`, its `status` the
/// spec's (section 8: 3 or 4, each an error alert). A form the call cannot take stays the
/// platform's usual 422 `ErrorBody`, as on every other form (`validation_failed` with `fields`
/// for an empty or over-long code, `invalid_json` for a body of the wrong shape), so the client's
/// one form pattern shows it on the field. Both keep 422, so a refusal and a bad form are told
/// apart by the body (`status` or not), not by the HTTP status; `anyOf` because an `ErrorBody`
/// does not forbid the extra `status`.
struct ApplyCodeUnprocessable;

impl PartialSchema for ApplyCodeUnprocessable {
    fn schema() -> RefOr<Schema> {
        AnyOfBuilder::new()
            .item(Ref::from_schema_name(BonusCodeRefusal::name()))
            .item(Ref::from_schema_name(service_kit::ErrorBody::name()))
            .into()
    }
}

impl ToSchema for ApplyCodeUnprocessable {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((BonusCodeRefusal::name().into(), BonusCodeRefusal::schema()));
        schemas.push((
            service_kit::ErrorBody::name().into(),
            service_kit::ErrorBody::schema(),
        ));
    }
}

/// Applies a code: status 2 (its bonus issued) for trigger 1, status 1 (waiting for the deposit)
/// for trigger 3.
#[utoipa::path(post, path = "/api/game/bonuses/bonuscodes", tag = "bonuses", security(("bearer" = [])),
    request_body = ApplyCode,
    responses((status = 200, body = PlayerBonusCode), (status = 400, body = service_kit::ErrorBody),
              (status = 422, body = ApplyCodeUnprocessable)))]
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
    let mut unit = Unit::begin(&state.deps(), player.id).await?;
    let outcome = bonus_codes::apply(
        &mut unit.tx,
        &mut unit.changes,
        player.id,
        Some(&player.session_id),
        entered,
        body.trigger,
    )
    .await?;
    let id = match outcome {
        Ok(id) => id,
        Err(refusal) => {
            return Ok((
                StatusCode::UNPROCESSABLE_ENTITY,
                JsonResponse(BonusCodeRefusal {
                    code: refusal.code,
                    message: refusal.message,
                    status: refusal.status,
                }),
            )
                .into_response());
        }
    };
    unit.commit(&state.deps()).await?;
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
    let mut unit = Unit::begin(&state.deps(), player.id).await?;
    bonus_codes::remove(
        &mut unit.tx,
        &mut unit.changes,
        player.id,
        body.player_bonus_code_id,
    )
    .await?;
    unit.commit(&state.deps()).await?;
    Ok(StatusCode::NO_CONTENT)
}
