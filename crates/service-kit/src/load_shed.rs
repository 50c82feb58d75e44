//! Load shedding: a bound on the requests a service works on at once. A burst above capacity is
//! answered at once with 503 `overloaded` and `Retry-After`, instead of queueing in memory for
//! seconds (a queue makes a saturated service's latency and memory grow without bound:
//! docs/performance.md). Health and metrics routes are never shed, so an overloaded
//! service still reports itself alive to its orchestrator.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{ConfigError, Env, ErrorBody};

/// Seconds a shed client is told to wait: long enough for a burst to pass, short enough that a
/// player's retry is not noticeably late.
const RETRY_AFTER_SECONDS: &str = "1";

#[derive(Clone, Debug)]
pub struct InFlightLimit {
    permits: Arc<Semaphore>,
    max: usize,
    /// How long a request beyond the limit may wait for a place before it is refused.
    max_wait: Duration,
    /// The requests waiting for a place.
    line: Arc<Line>,
    refusals: Arc<Refusals>,
}

/// Requests that may wait per place: a burst at a rate the service carries, arriving during a
/// stall of a few tens of milliseconds (a checkpoint, new upstream connections), must not be refused.
const WAITING_PER_PLACE: usize = 4;

/// A line that has not been empty for this long is standing: the service is overloaded, not taking
/// a burst (CoDel's interval; Facebook's "Fail at Scale" does the same with its queues).
const STANDING_AFTER: Duration = Duration::from_millis(100);

/// What is left of the wait while the line stands: most of the excess is refused quickly, and an
/// answered request spends little of its time queued, instead of every one waiting the whole wait.
const STANDING_WAIT_DIVISOR: u32 = 10;

/// The requests waiting for a place, and when there were none.
#[derive(Debug)]
struct Line {
    waiting: AtomicUsize,
    /// When the line was last seen empty, in milliseconds after `since`.
    empty_at_ms: AtomicU64,
    since: Instant,
}

impl Default for Line {
    fn default() -> Self {
        Self {
            waiting: AtomicUsize::new(0),
            empty_at_ms: AtomicU64::new(0),
            since: Instant::now(),
        }
    }
}

impl Line {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn seen_empty(&self) {
        self.empty_at_ms.store(self.now_ms(), Ordering::Relaxed);
    }

    /// Whether the line has not been empty for `STANDING_AFTER`.
    fn standing(&self) -> bool {
        let empty_at = self.empty_at_ms.load(Ordering::Relaxed);
        self.now_ms().saturating_sub(empty_at) > STANDING_AFTER.as_millis() as u64
    }
}

/// One request's place in the line, given back however its wait ends.
struct Waiting<'a>(&'a Line);

impl<'a> Waiting<'a> {
    fn enter(line: &'a Line, max: usize) -> Option<Self> {
        let before = line.waiting.fetch_add(1, Ordering::Relaxed);
        if before >= max {
            line.waiting.fetch_sub(1, Ordering::Relaxed);
            return None;
        }
        if before == 0 {
            // Empty until this request came: whatever the places were doing, nobody waited.
            line.seen_empty();
        }
        Some(Self(line))
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if self.0.waiting.fetch_sub(1, Ordering::Relaxed) == 1 {
            self.0.seen_empty();
        }
    }
}

/// Requests refused since the last report. They are logged as one line a second at most: under
/// overload a line per refused request would add to the very load it reports (the request log
/// leaves 503s out for the same reason, `crate::http`).
#[derive(Debug, Default)]
struct Refusals {
    since_report: AtomicU64,
    reported_in_second: AtomicU64,
}

impl Refusals {
    /// Counts a refusal in `second`; answers how many to report when this is the first refusal of
    /// a later second than the last report's.
    fn count(&self, second: u64) -> Option<u64> {
        self.since_report.fetch_add(1, Ordering::Relaxed);
        let last = self.reported_in_second.load(Ordering::Relaxed);
        let claimed = second > last
            && self
                .reported_in_second
                .compare_exchange(last, second, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok();
        claimed.then(|| self.since_report.swap(0, Ordering::Relaxed))
    }
}

impl InFlightLimit {
    pub fn new(max: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(max)),
            max,
            max_wait: Duration::ZERO,
            line: Arc::default(),
            refusals: Arc::default(),
        }
    }

    /// Lets a request beyond the limit wait up to `max_wait` for a place (in arrival order) before
    /// it is refused. A short wait absorbs the bursts of a load the service can carry, which a limit
    /// low enough to keep latency short under overload would otherwise refuse. Once the line has
    /// stood for `STANDING_AFTER` (overload, not a burst), a tenth of the wait is left, so the excess
    /// is refused quickly and the answered requests are not each delayed by the whole wait.
    pub fn with_wait(mut self, max_wait: Duration) -> Self {
        self.max_wait = max_wait;
        self
    }

    /// A place to work on a request, or `None` when it is to be refused.
    async fn admit(&self) -> Option<OwnedSemaphorePermit> {
        // The line's empty moments are marked by those who enter and leave it (`Waiting`), not
        // here: a request that finds a place never touches the line.
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Some(permit);
        }
        if self.max_wait.is_zero() {
            return None;
        }
        let _waiting = Waiting::enter(&self.line, WAITING_PER_PLACE * self.max)?;
        let wait = if self.line.standing() {
            self.max_wait / STANDING_WAIT_DIVISOR
        } else {
            self.max_wait
        };
        tokio::time::timeout(wait, self.permits.clone().acquire_owned())
            .await
            .ok()?
            .ok()
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

    /// The most requests it holds at once, working on them or waiting for a place: beyond that it
    /// refuses a request the moment it arrives. A proxy in front can refuse those itself, without
    /// the hop.
    pub fn capacity(&self) -> usize {
        if self.max_wait.is_zero() {
            self.max
        } else {
            self.max * (1 + WAITING_PER_PLACE)
        }
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
    let Some(_permit) = limit.admit().await else {
        let second = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        if let Some(refused) = limit.refusals.count(second) {
            tracing::warn!(
                refused,
                max_in_flight = limit.max,
                "overloaded: requests beyond the in-flight limit answered 503"
            );
        }
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
    fn capacity_counts_the_places_and_the_line() {
        assert_eq!(InFlightLimit::new(8).capacity(), 8);
        let waiting = InFlightLimit::new(8).with_wait(Duration::from_millis(50));
        assert_eq!(waiting.capacity(), 8 * (1 + WAITING_PER_PLACE));
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

    /// A `/work` request started in the background: its status and `Retry-After`.
    type Started = tokio::task::JoinHandle<(StatusCode, Option<String>)>;

    /// A limit of one place with `max_wait`, its app, and a way to start a `/work` request.
    fn one_place(max_wait: Duration) -> (Arc<Notify>, impl Fn() -> Started, Router) {
        let release = Arc::new(Notify::new());
        let app = app(InFlightLimit::new(1).with_wait(max_wait), release.clone());
        let start = {
            let app = app.clone();
            move || {
                let app = app.clone();
                tokio::spawn(async move { get_status(&app, "/work").await })
            }
        };
        (release, start, app)
    }

    #[tokio::test]
    async fn with_a_wait_a_request_beyond_the_limit_takes_a_freed_place_or_is_refused_once_the_wait_is_over()
     {
        let (release, spawn, app) = one_place(Duration::from_millis(400));
        let running = spawn();
        tokio::time::sleep(Duration::from_millis(50)).await;
        // Four wait for the running request's place (four per place); a fifth is one too many.
        let waiting: Vec<_> = (0..WAITING_PER_PLACE).map(|_| spawn()).collect();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (status, retry) = get_status(&app, "/work").await;
        assert_eq!(
            (status, retry.as_deref()),
            (StatusCode::SERVICE_UNAVAILABLE, Some("1"))
        );
        // Each request that ends gives its place to the next waiter, which runs.
        for _ in 0..=WAITING_PER_PLACE {
            release.notify_waiters();
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(running.await.unwrap().0, StatusCode::OK);
        for waiter in waiting {
            assert_eq!(waiter.await.unwrap().0, StatusCode::OK);
        }

        // Nobody frees the place in time: the waiter is refused when its wait is over.
        let running = spawn();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let started = std::time::Instant::now();
        let (status, _) = get_status(&app, "/work").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(started.elapsed() >= Duration::from_millis(350));
        release.notify_waiters();
        assert_eq!(running.await.unwrap().0, StatusCode::OK);
    }

    #[tokio::test]
    async fn once_the_line_has_stood_for_a_while_a_newcomer_gets_a_tenth_of_the_wait() {
        let (release, spawn, app) = one_place(Duration::from_millis(1_000));
        let running = spawn();
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The first in line gets the whole wait...
        let first = spawn();
        tokio::time::sleep(STANDING_AFTER + Duration::from_millis(100)).await;
        // ...but the line has not been empty since: a newcomer is refused after a tenth of it.
        let started = Instant::now();
        assert_eq!(
            get_status(&app, "/work").await.0,
            StatusCode::SERVICE_UNAVAILABLE
        );
        let waited = started.elapsed();
        assert!(
            waited >= Duration::from_millis(90) && waited < Duration::from_millis(600),
            "waited {waited:?}"
        );
        // The first in line still takes the place when it frees.
        release.notify_waiters();
        assert_eq!(running.await.unwrap().0, StatusCode::OK);
        tokio::time::sleep(Duration::from_millis(50)).await;
        release.notify_waiters();
        assert_eq!(first.await.unwrap().0, StatusCode::OK);
    }

    #[test]
    fn refusals_are_reported_once_a_second_with_the_count_since_the_last_report() {
        let refusals = Refusals::default();
        assert_eq!(refusals.count(100), Some(1));
        assert_eq!(refusals.count(100), None);
        assert_eq!(refusals.count(100), None);
        assert_eq!(refusals.count(101), Some(3));
        assert_eq!(refusals.count(101), None);
        // A clock that steps back reports nothing until it passes the last report again.
        assert_eq!(refusals.count(99), None);
        assert_eq!(refusals.count(105), Some(3));
    }
}
