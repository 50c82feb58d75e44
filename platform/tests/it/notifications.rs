//! Notifications raised by real events, their read and delete calls, and the contact form.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::data;
use crate::rewards_common::Watcher;

#[tokio::test]
async fn a_deposit_raises_messages_and_pushes_published_to_the_player() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    let empty = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    assert_eq!(
        empty["meta"],
        json!({"page": 1, "perPage": 20, "totalPages": 0, "totalRows": 0, "totalUnread": 0})
    );
    let mut watcher = Watcher::start(
        &platform,
        &token,
        &[
            format!("messenger:notifications#{player_id}"),
            format!("messenger:pushes#{player_id}"),
        ],
    )
    .await;

    platform.deposit_settled(&token, 2500, "USD").await;

    let messages = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    let titles: Vec<&str> = data(&messages)
        .iter()
        .map(|m| m["content"]["title"].as_str().expect("title"))
        .collect();
    // Newest first: the welcome bonus the first deposit issued, then the deposit itself.
    assert_eq!(
        titles,
        ["Bonus of 25.00 USD issued", "Deposit of 25.00 USD credited"]
    );
    let first = &data(&messages)[1];
    assert_eq!(
        (&first["state"], &first["readAt"], &first["kind"]),
        (&json!(1), &Value::Null, &json!("deposit"))
    );
    assert!(
        first["content"]["body"]
            .as_str()
            .is_some_and(|b| b.contains("25.00 USD"))
    );
    assert_eq!(messages["meta"]["totalUnread"], 2);
    let pushes = platform.get_ok(&token, "/api/notification/pushes").await;
    assert_eq!(pushes["meta"]["totalRows"], 2);
    assert_eq!(pushes["meta"]["totalUnread"], 2);

    let message = watcher
        .until(&format!("messenger:notifications#{player_id}"), |d| {
            d["message"]["kind"] == "deposit"
        })
        .await;
    assert_eq!(message["event"], "notification.created");
    assert_eq!(message["message"]["id"], first["id"]);
    let push = watcher
        .until(&format!("messenger:pushes#{player_id}"), |d| {
            d["push"]["kind"] == "bonus_issued"
        })
        .await;
    assert_eq!(push["event"], "push.created");
    assert_eq!(push["push"]["state"], 1);
    watcher.stop().await;
}

async fn post(
    platform: &common::TestPlatform,
    token: Option<&str>,
    path: &str,
    body: Value,
) -> (u16, Value) {
    platform.call(Method::POST, path, token, Some(body)).await
}

#[tokio::test]
async fn messages_are_read_deleted_and_counted_per_page() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    for _ in 0..3 {
        platform.deposit_settled(&token, 1000, "USD").await;
    }
    // 3 deposits and the welcome bonus of the first.
    let page = platform
        .get_ok(
            &token,
            "/api/notification/messenger/messages?page=2&perPage=3",
        )
        .await;
    assert_eq!(
        page["meta"],
        json!({"page": 2, "perPage": 3, "totalPages": 2, "totalRows": 4, "totalUnread": 4})
    );
    assert_eq!(data(&page).len(), 1);
    let all = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    let ids: Vec<i64> = data(&all)
        .iter()
        .map(|m| m["id"].as_i64().expect("id"))
        .collect();

    let (status, read) = post(
        &platform,
        Some(&token),
        "/api/notification/messenger/messages/read",
        json!({"messageIds": [ids[0], ids[1]]}),
    )
    .await;
    assert_eq!(
        (status, &read["changed"], &read["totalUnread"]),
        (200, &json!(2), &json!(2)),
        "{read}"
    );
    let all = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    assert_eq!(data(&all)[0]["state"], 2);
    assert!(data(&all)[0]["readAt"].as_str().is_some());
    assert_eq!(data(&all)[2]["state"], 1);

    // Another player's ids change nothing.
    let (_, other) = platform.player("bob@example.com", "USD").await;
    let (status, read) = post(
        &platform,
        Some(&other),
        "/api/notification/messenger/messages/read",
        json!({"messageIds": ids}),
    )
    .await;
    assert_eq!((status, &read["changed"]), (200, &json!(0)));
    let (status, deleted) = platform
        .call(
            Method::DELETE,
            "/api/notification/messenger/messages",
            Some(&other),
            Some(json!({"messageIds": ids})),
        )
        .await;
    assert_eq!((status, &deleted["changed"]), (200, &json!(0)));

    let (status, deleted) = platform
        .call(
            Method::DELETE,
            "/api/notification/messenger/messages",
            Some(&token),
            Some(json!({"messageIds": [ids[0], ids[3]]})),
        )
        .await;
    assert_eq!(
        (status, &deleted["changed"], &deleted["totalUnread"]),
        (200, &json!(2), &json!(1))
    );
    let (status, all_read) = post(
        &platform,
        Some(&token),
        "/api/notification/messenger/messages/read/all",
        json!({}),
    )
    .await;
    assert_eq!(
        (status, &all_read["changed"], &all_read["totalUnread"]),
        (200, &json!(1), &json!(0))
    );
    let left = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    assert_eq!(left["meta"]["totalRows"], 2);
    assert_eq!(left["meta"]["totalUnread"], 0);

    // Pushes are their own feed.
    let pushes = platform
        .get_ok(&token, "/api/notification/pushes?perPage=1")
        .await;
    assert_eq!(pushes["meta"]["totalUnread"], 4);
    assert_eq!(pushes["meta"]["totalPages"], 4);
    let push = data(&pushes)[0]["id"].as_i64().expect("id");
    let (status, read) = post(
        &platform,
        Some(&token),
        "/api/notification/pushes/read",
        json!({"pushIds": [push]}),
    )
    .await;
    assert_eq!((status, &read["totalUnread"]), (200, &json!(3)));
    let (status, read) = post(
        &platform,
        Some(&token),
        "/api/notification/pushes/read/all",
        json!({}),
    )
    .await;
    assert_eq!(
        (status, &read["changed"], &read["totalUnread"]),
        (200, &json!(3), &json!(0))
    );

    for (path, body) in [
        (
            "/api/notification/messenger/messages/read",
            json!({"messageIds": []}),
        ),
        (
            "/api/notification/messenger/messages/read",
            json!({"messageIds": "1"}),
        ),
        (
            "/api/notification/messenger/messages/read",
            json!({"ids": [1]}),
        ),
        (
            "/api/notification/pushes/read",
            json!({"pushIds": (0..101).collect::<Vec<_>>()}),
        ),
    ] {
        let (status, answer) = post(&platform, Some(&token), path, body).await;
        assert!((400..500).contains(&status), "{path}: {answer}");
        assert!(answer["code"].as_str().is_some());
    }
    for query in ["?page=0", "?perPage=101", "?perPage=x"] {
        let (status, _) = platform
            .get_as(&token, &format!("/api/notification/pushes{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
    }
    let (status, _) = platform
        .call(Method::GET, "/api/notification/pushes", None, None)
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn contact_messages_are_validated_stored_and_mailed() {
    let platform = common::spawn().await;
    let (status, received) = post(
        &platform,
        None,
        "/api/notification/communications",
        json!({"email": "Guest@Example.com", "message": "  Where is my withdrawal?  "}),
    )
    .await;
    assert_eq!(status, 201, "{received}");
    let id = received["id"].as_i64().expect("id");

    let (_, support) = platform
        .get("/api/sandbox/outbox?to=support@sandbox.casino")
        .await;
    let mail = &data(&support)[0];
    assert_eq!(mail["subject"], format!("[#{id}] Contact form"));
    let body = mail["body"].as_str().expect("body");
    assert!(
        body.contains("guest@example.com")
            && body.contains("a guest")
            && body.contains("Where is my withdrawal?"),
        "{body}"
    );
    let (_, sender) = platform
        .get("/api/sandbox/outbox?to=guest@example.com")
        .await;
    assert_eq!(
        data(&sender)[0]["subject"],
        format!("We received your message [#{id}]")
    );

    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    let (status, _) = post(
        &platform,
        Some(&token),
        "/api/notification/communications",
        json!({"name": "Ana", "email": "ana@example.com", "subject": "Bonus", "message": "Hello"}),
    )
    .await;
    assert_eq!(status, 201);
    let (_, support) = platform
        .get("/api/sandbox/outbox?to=support@sandbox.casino")
        .await;
    let mail = &data(&support)[0];
    assert!(
        mail["subject"]
            .as_str()
            .is_some_and(|s| s.ends_with("] Bonus"))
    );
    assert!(
        mail["body"]
            .as_str()
            .is_some_and(|b| b.contains(&format!("Ana <ana@example.com> (player {player_id})")))
    );
    let pool = platform.pool().await;
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM communications")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(stored, 2);

    for (body, field) in [
        (json!({"email": "", "message": "hi"}), "email"),
        (json!({"email": "not-an-email", "message": "hi"}), "email"),
        (
            json!({"email": "a@example.com", "message": "   "}),
            "message",
        ),
        (
            json!({"email": "a@example.com", "message": "x".repeat(5001)}),
            "message",
        ),
        (
            json!({"email": "a@example.com", "message": "hi", "subject": "s".repeat(201)}),
            "subject",
        ),
        (
            json!({"email": "a@example.com", "message": "hi", "name": "n".repeat(101)}),
            "name",
        ),
    ] {
        let (status, answer) =
            post(&platform, None, "/api/notification/communications", body).await;
        common::assert_refused(status, &answer, 422, "validation_failed");
        assert!(
            answer["fields"][field].as_str().is_some(),
            "{field}: {answer}"
        );
    }
    let (status, answer) = post(
        &platform,
        None,
        "/api/notification/communications",
        json!({"message": "hi"}),
    )
    .await;
    common::assert_refused(status, &answer, 422, "invalid_json");
    let (status, _) = platform
        .call(
            Method::POST,
            "/api/notification/communications",
            Some("bad-token"),
            Some(json!({"email": "a@example.com", "message": "hi"})),
        )
        .await;
    assert_eq!(status, 401, "a stale token is not silently a guest");
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM communications")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(stored, 2);
}
