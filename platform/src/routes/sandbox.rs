//! The sandbox's own tools: its outbox of SMS and e-mail messages. A real platform has none of
//! these routes.

use axum::extract::State;
use axum::routing::get;
use axum::{Json as JsonResponse, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::FromRow;

use crate::extract::Query;
use crate::{ApiError, AppState};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/sandbox/outbox", get(outbox))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutboxQuery {
    /// A phone number (as normalised, e.g. `+5511987654321`) or an e-mail address.
    to: String,
}

#[derive(Serialize, FromRow)]
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
async fn outbox(
    State(state): State<AppState>,
    Query(query): Query<OutboxQuery>,
) -> Result<JsonResponse<Value>, ApiError> {
    let to = query.to.trim();
    let recipient = crate::verification::normalise_phone(to).unwrap_or_else(|| to.to_lowercase());
    let messages: Vec<Message> = sqlx::query_as(
        "SELECT id, channel, recipient, subject, body, code, created_at FROM sandbox_outbox
         WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT 50",
    )
    .bind(recipient)
    .fetch_all(&state.pool)
    .await?;
    Ok(JsonResponse(json!({ "data": messages })))
}
