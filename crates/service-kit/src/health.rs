//! `GET /healthz` answers while the process runs (liveness); `GET /readyz` answers 200 only while
//! the service can do its work, which for every service here means its database answers.

use std::future::Future;

use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use crate::ErrorBody;

pub fn router<S, F, Fut>(readiness: F) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    F: Fn() -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<(), String>> + Send + 'static,
{
    Router::new()
        .route(
            "/healthz",
            get(|| async { axum::Json(json!({"status": "ok"})) }),
        )
        .route(
            "/readyz",
            get(move || {
                let readiness = readiness.clone();
                async move { ready_response(readiness().await) }
            }),
        )
}

/// The health routes of a service whose readiness is its database answering.
pub fn database_router<S, DB>(pool: sqlx::Pool<DB>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    DB: sqlx::Database,
{
    router(move || {
        let pool = pool.clone();
        async move { database_answers(&pool).await }
    })
}

fn ready_response(outcome: Result<(), String>) -> Response {
    match outcome {
        Ok(()) => axum::Json(json!({"status": "ready"})).into_response(),
        Err(reason) => {
            // The reason may name hosts or files: it goes to the log, not to whoever asks.
            tracing::warn!(%reason, "readiness check failed");
            ErrorBody::new("not_ready", "A dependency of this service is unavailable.")
                .with_status(StatusCode::SERVICE_UNAVAILABLE)
        }
    }
}

/// The readiness check of a service whose only dependency is its database.
pub async fn database_answers<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Result<(), String> {
    let mut connection = pool.acquire().await.map_err(|e| format!("database: {e}"))?;
    sqlx::Connection::ping(&mut *connection)
        .await
        .map_err(|e| format!("database: {e}"))
}
