//! The sandbox's own tools: its outbox of SMS and e-mail messages (`crate::verification`) and
//! auto-login links (`crate::auth::sessions`). A real platform has none of these routes.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::sessions;
use crate::extract::Query;
use crate::sandbox_control::SandboxControl;
use crate::verification::{self, Message};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(outbox))
        .routes(routes!(login_token))
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
    crate::extract::Json(body): crate::extract::Json<LoginTokenRequest>,
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
