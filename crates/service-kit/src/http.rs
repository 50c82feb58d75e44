//! The layers every service's router gets: a request id on every request and response (taken from
//! `x-request-id` when a proxy already set one), and one log span per request that names the
//! method, the path without its query (queries may carry tokens) and the request id.

use axum::Router;
use axum::http::{HeaderName, Request};
use tower::ServiceBuilder;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

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
                    .on_response(DefaultOnResponse::new().level(Level::INFO)),
            )
            .layer(PropagateRequestIdLayer::new(REQUEST_ID)),
    )
}
