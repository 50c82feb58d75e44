//! The real-time hub over real WebSockets (Centrifugo's JSON client protocol), the npm
//! `centrifuge` client against it, and the Centrifugo publisher against a fake Centrifugo.

use crate::common;
use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use futures_util::{SinkExt, StreamExt};
use platform::clock;
use platform::realtime::channels;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tokio_util::sync::CancellationToken;

struct TestHub {
    base: String,
    url: String,
    state: platform::AppState,
    shutdown: CancellationToken,
    _data: tempfile::TempDir,
}

impl Drop for TestHub {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

async fn spawn() -> TestHub {
    spawn_with(|_| {}).await
}

async fn spawn_with(adjust: impl FnOnce(&mut platform::Config)) -> TestHub {
    let data = tempfile::tempdir().expect("tempdir");
    let mut config = common::config(&format!("sqlite://{}/platform.db", data.path().display()));
    adjust(&mut config);
    let state = platform::AppState::build(config)
        .await
        .expect("platform starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("addr");
    let shutdown = CancellationToken::new();
    tokio::spawn(platform::serve(state.clone(), listener, shutdown.clone()));
    TestHub {
        base: format!("http://{address}"),
        url: format!("ws://{address}/api/connection/websocket"),
        state,
        shutdown,
        _data: data,
    }
}

impl TestHub {
    /// A player with an open session, straight in the database, and a token for that session
    /// issued `age` seconds ago.
    async fn player_aged(&self, email: &str, age: u64) -> (i64, String, String) {
        let player_id: i64 =
            sqlx::query_scalar("INSERT INTO players (email) VALUES (?) RETURNING id")
                .bind(email)
                .fetch_one(&self.state.pool)
                .await
                .expect("player");
        let session_id = format!("session-of-{email}");
        sqlx::query("INSERT INTO player_sessions (id, player_id) VALUES (?, ?)")
            .bind(&session_id)
            .bind(player_id)
            .execute(&self.state.pool)
            .await
            .expect("session");
        let token = self
            .state
            .tokens
            .issue(player_id, &session_id, clock::unix_seconds() - age);
        (player_id, session_id, token)
    }

    async fn player(&self, email: &str) -> (i64, String) {
        let (id, _, token) = self.player_aged(email, 0).await;
        (id, token)
    }

    fn token_for(&self, player_id: i64, session_id: &str, age: u64) -> String {
        self.state
            .tokens
            .issue(player_id, session_id, clock::unix_seconds() - age)
    }

    async fn open(&self) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(&self.url)
            .await
            .expect("websocket opens");
        Client { ws, next_id: 0 }
    }

    /// A client that connected with `token` (anonymous without one).
    async fn connected(&self, token: Option<&str>) -> (Client, Value) {
        let mut client = self.open().await;
        let reply = client.connect(token).await;
        assert!(reply.get("error").is_none(), "{reply}");
        (client, reply["connect"].clone())
    }
}

struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u32,
}

#[derive(Debug, PartialEq)]
enum Frame {
    Messages(Vec<Value>),
    Closed(u16, String),
}

const WAIT: Duration = Duration::from_secs(5);

impl Client {
    async fn send(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_owned()))
            .await
            .expect("send");
    }

    async fn frame(&mut self) -> Frame {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a frame in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    return Frame::Messages(
                        text.split('\n')
                            .map(|line| serde_json::from_str(line).expect("JSON line"))
                            .collect(),
                    );
                }
                Some(Ok(Message::Close(Some(close)))) => {
                    return Frame::Closed(u16::from(close.code), close.reason.to_string());
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    async fn messages(&mut self) -> Vec<Value> {
        match self.frame().await {
            Frame::Messages(messages) => messages,
            closed => panic!("expected messages, got {closed:?}"),
        }
    }

    async fn message(&mut self) -> Value {
        let mut messages = self.messages().await;
        assert_eq!(messages.len(), 1, "{messages:?}");
        messages.remove(0)
    }

    async fn closed(&mut self) -> (u16, String) {
        match self.frame().await {
            Frame::Closed(code, reason) => (code, reason),
            messages => panic!("expected a close, got {messages:?}"),
        }
    }

    /// Sends one command with the next id and returns its reply.
    async fn call(&mut self, method: &str, body: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "id": id, method: body }).to_string())
            .await;
        let reply = self.message().await;
        assert_eq!(reply["id"], id, "{reply}");
        reply
    }

    async fn connect(&mut self, token: Option<&str>) -> Value {
        let body = match token {
            Some(token) => json!({ "token": token, "name": "js" }),
            None => json!({ "name": "js" }),
        };
        self.call("connect", body).await
    }

    async fn subscribe(&mut self, channel: &str) -> Value {
        self.call("subscribe", json!({ "channel": channel })).await
    }
}

fn error_code(reply: &Value) -> i64 {
    reply["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("an error reply: {reply}"))
}

async fn publish(hub: &TestHub, channel: &str, data: Value) {
    hub.state
        .realtime
        .publish(channel.to_owned(), data)
        .await
        .expect("published");
}

#[tokio::test]
async fn a_player_connects_subscribes_to_their_channels_and_gets_publications() {
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let (mut client, connect) = hub.connected(Some(&token)).await;
    assert_eq!(connect["ping"], 25);
    assert_eq!(connect["pong"], true);
    assert_eq!(connect["expires"], true);
    let ttl = connect["ttl"].as_u64().expect("ttl");
    assert!((890..=900).contains(&ttl), "{ttl}");
    assert_eq!(connect["client"].as_str().expect("client id").len(), 36);

    let own = channels::wallet_accounts(id);
    assert_eq!(client.subscribe(&own).await["subscribe"], json!({}));
    assert!(client.subscribe(&channels::payment_invoices(id)).await["subscribe"].is_object());
    publish(&hub, &own, json!({"balance": 1500})).await;
    assert_eq!(
        client.message().await,
        json!({"push": {"channel": own, "pub": {"data": {"balance": 1500}}}})
    );

    let reply = client.call("unsubscribe", json!({"channel": own})).await;
    assert_eq!(reply["unsubscribe"], json!({}));
    publish(&hub, &own, json!({"balance": 1})).await;
    let invoices = channels::payment_invoices(id);
    publish(&hub, &invoices, json!({"event": "invoice.deposit.updated"})).await;
    assert_eq!(client.message().await["push"]["channel"], invoices);
}

#[tokio::test]
async fn other_players_and_unknown_channels_are_refused() {
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let (other, _) = hub.player("bob@example.com").await;
    let (mut client, _) = hub.connected(Some(&token)).await;

    assert_eq!(
        client.subscribe(&channels::wallet_accounts(other)).await["error"],
        json!({"code": 103, "message": "permission denied"})
    );
    assert_eq!(error_code(&client.subscribe("chat:room#1").await), 102);
    assert_eq!(error_code(&client.subscribe("").await), 107);
    assert!(client.subscribe(&channels::game_bets(id)).await["subscribe"].is_object());
    assert_eq!(
        error_code(&client.subscribe(&channels::game_bets(id)).await),
        105
    );
    assert_eq!(
        error_code(
            &client
                .call("publish", json!({"channel": "global:online", "data": {}}))
                .await
        ),
        103
    );
    assert_eq!(
        error_code(
            &client
                .call("history", json!({"channel": "global:online"}))
                .await
        ),
        108
    );
    assert_eq!(
        error_code(&client.call("rpc", json!({"method": "x"})).await),
        104
    );
    // Still connected and working after the refusals.
    assert!(client.subscribe(&channels::pushes(id)).await["subscribe"].is_object());
}

#[tokio::test]
async fn every_spec_channel_of_the_player_can_be_subscribed() {
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let (mut client, _) = hub.connected(Some(&token)).await;
    for channel in channels::USER_LIMITED {
        let own = channels::of_player(channel, id);
        assert!(
            client.subscribe(&own).await["subscribe"].is_object(),
            "{own}"
        );
    }
    assert!(client.subscribe(channels::GLOBAL_ONLINE).await["subscribe"].is_object());
}

#[tokio::test]
async fn commands_of_one_frame_are_answered_in_one_frame() {
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let mut client = hub.open().await;
    let channel = channels::wallet_accounts(id);
    client
        .send(&format!(
            "{}\n{}\n",
            json!({"id": 1, "connect": {"token": token}}),
            json!({"id": 2, "subscribe": {"channel": channel}})
        ))
        .await;
    let replies = client.messages().await;
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[0]["id"], 1);
    assert!(replies[0]["connect"]["client"].is_string());
    assert_eq!(replies[1], json!({"id": 2, "subscribe": {}}));
}

#[tokio::test]
async fn an_expired_token_gets_error_109_and_may_connect_again() {
    let hub = spawn().await;
    let (id, session, expired) = hub.player_aged("ana@example.com", 901).await;
    let mut client = hub.open().await;
    assert_eq!(
        client.connect(Some(&expired)).await["error"],
        json!({"code": 109, "message": "token expired"})
    );
    let fresh = hub.token_for(id, &session, 0);
    assert!(client.connect(Some(&fresh)).await["connect"].is_object());
}

#[tokio::test]
async fn bad_tokens_and_closed_sessions_are_disconnected_for_good() {
    let hub = spawn().await;
    let (_, session, token) = hub.player_aged("ana@example.com", 0).await;

    let mut tampered = token.clone();
    tampered.push('x');
    for bad in ["not-a-jwt", tampered.as_str()] {
        let mut client = hub.open().await;
        client
            .send(&json!({"id": 1, "connect": {"token": bad}}).to_string())
            .await;
        assert_eq!(client.closed().await, (3500, "invalid token".to_owned()));
    }

    sqlx::query("UPDATE player_sessions SET closed_at = 'now' WHERE id = ?")
        .bind(&session)
        .execute(&hub.state.pool)
        .await
        .expect("close session");
    let mut client = hub.open().await;
    client
        .send(&json!({"id": 1, "connect": {"token": token}}).to_string())
        .await;
    assert_eq!(client.closed().await.0, 3500);

    let (bob, bob_session, _) = hub.player_aged("bob@example.com", 0).await;
    sqlx::query("UPDATE players SET is_blocked = 1 WHERE email = 'bob@example.com'")
        .execute(&hub.state.pool)
        .await
        .expect("block");
    let blocked = hub.token_for(bob, &bob_session, 0);
    let mut client = hub.open().await;
    client
        .send(&json!({"id": 1, "connect": {"token": blocked}}).to_string())
        .await;
    assert_eq!(client.closed().await.0, 3500);
}

#[tokio::test]
async fn commands_before_connect_and_garbage_are_bad_requests() {
    let hub = spawn().await;
    let mut client = hub.open().await;
    client
        .send(&json!({"id": 1, "subscribe": {"channel": "global:online"}}).to_string())
        .await;
    assert_eq!(client.closed().await, (3501, "bad request".to_owned()));

    let (mut client, _) = hub.connected(None).await;
    client.send("{not json").await;
    assert_eq!(client.closed().await.0, 3501);
}

#[tokio::test]
async fn anonymous_connections_see_only_the_online_count() {
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let (mut anonymous, connect) = hub.connected(None).await;
    assert!(connect.get("expires").is_none(), "{connect}");
    assert_eq!(
        error_code(&anonymous.subscribe(&channels::wallet_accounts(id)).await),
        103
    );
    assert!(anonymous.subscribe(channels::GLOBAL_ONLINE).await["subscribe"].is_object());
    assert_eq!(
        error_code(&anonymous.call("refresh", json!({"token": token})).await),
        107
    );

    let (_player, _) = hub.connected(Some(&token)).await;
    // Counts come at most once a second; wait for the one that includes the player.
    loop {
        let push = anonymous.message().await;
        assert_eq!(push["push"]["channel"], "global:online", "{push}");
        if push["push"]["pub"]["data"]["online"] == 2 {
            break;
        }
    }
    assert_eq!(hub.state.hub.online(), 2);
}

#[tokio::test]
async fn the_server_pings_and_closes_connections_that_do_not_answer() {
    let hub = spawn_with(|config| {
        config.realtime.hub.ping_interval = Duration::from_millis(300);
        config.realtime.hub.pong_timeout = Duration::from_millis(500);
    })
    .await;
    let (_, token) = hub.player("ana@example.com").await;
    let (mut client, connect) = hub.connected(Some(&token)).await;
    assert_eq!(connect["ping"], 1, "the wire counts whole seconds");

    for _ in 0..3 {
        assert_eq!(client.message().await, json!({}));
        client.send("{}").await;
    }
    // Now stop answering.
    assert_eq!(client.message().await, json!({}));
    loop {
        match client.frame().await {
            Frame::Messages(pings) => assert_eq!(pings, vec![json!({})]),
            Frame::Closed(code, reason) => {
                assert_eq!((code, reason.as_str()), (3012, "no pong"));
                break;
            }
        }
    }
}

#[tokio::test]
async fn a_refreshed_token_keeps_the_connection_and_a_lapsed_one_ends_it() {
    let hub = spawn_with(|config| {
        config.realtime.hub.expired_close_delay = Duration::ZERO;
    })
    .await;
    // A token with four seconds left: room for a loaded machine to connect before it lapses.
    let (id, session, token) = hub.player_aged("ana@example.com", 896).await;
    let (mut client, connect) = hub.connected(Some(&token)).await;
    let ttl = connect["ttl"].as_u64().expect("ttl");
    assert!(ttl <= 4, "{connect}");

    let expired = hub.token_for(id, &session, 1_000);
    assert_eq!(
        error_code(&client.call("refresh", json!({"token": expired})).await),
        109
    );
    let fresh = hub.token_for(id, &session, 0);
    let reply = client.call("refresh", json!({"token": fresh})).await;
    assert_eq!(reply["refresh"]["expires"], true, "{reply}");
    assert!(reply["refresh"]["ttl"].as_u64().expect("ttl") > 890);
    // Past the old token's expiry the connection is still open.
    tokio::time::sleep(Duration::from_secs(ttl) + Duration::from_millis(1_500)).await;
    assert!(client.subscribe(&channels::wallet_accounts(id)).await["subscribe"].is_object());

    // A token of another player is not a refresh.
    let (_, _, other) = hub.player_aged("bob@example.com", 0).await;
    client
        .send(&json!({"id": 99, "refresh": {"token": other}}).to_string())
        .await;
    assert_eq!(client.closed().await, (3500, "invalid token".to_owned()));

    // Without a refresh, the connection closes at expiry and the client may reconnect.
    // Three seconds left, so the connect itself is not late on a loaded machine.
    let (_, _, short) = hub.player_aged("cleo@example.com", 897).await;
    let (mut client, _) = hub.connected(Some(&short)).await;
    assert_eq!(client.closed().await, (3005, "expired".to_owned()));
}

#[tokio::test]
async fn shutdown_closes_open_sockets_for_a_later_reconnect() {
    let hub = spawn().await;
    let (_, token) = hub.player("ana@example.com").await;
    let (mut player, _) = hub.connected(Some(&token)).await;
    let (mut anonymous, _) = hub.connected(None).await;
    hub.shutdown.cancel();
    assert_eq!(player.closed().await, (3001, "shutdown".to_owned()));
    assert_eq!(anonymous.closed().await.0, 3001);
    tokio::time::timeout(WAIT, hub.state.hub.closed())
        .await
        .expect("every socket closed");
}

#[tokio::test]
async fn a_plain_http_request_gets_a_json_error() {
    let hub = spawn().await;
    let response = reqwest::get(format!("{}/api/connection/websocket", hub.base))
        .await
        .expect("request");
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["code"], "websocket_required");
}

#[tokio::test]
async fn the_npm_centrifuge_client_works_against_the_hub() {
    let helper = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node");
    assert!(
        helper.join("node_modules/centrifuge").is_dir(),
        "the Node test helper's packages are missing: run `npm ci --prefix platform/tests/node` \
         (make test-rust does)"
    );
    let hub = spawn().await;
    let (id, token) = hub.player("ana@example.com").await;
    let (other, _) = hub.player("bob@example.com").await;
    let child = tokio::process::Command::new(common::node())
        .arg(helper.join("centrifuge-client.mjs"))
        .arg(&hub.url)
        .arg(&token)
        .arg(id.to_string())
        .arg(other.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("node starts");

    // Once the client's subscription is in place, a deposit is settled through the sandbox: the
    // balance change it causes is the publication the client must receive.
    let own = channels::wallet_accounts(id);
    let subscribed = async {
        while hub.state.hub.subscribers(&own) == 0 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(20), subscribed)
        .await
        .expect("the client subscribed");
    sqlx::query("INSERT INTO accounts (player_id, currency, is_active) VALUES (?, 'USD', 1)")
        .bind(id)
        .execute(&hub.state.pool)
        .await
        .expect("account");
    let http = reqwest::Client::new();
    let invoice: Value = http
        .post(format!("{}/api/payment/invoices/deposit", hub.base))
        .bearer_auth(&token)
        .json(&json!({"paymentMethod": "card.deposit.visa", "amount": 2500, "currency": "USD"}))
        .send()
        .await
        .expect("deposit")
        .json()
        .await
        .expect("invoice");
    let invoice_id = match &invoice["id"] {
        Value::String(id) => id.clone(),
        other => other.to_string(),
    };
    let settled = http
        .post(format!(
            "{}/api/sandbox/invoices/{invoice_id}/settle",
            hub.base
        ))
        .json(&json!({"status": 2}))
        .send()
        .await
        .expect("settle");
    assert!(settled.status().is_success(), "{invoice}");

    let output = tokio::time::timeout(Duration::from_secs(30), child.wait_with_output())
        .await
        .expect("the client finishes in time")
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "node failed\nstdout: {stdout}\nstderr: {stderr}"
    );
    let report: Value = serde_json::from_str(stdout.lines().last().expect("a report line"))
        .unwrap_or_else(|_| panic!("a JSON report, got {stdout}"));
    assert_eq!(report["connected"], true, "{report}");
    assert_eq!(
        report["publication"]["account"]["balance"], 2500,
        "{report}"
    );
    assert_eq!(
        report["publication"]["account"]["currency"], "USD",
        "{report}"
    );
    assert_eq!(report["refused"]["code"], 103, "{report}");
    assert_eq!(report["disconnected"]["code"], 0, "{report}");
}

/// The `X-API-Key` and the body of one request to the fake Centrifugo.
type Request = (Option<String>, Value);

/// A fake Centrifugo server API: records what it was sent and answers as configured.
#[derive(Clone, Default)]
struct FakeCentrifugo {
    requests: Arc<Mutex<Vec<Request>>>,
}

async fn fake_publish(
    State(fake): State<FakeCentrifugo>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let key = headers
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    fake.requests
        .lock()
        .expect("lock")
        .push((key.clone(), body.clone()));
    if key.as_deref() != Some("the-api-key") {
        return (StatusCode::UNAUTHORIZED, Json(json!({})));
    }
    match body["channel"].as_str() {
        Some("refused:channel") => (
            StatusCode::OK,
            Json(json!({"error": {"code": 102, "message": "unknown channel"}})),
        ),
        Some("broken:channel") => (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({}))),
        _ => (StatusCode::OK, Json(json!({"result": {}}))),
    }
}

async fn spawn_fake_centrifugo() -> (String, FakeCentrifugo) {
    let fake = FakeCentrifugo::default();
    let router = axum::Router::new()
        .route("/api/publish", post(fake_publish))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, router).await });
    (url, fake)
}

#[tokio::test]
async fn the_centrifugo_publisher_posts_to_the_server_api_and_reads_the_body() {
    let (url, fake) = spawn_fake_centrifugo().await;
    let publisher = platform::realtime::CentrifugoPublisher::new(
        &format!("{url}/"),
        service_kit::Secret::new("the-api-key"),
    )
    .expect("publisher");
    use platform::realtime::Publisher;

    publisher
        .publish("wallet:accounts#42".to_owned(), json!({"balance": 7}))
        .await
        .expect("accepted");
    assert_eq!(
        fake.requests.lock().expect("lock")[0],
        (
            Some("the-api-key".to_owned()),
            json!({"channel": "wallet:accounts#42", "data": {"balance": 7}})
        )
    );

    let refused = publisher
        .publish("refused:channel".to_owned(), json!({}))
        .await
        .expect_err("an error in a 200 body is a failure");
    assert!(
        format!("{refused:#}").contains("102 unknown channel"),
        "{refused:#}"
    );
    let broken = publisher
        .publish("broken:channel".to_owned(), json!({}))
        .await
        .expect_err("a 500 is a failure");
    assert!(format!("{broken:#}").contains("500"), "{broken:#}");

    let wrong_key =
        platform::realtime::CentrifugoPublisher::new(&url, service_kit::Secret::new("nope"))
            .expect("publisher");
    assert!(
        wrong_key
            .publish("a:b".to_owned(), json!({}))
            .await
            .is_err()
    );

    let nobody = platform::realtime::CentrifugoPublisher::new(
        "http://127.0.0.1:9",
        service_kit::Secret::new("k"),
    )
    .expect("publisher");
    assert!(nobody.publish("a:b".to_owned(), json!({})).await.is_err());
}

#[tokio::test]
async fn configuration_selects_centrifugo_for_publications() {
    let (url, fake) = spawn_fake_centrifugo().await;
    let env = service_kit::Env::from_pairs([
        ("CENTRIFUGO_URL", url.as_str()),
        ("CENTRIFUGO_API_KEY", "the-api-key"),
    ]);
    let settings = platform::realtime::Settings::from_env(&env).expect("settings");
    let hub = spawn_with(|config| config.realtime = settings).await;
    let (id, token) = hub.player("ana@example.com").await;
    let (mut client, _) = hub.connected(Some(&token)).await;
    let own = channels::wallet_accounts(id);
    assert!(client.subscribe(&own).await["subscribe"].is_object());

    publish(&hub, &own, json!({"balance": 3})).await;
    assert_eq!(
        fake.requests.lock().expect("lock")[0].1,
        json!({"channel": own, "data": {"balance": 3}})
    );
    assert_eq!(
        hub.state.hub.subscribers(&own),
        1,
        "the hub itself got nothing"
    );
}
