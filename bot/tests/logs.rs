//! The bot's token never reaches the logs: not while Telegram is unreachable, not while players
//! use the bot. (Its own test binary: the log capture is process-wide.)

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{STAFF_ID, TOKEN, text_message};
use service_kit::Env;
use tokio_util::sync::CancellationToken;

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("lock")).into_owned()
    }
}

#[tokio::test]
async fn the_token_is_never_logged() {
    let logs = Captured::default();
    let writer = logs.clone();
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .try_init()
        .expect("the only subscriber of this test binary");

    // Telegram unreachable: the start-up retries log their errors.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let unreachable = format!("http://{}", closed.local_addr().expect("addr"));
    drop(closed);
    let data = tempfile::tempdir().expect("tempdir");
    let database_url = format!("sqlite://{}/services.db", data.path().display());
    let env = Env::from_pairs([
        ("TELEGRAM_BOT_TOKEN", TOKEN),
        ("TELEGRAM_API_URL", unreachable.as_str()),
        ("TG_BOT_SERVICE_KEY", common::SERVICE_KEY),
        ("BOT_BIND", "127.0.0.1:0"),
        ("DATABASE_URL", database_url.as_str()),
    ]);
    let shutdown = CancellationToken::new();
    let running = bot::start(
        bot::Config::from_env(&env).expect("config"),
        shutdown.clone(),
    )
    .await
    .expect("starts");
    common::eventually("a logged connection failure", || async {
        logs.text().contains("cannot reach Telegram").then_some(())
    })
    .await;
    shutdown.cancel();
    running.wait().await.expect("clean stop");

    // A session with players and staff, a platform that is down, and a malformed update.
    let bot = common::spawn().await;
    bot.platform_switch.set(false);
    bot.telegram.push(text_message(3, "en", "/start ref_1"));
    bot.stored_until(3, "a failed sync", |u| u.last_sync_error.is_some())
        .await;
    bot.telegram
        .push(serde_json::json!({ "message": { "garbage": true } }));
    bot.telegram.push(text_message(STAFF_ID, "en", "/resync 3"));
    bot.telegram.nth_message_to(STAFF_ID, 1).await;
    common::eventually("the malformed update's log line", || async {
        logs.text().contains("Cannot parse an update").then_some(())
    })
    .await;
    bot.stop().await.expect("clean stop");

    let text = logs.text();
    let secret = TOKEN.split_once(':').expect("a bot token").1;
    assert!(!text.contains(secret), "the token leaked into the logs");
}
