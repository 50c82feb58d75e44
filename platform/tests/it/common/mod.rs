//! Starts a real platform on a free port with a fresh database, and talks to it over HTTP.

mod money;
mod play;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

pub struct TestPlatform {
    pub base: String,
    pub client: reqwest::Client,
    pub database_url: String,
    _data: Option<tempfile::TempDir>,
    shutdown: CancellationToken,
}

impl Drop for TestPlatform {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

pub const BOT_SERVICE_KEY: &str = "test-bot-service-key";

pub fn config(database_url: &str) -> platform::Config {
    config_with(database_url, &[])
}

/// The test configuration with more (or overriding) variables.
pub fn config_with(database_url: &str, extra: &[(&str, &str)]) -> platform::Config {
    let mut pairs = vec![
        ("PLATFORM_BIND", "127.0.0.1:0"),
        ("PLATFORM_DATABASE_URL", database_url),
        ("TG_BOT_SERVICE_KEY", BOT_SERVICE_KEY),
    ];
    pairs.extend_from_slice(extra);
    let env = service_kit::Env::from_pairs(pairs);
    platform::Config::from_env(&env).expect("test configuration")
}

pub async fn spawn() -> TestPlatform {
    spawn_with(&[]).await
}

/// A platform started with more (or overriding) configuration variables.
pub async fn spawn_with(extra: &[(&str, &str)]) -> TestPlatform {
    let data = tempfile::tempdir().expect("tempdir");
    let database_url = format!("sqlite://{}/platform.db", data.path().display());
    let (mut platform, _) = serve(&database_url, extra, false).await;
    platform._data = Some(data);
    platform
}

/// A platform on the caller's database (which may outlive it: a restart is a second one), with
/// its background work running (the book keeper and, when configured, the delivery of player
/// events); its state too, to call the domain directly.
pub async fn spawn_running(
    database_url: &str,
    extra: &[(&str, &str)],
) -> (TestPlatform, platform::AppState) {
    serve(database_url, extra, true).await
}

/// The platform on `database_url`, served on a free port until the handle drops.
async fn serve(
    database_url: &str,
    extra: &[(&str, &str)],
    with_background: bool,
) -> (TestPlatform, platform::AppState) {
    let state = platform::AppState::build(config_with(database_url, extra))
        .await
        .expect("platform starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let shutdown = CancellationToken::new();
    if with_background {
        platform::start_background(&state, shutdown.clone());
    }
    tokio::spawn(platform::serve(state.clone(), listener, shutdown.clone()));
    let platform = TestPlatform {
        base,
        client: reqwest::Client::new(),
        database_url: database_url.to_owned(),
        _data: None,
        shutdown,
    };
    (platform, state)
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

/// Asserts that a call answered `status` with the error `code` (the body shows when not).
#[track_caller]
pub fn assert_refused(got: u16, body: &Value, status: u16, code: &str) {
    assert_eq!((got, body["code"].as_str()), (status, Some(code)), "{body}");
}

/// The named fields of a JSON object, to compare several at once.
pub fn fields<'a, const N: usize>(object: &'a Value, names: [&str; N]) -> [&'a Value; N] {
    names.map(|name| &object[name])
}

/// The Node that runs the npm client in tests: `miniapp/`'s toolchain when it ships one, else
/// the PATH's.
pub fn node() -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let bundled = root.join("miniapp/node_modules/.bin/node");
    if bundled.is_file() {
        bundled
    } else {
        "node".into()
    }
}

pub const PASSWORD: &str = "correct-horse-42";

impl TestPlatform {
    /// Any call: `token` adds the bearer header, `body` is sent as JSON.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON body, got {text:?}"))
        };
        (status, body)
    }

    /// A POST: `token` adds the bearer header, `body` is sent as JSON.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        self.call(reqwest::Method::POST, path, token, body).await
    }

    /// Registers a player by e-mail with `PASSWORD` and the given currency; returns the profile.
    pub async fn register(&self, email: &str, currency: &str) -> Value {
        let (status, body) = self
            .call(
                reqwest::Method::POST,
                "/api/player/register",
                None,
                Some(serde_json::json!({
                    "email": email,
                    "password": PASSWORD,
                    "currency": currency,
                    "agreements": true,
                    // A passing token of the sandbox's captcha, for platforms that check one.
                    "captcha": "sandbox.pass.test",
                })),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body["profile"].clone()
    }

    /// Signs in and returns the access token.
    pub async fn sign_in(&self, login: &str) -> String {
        let (status, body) = self
            .call(
                reqwest::Method::POST,
                "/api/player/sessions",
                None,
                Some(serde_json::json!({"login": login, "password": PASSWORD})),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body["accessToken"].as_str().expect("token").to_owned()
    }

    /// A fresh player with an account in `currency`, signed in.
    pub async fn player(&self, email: &str, currency: &str) -> (i64, String) {
        let profile = self.register(email, currency).await;
        let token = self.sign_in(email).await;
        (profile["id"].as_i64().expect("id"), token)
    }

    /// A GET as the player holding `token`; the status is the caller's to check.
    pub async fn get_as(&self, token: &str, path: &str) -> (u16, Value) {
        self.call(reqwest::Method::GET, path, Some(token), None)
            .await
    }

    /// A GET as the player holding `token` that must succeed; returns the body.
    pub async fn get_ok(&self, token: &str, path: &str) -> Value {
        let (status, body) = self.get_as(token, path).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    /// A PUT without a body as the player holding `token`: the state changes (activate, cancel,
    /// close) are all of this form.
    pub async fn put_as(&self, token: &str, path: &str) -> (u16, Value) {
        self.call(reqwest::Method::PUT, path, Some(token), None)
            .await
    }

    /// Checks that each query string after `path` is refused as `400 invalid_query`.
    pub async fn assert_invalid_queries(&self, token: &str, path: &str, queries: &[&str]) {
        for query in queries {
            let (status, body) = self.get_as(token, &format!("{path}{query}")).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (400, Some("invalid_query")),
                "{query}"
            );
        }
    }

    pub async fn pool(&self) -> sqlx::SqlitePool {
        service_kit::db::connect_sqlite("TEST", &self.database_url)
            .await
            .expect("test pool")
    }
}

/// The `data` list of a paged or listed body.
pub fn data(body: &Value) -> &Vec<Value> {
    body["data"].as_array().expect("a data list")
}

/// A test's WebSocket to the platform's real-time hub.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The JSON messages of the next text frame (the hub batches them, one per line), within 5 s.
pub async fn next_json(ws: &mut Socket) -> Vec<Value> {
    use futures_util::StreamExt;
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(5), ws.next())
            .await
            .expect("a frame in time")
            .expect("open")
            .expect("frame");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return text
                .split('\n')
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).expect("JSON"))
                .collect();
        }
    }
}

impl TestPlatform {
    /// A WebSocket connected as the player holding `token` and subscribed to `channels`; each
    /// command's reply is checked to carry no error.
    pub async fn subscribed(&self, token: &str, channels: &[String]) -> Socket {
        use futures_util::SinkExt;
        let url = format!(
            "{}/api/connection/websocket",
            self.base.replacen("http", "ws", 1)
        );
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("websocket");
        let mut commands = vec![serde_json::json!({"id": 1, "connect": {"token": token}})];
        for (i, channel) in channels.iter().enumerate() {
            commands.push(serde_json::json!({"id": i + 2, "subscribe": {"channel": channel}}));
        }
        for command in commands {
            ws.send(tokio_tungstenite::tungstenite::Message::text(
                command.to_string(),
            ))
            .await
            .expect("send");
            let reply = next_json(&mut ws).await;
            assert!(reply[0].get("error").is_none(), "{reply:?}");
        }
        ws
    }
}
