//! The bot on PostgreSQL: its migration runs there, users are stored, synced and resynced, and
//! the outbox's claims hold between replicas.
//! Needs `TEST_POSTGRES_URL` (`make test` starts a throw-away server with
//! `scripts/ensure-postgres.sh`); without it the tests say so and, under `make test`
//! (`TEST_REQUIRE_ALL=1`), fail.

use crate::common;
use std::time::Duration;

use crate::common::events::{accept, event};
use crate::common::{STAFF_ID, text_message};
use bot::launch::Attribution;
use bot::outbox::{Accepted, Lane, Outbox};
use bot::storage::{Profile, SyncState, Users};
use serde_json::json;

fn profile(id: i64) -> Profile {
    Profile {
        telegram_id: id,
        first_name: "Ana".to_owned(),
        last_name: Some("Silva".to_owned()),
        username: None,
        language_code: Some("pt-br".to_owned()),
        is_premium: true,
    }
}

#[tokio::test]
async fn users_are_stored_and_their_sync_state_kept_on_postgresql() {
    let Some(url) = service_kit::testing::postgres_database("bot").await else {
        return;
    };
    let pool = service_kit::db::connect_services("DATABASE_URL", &url)
        .await
        .expect("migrated");
    let users = Users::new(pool, Duration::from_secs(60));
    let referral = Attribution {
        ref_id: Some("42".to_owned()),
        affiliate_tag: None,
    };
    let first = users
        .save(&profile(7), &referral, false)
        .await
        .expect("save");
    assert_eq!(first.profile, profile(7));
    let again = users
        .save(&profile(7), &Attribution::default(), true)
        .await
        .expect("save");
    assert_eq!(again.attribution, referral);
    assert!(again.is_blocked);
    users
        .record_failed(&[&again], "down", |_| Duration::ZERO)
        .await
        .expect("record");
    let due = users.claim_due_for_sync(10).await.expect("due");
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].sync_state, SyncState::Failed);
    users.record_synced(&[&due[0]]).await.expect("record");
    let synced = users.get(7).await.expect("get").expect("stored");
    assert_eq!(synced.sync_state, SyncState::Synced);
    assert_eq!(synced.last_sync_error, None);
    assert_eq!(users.count().await.expect("count"), 1);
    assert_eq!(users.page_after(0, 10).await.expect("page").len(), 1);
}

#[tokio::test]
async fn the_bot_syncs_and_resyncs_everyone_on_postgresql() {
    let Some(url) = service_kit::testing::postgres_database("bot").await else {
        return;
    };
    let bot = common::spawn_with(common::Options {
        database_url: Some(url),
        ..common::Options::default()
    })
    .await;
    bot.telegram.push(text_message(4242, "en", "/start ref_42"));
    let synced = bot
        .stored_until(4242, "the user's sync", |u| {
            u.sync_state == SyncState::Synced
        })
        .await;
    assert_eq!(synced.attribution.ref_id.as_deref(), Some("42"));
    for id in 1..=149 {
        bot.users
            .save(&profile(id), &Attribution::default(), false)
            .await
            .expect("store");
    }
    bot.telegram
        .push(text_message(STAFF_ID, "en", "/resync_all"));
    common::eventually("the resync's result", || async {
        bot.telegram
            .calls("editMessageText")
            .into_iter()
            .find(|call| call.body["text"] == "Resync finished: 150 synced, 0 failed.")
    })
    .await;
    assert_eq!(bot.platform.user_count().await, 150);
    bot.stop().await.expect("clean stop");
}

#[tokio::test]
async fn two_replicas_claiming_retries_at_once_never_take_the_same_user() {
    let Some(url) = service_kit::testing::postgres_database("bot").await else {
        return;
    };
    let connect = || async {
        Users::new(
            service_kit::db::connect_services("DATABASE_URL", &url)
                .await
                .expect("migrated"),
            Duration::from_secs(60),
        )
    };
    let (first, second) = (connect().await, connect().await);
    for id in 1..=40 {
        let user = first
            .save(&profile(1000 + id), &Attribution::default(), false)
            .await
            .expect("save");
        first
            .record_failed(&[&user], "down", |_| Duration::ZERO)
            .await
            .expect("record");
    }
    let (a, b) = tokio::join!(first.claim_due_for_sync(30), second.claim_due_for_sync(30));
    let (a, b) = (a.expect("claim"), b.expect("claim"));
    let mut ids: Vec<i64> = a.iter().chain(&b).map(|u| u.profile.telegram_id).collect();
    let claimed = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), claimed, "a user claimed by both replicas");
    assert_eq!(
        claimed,
        40,
        "every due user claimed once: {} + {}",
        a.len(),
        b.len()
    );
    // Claimed users are not due again until their lease ends or their sync is recorded.
    assert!(
        first
            .claim_due_for_sync(30)
            .await
            .expect("claim")
            .is_empty()
    );
}

#[tokio::test]
async fn two_replicas_claiming_events_at_once_take_each_once_and_one_per_chat() {
    let Some(url) = service_kit::testing::postgres_database("bot").await else {
        return;
    };
    let connect = || async {
        Outbox::new(
            service_kit::db::connect_services("DATABASE_URL", &url)
                .await
                .expect("migrated"),
        )
    };
    let (first, second) = (connect().await, connect().await);
    // 40 chats with one event each, and nine more events for the first chat.
    for i in 0..49 {
        let chat = 3000 + i.min(39);
        let body = event(
            &format!("pg-{i:02}"),
            chat,
            "loyalty_level_reached",
            json!({"level": "Gold"}),
        );
        assert_eq!(accept(&first, &body).await, Accepted::New);
        assert_eq!(accept(&second, &body).await, Accepted::Duplicate);
    }
    let lease = Duration::from_secs(60);
    let (a, b) = tokio::join!(
        first.claim(30, lease, Lane::Events),
        second.claim(30, lease, Lane::Events)
    );
    let (a, b) = (a.expect("claim"), b.expect("claim"));
    let mut chats: Vec<i64> = a.iter().chain(&b).map(|row| row.telegram_id).collect();
    let claimed = chats.len();
    chats.sort_unstable();
    chats.dedup();
    assert_eq!(
        chats.len(),
        claimed,
        "two events of one chat claimed at once"
    );
    assert_eq!(
        claimed,
        40,
        "each chat's first event: {} + {}",
        a.len(),
        b.len()
    );
    assert_eq!(
        a.iter()
            .chain(&b)
            .find(|row| row.telegram_id == 3039)
            .map(|row| row.event_id.as_str()),
        Some("pg-39")
    );
    assert!(
        first
            .claim(30, lease, Lane::Events)
            .await
            .expect("claim")
            .is_empty()
    );

    common::events::assert_a_cancellation_supersedes(&first, &second, 3100).await;
}
