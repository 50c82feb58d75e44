//! The auth service's one error type.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use service_kit::ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("there is no {0} on the auth service")]
    RouteNotFound(String),
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        match &self {
            Self::RouteNotFound(_) => ErrorBody::new("route_not_found", self.to_string())
                .with_status(StatusCode::NOT_FOUND),
        }
    }
}
