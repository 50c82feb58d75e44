//! Telegram's limits under load: 200 events for one chat, 2,000 across chats, the arrival times
//! measured at the fake Bot API against the (scaled) limits the bot was given.

use crate::common;
use std::time::Duration;

use crate::common::events::{accept, deliver, event, player, usd};
use crate::common::{TestBot, assert_within_limits};
use bot::outbox::Outbox;
use bot::sender::Limits;
use bot::storage::Users;
use serde_json::{Value, json};

async fn deliver_all(bot: &TestBot, events: Vec<Value>) {
    for event in &events {
        assert_eq!(deliver(bot, event).await.0, 202);
    }
}

/// Waits up to a minute for `expected` messages.
async fn sent_count(bot: &TestBot, expected: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let sent = bot.telegram.calls("sendMessage").len();
        if sent >= expected {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{sent} of {expected} messages sent"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn two_hundred_events_for_one_chat_keep_its_pace() {
    let bot = common::spawn().await;
    player(&bot.users, 96, "en").await;
    let events = (0..200)
        .map(|i| {
            event(
                &format!("c-{i:03}"),
                96,
                "deposit_credited",
                json!({"amount": usd(i + 1)}),
            )
        })
        .collect();
    deliver_all(&bot, events).await;
    sent_count(&bot, 200).await;
    assert_within_limits(&bot, common::TEST_LIMITS);
    let texts: Vec<String> = bot
        .telegram
        .messages_to(96)
        .iter()
        .map(|m| m["text"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(texts.len(), 200);
    assert_eq!(
        texts[0],
        "✅ Your deposit of $0.01 has been credited. Good luck!"
    );
    assert_eq!(
        texts[199],
        "✅ Your deposit of $2.00 has been credited. Good luck!"
    );
}

#[tokio::test]
async fn two_thousand_events_across_chats_keep_the_overall_rate() {
    // Stored before the bot starts, so that the backlog, not the posting, sets the pace: 30 in any
    // 200 ms keeps the overall rate the bound that matters.
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let pool = service_kit::db::connect_services("DATABASE_URL", &url)
        .await
        .expect("database");
    let users = Users::new(pool.clone(), Duration::from_secs(3600));
    let outbox = Outbox::new(pool);
    for user in 1..=400 {
        player(&users, 10_000 + user, "en").await;
    }
    for i in 0..2000 {
        let body = event(
            &format!("x-{i:04}"),
            10_001 + i % 400,
            "deposit_credited",
            json!({"amount": usd(i + 1)}),
        );
        accept(&outbox, &body).await;
    }
    let limits = Limits {
        window: Duration::from_millis(200),
        ..common::TEST_LIMITS
    };
    let bot = common::spawn_with(common::Options {
        database_url: Some(url),
        message_limits: limits,
        ..common::Options::default()
    })
    .await;
    sent_count(&bot, 2000).await;
    assert_within_limits(&bot, limits);
    let mut texts: Vec<String> = bot
        .telegram
        .calls("sendMessage")
        .iter()
        .map(|c| c.body["text"].to_string())
        .collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(texts.len(), 2000, "each event sent once");
}
