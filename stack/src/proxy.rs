//! A small reverse proxy for the local edge: it forwards a request to one upstream service over
//! HTTP, streaming both bodies, and carries WebSocket upgrades through (the real-time channel).
//! In production a reverse proxy does this job (see `deploy/`).

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Request, Response, StatusCode, Uri, header};
use axum::response::IntoResponse;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioIo};
use service_kit::ErrorBody;

/// Headers that describe one hop and must not be forwarded (RFC 9110, section 7.6.1).
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

#[derive(Clone)]
pub struct Upstream {
    name: &'static str,
    base: Uri,
    client: Client<HttpConnector, Body>,
}

impl Upstream {
    pub fn new(name: &'static str, base_url: &str) -> anyhow::Result<Self> {
        let base: Uri = base_url
            .parse()
            .map_err(|e| anyhow::anyhow!("{name} URL {base_url:?} is invalid: {e}"))?;
        if base.scheme_str() != Some("http") {
            anyhow::bail!(
                "{name} URL {base_url:?} must be http:// (the local edge speaks plain HTTP upstream)"
            );
        }
        let mut connector = HttpConnector::new();
        connector.set_connect_timeout(Some(Duration::from_secs(5)));
        connector.set_nodelay(true);
        let client = Client::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(30))
            .build(connector);
        Ok(Self { name, base, client })
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    fn target(&self, uri: &Uri) -> Result<Uri, axum::http::Error> {
        let path_and_query = uri.path_and_query().map_or("/", |pq| pq.as_str());
        let base_path = self.base.path().trim_end_matches('/');
        Uri::builder()
            .scheme("http")
            .authority(self.base.authority().map_or("", |a| a.as_str()))
            .path_and_query(format!("{base_path}{path_and_query}"))
            .build()
    }

    /// Forwards `request` from `client` and returns the upstream's response as it is.
    pub async fn forward(&self, mut request: Request<Body>, client: SocketAddr) -> Response<Body> {
        let target = match self.target(request.uri()) {
            Ok(target) => target,
            Err(e) => {
                return ErrorBody::new("bad_request", format!("Cannot forward this path: {e}"))
                    .with_status(StatusCode::BAD_REQUEST);
            }
        };
        let upgrade = wants_upgrade(request.headers());
        let client_upgrade = upgrade.then(|| hyper::upgrade::on(&mut request));
        let original_host = request.headers().get(header::HOST).cloned();
        let headers = request.headers_mut();
        strip_hop_by_hop(headers);
        if upgrade {
            headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
            headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        }
        append_forwarded_for(headers, client);
        if let Some(host) = original_host {
            headers.insert(HeaderName::from_static("x-forwarded-host"), host);
        }
        headers.insert(
            HeaderName::from_static("x-forwarded-proto"),
            HeaderValue::from_static("http"),
        );
        headers.remove(header::HOST);
        *request.uri_mut() = target;

        let mut response = match self.client.request(request).await {
            Ok(response) => response,
            Err(e) => {
                tracing::warn!(upstream = self.name, error = %e, "upstream unreachable");
                return ErrorBody::new(
                    "upstream_unavailable",
                    format!("The {} is not answering. Try again in a moment.", self.name),
                )
                .with_status(StatusCode::BAD_GATEWAY);
            }
        };
        if response.status() == StatusCode::SWITCHING_PROTOCOLS
            && let Some(client_upgrade) = client_upgrade
        {
            let upstream_upgrade = hyper::upgrade::on(&mut response);
            let name = self.name;
            tokio::spawn(async move {
                match tokio::try_join!(client_upgrade, upstream_upgrade) {
                    Ok((client_io, upstream_io)) => {
                        let mut client_io = TokioIo::new(client_io);
                        let mut upstream_io = TokioIo::new(upstream_io);
                        // Ends when either side closes; a reset is a normal way for a socket to end.
                        let _ =
                            tokio::io::copy_bidirectional(&mut client_io, &mut upstream_io).await;
                    }
                    Err(e) => tracing::debug!(upstream = name, error = %e, "upgrade failed"),
                }
            });
        } else {
            strip_hop_by_hop(response.headers_mut());
        }
        response.map(Body::new).into_response()
    }
}

fn wants_upgrade(headers: &HeaderMap) -> bool {
    let connection_upgrade = headers
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|token| token.trim().eq_ignore_ascii_case("upgrade"));
    let websocket = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    connection_upgrade && websocket
}

fn strip_hop_by_hop(headers: &mut HeaderMap) {
    // Headers named in Connection are hop-by-hop too.
    let named: Vec<HeaderName> = headers
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|name| HeaderName::try_from(name.trim()).ok())
        .collect();
    for name in HOP_BY_HOP {
        headers.remove(name);
    }
    for name in named {
        headers.remove(name);
    }
}

fn append_forwarded_for(headers: &mut HeaderMap, client: SocketAddr) {
    let forwarded = match headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()) {
        Some(earlier) => format!("{earlier}, {}", client.ip()),
        None => client.ip().to_string(),
    };
    if let Ok(value) = HeaderValue::try_from(forwarded) {
        headers.insert(HeaderName::from_static("x-forwarded-for"), value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_keep_path_and_query() {
        let upstream = Upstream::new("platform", "http://127.0.0.1:9/base/").expect("valid");
        let target = upstream
            .target(&"/api/game/games?page=2".parse().expect("uri"))
            .expect("target");
        assert_eq!(
            target.to_string(),
            "http://127.0.0.1:9/base/api/game/games?page=2"
        );
    }

    #[test]
    fn only_websocket_upgrades_are_carried() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONNECTION,
            HeaderValue::from_static("keep-alive, Upgrade"),
        );
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        assert!(wants_upgrade(&headers));
        headers.insert(header::UPGRADE, HeaderValue::from_static("h2c"));
        assert!(!wants_upgrade(&headers));
    }

    #[test]
    fn hop_by_hop_headers_and_those_named_in_connection_are_dropped() {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONNECTION, HeaderValue::from_static("x-secret-hop"));
        headers.insert("x-secret-hop", HeaderValue::from_static("1"));
        headers.insert(
            header::TRANSFER_ENCODING,
            HeaderValue::from_static("chunked"),
        );
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        strip_hop_by_hop(&mut headers);
        assert_eq!(headers.len(), 1);
        assert!(headers.contains_key(header::ACCEPT));
    }
}
