//! The platform's one error type. Client errors carry a status, a stable code and a message (and
//! per-field messages for validation); server errors are logged inside the request's span, so with
//! its request id, and answered without details.

use std::collections::BTreeMap;

use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use service_kit::ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    Client {
        status: StatusCode,
        code: &'static str,
        message: String,
        fields: Option<BTreeMap<String, String>>,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn client(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self::Client {
            status,
            code,
            message: message.into(),
            fields: None,
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::NOT_FOUND, code, message)
    }

    pub fn unauthorized(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::UNAUTHORIZED, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::FORBIDDEN, code, message)
    }

    /// 451: refused where the player is (a geo-restricted game). Business refusals are never 401 or
    /// 403 on calls the client makes, because the client treats those as a session that ended.
    pub fn unavailable_here(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS, code, message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::CONFLICT, code, message)
    }

    /// 422 `code`: a request that parses but that the product cannot carry out as asked.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::client(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// A form that failed validation: one message per offending field.
    pub fn validation(fields: BTreeMap<String, String>) -> Self {
        Self::Client {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "validation_failed",
            message: "Some fields are not valid.".to_owned(),
            fields: Some(fields),
        }
    }

    /// 422 `code`: one field refused for a reason with its own code (an address that does not
    /// check out), the message both the answer's and the field's.
    pub fn field_refused(code: &'static str, field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Client {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code,
            fields: Some(BTreeMap::from([(field.to_owned(), message.clone())])),
            message,
        }
    }

    /// A validation failure of one field.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        Self::validation(BTreeMap::from([(field.to_owned(), message.into())]))
    }

    pub fn blocked() -> Self {
        Self::forbidden(
            "player_blocked",
            "This account is blocked. Contact support to find out why.",
        )
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
        // 400 for bad JSON, 415 without a JSON content type, 413 over the body limit.
        Self::client(rejection.status(), "invalid_json", rejection.body_text())
    }
}

impl From<FormRejection> for ApiError {
    fn from(rejection: FormRejection) -> Self {
        // As for JSON: 400 for a bad body, 415 without a form content type, 422 for missing fields.
        Self::client(rejection.status(), "invalid_form", rejection.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::Client {
                status,
                code,
                message,
                fields,
            } => ErrorBody {
                code: code.to_owned(),
                message,
                fields,
            }
            .with_status(status),
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
