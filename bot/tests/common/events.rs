//! Platform events for the bot's tests: built, signed and posted to the bot's hook.

use std::time::Duration;

use bot::events::Event;
use bot::events::sign;
use bot::launch::Attribution;
use bot::outbox::{Accepted, Outbox, Status};
use bot::storage::{Profile, Users, now_ms};
use serde_json::{Value, json};

use super::{EVENTS_SECRET, TestBot, eventually, time_ago};

pub async fn post(bot: &TestBot, body: &[u8], signature: Option<String>) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("http://{}/platform-events", bot.address))
        .header("content-type", "application/json")
        .body(body.to_vec());
    if let Some(signature) = signature {
        request = request.header("X-Platform-Signature", signature);
    }
    let response = request.send().await.expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The platform's request `method` to the bot's `path`, signed now with `secret`: the status and
/// the answer.
pub async fn signed_request(
    bot: &TestBot,
    method: reqwest::Method,
    path: &str,
    body: &Value,
    secret: &str,
) -> (u16, Value) {
    let body = serde_json::to_vec(body).expect("json");
    let response = reqwest::Client::new()
        .request(method, format!("http://{}{path}", bot.address))
        .header("content-type", "application/json")
        .header(
            "X-Platform-Signature",
            sign(secret.as_bytes(), now_ms() / 1000, &body),
        )
        .body(body)
        .send()
        .await
        .expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Posts `event` signed now; returns the status and the answer.
pub async fn deliver(bot: &TestBot, event: &Value) -> (u16, Value) {
    let body = serde_json::to_vec(event).expect("json");
    let signature = sign(EVENTS_SECRET.as_bytes(), now_ms() / 1000, &body);
    post(bot, &body, Some(signature)).await
}

pub fn occurred(ago: Duration) -> String {
    time_ago(ago)
}

pub fn event(id: &str, user: i64, kind: &str, data: Value) -> Value {
    json!({
        "id": id, "kind": kind, "occurredAt": occurred(Duration::ZERO),
        "telegramUserId": user, "playerId": "p-1", "data": data,
    })
}

pub fn usd(amount: i64) -> Value {
    json!({"amount": amount, "currency": "USD", "subunitToUnit": 100, "type": "fiat"})
}

pub fn btc(amount: i64) -> Value {
    json!({"amount": amount, "currency": "BTC", "subunitToUnit": 100_000_000, "type": "crypto"})
}

pub fn profile(id: i64, language: &str) -> Profile {
    Profile {
        telegram_id: id,
        first_name: format!("User{id}"),
        last_name: None,
        username: None,
        language_code: Some(language.to_owned()),
        is_premium: false,
    }
}

/// A player who has started the bot.
pub async fn player(users: &Users, id: i64, language: &str) {
    users
        .save(&profile(id, language), &Attribution::default(), false)
        .await
        .expect("store");
}

pub async fn outbox(bot: &TestBot) -> Outbox {
    Outbox::new(
        service_kit::db::connect_services("DATABASE_URL", &bot.database_url)
            .await
            .expect("database"),
    )
}

pub async fn finished(outbox: &Outbox, event_id: &str) -> Status {
    eventually(&format!("event {event_id} finished"), || async {
        outbox
            .status(event_id)
            .await
            .expect("database")
            .filter(|s| s.state != "pending")
    })
    .await
}

/// Stores `event` in the outbox directly, as the hook would.
pub async fn accept(outbox: &Outbox, event: &Value) -> Accepted {
    let body = event.to_string();
    let parsed = Event::parse(body.as_bytes()).expect("a valid event");
    outbox.accept(&parsed, &body).await.expect("accept")
}

/// A bonus reminder keyed `bonus:<id>` stored through `first`, then its cancellation through
/// `second`: the reminder is dropped as superseded.
pub async fn assert_a_cancellation_supersedes(first: &Outbox, second: &Outbox, user: i64) {
    let mut reminder = event(
        &format!("reminder-{user}"),
        user,
        "bonus_expiring",
        json!({"title": "W", "expiresAt": "2999-01-01T00:00:00Z"}),
    );
    reminder["key"] = json!("bonus:42");
    reminder["occurredAt"] = json!(occurred(Duration::from_secs(60)));
    accept(first, &reminder).await;
    let mut used = event(&format!("used-{user}"), user, "cancel", json!({}));
    used["cancels"] = json!(["bonus:42"]);
    accept(second, &used).await;
    let status = first
        .status(&format!("reminder-{user}"))
        .await
        .expect("database")
        .expect("stored");
    assert_eq!(
        (status.state.as_str(), status.outcome.as_deref()),
        ("dropped", Some("superseded"))
    );
}
