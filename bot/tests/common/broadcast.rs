//! Driving `/broadcast` as a staff member would: the command, one text per language (or Skip),
//! and the buttons under the preview.

use serde_json::{Value, json};

use super::{STAFF_ID, TestBot, eventually, text_message};

/// A press on an inline button of message `message_id` in `user_id`'s chat.
pub fn press(user_id: i64, message_id: i64, data: &str) -> Value {
    json!({
        "callback_query": {
            "id": format!("cb-{user_id}-{data}"),
            "from": {"id": user_id, "is_bot": false, "first_name": format!("User{user_id}"), "language_code": "en"},
            "message": {
                "message_id": message_id,
                "date": 1_760_000_000,
                "chat": {"id": user_id, "type": "private", "first_name": format!("User{user_id}")},
                "from": {"id": fake_telegram::BOT_ID, "is_bot": true, "first_name": "Casino"},
                "text": "…",
            },
            "chat_instance": "1",
            "data": data,
        }
    })
}

/// The texts of the bot's messages to staff so far.
pub fn staff_messages(bot: &TestBot) -> Vec<Value> {
    bot.telegram.messages_to(STAFF_ID)
}

async fn next_to_staff(bot: &TestBot, seen: &mut usize) -> Value {
    *seen += 1;
    bot.telegram.nth_message_to(STAFF_ID, *seen).await
}

/// A ready draft with `texts` (en, ru, es, pt-br; `None` skips a language): returns its id and
/// the confirmation message, which follows the previews.
pub async fn compose(bot: &TestBot, texts: [Option<&str>; 4]) -> (i64, Value) {
    let mut seen = staff_messages(bot).len();
    bot.telegram
        .push(text_message(STAFF_ID, "en", "/broadcast"));
    let prompt = next_to_staff(bot, &mut seen).await;
    let id: i64 = prompt["text"]
        .as_str()
        .and_then(|t| t.strip_prefix("Broadcast "))
        .and_then(|t| t.split('.').next())
        .and_then(|t| t.parse().ok())
        .expect("the prompt names the broadcast");
    let codes = ["en", "ru", "es", "pt"];
    for (i, text) in texts.iter().enumerate() {
        match text {
            Some(text) => bot.telegram.push(text_message(STAFF_ID, "en", text)),
            None => bot.telegram.push(press(
                STAFF_ID,
                1,
                &format!("broadcast:{id}:skip-{}", codes[i]),
            )),
        };
        if i < 3 {
            next_to_staff(bot, &mut seen).await;
        }
    }
    seen += texts.iter().flatten().count();
    let confirmation = next_to_staff(bot, &mut seen).await;
    (id, confirmation)
}

/// Presses Send under the confirmation, which becomes message `progress_message` in the test.
pub fn send(bot: &TestBot, id: i64, progress_message: i64) {
    bot.telegram.push(press(
        STAFF_ID,
        progress_message,
        &format!("broadcast:{id}:send"),
    ));
}

/// Waits for the broadcast's report (up to a minute) and returns its text.
pub async fn report(bot: &TestBot, id: i64) -> String {
    let prefix = format!("Broadcast {id} finished");
    for _ in 0..6 {
        let found = eventually_quietly(|| {
            staff_messages(bot)
                .into_iter()
                .map(|m| m["text"].as_str().unwrap_or_default().to_owned())
                .find(|t| t.starts_with(&prefix))
        })
        .await;
        if let Some(text) = found {
            return text;
        }
    }
    panic!("no report of broadcast {id}");
}

async fn eventually_quietly(probe: impl Fn() -> Option<String>) -> Option<String> {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while tokio::time::Instant::now() < deadline {
        if let Some(found) = probe() {
            return Some(found);
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    None
}

/// The answers to button presses, in order.
pub async fn answers(bot: &TestBot, at_least: usize) -> Vec<String> {
    eventually("the answers to the button presses", || async {
        let answers: Vec<String> = bot
            .telegram
            .calls("answerCallbackQuery")
            .iter()
            .map(|c| c.body["text"].as_str().unwrap_or_default().to_owned())
            .collect();
        (answers.len() >= at_least).then_some(answers)
    })
    .await
}
