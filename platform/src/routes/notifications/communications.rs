//! The contact form (`POST /api/notification/communications`). Guests may write too. What a
//! message becomes (stored, mailed to support, acknowledged) is `crate::notifications::contact`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::notifications::contact;
use crate::routes::extract::Json;
use crate::routes::player::validation::{self, Checks};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send))
}

const MESSAGE_MAX: usize = 5_000;
const SUBJECT_MAX: usize = 200;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ContactMessage {
    name: Option<String>,
    email: String,
    subject: Option<String>,
    message: String,
    /// The captcha's token, when the platform asks for one (`crate::captcha`).
    captcha: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Received {
    id: i64,
}

fn optional(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

#[utoipa::path(post, path = "/api/notification/communications", tag = "notifications", security((), ("bearer" = [])),
    request_body = ContactMessage,
    responses((status = 201, body = Received), (status = 422, body = service_kit::ErrorBody),
        (status = 503, description = "The captcha provider could not be reached", body = service_kit::ErrorBody)))]
async fn send(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Json(body): Json<ContactMessage>,
) -> Result<(StatusCode, JsonResponse<Received>), ApiError> {
    let email = body.email.trim().to_lowercase();
    let message = body.message.trim().to_owned();
    let name = optional(body.name);
    let subject = optional(body.subject);
    let mut checks = Checks::default();
    checks
        .check(
            "email",
            if email.is_empty() {
                Some("This field is required".to_owned())
            } else {
                validation::email(&email)
            },
        )
        .check(
            "message",
            if message.is_empty() {
                Some("This field is required".to_owned())
            } else {
                validation::max_length(&message, MESSAGE_MAX)
            },
        )
        .check(
            "name",
            name.as_deref()
                .and_then(|n| validation::max_length(n, validation::NAME_MAX)),
        )
        .check(
            "subject",
            subject
                .as_deref()
                .and_then(|s| validation::max_length(s, SUBJECT_MAX)),
        );
    checks.finish()?;
    // After the fields: a token is spent when checked, and a message with a typo keeps its captcha.
    state.captcha.check(body.captcha.as_deref()).await?;
    let contact = contact::ContactMessage {
        name,
        email,
        subject,
        message,
    };
    let id = contact::send(&state.pool, player.map(|p| p.id), &contact).await?;
    Ok((StatusCode::CREATED, JsonResponse(Received { id })))
}
