//! The player's Telegram message switches, read and set through the bot's signed
//! `PUT /player-preferences`, and the referral card the bot prepares to share
//! (`POST /referral-messages`), here a stand-in bot on loopback that checks the signature as the
//! bot does and keeps the switches.
#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

use crate::common;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{post, put};
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};

const SECRET: &str = "test-events-secret-0123456789abcdef";
const PATH: &str = "/api/player/telegram-notifications";

#[derive(Default)]
struct Stored {
    all: bool,
    kinds: BTreeMap<String, bool>,
    write_access: bool,
    /// The Telegram user ids the requests named.
    users: Vec<i64>,
    /// The referral cards asked for.
    referral_requests: Vec<Value>,
}

type StandIn = Arc<Mutex<Stored>>;

/// Whether `header` is the HMAC-SHA256 of `"<t>." + body` with the secret, fresh within 300 s.
fn signed(header: &str, body: &[u8]) -> bool {
    let Some((time, signature)) = header
        .strip_prefix("t=")
        .and_then(|rest| rest.split_once(",v1="))
    else {
        return false;
    };
    let now = i64::try_from(platform::clock::unix_seconds()).unwrap();
    if time.parse::<i64>().map_or(true, |t| (now - t).abs() > 300) {
        return false;
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(format!("{time}.").as_bytes());
    mac.update(body);
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    expected == signature
}

/// The bot's 401 when the request is not signed with the secret.
fn unsigned(headers: &HeaderMap, body: &[u8]) -> Option<(StatusCode, axum::Json<Value>)> {
    let header = headers
        .get("x-platform-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let refusal = json!({"code": "invalid_signature", "message": "bad signature"});
    (!signed(header, body)).then_some((StatusCode::UNAUTHORIZED, axum::Json(refusal)))
}

async fn preferences(
    State(stand_in): State<StandIn>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> (StatusCode, axum::Json<Value>) {
    if let Some(refusal) = unsigned(&headers, &body) {
        return refusal;
    }
    let change: Value = serde_json::from_slice(&body).unwrap();
    let mut stored = stand_in.lock().unwrap();
    stored
        .users
        .push(change["telegramUserId"].as_i64().unwrap());
    for (kind, on) in change["kinds"].as_object().unwrap() {
        if kind == "jackpot" {
            let refusal =
                json!({"code": "unprocessable_preferences", "message": "unknown kind \"jackpot\""});
            return (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(refusal));
        }
        stored.kinds.insert(kind.clone(), on.as_bool().unwrap());
    }
    if let Some(all) = change["all"].as_bool() {
        stored.all = all;
    }
    if let Some(allowed) = change["writeAccess"].as_bool() {
        stored.write_access = allowed;
    }
    let mut kinds = stored.kinds.clone();
    kinds.entry("deposit_credited".to_owned()).or_insert(true);
    let answer = json!({"all": stored.all, "kinds": kinds, "writeAccess": stored.write_access});
    (StatusCode::OK, axum::Json(answer))
}

async fn referral_message(
    State(stand_in): State<StandIn>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> (StatusCode, axum::Json<Value>) {
    if let Some(refusal) = unsigned(&headers, &body) {
        return refusal;
    }
    let request: Value = serde_json::from_slice(&body).unwrap();
    stand_in.lock().unwrap().referral_requests.push(request);
    let answer = json!({"id": "prepared-1", "expiresAt": 1_760_086_400});
    (StatusCode::OK, axum::Json(answer))
}

/// The stand-in bot's address and what it keeps.
async fn stand_in_bot() -> (String, StandIn) {
    let stand_in = Arc::new(Mutex::new(Stored {
        all: true,
        ..Stored::default()
    }));
    let app = axum::Router::new()
        .route("/player-preferences", put(preferences))
        .route("/referral-messages", post(referral_message))
        .with_state(stand_in.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, stand_in)
}

/// A player signed in from Telegram as user `id`: their token.
async fn telegram_player(platform: &common::TestPlatform, id: i64) -> String {
    let now = platform::clock::unix_seconds();
    let payload = sign(
        &InitData::for_user(User::new(id, "Ana"), now),
        SANDBOX_BOT_TOKEN,
    );
    let (status, session) = platform
        .post(
            "/api/player/tg_login",
            None,
            Some(json!({"tg_payload": payload})),
        )
        .await;
    assert_eq!(status, 200, "{session}");
    session["accessToken"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_telegram_player_reads_and_sets_their_switches_through_the_bot() {
    let (bot_url, stand_in) = stand_in_bot().await;
    let platform =
        common::spawn_with(&[("BOT_EVENTS_URL", &bot_url), ("BOT_EVENTS_SECRET", SECRET)]).await;
    let token = telegram_player(&platform, 5101).await;

    let (status, switches) = platform.call(Method::GET, PATH, Some(&token), None).await;
    assert_eq!(status, 200, "{switches}");
    assert_eq!(switches["all"], true);
    assert_eq!(switches["kinds"]["deposit_credited"], true);
    assert_eq!(switches["writeAccess"], false);

    let off = json!({"kinds": {"deposit_credited": false}, "writeAccess": true});
    let (status, switches) = platform
        .call(Method::PUT, PATH, Some(&token), Some(off))
        .await;
    assert_eq!(status, 200, "{switches}");
    assert_eq!(switches["kinds"]["deposit_credited"], false);
    assert_eq!(switches["writeAccess"], true);
    let (_, again) = platform.call(Method::GET, PATH, Some(&token), None).await;
    assert_eq!(again["kinds"]["deposit_credited"], false);
    {
        let stored = stand_in.lock().unwrap();
        assert_eq!(stored.users, [5101, 5101, 5101]);
        assert!(stored.write_access);
    }

    let unknown = json!({"kinds": {"jackpot": true}});
    let (status, refusal) = platform
        .call(Method::PUT, PATH, Some(&token), Some(unknown))
        .await;
    common::assert_refused(status, &refusal, 422, "invalid_telegram_notifications");
    let (status, refusal) = platform
        .call(Method::PUT, PATH, Some(&token), Some(json!({"all": "yes"})))
        .await;
    assert_eq!(status, 422, "{refusal}");
}

#[tokio::test]
async fn without_telegram_a_bot_or_its_secret_the_switches_are_refused_with_a_code() {
    let (bot_url, _) = stand_in_bot().await;
    let platform =
        common::spawn_with(&[("BOT_EVENTS_URL", &bot_url), ("BOT_EVENTS_SECRET", SECRET)]).await;
    let (_, email_player) = platform.player("no-telegram@example.com", "USD").await;
    let (status, refusal) = platform
        .call(Method::GET, PATH, Some(&email_player), None)
        .await;
    common::assert_refused(status, &refusal, 409, "telegram_not_linked");

    let unconfigured = common::spawn().await;
    let token = telegram_player(&unconfigured, 5102).await;
    let (status, refusal) = unconfigured
        .call(Method::GET, PATH, Some(&token), None)
        .await;
    common::assert_refused(status, &refusal, 503, "telegram_bot_not_configured");

    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gone = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let unreachable =
        common::spawn_with(&[("BOT_EVENTS_URL", &gone), ("BOT_EVENTS_SECRET", SECRET)]).await;
    let token = telegram_player(&unreachable, 5103).await;
    let (status, refusal) = unreachable
        .call(Method::GET, PATH, Some(&token), None)
        .await;
    common::assert_refused(status, &refusal, 503, "telegram_bot_unreachable");

    let wrong_secret = common::spawn_with(&[
        ("BOT_EVENTS_URL", &bot_url),
        ("BOT_EVENTS_SECRET", "another-secret-0123456789abcdefghij"),
    ])
    .await;
    let token = telegram_player(&wrong_secret, 5104).await;
    let (status, refusal) = wrong_secret
        .call(Method::GET, PATH, Some(&token), None)
        .await;
    common::assert_refused(status, &refusal, 503, "telegram_bot_misconfigured");
}

#[tokio::test]
async fn the_bot_prepares_a_telegram_players_referral_card_to_share() {
    const MESSAGE: &str = "/api/referral/telegram-message";
    let (bot_url, stand_in) = stand_in_bot().await;
    let platform =
        common::spawn_with(&[("BOT_EVENTS_URL", &bot_url), ("BOT_EVENTS_SECRET", SECRET)]).await;
    let token = telegram_player(&platform, 5201).await;
    let (status, prepared) = platform
        .call(Method::POST, MESSAGE, Some(&token), None)
        .await;
    assert_eq!(status, 200, "{prepared}");
    assert_eq!(
        prepared,
        json!({"id": "prepared-1", "expiresAt": 1_760_086_400})
    );
    let (_, programme) = platform
        .call(Method::GET, "/api/referral", Some(&token), None)
        .await;
    let requests = stand_in.lock().unwrap().referral_requests.clone();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0]["telegramUserId"], 5201);
    // The card carries the player's own referral, as the programme's link does.
    assert_eq!(
        format!("ref_{}", requests[0]["refId"].as_str().unwrap()),
        programme["startParam"].as_str().unwrap()
    );

    let (_, email_player) = platform.player("no-telegram-card@example.com", "USD").await;
    let (status, refusal) = platform
        .call(Method::POST, MESSAGE, Some(&email_player), None)
        .await;
    common::assert_refused(status, &refusal, 409, "telegram_not_linked");
    let unconfigured = common::spawn().await;
    let token = telegram_player(&unconfigured, 5202).await;
    let (status, refusal) = unconfigured
        .call(Method::POST, MESSAGE, Some(&token), None)
        .await;
    common::assert_refused(status, &refusal, 503, "telegram_bot_not_configured");
}
