//! Sign-in from Telegram over HTTP: the Mini App's raw init data is the only credential. The
//! player it signs in as is `crate::players::telegram`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use telegram_init_data::{InitData, Validator};

use crate::players::sign_in::SessionResponse;
use crate::players::telegram::{self, Attribution};
use crate::routes::extract::{Json, client_info};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tg_login))
        .routes(routes!(tg_login_refresh))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TgLogin {
    #[serde(rename = "tg_payload")]
    tg_payload: String,
    affiliate_tag: Option<String>,
    #[serde(rename = "ref_id")]
    ref_id: Option<String>,
    frogo_fingerprint: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TgLoginRefresh {
    #[serde(rename = "tg_payload")]
    tg_payload: String,
    affiliate_tag: Option<String>,
}

#[utoipa::path(post, path = "/api/player/tg_login", tag = "player", request_body = TgLogin, responses((status = 200, body = crate::players::sign_in::SessionResponse), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn tg_login(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<TgLogin>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let attribution = Attribution {
        affiliate_tag: body.affiliate_tag,
        ref_id: body.ref_id,
    };
    sign_in(
        &state,
        &headers,
        &body.tg_payload,
        attribution,
        body.frogo_fingerprint,
    )
    .await
}

/// The messenger client's way to get a fresh session when its token can no longer be refreshed.
#[utoipa::path(post, path = "/api/player/tg_login/refresh", tag = "player", request_body = TgLoginRefresh, responses((status = 200, body = crate::players::sign_in::SessionResponse), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn tg_login_refresh(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<TgLoginRefresh>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let attribution = Attribution {
        affiliate_tag: body.affiliate_tag,
        ref_id: None,
    };
    sign_in(&state, &headers, &body.tg_payload, attribution, None).await
}

fn validate(state: &AppState, raw: &str) -> Result<InitData, ApiError> {
    let data = Validator::new(state.config.telegram_bot_token.expose())
        .validate(raw)
        .map_err(|e| ApiError::unauthorized(e.code(), "The Telegram launch data is not valid."))?;
    if data.user.is_none() {
        return Err(ApiError::unauthorized(
            "init_data_invalid",
            "The Telegram launch data names no user.",
        ));
    }
    Ok(data)
}

async fn sign_in(
    state: &AppState,
    headers: &HeaderMap,
    raw: &str,
    attribution: Attribution,
    fingerprint: Option<String>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let data = validate(state, raw)?;
    let user = data
        .user
        .ok_or_else(|| anyhow::anyhow!("validated init data has a user"))?;
    let mut client = client_info(headers, fingerprint);
    client.platform = Some("tg".to_owned());
    Ok(JsonResponse(
        telegram::sign_in(&state.sessions, &state.tokens, &user, attribution, &client).await?,
    ))
}
