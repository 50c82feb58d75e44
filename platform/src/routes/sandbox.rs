//! The sandbox's own tools: its outbox of SMS and e-mail messages. A real platform has none of
//! these routes.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::extract::Query;
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

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Message {
    id: i64,
    channel: String,
    recipient: String,
    subject: String,
    body: String,
    code: Option<String>,
    created_at: String,
}

/// Messages to one recipient, newest first.
#[utoipa::path(get, path = "/api/sandbox/outbox", tag = "sandbox", params(OutboxQuery),
    responses((status = 200, body = super::List<Message>)))]
async fn outbox(
    State(state): State<AppState>,
    Query(query): Query<OutboxQuery>,
) -> Result<JsonResponse<super::List<Message>>, ApiError> {
    let to = query.to.trim();
    let recipient = crate::verification::normalise_phone(to).unwrap_or_else(|| to.to_lowercase());
    let messages: Vec<Message> = sqlx::query_as(
        "SELECT id, channel, recipient, subject, body, code, created_at FROM sandbox_outbox
         WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT 50",
    )
    .bind(recipient)
    .fetch_all(&state.pool)
    .await?;
    Ok(JsonResponse(super::List { data: messages }))
}

/// Auto-login links live this long.
const LOGIN_TOKEN_SECONDS: u64 = 15 * 60;

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
    State(state): State<AppState>,
    crate::extract::Json(body): crate::extract::Json<LoginTokenRequest>,
) -> Result<(axum::http::StatusCode, JsonResponse<LoginToken>), ApiError> {
    let login = body.login.trim();
    let login = crate::verification::normalise_phone(login).unwrap_or_else(|| login.to_owned());
    let player: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE email = ?1 OR phone = ?1")
            .bind(&login)
            .fetch_optional(&state.pool)
            .await?;
    let player_id = player
        .ok_or_else(|| ApiError::not_found("player_not_found", "There is no such player."))?;
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    sqlx::query("INSERT INTO login_tokens (token_digest, player_id, expires_at) VALUES (?, ?, ?)")
        .bind(crate::verification::digest(&token))
        .bind(player_id)
        .bind((crate::clock::unix_seconds() + LOGIN_TOKEN_SECONDS) as i64)
        .execute(&state.pool)
        .await?;
    Ok((
        axum::http::StatusCode::CREATED,
        JsonResponse(LoginToken {
            url: format!("/auth/autologin?state={token}"),
            token,
        }),
    ))
}
