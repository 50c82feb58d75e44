//! `/broadcast`: the dialogue (texts, preview, Send and Cancel), staff only; the sending through
//! the outbox within the limits and Telegram's 429, next to players' events; the report (sent,
//! blocked, failed); a restart in the middle.

use crate::common;
use std::time::Duration;

use crate::common::broadcast::{answers, compose, press, report, send, staff_messages};
use crate::common::events::{deliver, event, player, usd};
use crate::common::{STAFF_ID, TestBot, assert_within_limits, text_message};
use bot::preferences::PreferenceStore;
use bot::sender::{Limits, broadcast_share};
use serde_json::json;

fn text(message: &serde_json::Value) -> &str {
    message["text"].as_str().unwrap_or_default()
}

fn player_texts(bot: &TestBot, id: i64) -> Vec<String> {
    bot.telegram
        .messages_to(id)
        .iter()
        .map(|m| text(m).to_owned())
        .collect()
}

/// A bot at `limits` with the players `ids`, and the broadcast "News!" composed for them.
async fn news_for(limits: Limits, ids: std::ops::RangeInclusive<i64>) -> (TestBot, i64) {
    let bot = common::spawn_with(common::Options {
        message_limits: limits,
        ..common::Options::default()
    })
    .await;
    for id in ids {
        player(&bot.users, id, "en").await;
    }
    let (id, _) = compose(&bot, [Some("News!"), None, None, None]).await;
    (bot, id)
}

/// When each "News!" to a player reached Telegram, in order.
fn news_sent_at(bot: &TestBot) -> Vec<Duration> {
    let mut at: Vec<Duration> = bot
        .telegram
        .calls("sendMessage")
        .iter()
        .filter(|c| c.body["text"] == "News!" && c.body["chat_id"] != json!(STAFF_ID))
        .map(|c| c.at)
        .collect();
    at.sort_unstable();
    at
}

#[tokio::test]
async fn a_broadcast_is_previewed_confirmed_and_sent_in_each_players_language() {
    let bot = common::spawn().await;
    for (id, language) in [(1, "en"), (2, "ru"), (3, "es"), (4, "pt-br")] {
        player(&bot.users, id, language).await;
    }
    let (id, confirmation) =
        compose(&bot, [Some("Hello!"), Some("Привет!"), None, Some("Olá!")]).await;
    assert_eq!(id, 1);
    let dialogue: Vec<String> = staff_messages(&bot)
        .iter()
        .map(|m| text(m).to_owned())
        .collect();
    assert!(
        dialogue[0].starts_with("Broadcast 1. Send its English text"),
        "{}",
        dialogue[0]
    );
    assert!(dialogue[0].contains("Players whose language you leave out get the English text."));
    assert_eq!(
        dialogue[1],
        "Now the Russian (ru) text, or Skip: players with Russian then get the English text."
    );
    assert_eq!(
        dialogue[3],
        "Now the Brazilian Portuguese (pt-br) text, or Skip: players with Brazilian Portuguese then get the English text."
    );
    // The preview: each written text as players get it, with the launch button.
    assert_eq!(&dialogue[4..7], ["Hello!", "Привет!", "Olá!"]);
    let preview = &staff_messages(&bot)[6];
    assert_eq!(
        preview["reply_markup"]["inline_keyboard"][0][0]["text"],
        "Jogar"
    );
    assert_eq!(
        text(&confirmation),
        "Broadcast 1 is ready. Above is its preview as players will see it: en, ru, pt-br, in \
         that order. Left out: es; players with those languages get the English text. It goes to \
         the 4 players who started the bot and neither blocked it nor turned messages off. Send it?"
    );
    let buttons = &confirmation["reply_markup"]["inline_keyboard"][0];
    assert_eq!(buttons[0]["callback_data"], "broadcast:1:send");
    assert_eq!(buttons[1]["callback_data"], "broadcast:1:cancel");
    assert!(
        player_texts(&bot, 1).is_empty(),
        "nothing goes out before Send"
    );

    send(&bot, id, 77);
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 4 sent, 0 blocked, 0 failed."
    );
    assert_eq!(player_texts(&bot, 1), ["Hello!"]);
    assert_eq!(player_texts(&bot, 2), ["Привет!"]);
    assert_eq!(
        player_texts(&bot, 3),
        ["Hello!"],
        "Spanish was left out: English"
    );
    assert_eq!(player_texts(&bot, 4), ["Olá!"]);
    let button = &bot.telegram.messages_to(2)[0]["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(button["web_app"]["url"], common::MINIAPP_URL);
    let edits = bot.telegram.calls("editMessageText");
    assert!(edits.iter().all(|e| e.body["message_id"] == json!(77)));
    assert_eq!(edits[0].body["text"], "Broadcast 1: sending to 4 players…");
    assert_eq!(
        edits.last().map(|e| e.body["text"].clone()),
        Some(json!("Broadcast 1 finished: 4 sent, 0 blocked, 0 failed."))
    );
    assert!(answers(&bot, 2).await.contains(&"Sending".to_owned()));
}

#[tokio::test]
async fn a_cancelled_broadcast_sends_nothing() {
    let bot = common::spawn().await;
    player(&bot.users, 1, "en").await;
    let (id, _) = compose(&bot, [Some("Hello!"), None, None, None]).await;
    bot.telegram
        .push(press(STAFF_ID, 50, &format!("broadcast:{id}:cancel")));
    common::eventually("the cancellation", || async {
        bot.telegram
            .calls("editMessageText")
            .into_iter()
            .find(|c| c.body["text"] == "Broadcast 1 cancelled: nothing was sent.")
    })
    .await;
    send(&bot, id, 50);
    let answers = answers(&bot, 5).await;
    assert_eq!(
        answers[3..],
        ["Cancelled", "This broadcast was sent or cancelled already."]
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(player_texts(&bot, 1).is_empty());
}

#[tokio::test]
async fn only_staff_can_broadcast() {
    let bot = common::spawn().await;
    player(&bot.users, 55, "es").await;
    bot.telegram.push(text_message(55, "es", "/broadcast"));
    let reply = bot.telegram.nth_message_to(55, 1).await;
    assert_eq!(
        reply["text"],
        "Lo siento, este comando es solo para el equipo de soporte."
    );
    // A ready broadcast cannot be sent by someone else pressing its button.
    let (id, _) = compose(&bot, [Some("Hello!"), None, None, None]).await;
    bot.telegram
        .push(press(55, 60, &format!("broadcast:{id}:send")));
    let refused = answers(&bot, 4).await;
    assert_eq!(
        refused[3],
        "Sorry, this command is only for the support team."
    );
    bot.telegram.push(text_message(55, "es", "hola"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(bot.telegram.messages_to(55).len(), 1);
    assert!(bot.telegram.calls("editMessageText").is_empty());
}

#[tokio::test]
async fn a_broadcast_keeps_the_limits_and_lets_players_events_through() {
    let limits = Limits {
        per_window: 6,
        window: Duration::from_millis(100),
        chat_interval: Duration::from_millis(300),
    };
    let (bot, id) = news_for(limits, 1001..=1120).await;
    send(&bot, id, 70);
    // The last player in the broadcast's order gets two events meanwhile.
    common::eventually("the broadcast under way", || async {
        (bot.telegram.calls("sendMessage").len() > 20).then_some(())
    })
    .await;
    for n in 0..2 {
        let deposit = event(
            &format!("dep-{n}"),
            1120,
            "deposit_credited",
            json!({"amount": usd(100)}),
        );
        assert_eq!(deliver(&bot, &deposit).await.0, 202);
    }
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 120 sent, 0 blocked, 0 failed."
    );
    bot.telegram.nth_message_to(1120, 3).await;
    assert_within_limits(&bot, limits);
    // The broadcast alone keeps to its share of the rate.
    // Two thirds of the rate: 4 in any 100 ms.
    let share = Limits {
        per_window: 4,
        ..limits
    };
    assert_eq!(broadcast_share(limits), share);
    let broadcast = news_sent_at(&bot);
    assert_eq!(broadcast.len(), 120);
    for (i, at) in broadcast.iter().enumerate().skip(share.per_window) {
        assert!(
            *at - broadcast[i - share.per_window] >= share.window,
            "broadcast over its share"
        );
    }
    // The events did not wait for the broadcast to end.
    let first_event = bot
        .telegram
        .calls("sendMessage")
        .iter()
        .find(|c| c.body["chat_id"] == json!(1120) && c.body["text"] != "News!")
        .map(|c| c.at)
        .expect("the event was sent");
    assert!(
        first_event < broadcast[100],
        "the event waited behind the broadcast"
    );
    // Progress edits: one per 300 ms at most, then the report. Counted over the broadcast's span
    // rather than measured pairwise where they arrive, which a loaded machine can bunch up.
    let edits = bot.telegram.calls("editMessageText");
    let progress = edits
        .iter()
        .filter(|e| {
            e.body["text"]
                .as_str()
                .is_some_and(|t| t.contains(" done ("))
        })
        .count();
    let span = broadcast[119] - broadcast[0];
    assert!(progress >= 2, "{edits:?}");
    let most = usize::try_from(span.as_millis() / 300).expect("small") + 2;
    assert!(progress <= most, "{progress} edits in {span:?}");
}

#[tokio::test]
async fn the_report_counts_blocked_players_and_opted_out_players_get_nothing() {
    let bot = common::spawn().await;
    for id in 1..=6 {
        player(&bot.users, id, "en").await;
    }
    bot.telegram.block_chat(3);
    let pool = service_kit::db::connect_services("DATABASE_URL", &bot.database_url)
        .await
        .expect("database");
    PreferenceStore::new(pool)
        .set_all(5, false)
        .await
        .expect("opt out");
    let (id, confirmation) = compose(&bot, [Some("Hello!"), None, None, None]).await;
    assert!(text(&confirmation).contains("It goes to the 5 players"));
    send(&bot, id, 80);
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 4 sent, 1 blocked, 0 failed."
    );
    assert!(bot.telegram.messages_to(5).is_empty(), "opted out");
    assert!(bot.stored(3).await.expect("stored").is_blocked);
    assert_eq!(player_texts(&bot, 6), ["Hello!"]);
}

#[tokio::test]
async fn a_message_telegram_refuses_counts_as_failed_and_is_not_sent_again() {
    let bot = common::spawn().await;
    for id in 1..=4 {
        player(&bot.users, id, "en").await;
    }
    bot.telegram.lose_chat(2);
    let (id, _) = compose(&bot, [Some("Hello!"), None, None, None]).await;
    send(&bot, id, 85);
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 3 sent, 0 blocked, 1 failed."
    );
    assert_eq!(player_texts(&bot, 2), ["Hello!"], "tried once");
    assert!(!bot.stored(2).await.expect("stored").is_blocked);
    for player in [1, 3, 4] {
        assert_eq!(player_texts(&bot, player), ["Hello!"], "player {player}");
    }
}

#[tokio::test]
async fn a_429_during_a_broadcast_stops_all_sending_for_its_retry_after() {
    let limits = Limits {
        per_window: 5,
        window: Duration::from_millis(100),
        chat_interval: Duration::from_millis(20),
    };
    let (bot, id) = news_for(limits, 4001..=4030).await;
    send(&bot, id, 75);
    common::eventually("the broadcast under way", || async {
        (news_sent_at(&bot).len() >= 5).then_some(())
    })
    .await;
    bot.telegram.rate_limit("sendMessage", 1, 1);
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 30 sent, 0 blocked, 0 failed."
    );
    // Thirty messages and the one Telegram answered 429, sent again after the pause.
    let at = news_sent_at(&bot);
    assert_eq!(at.len(), 31);
    for player in 4001..=4030 {
        assert!(!player_texts(&bot, player).is_empty(), "player {player}");
    }
    // The pause runs from the 429's arrival; requests already under way when it came may be
    // recorded just after the refused one, so the gap seen here can be a few milliseconds short of
    // the second. Without the pause, no gap comes near it (a window is 100 ms).
    let longest_pause = at.windows(2).map(|w| w[1] - w[0]).max().unwrap_or_default();
    assert!(
        longest_pause >= Duration::from_millis(900),
        "nothing waited for retry_after: {at:?}"
    );
}

#[tokio::test]
async fn a_broadcast_goes_on_after_a_restart_and_sends_no_one_twice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let slow = Limits {
        per_window: 3,
        window: Duration::from_millis(100),
        chat_interval: Duration::from_millis(20),
    };
    let options = || common::Options {
        database_url: Some(url.clone()),
        message_limits: slow,
        ..common::Options::default()
    };
    let first = common::spawn_with(options()).await;
    for id in 1..=100 {
        player(&first.users, 2000 + id, "en").await;
    }
    let (id, _) = compose(&first, [Some("Hello!"), None, None, None]).await;
    send(&first, id, 90);
    common::eventually("part of the broadcast", || async {
        (first.telegram.messages_to(2020).len() == 1).then_some(())
    })
    .await;
    let telegram = first.telegram.clone();
    first.stop().await.expect("clean stop");
    let before = (2001..=2100)
        .filter(|player| !telegram.messages_to(*player).is_empty())
        .count();
    assert!(before < 100, "the broadcast was still going: {before}");
    let second = common::spawn_with(common::Options {
        telegram: Some(telegram),
        ..options()
    })
    .await;
    assert_eq!(
        report(&second, id).await,
        "Broadcast 1 finished: 100 sent, 0 blocked, 0 failed."
    );
    for player in 2001..=2100 {
        assert_eq!(player_texts(&second, player), ["Hello!"], "player {player}");
    }
}

/// On PostgreSQL, with the generic plans its prepared statements settle on after a few runs (forced
/// here from the first): a broadcast goes at its pace, none of its players waiting for a lease.
#[tokio::test]
async fn a_broadcast_on_postgresql_is_sent_at_its_pace() {
    let Some(url) = service_kit::testing::postgres_database("bot").await else {
        return;
    };
    let (_, database) = url.rsplit_once('/').expect("a database in the URL");
    let pool = service_kit::db::connect_services("DATABASE_URL", &url)
        .await
        .expect("migrated");
    sqlx::query(&format!(
        "ALTER DATABASE {database} SET plan_cache_mode = force_generic_plan"
    ))
    .execute(&pool)
    .await
    .expect("generic plans");
    pool.close().await;
    let bot = common::spawn_with(common::Options {
        database_url: Some(url),
        ..common::Options::default()
    })
    .await;
    for id in 1..=100 {
        player(&bot.users, 3000 + id, "en").await;
    }
    let (id, _) = compose(&bot, [Some("Hello!"), None, None, None]).await;
    let started = std::time::Instant::now();
    send(&bot, id, 95);
    assert_eq!(
        report(&bot, id).await,
        "Broadcast 1 finished: 100 sent, 0 blocked, 0 failed."
    );
    // 20 in each 100 ms at the test's limits: well under a second, far from the 60 s lease.
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    for player in 3001..=3100 {
        assert_eq!(player_texts(&bot, player), ["Hello!"], "player {player}");
    }
    bot.stop().await.expect("clean stop");
}
