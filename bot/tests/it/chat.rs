//! The real bot against a fake Bot API server and the real sandbox platform, over loopback HTTP.

use crate::common;
use std::time::Duration;

use crate::common::{STAFF_ID, membership_change, text_message};
use bot::launch::Attribution;
use bot::storage::{Profile, SyncState};
use serde_json::{Value, json};

fn launch_url(message: &Value) -> String {
    let button = &message["reply_markup"]["inline_keyboard"][0][0];
    button["web_app"]["url"]
        .as_str()
        .unwrap_or_else(|| panic!("a web_app button in {message}"))
        .to_owned()
}

#[tokio::test]
async fn start_with_a_referral_gives_a_launch_button_carrying_it_and_syncs_the_user() {
    let bot = common::spawn().await;
    bot.telegram.push(text_message(4242, "en", "/start ref_42"));

    let reply = bot.telegram.nth_message_to(4242, 1).await;
    assert!(
        reply["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Welcome!")
    );
    assert_eq!(
        reply["reply_markup"]["inline_keyboard"][0][0]["text"],
        "Play"
    );
    assert_eq!(launch_url(&reply), "https://casino.example/app?ref_id=42");

    let menu = common::eventually("the chat's menu button", || async {
        bot.telegram
            .calls("setChatMenuButton")
            .into_iter()
            .find(|call| call.body["chat_id"] == json!(4242))
    })
    .await;
    assert_eq!(menu.body["menu_button"]["type"], "web_app");
    assert_eq!(
        menu.body["menu_button"]["web_app"]["url"],
        "https://casino.example/app?ref_id=42"
    );
    let commands = bot.telegram.calls("setMyCommands");
    assert!(
        commands
            .iter()
            .any(|call| call.body.get("language_code").is_none()
                && call.body["commands"][0]["command"] == "start"),
        "{commands:?}"
    );
    assert!(
        commands
            .iter()
            .any(|call| call.body["language_code"] == "ru")
    );

    let stored = bot
        .stored_until(4242, "the user's sync", |u| {
            u.sync_state == SyncState::Synced
        })
        .await;
    assert_eq!(stored.attribution.ref_id.as_deref(), Some("42"));
    assert_eq!(stored.profile.username.as_deref(), Some("user4242"));
    assert!(stored.last_sync_at.is_some());
    let synced = bot
        .platform
        .user(4242)
        .await
        .expect("the platform has the user");
    assert_eq!(
        synced,
        json!({
            "id": 4242, "firstName": "User4242", "lastName": "Tester", "username": "user4242",
            "languageCode": "en", "isPremium": false, "refId": "42", "affiliateTag": null,
            "isBlocked": false,
        })
    );
    bot.stop().await.expect("clean stop");
}

#[tokio::test]
async fn affiliate_tags_travel_too_and_the_first_attribution_stays() {
    let bot = common::spawn().await;
    bot.telegram
        .push(text_message(31, "en", "/start stag_summer-promo"));
    let first = bot.telegram.nth_message_to(31, 1).await;
    assert_eq!(
        launch_url(&first),
        "https://casino.example/app?stag=summer-promo"
    );
    bot.telegram.push(text_message(31, "en", "/start ref_7"));
    let second = bot.telegram.nth_message_to(31, 2).await;
    assert_eq!(
        launch_url(&second),
        "https://casino.example/app?ref_id=7&stag=summer-promo"
    );
    bot.telegram.push(text_message(31, "en", "/play"));
    let play = bot.telegram.nth_message_to(31, 3).await;
    assert_eq!(launch_url(&play), launch_url(&second));
    assert_eq!(
        play["text"],
        "Here is your button: tap it to open the casino."
    );
}

#[tokio::test]
async fn players_are_answered_in_their_language() {
    let bot = common::spawn().await;
    for (id, language, button, greeting) in [
        (41, "ru", "Играть", "Добро пожаловать!"),
        (42, "es", "Jugar", "¡Te damos la bienvenida!"),
        (43, "pt-br", "Jogar", "Boas-vindas!"),
        (44, "de", "Play", "Welcome!"),
    ] {
        bot.telegram.push(text_message(id, language, "/start"));
        let reply = bot.telegram.nth_message_to(id, 1).await;
        assert!(
            reply["text"]
                .as_str()
                .unwrap_or_default()
                .starts_with(greeting),
            "{reply}"
        );
        assert_eq!(
            reply["reply_markup"]["inline_keyboard"][0][0]["text"],
            button
        );
        assert_eq!(launch_url(&reply), common::MINIAPP_URL);
    }
    bot.telegram.push(text_message(41, "ru", "/help"));
    let help = bot.telegram.nth_message_to(41, 2).await;
    let help = help["text"].as_str().unwrap_or_default();
    assert!(help.starts_with("Вот что я умею:"), "{help}");
    assert!(
        help.contains("/play — Прислать кнопку запуска ещё раз"),
        "{help}"
    );
    assert!(
        !help.contains("/resync"),
        "players do not see staff commands"
    );
}

#[tokio::test]
async fn a_failed_sync_is_recorded_and_succeeds_on_resync() {
    let bot = common::spawn().await;
    bot.platform_switch.set(false);
    bot.telegram.push(text_message(77, "en", "/start ref_5"));
    // The player gets their button while the platform is down.
    bot.telegram.nth_message_to(77, 1).await;
    let failed = bot
        .stored_until(77, "the failed sync", |u| u.sync_state == SyncState::Failed)
        .await;
    assert_eq!(failed.sync_failures, 1);
    let error = failed.last_sync_error.expect("the error is recorded");
    assert!(error.starts_with("the platform is unreachable"), "{error}");
    assert!(bot.platform.user(77).await.is_none());

    bot.telegram.push(text_message(STAFF_ID, "en", "/user 77"));
    let details = bot.telegram.nth_message_to(STAFF_ID, 1).await;
    let details = details["text"].as_str().unwrap_or_default();
    assert!(details.contains("Referral id: 5"), "{details}");
    assert!(details.contains("Sync: failed (1 in a row)"), "{details}");

    bot.platform_switch.set(true);
    bot.telegram
        .push(text_message(STAFF_ID, "en", "/resync 77"));
    let reply = bot.telegram.nth_message_to(STAFF_ID, 2).await;
    assert_eq!(reply["text"], "User 77 is synced to the platform.");
    let synced = bot.stored(77).await.expect("stored");
    assert_eq!(synced.sync_state, SyncState::Synced);
    assert_eq!(synced.sync_failures, 0);
    assert_eq!(bot.platform.user(77).await.expect("synced")["refId"], "5");
}

#[tokio::test]
async fn a_refused_service_key_is_recorded_with_the_platforms_code() {
    let bot = common::spawn_with(common::Options {
        platform_key: "another-key",
        ..common::Options::default()
    })
    .await;
    bot.telegram.push(text_message(78, "en", "/start"));
    let failed = bot
        .stored_until(78, "the refused sync", |u| {
            u.sync_state == SyncState::Failed
        })
        .await;
    let error = failed.last_sync_error.expect("recorded");
    assert!(
        error.starts_with("the platform refused the users (401 service_key_invalid)"),
        "{error}"
    );
    assert!(!error.contains(common::SERVICE_KEY));
}

#[tokio::test]
async fn failed_syncs_are_retried_in_the_background() {
    let bot = common::spawn_with(common::Options {
        sync_retry_first: Duration::from_millis(50),
        ..common::Options::default()
    })
    .await;
    bot.platform_switch.set(false);
    bot.telegram.push(text_message(88, "en", "/start"));
    bot.stored_until(88, "a failed sync", |u| u.sync_state == SyncState::Failed)
        .await;
    bot.platform_switch.set(true);
    bot.stored_until(88, "the retried sync", |u| {
        u.sync_state == SyncState::Synced
    })
    .await;
    assert!(bot.platform.user(88).await.is_some());
}

async fn store_users(bot: &common::TestBot, count: i64) {
    for id in 1..=count {
        let profile = Profile {
            telegram_id: 10_000 + id,
            first_name: format!("Stored{id}"),
            last_name: None,
            username: None,
            language_code: None,
            is_premium: false,
        };
        bot.users
            .save(&profile, &Attribution::default(), false)
            .await
            .expect("store");
    }
}

#[tokio::test]
async fn resync_all_from_someone_who_is_not_staff_runs_nothing() {
    let bot = common::spawn().await;
    store_users(&bot, 3).await;
    bot.telegram.push(text_message(55, "es", "/resync_all"));
    let reply = bot.telegram.nth_message_to(55, 1).await;
    assert_eq!(
        reply["text"],
        "Lo siento, este comando es solo para el equipo de soporte."
    );
    bot.telegram.push(text_message(55, "es", "/resync 10001"));
    bot.telegram.nth_message_to(55, 2).await;
    assert!(bot.telegram.calls("editMessageText").is_empty());
    assert_eq!(bot.platform.user_count().await, 0);
    for id in 10_001..=10_003 {
        let user = bot.stored(id).await.expect("stored");
        assert_eq!(user.sync_state, SyncState::Pending);
        assert_eq!(user.last_sync_at, None);
    }
}

#[tokio::test]
async fn resync_all_pushes_every_user_in_batches_and_reports_the_counts() {
    let bot = common::spawn().await;
    store_users(&bot, 250).await;
    bot.telegram
        .push(text_message(STAFF_ID, "en", "/resync_all"));
    let finished = common::eventually("the final progress edit", || async {
        bot.telegram
            .calls("editMessageText")
            .into_iter()
            .map(|call| call.body)
            .find(|body| {
                body["text"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("Resync finished"))
            })
    })
    .await;
    assert_eq!(finished["text"], "Resync finished: 250 synced, 0 failed.");
    let progress = bot.telegram.nth_message_to(STAFF_ID, 1).await;
    assert_eq!(progress["text"], "Resyncing every user…");
    let edits = bot.telegram.calls("editMessageText");
    assert_eq!(edits.len(), 4, "one edit per batch of 100, then the result");
    assert!(edits.iter().all(|e| e.body["message_id"] == json!(1)));
    assert_eq!(
        edits[0].body["text"],
        "Resyncing users: 100 of 250 done (100 synced, 0 failed)…"
    );
    assert_eq!(bot.platform.user_count().await, 250);
}

#[tokio::test]
async fn blocking_and_unblocking_the_bot_updates_the_user() {
    let bot = common::spawn().await;
    bot.telegram.push(text_message(66, "en", "/start"));
    bot.stored_until(66, "the first sync", |u| u.sync_state == SyncState::Synced)
        .await;
    bot.telegram.push(membership_change(66, "member", "kicked"));
    bot.stored_until(66, "the block", |u| {
        u.is_blocked && u.sync_state == SyncState::Synced
    })
    .await;
    assert_eq!(
        bot.platform.user(66).await.expect("synced")["isBlocked"],
        true
    );
    bot.telegram.push(membership_change(66, "kicked", "member"));
    bot.stored_until(66, "the unblock", |u| {
        !u.is_blocked && u.sync_state == SyncState::Synced
    })
    .await;
    assert_eq!(
        bot.platform.user(66).await.expect("synced")["isBlocked"],
        false
    );
}

#[tokio::test]
async fn malformed_updates_unknown_commands_and_huge_payloads_are_ignored() {
    let bot = common::spawn().await;
    bot.telegram
        .push(json!({ "message": { "chat": "not a chat", "garbage": [1, 2, 3] } }));
    bot.telegram
        .push(json!({ "something_telegram_adds_later": { "x": 1 } }));
    bot.telegram.push(text_message(12, "en", "/frobnicate now"));
    bot.telegram
        .push(text_message(12, "en", &"a".repeat(1_000_000)));
    let huge_payload = format!("/start ref_{}", "9".repeat(100_000));
    bot.telegram.push(text_message(12, "en", &huge_payload));
    bot.telegram.push(text_message(12, "en", "/help"));

    let launch = bot.telegram.nth_message_to(12, 1).await;
    assert_eq!(launch_url(&launch), common::MINIAPP_URL, "no attribution");
    let help = bot.telegram.nth_message_to(12, 2).await;
    assert!(
        help["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Here is what I can do:")
    );
    assert_eq!(bot.telegram.messages_to(12).len(), 2);
    let stored = bot.stored(12).await.expect("stored");
    assert_eq!(stored.attribution, Attribution::default());
    bot.stop().await.expect("clean stop");
}

#[tokio::test]
async fn rate_limited_replies_are_retried_after_telegrams_delay() {
    let bot = common::spawn().await;
    bot.telegram.rate_limit("sendMessage", 1, 1);
    bot.telegram.push(text_message(20, "en", "/play"));
    let reply = bot.telegram.nth_message_to(20, 2).await;
    assert_eq!(
        reply["text"],
        "Here is your button: tap it to open the casino."
    );
}

#[tokio::test]
async fn health_routes_answer() {
    let bot = common::spawn().await;
    let client = reqwest::Client::new();
    for path in ["/healthz", "/readyz"] {
        let response = client
            .get(format!("http://{}{path}", bot.address))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200, "{path}");
    }
    let response = client
        .get(format!("http://{}/nope", bot.address))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn webhook_mode_takes_updates_with_the_secret_only() {
    let bot = common::spawn_with(common::Options {
        webhook: Some(("https://casino.example/telegram/webhook", "s3cret-token")),
        ..common::Options::default()
    })
    .await;
    let set = common::eventually("setWebhook", || async {
        bot.telegram.calls("setWebhook").into_iter().next()
    })
    .await;
    assert_eq!(set.body["url"], "https://casino.example/telegram/webhook");
    assert_eq!(set.body["secret_token"], "s3cret-token");
    assert!(bot.telegram.calls("deleteWebhook").is_empty());

    let client = reqwest::Client::new();
    let url = format!("http://{}/telegram/webhook", bot.address);
    let mut update = text_message(5, "en", "/start ref_3");
    update["update_id"] = json!(1);
    let refused = client
        .post(&url)
        .header("X-Telegram-Bot-Api-Secret-Token", "wrong")
        .json(&update)
        .send()
        .await
        .expect("request");
    assert_eq!(refused.status(), 401);
    assert!(bot.telegram.messages_to(5).is_empty());
    let accepted = client
        .post(&url)
        .header("X-Telegram-Bot-Api-Secret-Token", "s3cret-token")
        .json(&update)
        .send()
        .await
        .expect("request");
    assert_eq!(accepted.status(), 200);
    let reply = bot.telegram.nth_message_to(5, 1).await;
    assert_eq!(launch_url(&reply), "https://casino.example/app?ref_id=3");
    bot.stop().await.expect("clean stop");
}

#[tokio::test]
async fn an_update_delivered_twice_to_two_replicas_is_handled_once() {
    const WEBHOOK: (&str, &str) = ("https://casino.example/telegram/webhook", "s3cret-token");
    let first = common::spawn_with(common::Options {
        webhook: Some(WEBHOOK),
        ..common::Options::default()
    })
    .await;
    // A second replica behind the same webhook, on the same services' database.
    let second = common::spawn_with(common::Options {
        webhook: Some(WEBHOOK),
        database_url: Some(first.database_url.clone()),
        ..common::Options::default()
    })
    .await;
    for bot in [&first, &second] {
        common::eventually("setWebhook", || async {
            bot.telegram.calls("setWebhook").into_iter().next()
        })
        .await;
    }

    let client = reqwest::Client::new();
    let mut update = text_message(6, "en", "/start");
    update["update_id"] = json!(42);
    // Telegram did not see the first answer and delivers again, this time to the other replica,
    // then once more to the first.
    for bot in [&first, &second, &first] {
        let response = client
            .post(format!("http://{}/telegram/webhook", bot.address))
            .header("X-Telegram-Bot-Api-Secret-Token", WEBHOOK.1)
            .json(&update)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200, "acknowledged either way");
    }
    // Webhook calls are acknowledged before the update is handled, so either replica may win.
    common::eventually("a greeting from either replica", || async {
        let sent = first.telegram.messages_to(6).len() + second.telegram.messages_to(6).len();
        (sent > 0).then_some(())
    })
    .await;
    // Give a wrongly handled second delivery time to answer too.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let greetings = first.telegram.messages_to(6).len() + second.telegram.messages_to(6).len();
    assert_eq!(greetings, 1, "one greeting for one update");

    // A new update from the same player is handled as usual.
    let mut next = text_message(6, "en", "/start");
    next["update_id"] = json!(43);
    client
        .post(format!("http://{}/telegram/webhook", second.address))
        .header("X-Telegram-Bot-Api-Secret-Token", WEBHOOK.1)
        .json(&next)
        .send()
        .await
        .expect("request");
    common::eventually("the next update's greeting", || async {
        let sent = first.telegram.messages_to(6).len() + second.telegram.messages_to(6).len();
        (sent == 2).then_some(())
    })
    .await;
    second.stop().await.expect("clean stop");
    first.stop().await.expect("clean stop");
}
