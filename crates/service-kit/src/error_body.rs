//! The one JSON shape of every error the services return: a stable machine-readable `code`, a
//! human-readable `message`, and per-field messages for validation failures.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

/// Every error answer of every service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable and machine-readable, e.g. `validation_failed`, `token_expired`.
    pub code: String,
    /// For people: what happened and what to do.
    pub message: String,
    /// One message per field that failed validation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

impl ErrorBody {
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
            fields: None,
        }
    }

    pub fn with_status(self, status: StatusCode) -> Response {
        (status, Json(self)).into_response()
    }
}
