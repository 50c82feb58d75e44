//! Sign-in with credentials, token refresh, logout, and the player's list of sessions.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use crate::auth::CurrentPlayer;
use crate::auth::sessions::{self, PlayerSession};
use crate::auth::tokens::TokenError;
use crate::paging::{Page, Paging};
use crate::players::sign_in::{self, SessionResponse};
use crate::routes::extract::bearer_token;
use crate::routes::extract::{Json, Path, Query, client_info};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in, list))
        .routes(routes!(token_sign_in))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .routes(routes!(close_one))
        .routes(routes!(close_others))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Credentials {
    /// An e-mail address or a phone number in international format.
    login: String,
    password: String,
    fingerprint: Option<String>,
    second_fingerprint: Option<String>,
}

#[utoipa::path(post, path = "/api/player/sessions", tag = "player", request_body = Credentials, responses((status = 200, body = crate::players::sign_in::SessionResponse), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(credentials): Json<Credentials>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let fingerprint = credentials.fingerprint.or(credentials.second_fingerprint);
    let client = client_info(&headers, fingerprint);
    Ok(JsonResponse(
        sign_in::with_password(
            &state.pool,
            &state.tokens,
            &credentials.login,
            credentials.password,
            &client,
        )
        .await?,
    ))
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AccessToken {
    access_token: String,
}

/// Issues a new access token for the session of the presented one. The presented token may have
/// expired (a backgrounded webview wakes up late) as long as its session is open and was used in
/// the last 30 days.
#[utoipa::path(post, path = "/api/player/sessions/refresh", tag = "player", security(("bearer" = [])), responses((status = 200, body = AccessToken), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody)))]
async fn refresh(
    State(state): State<AppState>,
    parts: Parts,
) -> Result<JsonResponse<AccessToken>, ApiError> {
    let token = bearer_token(&parts)
        .ok_or_else(|| ApiError::unauthorized("unauthorized", "Sign in to do this."))?;
    let claims = state.tokens.decode(token).map_err(|e| match e {
        TokenError::Expired | TokenError::Malformed | TokenError::BadSignature => {
            ApiError::unauthorized("token_invalid", "Your session token is not valid.")
        }
    })?;
    let access_token = sessions::refresh(&state.pool, &state.tokens, &claims).await?;
    Ok(JsonResponse(AccessToken { access_token }))
}

#[utoipa::path(post, path = "/api/player/sessions/logout", tag = "player", security(("bearer" = [])), responses((status = 204), (status = 401, body = service_kit::ErrorBody)))]
async fn logout(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<StatusCode, ApiError> {
    sessions::close(&state.pool, player.id, &player.session_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    per_page: Option<u32>,
}

/// The player's open sessions, the current one marked, most recently used first.
#[utoipa::path(get, path = "/api/player/sessions", tag = "player", security(("bearer" = [])), params(PageQuery), responses((status = 200, body = Page<PlayerSession>), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<PageQuery>,
) -> Result<JsonResponse<Page<PlayerSession>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, 20)?;
    let (data, total) =
        sessions::page_of(&state.pool, &player, paging.limit(), paging.offset()).await?;
    Ok(JsonResponse(paging.page(data, total)))
}

#[utoipa::path(put, path = "/api/player/sessions/{id}/close", tag = "player", security(("bearer" = [])), params(("id" = String, Path)), responses((status = 204), (status = 401, body = service_kit::ErrorBody), (status = 404, body = service_kit::ErrorBody)))]
async fn close_one(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if sessions::close(&state.pool, player.id, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(
            "session_not_found",
            "There is no such open session.",
        ))
    }
}

#[derive(Serialize, utoipa::ToSchema)]
struct ClosedSessions {
    /// How many sessions the call closed.
    closed: u64,
}

#[utoipa::path(post, path = "/api/player/sessions/close-other", tag = "player", security(("bearer" = [])), responses((status = 200, body = ClosedSessions), (status = 401, body = service_kit::ErrorBody)))]
async fn close_others(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<ClosedSessions>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let closed =
        sessions::close_all_but(&mut conn, player.id, Some(player.session_id.as_str())).await?;
    Ok(JsonResponse(ClosedSessions { closed }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct TokenSignIn {
    token: String,
    fingerprint: Option<String>,
}

/// Signs in with a one-time token from an auto-login link; the token works once.
#[utoipa::path(post, path = "/api/player/sessions/token", tag = "player", request_body = TokenSignIn,
    responses((status = 200, body = SessionResponse), (status = 401, body = service_kit::ErrorBody),
              (status = 403, body = service_kit::ErrorBody)))]
async fn token_sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<TokenSignIn>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let client = client_info(&headers, body.fingerprint);
    Ok(JsonResponse(
        sign_in::with_login_token(&state.pool, &state.tokens, &body.token, &client).await?,
    ))
}
