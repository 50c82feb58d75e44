//! `POST /platform-events`: the signed hook the platform delivers player events to
//! (`docs/bot-events.md`). An event is checked (size, signature, freshness, shape), stored once
//! in the outbox and answered 202, a repeated id too; the sender takes it from there.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use service_kit::{ErrorBody, Secret};
use tokio::sync::Notify;

use crate::events::{Event, EventError, MAX_BODY_BYTES, SIGNATURE_HEADER, SignatureError, verify};
use crate::outbox::{Accepted, Outbox};
use crate::storage::now_ms;

pub const PATH: &str = "/platform-events";

#[derive(Clone)]
pub struct Hook {
    pub outbox: Outbox,
    pub secret: Secret,
    /// Told of each new event, so the sender need not wait for its next poll.
    pub wake: Arc<Notify>,
}

pub fn router(hook: Hook) -> Router {
    Router::new().route(PATH, post(receive)).with_state(hook)
}

async fn receive(State(hook): State<Hook>, headers: HeaderMap, body: Body) -> Response {
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return ErrorBody::new(
            "payload_too_large",
            format!("An event is at most {MAX_BODY_BYTES} bytes."),
        )
        .with_status(StatusCode::PAYLOAD_TOO_LARGE);
    };
    let signature = headers
        .get(SIGNATURE_HEADER)
        .and_then(|value| value.to_str().ok());
    if let Err(e) = verify(
        hook.secret.expose().as_bytes(),
        signature,
        &body,
        now_ms() / 1000,
    ) {
        tracing::warn!(error = %e, "refused a platform event");
        let code = match e {
            SignatureError::Stale => "stale_signature",
            SignatureError::Malformed | SignatureError::Mismatch => "invalid_signature",
        };
        return ErrorBody::new(code, e.to_string()).with_status(StatusCode::UNAUTHORIZED);
    }
    let event = match Event::parse(&body) {
        Ok(event) => event,
        Err(EventError::Malformed(message)) => {
            return ErrorBody::new("invalid_event", message).with_status(StatusCode::BAD_REQUEST);
        }
        Err(EventError::Invalid(message)) => {
            return ErrorBody::new("unprocessable_event", message)
                .with_status(StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let text = String::from_utf8_lossy(&body);
    match hook.outbox.accept(&event, &text).await {
        Ok(accepted) => {
            let duplicate = accepted == Accepted::Duplicate;
            if !duplicate {
                hook.wake.notify_one();
            }
            tracing::info!(event_id = event.id, duplicate, "platform event accepted");
            let body = serde_json::json!({ "accepted": true, "duplicate": duplicate });
            (StatusCode::ACCEPTED, axum::Json(body)).into_response()
        }
        Err(e) => crate::BotError::Database(e).into_response(),
    }
}
