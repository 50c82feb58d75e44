//! `PUT /api/tg-bot/users`: the bot pushes the messenger users who started it. Authenticated by a
//! service key, not a player token. The stored referral and affiliate values attribute the player
//! when that user later signs in through `tg_login`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::players::telegram::{self, BotUser};
use crate::routes::extract::Json;
use crate::routes::player::validation::{Checks, max_length};
use crate::{ApiError, AppState};

pub const MAX_USERS_PER_CALL: usize = 100;
pub const SERVICE_KEY_HEADER: &str = "x-service-key";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sync_users))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct SyncBody {
    users: Vec<BotUser>,
}

fn authenticate(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let presented = headers
        .get(SERVICE_KEY_HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    let valid = state
        .config
        .bot_service_key
        .as_ref()
        .is_some_and(|key| bool::from(key.expose().as_bytes().ct_eq(presented)));
    if valid {
        Ok(())
    } else {
        Err(ApiError::unauthorized(
            "service_key_invalid",
            "This call needs the bot's service key.",
        ))
    }
}

#[derive(Serialize, ToSchema)]
struct SyncedUsers {
    /// How many users the call upserted: all it sent.
    synced: usize,
}

/// Upserts 1 to 100 messenger users. Needs the bot's `X-Service-Key`.
#[utoipa::path(put, path = "/api/tg-bot/users", tag = "tg-bot", request_body = SyncBody,
    params(("x-service-key" = String, Header)),
    responses((status = 200, body = SyncedUsers),
              (status = 401, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn sync_users(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<SyncBody>,
) -> Result<JsonResponse<SyncedUsers>, ApiError> {
    authenticate(&state, &headers)?;
    let mut checks = Checks::default();
    if body.users.is_empty() || body.users.len() > MAX_USERS_PER_CALL {
        checks.check(
            "users",
            Some(format!("Send between 1 and {MAX_USERS_PER_CALL} users")),
        );
    }
    for (i, user) in body.users.iter().enumerate() {
        let field = |name: &str| format!("users.{i}.{name}");
        checks
            .check(
                &field("id"),
                (user.id <= 0).then(|| "Must be a Telegram user id".to_owned()),
            )
            .check(
                &field("firstName"),
                if user.first_name.trim().is_empty() {
                    Some("This field is required".to_owned())
                } else {
                    max_length(&user.first_name, 256)
                },
            )
            .check(
                &field("lastName"),
                user.last_name.as_deref().and_then(|v| max_length(v, 256)),
            )
            .check(
                &field("username"),
                user.username.as_deref().and_then(|v| max_length(v, 64)),
            )
            .check(
                &field("languageCode"),
                user.language_code
                    .as_deref()
                    .and_then(|v| max_length(v, 35)),
            )
            .check(
                &field("refId"),
                user.ref_id.as_deref().and_then(|v| max_length(v, 64)),
            )
            .check(
                &field("affiliateTag"),
                user.affiliate_tag
                    .as_deref()
                    .and_then(|v| max_length(v, 100)),
            );
    }
    checks.finish()?;

    telegram::record_bot_users(&state.pool, &body.users).await?;
    Ok(JsonResponse(SyncedUsers {
        synced: body.users.len(),
    }))
}
