//! The referral card: prepared for one player through the signed hook (`savePreparedInlineMessage`),
//! for the Mini App's `shareMessage`, and the answer to an inline query `@<bot> ref_<id>`; both
//! open the Mini App with the sharer's referral.

use crate::common;

use crate::common::events::signed_request;
use reqwest::Method;
use serde_json::{Value, json};

async fn prepare(bot: &common::TestBot, body: &Value, secret: &str) -> (u16, Value) {
    signed_request(bot, Method::POST, "/referral-messages", body, secret).await
}

fn button(result: &Value) -> &Value {
    &result["reply_markup"]["inline_keyboard"][0][0]
}

#[tokio::test]
async fn the_platform_gets_a_players_referral_card_prepared_to_share() {
    let bot = common::spawn().await;
    let request = json!({"telegramUserId": 4242, "refId": "0042", "locale": "es"});
    let (status, answer) = prepare(&bot, &request, common::EVENTS_SECRET).await;
    assert_eq!(status, 200, "{answer}");
    let calls = bot.telegram.calls("savePreparedInlineMessage");
    assert_eq!(calls.len(), 1);
    let saved = &calls[0].body;
    assert!(
        answer["id"]
            .as_str()
            .is_some_and(|id| id.starts_with("prepared-"))
    );
    assert_eq!(answer["expiresAt"], 1_760_086_400);
    assert_eq!(saved["user_id"], 4242);
    assert_eq!(saved["allow_user_chats"], true);
    assert_eq!(saved["allow_group_chats"], true);
    let result = &saved["result"];
    assert_eq!(result["type"], "article");
    assert!(
        result["input_message_content"]["message_text"]
            .as_str()
            .is_some_and(|text| text.starts_with("¡Únete!")),
        "{result}"
    );
    assert_eq!(button(result)["text"], "Jugar");
    assert_eq!(
        button(result)["url"],
        "https://t.me/casino_test_bot?startapp=ref_42"
    );

    // Only the platform may ask, and only for a player id.
    let (status, _) = prepare(&bot, &request, "another-secret-0123456789abcdefghij").await;
    assert_eq!(status, 401);
    let (status, answer) = prepare(
        &bot,
        &json!({"telegramUserId": 4242, "refId": "42abc"}),
        common::EVENTS_SECRET,
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["code"], "unprocessable_referral_request");
    assert_eq!(bot.telegram.calls("savePreparedInlineMessage").len(), 1);
    bot.stop().await.expect("clean stop");
}

#[tokio::test]
async fn an_inline_query_is_answered_with_the_referral_card() {
    let bot = common::spawn().await;
    let from = |language: &str| json!({"id": 77, "is_bot": false, "first_name": "Ana", "language_code": language});
    bot.telegram.push(json!({"inline_query": {
        "id": "iq-1", "from": from("ru"), "query": "ref_42", "offset": "",
    }}));
    bot.telegram.push(json!({"inline_query": {
        "id": "iq-2", "from": from("en"), "query": "", "offset": "",
    }}));
    let answers = common::eventually("the inline answers", || async {
        let calls = bot.telegram.calls("answerInlineQuery");
        (calls.len() == 2).then_some(calls)
    })
    .await;
    // Inline queries belong to no chat, so the dispatcher may answer them in either order.
    let answer_to = |id: &str| {
        answers
            .iter()
            .map(|call| &call.body)
            .find(|body| body["inline_query_id"] == id)
            .unwrap_or_else(|| panic!("no answer to {id}"))
    };
    let first = answer_to("iq-1");
    assert_eq!(first["is_personal"], true);
    let card = &first["results"][0];
    assert_eq!(card["title"], "Пригласить друга");
    assert_eq!(button(card)["text"], "Играть");
    assert_eq!(
        button(card)["url"],
        "https://t.me/casino_test_bot?startapp=ref_42"
    );
    // Without a referral in the query, the card still opens the Mini App.
    let second = answer_to("iq-2");
    assert_eq!(
        button(&second["results"][0])["url"],
        "https://t.me/casino_test_bot"
    );
    bot.stop().await.expect("clean stop");
}
