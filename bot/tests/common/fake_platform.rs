//! The platform's `PUT /api/tg-bot/users` as its contract says: the service key in
//! `X-Service-Key`, 1 to 100 users per call, `{"synced": n}`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::put;
use serde_json::{Value, json};

#[derive(Clone)]
pub struct FakePlatform {
    pub address: SocketAddr,
    key: String,
    users: Arc<Mutex<BTreeMap<i64, Value>>>,
    calls: Arc<Mutex<usize>>,
}

impl FakePlatform {
    pub async fn spawn(key: &str) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let platform = Self {
            address: listener.local_addr().expect("addr"),
            key: key.to_owned(),
            users: Arc::default(),
            calls: Arc::default(),
        };
        let app = Router::new()
            .route("/api/tg-bot/users", put(sync_users))
            .with_state(platform.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        platform
    }

    pub fn user(&self, id: i64) -> Option<Value> {
        self.users.lock().expect("lock").get(&id).cloned()
    }

    pub fn user_count(&self) -> usize {
        self.users.lock().expect("lock").len()
    }

    /// How many sync calls reached the platform.
    pub fn calls(&self) -> usize {
        *self.calls.lock().expect("lock")
    }
}

async fn sync_users(
    State(platform): State<FakePlatform>,
    headers: HeaderMap,
    body: String,
) -> (StatusCode, axum::Json<Value>) {
    *platform.calls.lock().expect("lock") += 1;
    let key = headers.get("x-service-key").and_then(|v| v.to_str().ok());
    if key != Some(platform.key.as_str()) {
        return error(StatusCode::UNAUTHORIZED, "service_key_invalid");
    }
    let Ok(body) = serde_json::from_str::<Value>(&body) else {
        return error(StatusCode::BAD_REQUEST, "invalid_json");
    };
    let Some(users) = body["users"]
        .as_array()
        .filter(|u| (1..=100).contains(&u.len()))
    else {
        return error(StatusCode::BAD_REQUEST, "validation_failed");
    };
    let mut stored = platform.users.lock().expect("lock");
    for user in users {
        let Some(id) = user["id"].as_i64() else {
            return error(StatusCode::BAD_REQUEST, "validation_failed");
        };
        stored.insert(id, user.clone());
    }
    (StatusCode::OK, axum::Json(json!({ "synced": users.len() })))
}

fn error(status: StatusCode, code: &str) -> (StatusCode, axum::Json<Value>) {
    (
        status,
        axum::Json(json!({ "code": code, "message": "refused by the fake platform" })),
    )
}
