//! `spawn_app()`: the auth service on port 0 with a fresh SQLite database (or PostgreSQL) and a
//! fake platform that records what reaches it and answers as told.

#![allow(dead_code, reason = "each test file uses its own part of the helpers")]

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use auth_service::{AppState, Config};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use service_kit::Env;
use sqlx::{AnyPool, Row};
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};
use tokio_util::sync::CancellationToken;

/// One request that reached the fake platform.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
}

#[derive(Clone)]
pub struct Reply {
    pub status: StatusCode,
    pub body: Value,
    pub delay: Duration,
}

#[derive(Clone)]
pub struct FakePlatform {
    pub url: String,
    pub requests: Arc<Mutex<Vec<Recorded>>>,
    reply: Arc<Mutex<Reply>>,
}

impl FakePlatform {
    pub async fn start(shutdown: CancellationToken) -> Self {
        let fake = Self {
            url: String::new(),
            requests: Arc::default(),
            reply: Arc::new(Mutex::new(Reply {
                status: StatusCode::OK,
                body: json!({"accessToken": "header.payload.signature", "profile": {"id": 1}}),
                delay: Duration::ZERO,
            })),
        };
        let router = Router::new().fallback(answer).with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("test set-up");
        let url = format!("http://{}", listener.local_addr().expect("test set-up"));
        tokio::spawn(service_kit::serve::serve(listener, router, shutdown));
        Self { url, ..fake }
    }

    pub fn reply_with(&self, status: StatusCode, body: Value) {
        let mut reply = self.reply.lock().expect("test set-up");
        reply.status = status;
        reply.body = body;
    }

    pub fn delay(&self, delay: Duration) {
        self.reply.lock().expect("test set-up").delay = delay;
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().expect("test set-up").clone()
    }
}

async fn answer(
    State(fake): State<FakePlatform>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    fake.requests.lock().expect("test set-up").push(Recorded {
        path: uri.path().to_owned(),
        headers,
        body,
    });
    let reply = fake.reply.lock().expect("test set-up").clone();
    tokio::time::sleep(reply.delay).await;
    (reply.status, axum::Json(reply.body)).into_response()
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub pool: AnyPool,
    pub platform: FakePlatform,
    shutdown: CancellationToken,
    _dir: tempfile::TempDir,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let dir = tempfile::tempdir().expect("test set-up");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    spawn_app_on(dir, &url, adjust).await
}

pub async fn spawn_app_on(
    dir: tempfile::TempDir,
    database_url: &str,
    adjust: impl FnOnce(&mut Config),
) -> TestApp {
    let shutdown = CancellationToken::new();
    let platform = FakePlatform::start(shutdown.clone()).await;
    let mut config = Config::from_env(&Env::from_pairs([
        ("DATABASE_URL", database_url),
        ("PLATFORM_URL", platform.url.as_str()),
        ("AUTH_BIND", "127.0.0.1:0"),
    ]))
    .expect("test set-up");
    adjust(&mut config);
    let state = AppState::build(config).await.expect("test set-up");
    let pool = state.pool.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("test set-up");
    let address: SocketAddr = listener.local_addr().expect("test set-up");
    tokio::spawn(service_kit::serve::serve(
        listener,
        auth_service::app(state),
        shutdown.clone(),
    ));
    TestApp {
        base: format!("http://{address}"),
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("test set-up"),
        pool,
        platform,
        shutdown,
        _dir: dir,
    }
}

pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("test set-up")
        .as_secs()
}

/// Fresh init data for user `id`, signed with the sandbox token the test app uses.
pub fn launch(id: i64) -> String {
    sign(
        &InitData::for_user(User::new(id, "Ada"), now()),
        SANDBOX_BOT_TOKEN,
    )
}

impl TestApp {
    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(format!("{}{path}", self.base))
            .json(body)
            .send()
            .await
            .expect("test set-up")
    }

    pub async fn tg_login(&self, tg_payload: &str) -> reqwest::Response {
        self.post_json("/api/player/tg_login", &json!({"tg_payload": tg_payload}))
            .await
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("test set-up")
    }

    /// The audit rows (user id, route, outcome, upstream status), once `count` are written.
    pub async fn audit_rows(
        &self,
        count: usize,
    ) -> Vec<(Option<i64>, String, String, Option<i64>)> {
        for _ in 0..200 {
            let rows = sqlx::query(
                "SELECT telegram_user_id, route, outcome, upstream_status FROM login_audit \
                 ORDER BY occurred_at_ms, outcome",
            )
            .fetch_all(&self.pool)
            .await
            .expect("test set-up");
            if rows.len() >= count {
                return rows
                    .iter()
                    .map(|row| (row.get(0), row.get(1), row.get(2), row.get(3)))
                    .collect();
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("fewer than {count} audit rows were written");
    }
}
