//! `POST /platform-events`: the signed hook the platform delivers player events to
//! (`docs/bot-events.md`). An event is checked (size, signature, freshness, shape), stored once
//! in the outbox and answered 202, a repeated id too; the sender takes it from there.
//! `PUT /player-preferences`, signed the same way, sets a player's message switches for the
//! client's settings page (through the platform), and their write access, and answers them all.
//! `POST /referral-messages`, signed too, prepares a player's referral card for the Mini App's
//! `shareMessage` (`crate::referral`).

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use serde::Deserialize;
use service_kit::{ErrorBody, Secret};
use tokio::sync::Notify;

use crate::events::{
    Event, EventError, Kind, MAX_BODY_BYTES, SIGNATURE_HEADER, SignatureError, verify,
};
use crate::outbox::{Accepted, Outbox};
use crate::preferences::PreferenceStore;
use crate::referral::{self, Referrals};
use crate::storage::now_ms;
use crate::texts::Language;

pub const PATH: &str = "/platform-events";
pub const PREFERENCES_PATH: &str = "/player-preferences";
pub const REFERRAL_PATH: &str = "/referral-messages";

#[derive(Clone)]
pub struct Hook {
    pub outbox: Outbox,
    pub preferences: PreferenceStore,
    pub secret: Secret,
    /// Told of each new event, so the sender need not wait for its next poll.
    pub wake: Arc<Notify>,
    pub referrals: Referrals,
}

pub fn router(hook: Hook) -> Router {
    Router::new()
        .route(PATH, post(receive))
        .route(PREFERENCES_PATH, put(set_preferences))
        .route(REFERRAL_PATH, post(prepare_referral))
        .with_state(hook)
}

/// The body, read within the size limit and checked against its signature.
async fn signed_body(hook: &Hook, headers: &HeaderMap, body: Body) -> Result<Bytes, Response> {
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return Err(ErrorBody::new(
            "payload_too_large",
            format!("A body is at most {MAX_BODY_BYTES} bytes."),
        )
        .with_status(StatusCode::PAYLOAD_TOO_LARGE));
    };
    let signature = headers
        .get(SIGNATURE_HEADER)
        .and_then(|value| value.to_str().ok());
    let secret = hook.secret.expose().as_bytes();
    if let Err(e) = verify(secret, signature, &body, now_ms() / 1000) {
        tracing::warn!(error = %e, "refused a signed platform request");
        let code = match e {
            SignatureError::Stale => "stale_signature",
            SignatureError::Malformed | SignatureError::Mismatch => "invalid_signature",
        };
        return Err(ErrorBody::new(code, e.to_string()).with_status(StatusCode::UNAUTHORIZED));
    }
    Ok(body)
}

async fn receive(State(hook): State<Hook>, headers: HeaderMap, body: Body) -> Response {
    let body = match signed_body(&hook, &headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PreferencesChange {
    telegram_user_id: i64,
    #[serde(default)]
    all: Option<bool>,
    #[serde(default)]
    kinds: HashMap<String, bool>,
    #[serde(default)]
    write_access: Option<bool>,
}

async fn set_preferences(State(hook): State<Hook>, headers: HeaderMap, body: Body) -> Response {
    let body = match signed_body(&hook, &headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let change: PreferencesChange = match serde_json::from_slice(&body) {
        Ok(change) => change,
        Err(e) => {
            return ErrorBody::new("invalid_preferences", e.to_string())
                .with_status(StatusCode::BAD_REQUEST);
        }
    };
    let mut kinds = Vec::new();
    for (name, enabled) in &change.kinds {
        match Kind::parse(name) {
            Some(kind) => kinds.push((kind, *enabled)),
            None => {
                return ErrorBody::new(
                    "unprocessable_preferences",
                    format!("unknown kind {name:?}"),
                )
                .with_status(StatusCode::UNPROCESSABLE_ENTITY);
            }
        }
    }
    let id = change.telegram_user_id;
    let stored = async {
        if let Some(all) = change.all {
            hook.preferences.set_all(id, all).await?;
        }
        if let Some(allowed) = change.write_access {
            hook.preferences.set_write_access(id, allowed).await?;
        }
        for (kind, enabled) in kinds {
            hook.preferences.set_kind(id, kind, enabled).await?;
        }
        hook.preferences.get(id).await
    };
    match stored.await {
        Ok(preferences) => {
            let kinds: serde_json::Map<String, serde_json::Value> = Kind::ALL
                .into_iter()
                .map(|kind| (kind.as_str().to_owned(), preferences.kind_on(kind).into()))
                .collect();
            axum::Json(serde_json::json!({
                "all": preferences.all,
                "kinds": kinds,
                "writeAccess": preferences.write_access,
            }))
            .into_response()
        }
        Err(e) => crate::BotError::Database(e).into_response(),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReferralRequest {
    telegram_user_id: u64,
    /// The sharer's player id.
    ref_id: String,
    #[serde(default)]
    locale: Option<String>,
}

async fn prepare_referral(State(hook): State<Hook>, headers: HeaderMap, body: Body) -> Response {
    let body = match signed_body(&hook, &headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let request: ReferralRequest = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return ErrorBody::new("invalid_referral_request", e.to_string())
                .with_status(StatusCode::BAD_REQUEST);
        }
    };
    let Some(ref_id) = referral::ref_id(&request.ref_id) else {
        return ErrorBody::new("unprocessable_referral_request", "refId is not a player id")
            .with_status(StatusCode::UNPROCESSABLE_ENTITY);
    };
    let language = Language::from_code(request.locale.as_deref());
    match hook
        .referrals
        .prepare(request.telegram_user_id, &ref_id, language)
        .await
    {
        Ok(prepared) => axum::Json(serde_json::json!({
            "id": prepared.id,
            "expiresAt": prepared.expiration_date.timestamp(),
        }))
        .into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "Telegram did not prepare a referral card");
            ErrorBody::new(
                "telegram_unavailable",
                "Telegram did not prepare the message.",
            )
            .with_status(StatusCode::BAD_GATEWAY)
        }
    }
}
