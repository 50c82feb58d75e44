//! With `TELEGRAM_BOT_TOKEN` set, the stack runs the bot in-process: it answers `/start` with a
//! button that opens the stack's own miniapp, and syncs the user to the embedded sandbox with the
//! service key the stack made for both; the sandbox sends it its players' events, signed with the
//! key the stack made for both, and the bot messages them.

use crate::common;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::post;
use serde_json::{Value, json};
use sqlx::Row;
use telegram_init_data::{InitData, User, sign};

const TOKEN: &str = "42:stack-test-token-0123456789abcdefgh";

/// A Bot API server that delivers one `/start ref_42` and records what the bot sends.
#[derive(Clone, Default)]
struct Telegram {
    sent: Arc<Mutex<Vec<Value>>>,
}

async fn bot_api(
    State(telegram): State<Telegram>,
    Path((_token, method)): Path<(String, String)>,
    body: String,
) -> axum::Json<Value> {
    let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let result = match method.to_ascii_lowercase().as_str() {
        "getme" => {
            json!({"id": 42, "is_bot": true, "first_name": "Casino", "username": "casino_bot",
            "can_join_groups": false, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "has_main_web_app": false})
        }
        "getwebhookinfo" => {
            json!({"url": "", "has_custom_certificate": false, "pending_update_count": 0})
        }
        "getupdates" if body["offset"].as_i64().unwrap_or_default() <= 1 => json!([{
            "update_id": 1,
            "message": {
                "message_id": 1, "date": 1_760_000_000, "text": "/start ref_42",
                "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
                "chat": {"id": 7, "type": "private", "first_name": "Ana"},
                "from": {"id": 7, "is_bot": false, "first_name": "Ana", "language_code": "pt-br"},
            },
        }]),
        "getupdates" => {
            tokio::time::sleep(Duration::from_millis(200)).await;
            json!([])
        }
        "sendmessage" => {
            telegram.sent.lock().expect("lock").push(body.clone());
            json!({"message_id": 1, "date": 1_760_000_000, "text": body["text"],
                   "chat": {"id": 7, "type": "private", "first_name": "Ana"}})
        }
        _ => json!(true),
    };
    axum::Json(json!({"ok": true, "result": result}))
}

#[tokio::test]
async fn the_bot_runs_in_the_stack_and_syncs_to_the_sandbox() {
    let telegram = Telegram::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let api_url = format!("http://{}", listener.local_addr().expect("addr"));
    let app = Router::new()
        .route("/{token}/{method}", post(bot_api))
        .with_state(telegram.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });

    let stack = common::spawn_with(&[
        ("TELEGRAM_BOT_TOKEN", TOKEN),
        ("TELEGRAM_API_URL", api_url.as_str()),
    ])
    .await;

    let platform_db = format!("sqlite://{}/platform.db", stack.data.display());
    let platform = service_kit::db::connect_sqlite("PLATFORM_DATABASE_URL", &platform_db)
        .await
        .expect("the sandbox's database");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let ref_id = loop {
        let row = sqlx::query("SELECT ref_id FROM tg_bot_users WHERE tg_user_id = 7")
            .fetch_optional(&platform)
            .await
            .expect("query");
        if let Some(row) = row {
            break row.get::<Option<String>, _>("ref_id");
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the user reaches the sandbox"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(ref_id.as_deref(), Some("42"));

    let sent = telegram.sent.lock().expect("lock").clone();
    let button = &sent[0]["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(button["text"], "Jogar");
    assert_eq!(
        button["web_app"]["url"],
        format!("http://{}/?ref_id=42", stack.address)
    );

    // The player signs in from Telegram and deposits: the embedded platform tells the embedded
    // bot, which messages the chat with a button to the wallet.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs();
    let init_data = sign(&InitData::for_user(User::new(7, "Ana"), now), TOKEN);
    let signed_in: Value = call(
        &stack,
        "/api/player/tg_login",
        None,
        json!({"tg_payload": init_data}),
    )
    .await;
    let token = signed_in["accessToken"].as_str().expect("a session");
    let invoice = call(
        &stack,
        "/api/payment/invoices/deposit",
        Some(token),
        json!({"paymentMethod": "card.deposit.visa", "amount": 2500, "currency": "USD"}),
    )
    .await;
    let id = invoice["id"].as_str().expect("an invoice");
    call(
        &stack,
        &format!("/api/sandbox/invoices/{id}/settle"),
        None,
        json!({"status": 2}),
    )
    .await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let message = loop {
        let sent = telegram.sent.lock().expect("lock").clone();
        if let Some(message) = sent
            .iter()
            .find(|m| m["text"].as_str().is_some_and(|t| t.contains("25")))
        {
            break message.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the deposit's message, got {sent:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(message["chat_id"], 7, "{message}");
    let button = message["reply_markup"]["inline_keyboard"][0][0].to_string();
    assert!(button.contains("wallet"), "{message}");

    stack.stop().await.expect("the stack stops cleanly");
}

/// A POST through the edge that must succeed; answers its body.
async fn call(stack: &common::TestStack, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut request = stack
        .client
        .post(format!("{}{path}", stack.base))
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let body: Value = response.json().await.expect("JSON");
    assert!(status.is_success(), "{path}: {status} {body}");
    body
}
