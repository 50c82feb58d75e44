//! The layers every service's router gets: a request id on every request and response (taken from
//! `x-request-id` when a proxy already set one), and one log span per request that names the
//! method, the path without its query (queries may carry tokens) and the request id.

use axum::Router;
use axum::http::{HeaderName, Request};
use std::time::Duration;
use tower::ServiceBuilder;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};

use tower_http::classify::ServerErrorsFailureClass;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::{Level, Span};

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

pub fn with_standard_layers(router: Router) -> Router {
    router.layer(
        ServiceBuilder::new()
            .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(|request: &Request<_>| {
                        let request_id = request
                            .headers()
                            .get(REQUEST_ID)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default();
                        tracing::info_span!(
                            "request",
                            method = %request.method(),
                            path = %request.uri().path(),
                            request_id,
                        )
                    })
                    .on_response(DefaultOnResponse::new().level(Level::INFO))
                    .on_failure(log_failure),
            )
            .layer(PropagateRequestIdLayer::new(REQUEST_ID)),
    )
}

/// A failed request, as an error in the log; except 503s, which are deliberate answers whose cause
/// is logged where it is known (the in-flight limit's summary once a second, `crate::load_shed`; an
/// unreachable dependency; a service not ready yet). A line per 503 would grow with the overload it
/// answers.
fn log_failure(failure: ServerErrorsFailureClass, latency: Duration, span: &Span) {
    let latency_ms = latency.as_millis();
    match failure {
        ServerErrorsFailureClass::StatusCode(status) if status.as_u16() == 503 => {
            tracing::debug!(parent: span, %status, latency_ms, "answered 503");
        }
        failure => {
            tracing::error!(parent: span, classification = %failure, latency_ms, "response failed");
        }
    }
}
