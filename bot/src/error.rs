//! The bot's one error type: what a handler or the bot's HTTP server can fail with.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use service_kit::ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("a Telegram request failed: {0}")]
    Telegram(#[from] teloxide::RequestError),
    #[error("a database request failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("there is no {0} on the bot")]
    RouteNotFound(String),
}

impl IntoResponse for BotError {
    fn into_response(self) -> Response {
        match &self {
            Self::RouteNotFound(_) => ErrorBody::new("route_not_found", self.to_string())
                .with_status(StatusCode::NOT_FOUND),
            Self::Telegram(_) | Self::Database(_) => {
                tracing::error!(error = %self, "bot request failed");
                ErrorBody::new("internal_error", "The bot could not handle this request.")
                    .with_status(StatusCode::INTERNAL_SERVER_ERROR)
            }
        }
    }
}
