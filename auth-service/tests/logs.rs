//! Logs are one JSON object per line and never carry init data, hashes or the bot token.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{launch, spawn_app};
use serde_json::Value;
use telegram_init_data::SANDBOX_BOT_TOKEN;
use tracing_subscriber::fmt::MakeWriter;

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("well formed").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// A current-thread runtime runs the server on this thread, under this thread's subscriber.
#[tokio::test(flavor = "current_thread")]
async fn json_logs_carry_outcomes_but_no_secrets() {
    let captured = Captured::default();
    let subscriber = tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(true)
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(captured.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);

    let app = spawn_app().await;
    let valid = launch(31337);
    let tampered = valid.replace("Ada", "Eve");
    assert_eq!(app.tg_login(&valid).await.status(), 200);
    assert_eq!(app.tg_login(&tampered).await.status(), 401);
    app.audit_rows(2).await;
    drop(app);

    let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let outcomes: Vec<&str> = lines
        .iter()
        .filter(|line| line["message"] == "login answered")
        .map(|line| line["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["session_issued", "init_data_invalid"]);
    let hash = valid.rsplit_once("hash=").unwrap().1;
    for secret in [
        valid.as_str(),
        tampered.as_str(),
        hash,
        SANDBOX_BOT_TOKEN,
        "auth_date",
        "%7B",
    ] {
        assert!(!text.contains(secret), "the logs contain {secret}:\n{text}");
    }
}
