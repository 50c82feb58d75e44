//! Prometheus metrics at `GET /metrics`: requests by route and status, login outcomes, and the
//! platform's latency. Not routed by the edge: scraped on the service's own address.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::AppState;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    route: &'static str,
    outcome: String,
}

pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_seconds: Histogram,
    outcomes: Family<OutcomeLabels, Counter>,
    upstream_seconds: Histogram,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("auth");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route and status",
            requests.clone(),
        );
        // 0.25 ms to about 8 s.
        let request_seconds = Histogram::new(exponential_buckets(0.000_25, 2.0, 16));
        registry.register(
            "http_request_duration_seconds",
            "Time to answer a request",
            request_seconds.clone(),
        );
        let outcomes = Family::<OutcomeLabels, Counter>::default();
        registry.register(
            "login_outcomes",
            "tg_login and refresh outcomes: session_issued, the platform's refusal code or ours",
            outcomes.clone(),
        );
        let upstream_seconds = Histogram::new(exponential_buckets(0.000_25, 2.0, 16));
        registry.register(
            "upstream_duration_seconds",
            "Time the platform took to answer a forwarded login",
            upstream_seconds.clone(),
        );
        Self {
            registry,
            requests,
            request_seconds,
            outcomes,
            upstream_seconds,
        }
    }
}

impl Metrics {
    pub fn outcome(&self, route: &'static str, outcome: &str) {
        self.outcomes
            .get_or_create(&OutcomeLabels {
                route,
                outcome: outcome.to_owned(),
            })
            .inc();
    }

    pub fn upstream_latency(&self, started: Instant) {
        self.upstream_seconds
            .observe(started.elapsed().as_secs_f64());
    }

    fn render(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// Counts every answered request under its route pattern (never the raw path: ids and junk
/// paths would each make a new series).
pub async fn count_requests(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    state
        .metrics
        .request_seconds
        .observe(started.elapsed().as_secs_f64());
    state
        .metrics
        .requests
        .get_or_create(&RequestLabels {
            route,
            status: response.status().as_u16(),
        })
        .inc();
    response
}

pub async fn metrics(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        state.metrics.render(),
    )
        .into_response()
}
