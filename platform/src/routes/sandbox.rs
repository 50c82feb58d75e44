//! The sandbox's own tools: its outbox of SMS and e-mail messages (`crate::verification`),
//! auto-login links (`crate::auth::sessions`) and the stand-in pixel host (`crate::pixel`). A real
//! platform has none of these routes.

use axum::Json as JsonResponse;
use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::sessions;
use crate::pixel::{self, Beacon, ReceivedBeacon};
use crate::routes::extract::Query;
use crate::routes::extract::SandboxControl;
use crate::verification::{self, Message};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(outbox))
        .routes(routes!(login_token))
        .routes(routes!(pixel_beacons))
        // The pixel host is another site in a deployment: outside `/api`, answering images.
        .merge(OpenApiRouter::from(
            Router::new()
                .route("/sandbox/pixel", get(pixel_beacon))
                .route("/sandbox/captcha/api.js", get(captcha_script))
                .route("/sandbox/chat/js/widget.js", get(chat_script)),
        ))
}

/// The sandbox's reCAPTCHA stand-in (see the script and `crate::captcha`).
const CAPTCHA_SCRIPT: &str = include_str!("../../assets/captcha.js");

/// The sandbox's live-chat stand-in (Freshchat's `fcWidget`), at `{host}/js/widget.js` as Freshchat
/// serves its widget, the client's `VITE_CHAT_HOST` being `/sandbox/chat`.
const CHAT_SCRIPT: &str = include_str!("../../assets/chat-widget.js");

async fn captcha_script() -> impl IntoResponse {
    script(CAPTCHA_SCRIPT)
}

async fn chat_script() -> impl IntoResponse {
    script(CHAT_SCRIPT)
}

fn script(source: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        source,
    )
}

/// The smallest transparent image: a 1×1 GIF, what pixel hosts answer a beacon with.
const TRANSPARENT_GIF: [u8; 43] = [
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00,
    0xff, 0xff, 0xff, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
];

/// `GET /sandbox/pixel?r=…&action=…`: one beacon, kept; the image, or a JSON error naming the bad field
/// (the client's image then fails to load, as with a real host that refuses it).
async fn pixel_beacon(
    State(state): State<AppState>,
    Query(beacon): Query<Beacon>,
) -> Result<impl IntoResponse, ApiError> {
    pixel::record(&state.pool, &beacon).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/gif"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        TRANSPARENT_GIF,
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct BeaconsQuery {
    /// The beacon's random value (`r`).
    nonce: String,
}

/// The beacons the sandbox pixel host received with one random value, oldest first.
#[utoipa::path(get, path = "/api/sandbox/pixel-beacons", tag = "sandbox", params(BeaconsQuery),
    responses((status = 200, body = super::List<ReceivedBeacon>)))]
async fn pixel_beacons(
    _: SandboxControl,
    State(state): State<AppState>,
    Query(query): Query<BeaconsQuery>,
) -> Result<JsonResponse<super::List<ReceivedBeacon>>, ApiError> {
    let data = pixel::beacons(&state.pool, &query.nonce).await?;
    Ok(JsonResponse(super::List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct OutboxQuery {
    /// A phone number (as normalised, e.g. `+5511987654321`) or an e-mail address.
    to: String,
}

/// Messages to one recipient, newest first.
#[utoipa::path(get, path = "/api/sandbox/outbox", tag = "sandbox", params(OutboxQuery),
    responses((status = 200, body = super::List<Message>)))]
async fn outbox(
    _: SandboxControl,
    State(state): State<AppState>,
    Query(query): Query<OutboxQuery>,
) -> Result<JsonResponse<super::List<Message>>, ApiError> {
    let messages = verification::outbox(&state.pool, &query.to).await?;
    Ok(JsonResponse(super::List { data: messages }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoginTokenRequest {
    /// The player's e-mail address or phone number.
    login: String,
}

#[derive(Serialize, ToSchema)]
struct LoginToken {
    token: String,
    /// The client route that signs in with it.
    url: String,
}

/// Mints a one-time auto-login link for a player, as support tools or e-mails of a real platform
/// would.
#[utoipa::path(post, path = "/api/sandbox/login-tokens", tag = "sandbox", request_body = LoginTokenRequest,
    responses((status = 201, body = LoginToken), (status = 404, body = service_kit::ErrorBody)))]
async fn login_token(
    _: SandboxControl,
    State(state): State<AppState>,
    crate::routes::extract::Json(body): crate::routes::extract::Json<LoginTokenRequest>,
) -> Result<(axum::http::StatusCode, JsonResponse<LoginToken>), ApiError> {
    let login = body.login.trim();
    let login = verification::normalise_phone(login).unwrap_or_else(|| login.to_owned());
    let token = sessions::mint_login_token(&state.pool, &login).await?;
    Ok((
        axum::http::StatusCode::CREATED,
        JsonResponse(LoginToken {
            url: format!("/auth/autologin?state={token}"),
            token,
        }),
    ))
}
