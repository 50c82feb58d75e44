//! A fake Telegram Bot API server and the real sandbox platform behind a switch, on loopback, and
//! a helper that starts the real bot against them with a fresh database.
#![allow(dead_code, unused_imports)] // Each test binary uses its own part of these helpers.

pub mod broadcast;
pub mod events;
pub mod sandbox_platform;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bot::storage::{BotUser, Users};
use serde_json::Value;
use service_kit::Env;
use teloxide::adaptors::throttle::Limits;
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;

pub use fake_telegram::{FakeTelegram, eventually, text_message};
pub use sandbox_platform::SandboxPlatform;

pub const TOKEN: &str = "123456:TEST-token-never-logged";
pub const SERVICE_KEY: &str = "test-service-key";
pub const STAFF_ID: i64 = 900;
pub const MINIAPP_URL: &str = "https://casino.example/app";
pub const EVENTS_SECRET: &str = "test-events-secret-0123456789abcdef";

/// Telegram's message limits scaled down so that hundreds of messages take seconds: 30 in any
/// 100 ms overall, one per chat each 20 ms (the real ones are unit-tested in `bot::sender`).
pub const TEST_LIMITS: bot::sender::Limits = bot::sender::Limits {
    per_window: 30,
    window: Duration::from_millis(100),
    chat_interval: Duration::from_millis(20),
};

pub struct TestBot {
    pub telegram: FakeTelegram,
    pub platform: SandboxPlatform,
    /// Between the bot and the platform: while it is off, connections are dropped at once.
    pub platform_switch: Switch,
    pub users: Users,
    pub address: SocketAddr,
    pub database_url: String,
    shutdown: CancellationToken,
    running: Option<bot::RunningBot>,
    _data: tempfile::TempDir,
}

pub struct Options {
    /// The first retry delay of a failed sync.
    pub sync_retry_first: Duration,
    pub webhook: Option<(&'static str, &'static str)>,
    /// The services' database; a fresh SQLite file when `None`.
    pub database_url: Option<String>,
    /// The service key the platform expects (the bot always presents `SERVICE_KEY`).
    pub platform_key: &'static str,
    /// The fake Bot API to use (another bot's, for replicas); a new one when `None`.
    pub telegram: Option<FakeTelegram>,
    pub message_limits: bot::sender::Limits,
    pub outbox_lease: Duration,
    pub broadcast_progress_every: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            // Long enough that no test sees a background retry unless it asks for one.
            sync_retry_first: Duration::from_secs(3600),
            webhook: None,
            database_url: None,
            platform_key: SERVICE_KEY,
            telegram: None,
            message_limits: TEST_LIMITS,
            outbox_lease: Duration::from_secs(60),
            broadcast_progress_every: Duration::from_millis(300),
        }
    }
}

pub async fn spawn() -> TestBot {
    spawn_with(Options::default()).await
}

pub async fn spawn_with(options: Options) -> TestBot {
    let data = tempfile::tempdir().expect("tempdir");
    let database_url = options
        .database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}/services.db", data.path().display()));
    let telegram = match options.telegram.clone() {
        Some(telegram) => telegram,
        None => FakeTelegram::spawn(TOKEN).await,
    };
    let platform = SandboxPlatform::spawn(options.platform_key).await;
    let platform_switch = Switch::spawn(platform.address).await;

    let staff = STAFF_ID.to_string();
    let platform_url = format!("http://{}", platform_switch.address);
    let mut pairs = vec![
        ("TELEGRAM_BOT_TOKEN", TOKEN),
        ("TELEGRAM_API_URL", telegram.url.as_str()),
        ("TG_BOT_SERVICE_KEY", SERVICE_KEY),
        ("BOT_BIND", "127.0.0.1:0"),
        ("DATABASE_URL", database_url.as_str()),
        ("PLATFORM_URL", platform_url.as_str()),
        ("MINIAPP_URL", MINIAPP_URL),
        ("BOT_STAFF_IDS", staff.as_str()),
        ("BOT_EVENTS_SECRET", EVENTS_SECRET),
    ];
    if let Some((url, secret)) = options.webhook {
        pairs.push(("BOT_WEBHOOK_URL", url));
        pairs.push(("BOT_WEBHOOK_SECRET", secret));
    }
    let mut config = bot::Config::from_env(&Env::from_pairs(pairs)).expect("valid config");
    config.sync_retry_first = options.sync_retry_first;
    config.polling_timeout = Duration::from_secs(5);
    config.message_limits = options.message_limits;
    config.outbox_lease = options.outbox_lease;
    config.broadcast_progress_every = options.broadcast_progress_every;
    config.rate_limits = Limits {
        messages_per_sec_chat: 1000,
        messages_per_min_chat: 60_000,
        messages_per_min_channel_or_supergroup: 60_000,
        messages_per_sec_overall: 1000,
    };
    let shutdown = CancellationToken::new();
    let running = bot::start(config, shutdown.clone())
        .await
        .expect("the bot starts");
    let pool = service_kit::db::connect_services("DATABASE_URL", &database_url)
        .await
        .expect("database");
    TestBot {
        telegram,
        platform,
        platform_switch,
        users: Users::new(pool, Duration::from_secs(3600)),
        address: running.address,
        database_url,
        shutdown,
        running: Some(running),
        _data: data,
    }
}

impl TestBot {
    /// Stops the bot and waits until every part of it has ended.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        self.shutdown.cancel();
        let running = self.running.take().expect("running");
        tokio::time::timeout(Duration::from_secs(10), running.wait())
            .await
            .expect("the bot stops within 10 s")
    }

    pub async fn stored(&self, telegram_id: i64) -> Option<BotUser> {
        self.users.get(telegram_id).await.expect("database")
    }

    pub async fn stored_until(
        &self,
        telegram_id: i64,
        what: &str,
        done: impl Fn(&BotUser) -> bool,
    ) -> BotUser {
        eventually(what, || async {
            self.stored(telegram_id).await.filter(|u| done(u))
        })
        .await
    }
}

impl Drop for TestBot {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

/// A TCP switch in front of a server: on, it carries connections through; off, it closes them
/// as soon as they arrive, which is what a client sees of a server that is down.
#[derive(Clone)]
pub struct Switch {
    pub address: SocketAddr,
    on: Arc<AtomicBool>,
}

impl Switch {
    async fn spawn(target: SocketAddr) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("addr");
        let on = Arc::new(AtomicBool::new(true));
        let flag = on.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !flag.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Self { address, on }
    }

    pub fn set(&self, on: bool) {
        self.on.store(on, Ordering::SeqCst);
    }
}

/// The RFC 3339 time `ago` before now, as events carry it.
pub fn time_ago(ago: Duration) -> String {
    let ms = bot::storage::now_ms() - i64::try_from(ago.as_millis()).expect("duration");
    chrono::DateTime::from_timestamp_millis(ms)
        .expect("a time")
        .to_rfc3339()
}

/// The bot's status in a private chat changing: `kicked` when the user blocks it, `member` when
/// they unblock it.
pub fn membership_change(user_id: i64, old_status: &str, new_status: &str) -> Value {
    let user = serde_json::json!({
        "id": user_id, "is_bot": false, "first_name": format!("User{user_id}"), "language_code": "en"
    });
    let bot_user = serde_json::json!({
        "id": fake_telegram::BOT_ID, "is_bot": true, "first_name": "Casino", "username": "casino_test_bot"
    });
    let member = |status: &str| {
        let mut member = serde_json::json!({ "status": status, "user": bot_user });
        if status == "kicked" {
            member["until_date"] = serde_json::json!(0);
        }
        member
    };
    serde_json::json!({
        "my_chat_member": {
            "chat": {"id": user_id, "type": "private", "first_name": format!("User{user_id}")},
            "from": user,
            "date": 1_760_000_000,
            "old_chat_member": member(old_status),
            "new_chat_member": member(new_status),
        }
    })
}

/// Every `sendMessage` the fake received but the support chat's (replies, not the outbox's): per
/// chat, the times it arrived.
pub fn arrivals(bot: &TestBot) -> (Vec<Duration>, HashMap<i64, Vec<Duration>>) {
    let calls: Vec<_> = bot
        .telegram
        .calls("sendMessage")
        .into_iter()
        .filter(|call| call.body["chat_id"] != serde_json::json!(STAFF_ID))
        .collect();
    let mut per_chat: HashMap<i64, Vec<Duration>> = HashMap::new();
    for call in &calls {
        per_chat
            .entry(call.body["chat_id"].as_i64().unwrap_or_default())
            .or_default()
            .push(call.at);
    }
    (calls.iter().map(|c| c.at).collect(), per_chat)
}

pub fn assert_within_limits(bot: &TestBot, limits: bot::sender::Limits) {
    let (mut all, per_chat) = arrivals(bot);
    all.sort_unstable();
    for (i, at) in all.iter().enumerate().skip(limits.per_window) {
        let earlier = all[i - limits.per_window];
        assert!(
            *at - earlier >= limits.window,
            "{} messages within {:?}",
            limits.per_window + 1,
            *at - earlier
        );
    }
    for (chat, times) in per_chat {
        for pair in times.windows(2) {
            assert!(
                pair[1] - pair[0] >= limits.chat_interval,
                "chat {chat}: {:?} apart",
                pair[1] - pair[0]
            );
        }
    }
}
