#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

use crate::common;
use serde_json::{Value, json};

async fn put_users(
    platform: &common::TestPlatform,
    key: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut request = platform
        .client
        .put(format!("{}/api/tg-bot/users", platform.base))
        .json(&body);
    if let Some(key) = key {
        request = request.header("x-service-key", key);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

fn user(id: i64) -> Value {
    json!({"id": id, "firstName": "Ann", "lastName": null, "username": "ann", "languageCode": "es",
           "isPremium": true, "refId": "42", "affiliateTag": "stag-1", "isBlocked": false})
}

#[tokio::test]
async fn the_bot_upserts_users_with_first_touch_attribution() {
    let platform = common::spawn().await;
    let (status, body) = put_users(
        &platform,
        Some(common::BOT_SERVICE_KEY),
        json!({"users": [user(7)]}),
    )
    .await;
    assert_eq!((status, body), (200, json!({"synced": 1})));

    let mut again = user(7);
    again["firstName"] = json!("Annie");
    again["refId"] = json!("99");
    again["isBlocked"] = json!(true);
    put_users(
        &platform,
        Some(common::BOT_SERVICE_KEY),
        json!({"users": [again, user(8)]}),
    )
    .await;

    let row: (String, Option<String>, bool, i64) = sqlx::query_as(
        "SELECT first_name, ref_id, is_blocked, (SELECT count(*) FROM tg_bot_users) FROM tg_bot_users WHERE tg_user_id = 7",
    )
    .fetch_one(&platform.pool().await)
    .await
    .unwrap();
    assert_eq!(row, ("Annie".to_owned(), Some("42".to_owned()), true, 2));
}

#[tokio::test]
async fn a_wrong_or_missing_service_key_is_refused() {
    let platform = common::spawn().await;
    for key in [None, Some("wrong"), Some("")] {
        let (status, body) = put_users(&platform, key, json!({"users": [user(7)]})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("service_key_invalid")),
            "{key:?}"
        );
    }
}

#[tokio::test]
async fn batches_are_limited_and_validated() {
    let platform = common::spawn().await;
    let key = Some(common::BOT_SERVICE_KEY);
    let (status, body) = put_users(&platform, key, json!({"users": []})).await;
    common::assert_refused(status, &body, 422, "validation_failed");
    let many: Vec<Value> = (1..=101).map(user).collect();
    let (status, _) = put_users(&platform, key, json!({"users": many})).await;
    assert_eq!(status, 422);
    let hundred: Vec<Value> = (1..=100).map(user).collect();
    let (status, body) = put_users(&platform, key, json!({"users": hundred})).await;
    assert_eq!((status, body), (200, json!({"synced": 100})));

    let mut bad = user(-1);
    bad["firstName"] = json!(" ");
    let (status, body) = put_users(&platform, key, json!({"users": [bad]})).await;
    assert_eq!(status, 422);
    assert!(body["fields"]["users.0.id"].is_string());
    assert!(body["fields"]["users.0.firstName"].is_string());
}
