//! The player's message switches set by the platform (for the client's settings page) through
//! the bot's signed `PUT /player-preferences`, and kept by the sender.

use crate::common;
use crate::common::EVENTS_SECRET;
use crate::common::events::{deliver, event, finished, outbox, player, usd};
use bot::events::sign;
use bot::storage::now_ms;
use serde_json::{Value, json};

#[tokio::test]
async fn the_platform_sets_a_players_switches_through_a_signed_request() {
    let bot = common::spawn().await;
    player(&bot.users, 97, "en").await;
    let put = |body: Value, secret: &'static str| {
        let address = bot.address;
        async move {
            let body = serde_json::to_vec(&body).expect("json");
            let response = reqwest::Client::new()
                .put(format!("http://{address}/player-preferences"))
                .header(
                    "X-Platform-Signature",
                    sign(secret.as_bytes(), now_ms() / 1000, &body),
                )
                .body(body)
                .send()
                .await
                .expect("the bot answers");
            (
                response.status().as_u16(),
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
    };
    let change = json!({"telegramUserId": 97, "kinds": {"sport_bet_settled": true, "deposit_credited": false}});
    assert_eq!(put(change.clone(), "not-the-secret").await.0, 401);
    let (status, answer) = put(change, EVENTS_SECRET).await;
    assert_eq!(status, 200);
    assert_eq!(answer["all"], true);
    assert_eq!(answer["kinds"]["sport_bet_settled"], true);
    assert_eq!(answer["kinds"]["deposit_credited"], false);
    assert_eq!(answer["kinds"]["bonus_awarded"], true);
    let (status, answer) = put(
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
