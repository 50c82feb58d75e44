//! A fake Bot API server on loopback: `getUpdates` hands out the updates a test pushes (long
//! polling like Telegram's), and every other call is recorded and answered the way Telegram would.
//! The bot's tests run the bot in-process against it; the topology test (`crates/topology`) runs
//! two bot processes in webhook mode against one.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::routing::post;
use serde_json::{Value, json};
use tokio::sync::watch;

pub const BOT_ID: i64 = 1_000_001;

#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    pub body: Value,
    /// When the call arrived, from the server's start.
    pub at: Duration,
}

#[derive(Default)]
struct Inner {
    updates: Vec<Value>,
    calls: Vec<Call>,
    next_message_id: i64,
    /// Per method, how many upcoming calls are answered 429 with this `retry_after`.
    too_many_requests: HashMap<String, (usize, u64)>,
    /// Chats whose messages Telegram refuses, with its error code and description.
    refused_chats: HashMap<i64, (u16, &'static str)>,
}

#[derive(Clone)]
pub struct FakeTelegram {
    /// The Bot API base URL to give the bot (`TELEGRAM_API_URL`).
    pub url: String,
    /// The token the bot must call with (`/bot<token>/<method>`).
    token: Arc<str>,
    inner: Arc<Mutex<Inner>>,
    latest_update: Arc<watch::Sender<i64>>,
    started: Instant,
}

impl FakeTelegram {
    /// Serves on a free loopback port; calls made with another token than `token` fail.
    pub async fn spawn(token: &str) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let fake = Self {
            url,
            token: Arc::from(token),
            inner: Arc::default(),
            latest_update: Arc::new(watch::channel(0).0),
            started: Instant::now(),
        };
        let app = Router::new()
            .route("/{token}/{method}", post(answer))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        fake
    }

    /// Queues an update for `getUpdates`; its `update_id` is assigned here.
    pub fn push(&self, mut update: Value) -> i64 {
        let id = {
            let mut inner = self.inner.lock().expect("lock");
            let id = i64::try_from(inner.updates.len()).expect("count") + 1;
            update["update_id"] = json!(id);
            inner.updates.push(update);
            id
        };
        self.latest_update.send_replace(id);
        id
    }

    pub fn calls(&self, method: &str) -> Vec<Call> {
        self.inner
            .lock()
            .expect("lock")
            .calls
            .iter()
            .filter(|call| call.method.eq_ignore_ascii_case(method))
            .cloned()
            .collect()
    }

    pub fn messages_to(&self, chat_id: i64) -> Vec<Value> {
        self.calls("sendMessage")
            .into_iter()
            .filter(|call| call.body["chat_id"] == json!(chat_id))
            .map(|call| call.body)
            .collect()
    }

    /// Waits for the `nth` (from 1) message the bot sends to `chat_id`.
    pub async fn nth_message_to(&self, chat_id: i64, nth: usize) -> Value {
        eventually(&format!("message {nth} to chat {chat_id}"), || async {
            self.messages_to(chat_id).into_iter().nth(nth - 1)
        })
        .await
    }

    /// Answers the next `count` calls of `method` with 429 and `retry_after`.
    pub fn rate_limit(&self, method: &str, count: usize, retry_after: u64) {
        self.inner
            .lock()
            .expect("lock")
            .too_many_requests
            .insert(method.to_ascii_lowercase(), (count, retry_after));
    }

    /// The user of `chat_id` blocks the bot: messages to them are answered 403, as Telegram does.
    pub fn block_chat(&self, chat_id: i64) {
        self.refuse_chat(chat_id, 403, "Forbidden: bot was blocked by the user");
    }

    /// `chat_id` is not a chat Telegram knows (a deleted account, say): messages to it are
    /// answered 400, as Telegram does.
    pub fn lose_chat(&self, chat_id: i64) {
        self.refuse_chat(chat_id, 400, "Bad Request: chat not found");
    }

    fn refuse_chat(&self, chat_id: i64, code: u16, description: &'static str) {
        self.inner
            .lock()
            .expect("lock")
            .refused_chats
            .insert(chat_id, (code, description));
    }

    fn pending_from(&self, offset: i64) -> Vec<Value> {
        let inner = self.inner.lock().expect("lock");
        inner
            .updates
            .iter()
            .filter(|u| u["update_id"].as_i64().unwrap_or_default() >= offset)
            .cloned()
            .collect()
    }
}

async fn answer(
    State(fake): State<FakeTelegram>,
    Path((token, method)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> axum::Json<Value> {
    assert!(
        token.strip_prefix("bot") == Some(&*fake.token),
        "the bot uses its token"
    );
    let body = parse_body(&headers, &body);
    // Bot API method names are case-insensitive (teloxide sends `GetMe`).
    let method = method.to_ascii_lowercase();
    if method == "getupdates" {
        return axum::Json(ok(get_updates(&fake, &body).await));
    }
    let result = {
        let mut inner = fake.inner.lock().expect("lock");
        inner.calls.push(Call {
            method: method.clone(),
            body: body.clone(),
            at: fake.started.elapsed(),
        });
        if method == "sendmessage"
            && let Some((code, description)) = body["chat_id"]
                .as_i64()
                .and_then(|chat| inner.refused_chats.get(&chat))
        {
            return axum::Json(json!({
                "ok": false,
                "error_code": code,
                "description": description,
            }));
        }
        if let Some((count, retry_after)) = inner.too_many_requests.get_mut(&method)
            && *count > 0
        {
            *count -= 1;
            let retry_after = *retry_after;
            return axum::Json(json!({
                "ok": false,
                "error_code": 429,
                "description": format!("Too Many Requests: retry after {retry_after}"),
                "parameters": {"retry_after": retry_after},
            }));
        }
        match method.as_str() {
            "getme" => json!({
                "id": BOT_ID, "is_bot": true, "first_name": "Casino", "username": "casino_test_bot",
                "can_join_groups": false, "can_read_all_group_messages": false,
                "supports_inline_queries": false, "has_main_web_app": false,
            }),
            "getwebhookinfo" => json!({
                "url": "", "has_custom_certificate": false, "pending_update_count": 0,
            }),
            "sendmessage" => {
                inner.next_message_id += 1;
                message(inner.next_message_id, &body)
            }
            "editmessagetext" => message(body["message_id"].as_i64().unwrap_or_default(), &body),
            "savepreparedinlinemessage" => {
                let id = format!("prepared-{}", inner.calls.len());
                json!({ "id": id, "expiration_date": 1_760_086_400 })
            }
            _ => json!(true),
        }
    };
    axum::Json(ok(result))
}

/// JSON, or the text fields of a `multipart/form-data` body (teloxide sends `setWebhook` so).
fn parse_body(headers: &HeaderMap, body: &[u8]) -> Value {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return serde_json::from_slice(body).unwrap_or(Value::Null);
    };
    let text = String::from_utf8_lossy(body);
    let mut fields = serde_json::Map::new();
    for part in text.split(&format!("--{boundary}")) {
        let Some((head, value)) = part.split_once("\r\n\r\n") else {
            continue;
        };
        if let Some(name) = head
            .split("name=\"")
            .nth(1)
            .and_then(|n| n.split('"').next())
        {
            fields.insert(name.to_owned(), json!(value.trim_end_matches("\r\n")));
        }
    }
    Value::Object(fields)
}

fn ok(result: Value) -> Value {
    json!({ "ok": true, "result": result })
}

fn message(id: i64, body: &Value) -> Value {
    json!({
        "message_id": id,
        "date": 1_760_000_000,
        "chat": {"id": body["chat_id"], "type": "private", "first_name": "Player"},
        "from": {"id": BOT_ID, "is_bot": true, "first_name": "Casino"},
        "text": body["text"],
    })
}

/// Long polling: answers at once when updates from `offset` are queued, otherwise when one is
/// pushed or `timeout` seconds have passed.
async fn get_updates(fake: &FakeTelegram, body: &Value) -> Value {
    let offset = body["offset"].as_i64().unwrap_or_default();
    let timeout = Duration::from_secs(body["timeout"].as_u64().unwrap_or_default());
    let mut latest = fake.latest_update.subscribe();
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let pending = fake.pending_from(offset);
        if !pending.is_empty() {
            let limit = body["limit"].as_u64().map_or(100, |l| l as usize);
            return Value::Array(pending.into_iter().take(limit).collect());
        }
        if tokio::time::timeout_at(deadline, latest.changed())
            .await
            .is_err()
        {
            return json!([]);
        }
    }
}

/// Polls `probe` every 10 ms until it gives a value; panics after 10 s.
pub async fn eventually<T, F, Fut>(what: &str, probe: F) -> T
where
    F: Fn() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(value) = probe().await {
            return value;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A private-chat text message from a user, as Telegram sends it in an update.
pub fn text_message(user_id: i64, language: &str, text: &str) -> Value {
    let from = json!({
        "id": user_id,
        "is_bot": false,
        "first_name": format!("User{user_id}"),
        "last_name": "Tester",
        "username": format!("user{user_id}"),
        "language_code": language,
    });
    let command_length = text
        .starts_with('/')
        .then(|| text.find(' ').unwrap_or(text.len()));
    let mut message = json!({
        "message_id": 1,
        "date": 1_760_000_000,
        "chat": {"id": user_id, "type": "private", "first_name": format!("User{user_id}")},
        "from": from,
        "text": text,
    });
    if let Some(length) = command_length {
        message["entities"] = json!([{"type": "bot_command", "offset": 0, "length": length}]);
    }
    json!({ "message": message })
}
