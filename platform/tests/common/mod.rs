//! Starts a real platform on a free port with a fresh database, and talks to it over HTTP.
#![allow(dead_code)] // Each test binary uses its own part of these helpers.

use std::net::SocketAddr;

use axum::http::HeaderName;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

pub struct TestPlatform {
    pub base: String,
    pub client: reqwest::Client,
    pub database_url: String,
    _data: tempfile::TempDir,
    shutdown: CancellationToken,
}

impl Drop for TestPlatform {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

pub fn config(database_url: &str) -> platform::Config {
    platform::Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: database_url.to_owned(),
        country_header: HeaderName::from_static("cf-ipcountry"),
    }
}

pub async fn spawn() -> TestPlatform {
    let data = tempfile::tempdir().expect("tempdir");
    let database_url = format!("sqlite://{}/platform.db", data.path().display());
    let state = platform::AppState::build(config(&database_url))
        .await
        .expect("platform starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = CancellationToken::new();
    tokio::spawn(service_kit::serve::serve(
        listener,
        platform::app(state),
        shutdown.clone(),
    ));
    TestPlatform {
        base,
        client: reqwest::Client::new(),
        database_url,
        _data: data,
        shutdown,
    }
}

impl TestPlatform {
    pub async fn get(&self, path: &str) -> (u16, Value) {
        self.get_with(path, &[]).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> (u16, Value) {
        let mut request = self.client.get(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let body = response.json().await.expect("JSON body");
        (status, body)
    }
}
