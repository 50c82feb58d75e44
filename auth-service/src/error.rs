//! The auth service's one error type. Client errors carry a status, a stable code and a message;
//! server errors are logged inside the request's span (so with its request id) and answered
//! without details.

use std::time::Duration;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use service_kit::ErrorBody;
use telegram_init_data::InitDataError;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("there is no {0} on the auth service")]
    RouteNotFound(String),
    #[error("the request body is not valid: {0}")]
    BadBody(String),
    #[error("the request body is larger than {0} bytes")]
    BodyTooLarge(usize),
    #[error("{0}")]
    InitData(#[from] InitDataError),
    #[error("the init data names no Telegram user")]
    MissingUser,
    #[error("too many sign-in attempts; try again in {} seconds", retry_after_secs(.retry_after))]
    RateLimited { retry_after: Duration },
    #[error("the platform is not answering")]
    UpstreamUnavailable,
    #[error("the platform did not answer in time")]
    UpstreamTimeout,
    #[error("local Telegram launches are off in production")]
    LocalLaunchesDisabled,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AuthError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::RouteNotFound(_) | Self::LocalLaunchesDisabled => StatusCode::NOT_FOUND,
            Self::BadBody(_) => StatusCode::BAD_REQUEST,
            Self::BodyTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::InitData(_) | Self::MissingUser => StatusCode::UNAUTHORIZED,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::UpstreamUnavailable => StatusCode::BAD_GATEWAY,
            Self::UpstreamTimeout => StatusCode::GATEWAY_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable code clients see, and the outcome the login audit records.
    pub fn code(&self) -> &'static str {
        match self {
            Self::RouteNotFound(_) => "route_not_found",
            Self::BadBody(_) => "invalid_body",
            Self::BodyTooLarge(_) => "body_too_large",
            Self::InitData(e) => e.code(),
            Self::MissingUser => "init_data_missing_user",
            Self::RateLimited { .. } => "rate_limited",
            Self::UpstreamUnavailable => "upstream_unavailable",
            Self::UpstreamTimeout => "upstream_timeout",
            Self::LocalLaunchesDisabled => "local_launches_disabled",
            Self::Internal(_) => "internal_error",
        }
    }
}

fn retry_after_secs(wait: &Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let message = match &self {
            Self::Internal(e) => {
                tracing::error!(error = format!("{e:#}"), "internal error");
                "Something went wrong on our side. Try again in a moment.".to_owned()
            }
            Self::InitData(_) | Self::MissingUser => {
                format!("Telegram sign-in data was refused: {self}.")
            }
            other => {
                let mut message = other.to_string();
                if let Some(first) = message.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                message.push('.');
                message
            }
        };
        let mut response = ErrorBody::new(self.code(), message).with_status(self.status());
        if let Self::RateLimited { retry_after } = &self {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs(retry_after).max(1)),
            );
        }
        response
    }
}
