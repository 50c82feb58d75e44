//! Load shedding: a bound on the requests a service works on at once. A burst above capacity is
//! answered at once with 503 `overloaded` and `Retry-After`, instead of queueing in memory for
//! seconds (the queue is what made a saturated service's latency and memory grow without bound:
//! docs/performance.md, issue 21). Health and metrics routes are never shed, so an overloaded
//! service still reports itself alive to its orchestrator.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use tokio::sync::Semaphore;

use crate::{ConfigError, Env, ErrorBody};

/// Seconds a shed client is told to wait: long enough for a burst to pass, short enough that a
/// player's retry is not noticeably late.
const RETRY_AFTER_SECONDS: &str = "1";

#[derive(Clone, Debug)]
pub struct InFlightLimit {
    permits: Arc<Semaphore>,
    max: usize,
}

impl InFlightLimit {
    pub fn new(max: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(max)),
            max,
        }
    }

    /// `name` from the environment (1–100000), else `default`.
    pub fn from_env(env: &Env, name: &str, default: usize) -> Result<Self, ConfigError> {
        let max: usize = env.parse_or(name, default)?;
        if !(1..=100_000).contains(&max) {
            return Err(ConfigError::Invalid {
                name: name.to_owned(),
                reason: format!("{max} is outside 1..=100000"),
            });
        }
        Ok(Self::new(max))
    }

    pub fn max(&self) -> usize {
        self.max
    }
}

/// The middleware (`axum::middleware::from_fn_with_state(limit, shed_load)`).
pub async fn shed_load(
    State(limit): State<InFlightLimit>,
    request: Request,
    next: Next,
) -> Response {
    if matches!(request.uri().path(), "/healthz" | "/readyz" | "/metrics") {
        return next.run(request).await;
    }
    let Ok(_permit) = limit.permits.clone().try_acquire_owned() else {
        let mut response = ErrorBody::new(
            "overloaded",
            "Too many requests are being handled right now. Try again in a moment.",
        )
        .with_status(StatusCode::SERVICE_UNAVAILABLE);
        response.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from_static(RETRY_AFTER_SECONDS),
        );
        return response;
    };
    // The permit is held until the handler has answered (a streamed body or a proxied WebSocket
    // goes on without it: it is the work before the answer that queues).
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use axum::Router;
    use axum::body::Body;
    use axum::routing::get;
    use tokio::sync::Notify;
    use tower::ServiceExt;

    use super::*;

    fn app(limit: InFlightLimit, release: Arc<Notify>) -> Router {
        Router::new()
            .route(
                "/work",
                get(move || {
                    let release = release.clone();
                    async move {
                        release.notified().await;
                        "done"
                    }
                }),
            )
            .route("/healthz", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn_with_state(limit, shed_load))
    }

    async fn get_status(app: &Router, path: &str) -> (StatusCode, Option<String>) {
        let response = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let retry = response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_owned());
        (response.status(), retry)
    }

    #[tokio::test]
    async fn requests_beyond_the_limit_are_refused_at_once_and_health_is_never_shed() {
        let release = Arc::new(Notify::new());
        let app = app(InFlightLimit::new(2), release.clone());
        let busy: Vec<_> = (0..2)
            .map(|_| {
                let app = app.clone();
                tokio::spawn(async move { get_status(&app, "/work").await })
            })
            .collect();
        // Let both take their permits.
        tokio::time::sleep(Duration::from_millis(50)).await;

        let (status, retry) =
            tokio::time::timeout(Duration::from_secs(1), get_status(&app, "/work"))
                .await
                .expect("answered at once, not queued");
        assert_eq!(
            (status, retry.as_deref()),
            (StatusCode::SERVICE_UNAVAILABLE, Some("1"))
        );
        assert_eq!(get_status(&app, "/healthz").await.0, StatusCode::OK);

        release.notify_waiters();
        for handle in busy {
            assert_eq!(handle.await.unwrap().0, StatusCode::OK);
        }
        // The permits came back.
        let again = {
            let app = app.clone();
            tokio::spawn(async move { get_status(&app, "/work").await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        release.notify_waiters();
        assert_eq!(again.await.unwrap().0, StatusCode::OK);
    }

    #[test]
    fn the_limit_comes_from_the_environment_within_bounds() {
        let env = Env::from_pairs([("LIMIT", "64")]);
        assert_eq!(InFlightLimit::from_env(&env, "LIMIT", 8).unwrap().max(), 64);
        assert_eq!(
            InFlightLimit::from_env(&Env::from_pairs([]), "LIMIT", 8)
                .unwrap()
                .max(),
            8
        );
        for bad in ["0", "100001", "many"] {
            assert!(
                InFlightLimit::from_env(&Env::from_pairs([("LIMIT", bad)]), "LIMIT", 8).is_err()
            );
        }
    }
}
