//! The edge: what a reverse proxy does in production, for the local stack. `tg_login`, its
//! refresh variant and the sandbox's local Telegram launches go to the auth service, every other
//! `/api` call (the real-time WebSocket included) and the sandbox's own pages go to the platform,
//! and everything else is the miniapp's static build with a fallback to `index.html` for
//! client-side routes. The build holds a brotli (`.br`) and a gzip (`.gz`) variant of each text
//! file (`miniapp/tooling/precompress.ts`); the edge sends the variant the browser accepts, and the
//! file itself otherwise, as `deploy/nginx.conf` does.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use serde_json::json;
use service_kit::ErrorBody;
use service_kit::load_shed::{InFlightLimit, shed_load};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::proxy::Upstream;

#[derive(Clone)]
pub struct Edge {
    pub platform: Upstream,
    pub auth: Upstream,
    pub static_dir: PathBuf,
    pub security: crate::security_headers::SecurityHeaders,
    /// `EDGE_MAX_IN_FLIGHT`: every request the edge works on at once.
    pub max_in_flight: InFlightLimit,
    /// What the auth service holds at once (its places and its line, `InFlightLimit::capacity`):
    /// beyond that it refuses a login the moment it arrives, so the edge refuses it instead, without
    /// the hop. Under overload that is most requests, and the hop would be half their cost
    /// (docs/performance.md).
    pub auth_gate: InFlightLimit,
}

pub fn router(edge: Edge) -> Router {
    let to_auth = any(forward).with_state(edge.auth.clone());
    let to_platform = any(forward).with_state(edge.platform.clone());
    let to_auth_routes = Router::new()
        .route("/api/player/tg_login", to_auth.clone())
        .route("/api/player/tg_login/refresh", to_auth.clone())
        // Local Telegram launches mint init data with the bot token, which only the auth service
        // holds.
        .route("/sandbox/telegram", to_auth.clone())
        .route("/sandbox/telegram/{*rest}", to_auth)
        .route_layer(middleware::from_fn_with_state(
            edge.auth_gate.clone(),
            shed_load,
        ));
    let routed = Router::new()
        .merge(to_auth_routes)
        .route("/api", to_platform.clone())
        .route("/api/{*rest}", to_platform.clone())
        .route("/sandbox/{*rest}", to_platform)
        .route(
            "/healthz",
            get(|| async { axum::Json(json!({"status": "ok"})) }),
        )
        .route("/readyz", get(readyz))
        .with_state(edge.clone());
    let build = edge.static_dir.clone();
    let static_files =
        Router::new()
            .fallback_service(
                ServeDir::new(&edge.static_dir)
                    .precompressed_br()
                    .precompressed_gzip()
                    .append_index_html_on_directories(true)
                    .fallback(tower::service_fn(move |request: Request| {
                        let build = build.clone();
                        async move {
                            Ok::<_, std::convert::Infallible>(spa_fallback(&build, request).await)
                        }
                    })),
            )
            .layer(middleware::from_fn(cache_policy));
    let security = edge.security.clone();
    service_kit::http::with_standard_layers(
        routed
            .fallback_service(static_files)
            .layer(middleware::from_fn_with_state(
                security,
                crate::security_headers::apply,
            ))
            .layer(middleware::from_fn_with_state(
                edge.max_in_flight.clone(),
                shed_load,
            )),
    )
}

async fn forward(
    State(upstream): State<Upstream>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    request: Request,
) -> Response {
    upstream.forward(request, client).await
}

/// Client-side routes get `index.html`, or the page the build pre-rendered for that address
/// (`prerendered/<address>.html`, `miniapp/tooling/prerender.ts`); a missing build asset is a real
/// 404, so a stale page that asks for an old chunk learns it and reloads instead of parsing HTML as
/// JavaScript.
async fn spa_fallback(build: &Path, request: Request) -> Response {
    let path = request.uri().path();
    let is_asset = path.starts_with("/assets/") || Path::new(path).extension().is_some();
    if is_asset {
        return ErrorBody::new("not_found", format!("There is no file {path}."))
            .with_status(StatusCode::NOT_FOUND);
    }
    let page = prerendered_page(build, path)
        .filter(|page| page.is_file())
        .unwrap_or_else(|| build.join("index.html"));
    let index = ServeFile::new(page).precompressed_br().precompressed_gzip();
    match index.oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
}

/// The file a pre-rendered page of `path` would be, for addresses made only of the characters
/// page addresses use (so nothing like `..` can lead outside the folder).
fn prerendered_page(build: &Path, path: &str) -> Option<PathBuf> {
    let address = path.trim_end_matches('/').strip_prefix('/')?;
    let safe = !address.is_empty()
        && address.split('/').all(|segment| {
            !segment.is_empty()
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    safe.then(|| build.join("prerendered").join(format!("{address}.html")))
}

/// Hashed build assets never change; everything else (the HTML shell, the build manifest) must be
/// revalidated so a new release reaches players on their next load. Every file may come in another
/// encoding for another `Accept-Encoding`, which caches must tell apart.
async fn cache_policy(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// Ready when every upstream is ready and the miniapp build is in place.
async fn readyz(State(edge): State<Edge>) -> Response {
    let mut not_ready = Vec::new();
    for upstream in [&edge.platform, &edge.auth] {
        let request = Request::get("/readyz")
            .body(Body::empty())
            .expect("static request");
        let response = upstream
            .forward(request, SocketAddr::from(([127, 0, 0, 1], 0)))
            .await;
        if !response.status().is_success() {
            not_ready.push(upstream.name());
        }
    }
    if !edge.static_dir.join("index.html").is_file() {
        not_ready.push("miniapp build");
    }
    if not_ready.is_empty() {
        axum::Json(json!({"status": "ready"})).into_response()
    } else {
        ErrorBody::new("not_ready", format!("Not ready: {}.", not_ready.join(", ")))
            .with_status(StatusCode::SERVICE_UNAVAILABLE)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use axum::extract::ConnectInfo;
    use tokio::net::TcpListener;

    use super::*;

    /// An upstream that accepts connections and never answers: a request sent there stays in flight.
    async fn silent_upstream() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let mut held = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                held.push(socket);
            }
        });
        url
    }

    /// An upstream that answers every request 200 at once.
    async fn answering_upstream() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            axum::serve(listener, Router::new().fallback(|| async { "answered" }))
                .await
                .unwrap();
        });
        url
    }

    /// An edge whose auth service never answers and whose platform always does.
    async fn edge(static_dir: &Path, max_in_flight: usize, auth_gate: usize) -> Router {
        router(Edge {
            platform: Upstream::new("platform", &answering_upstream().await).unwrap(),
            auth: Upstream::new("auth service", &silent_upstream().await).unwrap(),
            static_dir: static_dir.to_owned(),
            security: crate::security_headers::SecurityHeaders::new(
                static_dir,
                &crate::security_headers::ExtraSources::default(),
            )
            .unwrap(),
            max_in_flight: InFlightLimit::new(max_in_flight),
            auth_gate: InFlightLimit::new(auth_gate),
        })
    }

    /// A request as the edge's server hands it over: with the client's address.
    fn request(method: &str, path: &str) -> Request {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 40_000))));
        request
    }

    async fn send(edge: &Router, method: &str, path: &str) -> (StatusCode, String) {
        let request = request(method, path);
        let response = tokio::time::timeout(Duration::from_secs(2), edge.clone().oneshot(request))
            .await
            .expect("answered at once")
            .unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    /// An edge (see `edge`) with one login in flight: its auth service never answers it.
    async fn with_a_login_in_flight(
        max_in_flight: usize,
        auth_gate: usize,
    ) -> (tempfile::TempDir, Router) {
        let dir = tempfile::tempdir().unwrap();
        let edge = edge(dir.path(), max_in_flight, auth_gate).await;
        tokio::spawn(
            edge.clone()
                .oneshot(request("POST", "/api/player/tg_login")),
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
        (dir, edge)
    }

    async fn assert_overloaded(edge: &Router, method: &str, path: &str) {
        let (status, body) = send(edge, method, path).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{method} {path}: {body}"
        );
        assert!(body.contains("\"overloaded\""), "{body}");
    }

    #[tokio::test]
    async fn logins_beyond_what_the_auth_service_holds_are_refused_at_the_edge_and_nothing_else_is()
    {
        let (_dir, edge) = with_a_login_in_flight(64, 1).await;
        assert_overloaded(&edge, "POST", "/api/player/tg_login").await;
        assert_overloaded(&edge, "POST", "/api/player/tg_login/refresh").await;
        // The platform's calls do not wait behind the logins.
        assert_eq!(
            send(&edge, "GET", "/api/game/games").await,
            (StatusCode::OK, "answered".to_owned())
        );
    }

    #[tokio::test]
    async fn requests_beyond_the_edges_own_limit_are_refused_but_health_is_not() {
        let (_dir, edge) = with_a_login_in_flight(1, 64).await;
        assert_overloaded(&edge, "GET", "/api/game/games").await;
        assert_eq!(send(&edge, "GET", "/healthz").await.0, StatusCode::OK);
    }

    #[test]
    fn only_plain_page_addresses_map_to_pre_rendered_files() {
        let build = Path::new("/build");
        assert_eq!(
            prerendered_page(build, "/pt-br/questions/how-to-deposit"),
            Some(PathBuf::from(
                "/build/prerendered/pt-br/questions/how-to-deposit.html"
            ))
        );
        assert_eq!(
            prerendered_page(build, "/static/terms/"),
            Some(PathBuf::from("/build/prerendered/static/terms.html"))
        );
        for outside in [
            "/",
            "",
            "/static/../index",
            "/static//x",
            "/a/%2e%2e",
            "/static/x y",
        ] {
            assert_eq!(prerendered_page(build, outside), None, "{outside}");
        }
    }
}
