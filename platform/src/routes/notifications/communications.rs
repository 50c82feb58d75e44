//! The contact form (`POST /api/notification/communications`). Guests may write too. A message is
//! stored and, as a real platform would, mailed to the support desk (with the sender as the
//! address to answer) and acknowledged to the sender; the sandbox's mail is its outbox
//! (`GET /api/sandbox/outbox?to=...`).

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::extract::Json;
use crate::routes::player::validation::{self, Checks};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send))
}

/// Where contact messages are delivered.
pub const SUPPORT_MAILBOX: &str = "support@sandbox.casino";
const MESSAGE_MAX: usize = 5_000;
const SUBJECT_MAX: usize = 200;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ContactMessage {
    name: Option<String>,
    email: String,
    subject: Option<String>,
    message: String,
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
    responses((status = 201, body = Received), (status = 422, body = service_kit::ErrorBody)))]
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
    let title = subject.clone().unwrap_or_else(|| "Contact form".to_owned());
    let mut tx = state.pool.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO communications (player_id, name, email, subject, message)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(player.as_ref().map(|p| p.id))
    .bind(&name)
    .bind(&email)
    .bind(&subject)
    .bind(&message)
    .fetch_one(&mut *tx)
    .await?;
    let sender = match (&name, &player) {
        (Some(name), _) => format!("{name} <{email}>"),
        (None, _) => email.clone(),
    };
    let signed_in = player
        .as_ref()
        .map_or("a guest".to_owned(), |p| format!("player {}", p.id));
    for (recipient, subject, text) in [
        (
            SUPPORT_MAILBOX.to_owned(),
            format!("[#{id}] {title}"),
            format!("From {sender} ({signed_in}), reply to {email}:\n\n{message}"),
        ),
        (
            email.clone(),
            format!("We received your message [#{id}]"),
            format!(
                "Thank you for writing to us. Our support team will answer soon.\n\n> {title}\n\n{message}"
            ),
        ),
    ] {
        sqlx::query(
            "INSERT INTO sandbox_outbox (channel, recipient, subject, body) VALUES ('email', ?, ?, ?)",
        )
        .bind(recipient)
        .bind(subject)
        .bind(text)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok((StatusCode::CREATED, JsonResponse(Received { id })))
}
