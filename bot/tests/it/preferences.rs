//! The player's message switches set by the platform (for the client's settings page) through
//! the bot's signed `PUT /player-preferences`, and kept by the sender.

use crate::common;
use crate::common::EVENTS_SECRET;
use crate::common::events::{deliver, event, finished, outbox, player, signed_request, usd};
use reqwest::Method;
use serde_json::{Value, json};

/// The platform's signed `PUT /player-preferences`: the status and the body.
async fn put(bot: &common::TestBot, body: Value, secret: &str) -> (u16, Value) {
    signed_request(bot, Method::PUT, "/player-preferences", &body, secret).await
}

#[tokio::test]
async fn the_platform_sets_a_players_switches_through_a_signed_request() {
    let bot = common::spawn().await;
    player(&bot.users, 97, "en").await;
    let change = json!({"telegramUserId": 97, "kinds": {"sport_bet_settled": true, "deposit_credited": false}});
    assert_eq!(put(&bot, change.clone(), "not-the-secret").await.0, 401);
    let (status, answer) = put(&bot, change, EVENTS_SECRET).await;
    assert_eq!(status, 200);
    assert_eq!(answer["all"], true);
    assert_eq!(answer["kinds"]["sport_bet_settled"], true);
    assert_eq!(answer["kinds"]["deposit_credited"], false);
    assert_eq!(answer["kinds"]["bonus_awarded"], true);
    let (status, answer) = put(
        &bot,
        json!({"telegramUserId": 97, "kinds": {"jackpot": true}}),
        EVENTS_SECRET,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (422, Some("unprocessable_preferences"))
    );

    let outbox = outbox(&bot).await;
    deliver(
        &bot,
        &event("p-1", 97, "deposit_credited", json!({"amount": usd(100)})),
    )
    .await;
    deliver(
        &bot,
        &event(
            "p-2",
            97,
            "sport_bet_settled",
            json!({"outcome": "lost", "payout": usd(0)}),
        ),
    )
    .await;
    assert_eq!(
        finished(&outbox, "p-1").await.outcome.as_deref(),
        Some("kind_off")
    );
    assert_eq!(finished(&outbox, "p-2").await.state, "sent");
}

#[tokio::test]
async fn write_access_granted_in_the_mini_app_reaches_a_player_who_never_started_the_bot() {
    let bot = common::spawn().await;
    let outbox = outbox(&bot).await;
    let deposit = |id: &str| event(id, 98, "deposit_credited", json!({"amount": usd(100)}));
    deliver(&bot, &deposit("w-1")).await;
    assert_eq!(
        finished(&outbox, "w-1").await.outcome.as_deref(),
        Some("not_started")
    );

    let (status, answer) = put(
        &bot,
        json!({"telegramUserId": 98, "writeAccess": true}),
        EVENTS_SECRET,
    )
    .await;
    assert_eq!((status, answer["writeAccess"].as_bool()), (200, Some(true)));
    let (_, read) = put(&bot, json!({"telegramUserId": 98}), EVENTS_SECRET).await;
    assert_eq!(read["writeAccess"], true);

    deliver(&bot, &deposit("w-2")).await;
    assert_eq!(finished(&outbox, "w-2").await.state, "sent");
    let sent = bot.telegram.messages_to(98);
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].to_string().contains("startapp=wallet"),
        "{}",
        sent[0]
    );
}
