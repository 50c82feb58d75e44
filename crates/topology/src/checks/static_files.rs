//! What nginx answers itself (the app shell, the build's precompressed assets), the platform's JSON
//! compressed on the fly, the security headers on all of it, and the WebSocket upgrade.

use std::net::Ipv4Addr;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::{Context, ensure};
use futures_util::{SinkExt, StreamExt};

use crate::topology::{Topology, client_from};

/// What nginx answers itself (the app shell, the hashed assets) and the headers of every answer.
pub async fn check_static_and_headers(t: &Topology) -> anyhow::Result<()> {
    let client = client_from(Ipv4Addr::LOCALHOST)?;
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let security = |response: &reqwest::Response, what: &str| -> anyhow::Result<()> {
        ensure!(
            header(response, "x-content-type-options") == "nosniff"
                && header(response, "referrer-policy") == "strict-origin-when-cross-origin",
            "{what}: the security headers are missing"
        );
        ensure!(
            header(response, "strict-transport-security").is_empty(),
            "{what}: HSTS over plain HTTP"
        );
        Ok(())
    };

    for path in ["/", "/wallet/history"] {
        let shell = client.get(t.url(path)).send().await?;
        ensure!(shell.status() == 200, "GET {path}: {}", shell.status());
        ensure!(
            header(&shell, "content-type").starts_with("text/html"),
            "GET {path} is not the app shell"
        );
        ensure!(
            header(&shell, "cache-control") == "no-cache",
            "GET {path}: Cache-Control {:?}, not no-cache",
            header(&shell, "cache-control")
        );
        let csp = header(&shell, "content-security-policy");
        ensure!(
            csp.contains("frame-ancestors 'self' https://web.telegram.org")
                && csp.contains("script-src 'self'"),
            "GET {path}: Content-Security-Policy {csp:?}"
        );
        security(&shell, path)?;
        let body = shell.text().await?;
        ensure!(
            body == std::fs::read_to_string(t.html.join("index.html"))?,
            "GET {path} is not the build's index.html"
        );
    }
    let behind_tls = client
        .get(t.url("/"))
        .header("x-forwarded-proto", "https")
        .send()
        .await?;
    ensure!(
        header(&behind_tls, "strict-transport-security").starts_with("max-age=31536000"),
        "no HSTS behind TLS"
    );

    // The largest script of the build, which has both precompressed variants.
    let assets = t.html.join("assets");
    let asset = std::fs::read_dir(&assets)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "js")
                && p.with_extension("js.gz").exists()
                && p.with_extension("js.br").exists()
        })
        .max_by_key(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .context("no script with .gz and .br variants in the build")?;
    let name = asset
        .file_name()
        .context("asset name")?
        .to_string_lossy()
        .into_owned();
    let mut encodings = vec![("gzip", "js.gz")];
    if t.nginx.brotli {
        encodings.push(("br", "js.br"));
    }
    let mut sizes = Vec::new();
    for (encoding, variant) in encodings {
        let response = client
            .get(t.url(&format!("/assets/{name}")))
            .header("accept-encoding", encoding)
            .send()
            .await?;
        ensure!(response.status() == 200, "GET /assets/{name}");
        ensure!(
            header(&response, "content-encoding") == encoding,
            "/assets/{name} asked as {encoding} came as {:?}",
            header(&response, "content-encoding")
        );
        let cache = header(&response, "cache-control");
        ensure!(
            cache.contains("max-age=31536000") && cache.contains("immutable"),
            "/assets/{name}: Cache-Control {cache:?}"
        );
        ensure!(
            header(&response, "vary").eq_ignore_ascii_case("accept-encoding"),
            "/assets/{name}: no Vary: Accept-Encoding"
        );
        security(&response, "an asset")?;
        let body = response.bytes().await?;
        ensure!(
            body == std::fs::read(asset.with_extension(variant))?,
            "/assets/{name} as {encoding} is not the build's .{variant} file"
        );
        sizes.push(format!("{encoding} {} B", body.len()));
    }
    let missing = client.get(t.url("/assets/missing-0000.js")).send().await?;
    ensure!(
        missing.status() == 404,
        "a missing asset answered {} instead of 404",
        missing.status()
    );

    // The platform's JSON is compressed on the fly.
    let api = client
        .get(t.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await?;
    ensure!(
        api.status() == 200,
        "GET /api/openapi.json: {}",
        api.status()
    );
    ensure!(
        header(&api, "content-encoding") == "gzip",
        "/api/openapi.json is not gzipped"
    );
    security(&api, "/api/openapi.json")?;

    // The WebSocket upgrade reaches Centrifugo's path and carries frames both ways.
    let (mut socket, _) =
        tokio_tungstenite::connect_async(t.url("/api/connection/websocket").replace("http", "ws"))
            .await
            .context("WebSocket upgrade through nginx")?;
    socket
        .send(tokio_tungstenite::tungstenite::Message::text("ping"))
        .await?;
    let echoed = tokio::time::timeout(Duration::from_secs(5), socket.next())
        .await
        .context("no WebSocket echo")?
        .context("WebSocket closed")??;
    ensure!(echoed.to_text()? == "ping", "WebSocket echo {echoed:?}");
    socket.close(None).await?;
    ensure!(
        t.centrifugo.upgrades.load(Ordering::SeqCst) == 1,
        "the stand-in Centrifugo saw no upgrade on /connection/websocket"
    );

    println!(
        "static: / and client routes serve index.html with Cache-Control: no-cache and the CSP; \
         /assets/{name} {} with max-age=31536000, immutable; missing asset 404; \
         /api JSON gzipped on the fly; nosniff and Referrer-Policy everywhere, HSTS only behind TLS; \
         WebSocket upgraded and echoed through /api/connection/websocket",
        sizes.join(", ")
    );
    Ok(())
}
