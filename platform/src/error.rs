//! The platform's one error type. Client errors carry a stable code and a message; server errors
//! are logged (inside the request's span, so with its request id) and answered without details.

use std::collections::BTreeMap;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use service_kit::ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        code: &'static str,
        message: String,
        fields: Option<BTreeMap<String, String>>,
    },
    #[error("{message}")]
    NotFound { code: &'static str, message: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest {
            code,
            message: message.into(),
            fields: None,
        }
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::NotFound {
            code,
            message: message.into(),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(e.into())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::bad_request("invalid_query", rejection.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        Self::bad_request("invalid_path", rejection.body_text())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        Self::bad_request("invalid_json", rejection.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::BadRequest {
                code,
                message,
                fields,
            } => ErrorBody {
                code: code.to_owned(),
                message,
                fields,
            }
            .with_status(StatusCode::BAD_REQUEST),
            Self::NotFound { code, message } => {
                ErrorBody::new(code, message).with_status(StatusCode::NOT_FOUND)
            }
            Self::Internal(e) => {
                tracing::error!(error = %format!("{e:#}"), "request failed");
                ErrorBody::new(
                    "internal_error",
                    "Something went wrong on our side. Try again.",
                )
                .with_status(StatusCode::INTERNAL_SERVER_ERROR)
            }
        }
    }
}
