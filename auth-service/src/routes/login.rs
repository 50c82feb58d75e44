//! `POST /api/player/tg_login` and `POST /api/player/tg_login/refresh`: the init data is checked
//! here, and only valid data reaches the platform, with the body exactly as the client sent it.

use std::net::SocketAddr;

use axum::Extension;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::Deserialize;

use crate::audit::LoginRecord;
use crate::platform::Answer;
use crate::{AppState, AuthError, limits};

/// Bodies are a few hundred bytes of JSON around at most 4 KB of init data.
pub const MAX_BODY: usize = 16 * 1024;

const LOGIN: &str = "/api/player/tg_login";
const REFRESH: &str = "/api/player/tg_login/refresh";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(LOGIN, post(tg_login).layer(Extension(Route::Login)))
        .route(REFRESH, post(tg_login).layer(Extension(Route::Refresh)))
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

/// What this service reads of the body: the other fields (`affiliateTag`, `ref_id`,
/// `frogoFingerprint`) are the platform's to check, and it gets the body as it came.
#[derive(Deserialize)]
struct LoginBody {
    tg_payload: String,
}

#[derive(Clone, Copy)]
enum Route {
    Login,
    Refresh,
}

impl Route {
    fn name(self) -> &'static str {
        match self {
            Self::Login => "tg_login",
            Self::Refresh => "tg_login_refresh",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Self::Login => LOGIN,
            Self::Refresh => REFRESH,
        }
    }
}

/// Both routes: which one it is comes with the request, and names the span, the metrics and the
/// audit row.
#[tracing::instrument(skip_all, fields(route = route.name()))]
async fn tg_login(
    State(state): State<AppState>,
    Extension(route): Extension<Route>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let ip = limits::client_ip(&headers, peer, state.config.trust_forwarded_for);
    if let Err(limited) = state.limits.check_ip(ip).await {
        // Not audited: a flood from one address must not become a flood of database writes.
        state.metrics.outcome(route.name(), limited.code());
        return limited.into_response();
    }
    let mut telegram_user_id = None;
    let result = check_and_forward(&state, route, &headers, body, &mut telegram_user_id).await;
    let (outcome, upstream_status, response) = match result {
        Ok(answer) => {
            state.metrics.upstream_latency(answer.started);
            let outcome = platform_outcome(&answer);
            (outcome, Some(answer.status.as_u16()), passthrough(answer))
        }
        Err(e) => (e.code().to_owned(), None, e.into_response()),
    };
    tracing::info!(outcome, telegram_user_id, upstream_status, "login answered");
    state.metrics.outcome(route.name(), &outcome);
    let request_id = headers
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    state
        .audit
        .record(LoginRecord {
            telegram_user_id,
            route: route.name(),
            outcome,
            upstream_status,
            request_id,
        })
        .await;
    response
}

async fn check_and_forward(
    state: &AppState,
    route: Route,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    telegram_user_id: &mut Option<i64>,
) -> Result<Answer, AuthError> {
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AuthError::BodyTooLarge(MAX_BODY)
        } else {
            AuthError::BadBody(rejection.body_text())
        }
    })?;
    // serde's message says what is wrong and where; it goes back to the client, never to logs.
    let LoginBody { tg_payload } =
        serde_json::from_slice(&body).map_err(|e| AuthError::BadBody(e.to_string()))?;
    // The check, then only the user typed: the rest of the data is the platform's to read.
    let verified = state.validator.verify(&tg_payload)?;
    let user = verified.user()?.ok_or(AuthError::MissingUser)?;
    *telegram_user_id = Some(user.id);
    state.limits.check_user(user.id).await?;
    state.platform.post(route.path(), body, headers).await
}

/// `session_issued`, or the code the platform refused with (`player_blocked`...).
fn platform_outcome(answer: &Answer) -> String {
    if answer.status.is_success() {
        return "session_issued".to_owned();
    }
    #[derive(Deserialize)]
    struct Refusal {
        code: String,
    }
    serde_json::from_slice::<Refusal>(&answer.body)
        .ok()
        .map(|r| r.code)
        .filter(|code| {
            code.len() <= 64
                && !code.is_empty()
                && code
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit())
        })
        .unwrap_or_else(|| format!("platform_status_{}", answer.status.as_u16()))
}

fn passthrough(answer: Answer) -> Response {
    let mut response = Response::new(Body::from(answer.body));
    *response.status_mut() = answer.status;
    if let Some(content_type) = answer.content_type {
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, content_type);
    }
    response
}
