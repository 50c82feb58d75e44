//! The platform, as the auth service calls it: one login request forwarded as it came, its answer
//! returned as it is.

use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};

use crate::AuthError;

/// Headers that carry the client's trace to the platform.
const TRACE_HEADERS: [&str; 3] = ["x-request-id", "traceparent", "tracestate"];

#[derive(Clone)]
pub struct Platform {
    base_url: String,
    client: reqwest::Client,
}

/// The platform's answer, untouched.
pub struct Answer {
    pub status: StatusCode,
    pub content_type: Option<HeaderValue>,
    pub body: Bytes,
    pub started: Instant,
}

impl Platform {
    pub fn new(base_url: &str, timeout: Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(5)))
            .pool_idle_timeout(Duration::from_secs(30))
            .tcp_nodelay(true)
            .build()?;
        Ok(Self {
            base_url: base_url.trim_end_matches('/').to_owned(),
            client,
        })
    }

    /// POSTs `body` to `path` with the client's trace headers.
    pub async fn post(
        &self,
        path: &str,
        body: Bytes,
        incoming: &HeaderMap,
    ) -> Result<Answer, AuthError> {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base_url))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json")
            .body(body);
        for name in TRACE_HEADERS {
            if let Some(value) = incoming.get(name) {
                request = request.header(name, value);
            }
        }
        let started = Instant::now();
        let response = request.send().await.map_err(upstream_error)?;
        let status = response.status();
        let content_type = response.headers().get(header::CONTENT_TYPE).cloned();
        let body = response.bytes().await.map_err(upstream_error)?;
        Ok(Answer {
            status,
            content_type,
            body,
            started,
        })
    }
}

fn upstream_error(e: reqwest::Error) -> AuthError {
    if e.is_timeout() {
        tracing::warn!("the platform did not answer a login in time");
        AuthError::UpstreamTimeout
    } else {
        tracing::warn!(error = %e.without_url(), "the platform is unreachable");
        AuthError::UpstreamUnavailable
    }
}
