//! Each accepted event is sent once: by two bots sharing one database, across a bot stopped
//! mid-stream and another started, and after a replica died holding a claim.

use crate::common;
use std::collections::HashMap;
use std::time::Duration;

use crate::common::events::{accept, event, player, usd};
use crate::common::{FakeTelegram, TOKEN, TestBot};
use bot::outbox::{Lane, Outbox};
use bot::storage::Users;
use serde_json::{Value, json};

fn deposit(id: &str, user: i64, amount: i64) -> Value {
    event(id, user, "deposit_credited", json!({"amount": usd(amount)}))
}

async fn players(url: &str, ids: impl Iterator<Item = i64>) -> Users {
    let pool = service_kit::db::connect_services("DATABASE_URL", url)
        .await
        .expect("database");
    let users = Users::new(pool, Duration::from_secs(3600));
    for id in ids {
        player(&users, id, "en").await;
    }
    users
}

async fn replica(url: &str, telegram: &FakeTelegram, lease: Duration) -> TestBot {
    common::spawn_with(common::Options {
        database_url: Some(url.to_owned()),
        telegram: Some(telegram.clone()),
        outbox_lease: lease,
        ..common::Options::default()
    })
    .await
}

/// A replica sending a chat's messages a quarter second apart, so that a stream of them lasts.
async fn slow_replica(url: &str, telegram: &FakeTelegram) -> TestBot {
    common::spawn_with(common::Options {
        database_url: Some(url.to_owned()),
        telegram: Some(telegram.clone()),
        message_limits: bot::sender::Limits {
            chat_interval: Duration::from_millis(250),
            ..common::TEST_LIMITS
        },
        ..common::Options::default()
    })
    .await
}

/// Waits until `expected` messages arrived, then a little longer for any duplicate, and checks
/// each text came once.
async fn each_sent_once(telegram: &FakeTelegram, expected: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while telegram.calls("sendMessage").len() < expected {
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {expected} messages"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut counts: HashMap<String, usize> = HashMap::new();
    for call in telegram.calls("sendMessage") {
        *counts.entry(call.body["text"].to_string()).or_default() += 1;
    }
    assert_eq!(counts.len(), expected);
    assert!(counts.values().all(|n| *n == 1), "a message sent twice");
}

#[tokio::test]
async fn two_replicas_on_one_database_send_each_event_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let _users = players(&url, 1..=30).await;
    let telegram = FakeTelegram::spawn(TOKEN).await;
    let first = replica(&url, &telegram, Duration::from_secs(60)).await;
    let second = replica(&url, &telegram, Duration::from_secs(60)).await;
    for i in 0..300 {
        let bot = if i % 2 == 0 { &first } else { &second };
        let (status, _) =
            common::events::deliver(bot, &deposit(&format!("r-{i:03}"), 1 + i % 30, i + 1)).await;
        assert_eq!(status, 202);
    }
    each_sent_once(&telegram, 300).await;
}

#[tokio::test]
async fn a_bot_stopped_mid_stream_and_another_started_send_each_event_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let _users = players(&url, 1..=5).await;
    let telegram = FakeTelegram::spawn(TOKEN).await;
    let first = slow_replica(&url, &telegram).await;
    for i in 0..100 {
        let (status, _) =
            common::events::deliver(&first, &deposit(&format!("s-{i:03}"), 1 + i % 5, i + 1)).await;
        assert_eq!(status, 202);
    }
    let sent_before = telegram.calls("sendMessage").len();
    assert!(
        sent_before < 100,
        "the stop comes mid-stream ({sent_before} sent)"
    );
    first.stop().await.expect("clean stop");
    let _second = slow_replica(&url, &telegram).await;
    each_sent_once(&telegram, 100).await;
}

#[tokio::test]
async fn an_event_claimed_by_a_replica_that_died_is_sent_once_its_lease_ends() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let users = players(&url, [77].into_iter()).await;
    let outbox = Outbox::new(users.pool().clone());
    accept(&outbox, &deposit("d-1", 77, 500)).await;
    // The dead replica's claim: taken and never recorded.
    let lease = Duration::from_secs(2);
    let claimed_at = tokio::time::Instant::now();
    assert_eq!(
        outbox
            .claim(10, lease, Lane::Events)
            .await
            .expect("claim")
            .len(),
        1
    );

    let telegram = FakeTelegram::spawn(TOKEN).await;
    let _bot = replica(&url, &telegram, lease).await;
    let message = telegram.nth_message_to(77, 1).await;
    assert!(
        claimed_at.elapsed() >= lease,
        "sent while another replica held it"
    );
    assert_eq!(
        message["text"],
        "✅ Your deposit of $5.00 has been credited. Good luck!"
    );
    each_sent_once(&telegram, 1).await;
    let status = outbox
        .status("d-1")
        .await
        .expect("database")
        .expect("stored");
    assert_eq!((status.state.as_str(), status.attempts), ("sent", 2));
}
