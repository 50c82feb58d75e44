#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn launch(id: i64, first_name: &str, auth_date: u64) -> String {
    let mut user = User::new(id, first_name);
    user.language_code = Some("es".to_owned());
    user.username = Some("ana_tg".to_owned());
    sign(&InitData::for_user(user, auth_date), SANDBOX_BOT_TOKEN)
}

async fn tg_login(platform: &common::TestPlatform, body: Value) -> (u16, Value) {
    platform
        .call(Method::POST, "/api/player/tg_login", None, Some(body))
        .await
}

#[tokio::test]
async fn a_first_launch_creates_the_player_and_later_ones_sign_in() {
    let platform = common::spawn().await;
    let payload = launch(5001, "Ana", now());
    let (status, first) = tg_login(&platform, json!({"tg_payload": payload})).await;
    assert_eq!(status, 200, "{first}");
    let profile = &first["profile"];
    assert_eq!(profile["tgUserId"], 5001);
    assert_eq!(profile["firstName"], "Ana");
    assert_eq!(profile["nickname"], "ana_tg");
    assert_eq!(profile["locale"], "es");
    assert_eq!(profile["isNewlyRegistered"], true);

    let token = first["accessToken"].as_str().unwrap();
    let (_, accounts) = platform
        .call(Method::GET, "/api/wallet/accounts", Some(token), None)
        .await;
    assert_eq!(accounts["data"][0]["currency"], "USD");
    assert_eq!(accounts["data"][0]["status"], 1);

    let (status, again) = platform
        .call(
            Method::POST,
            "/api/player/tg_login/refresh",
            None,
            Some(json!({"tg_payload": launch(5001, "Ana", now())})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(again["profile"]["id"], profile["id"]);
    assert_eq!(again["profile"]["isNewlyRegistered"], false);
}

#[tokio::test]
async fn tampered_expired_or_foreign_init_data_is_refused_with_its_code() {
    let platform = common::spawn().await;
    let payload = launch(5002, "Bea", now());
    let cases = [
        (payload.replace("Bea", "Bob"), "init_data_invalid"),
        (
            launch(5002, "Bea", now() - 2 * 24 * 3600),
            "init_data_expired",
        ),
        (
            sign(
                &InitData::for_user(User::new(5002, "Bea"), now()),
                "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            ),
            "init_data_invalid",
        ),
        (
            "user=%7B%7D&auth_date=1".to_owned(),
            "init_data_missing_hash",
        ),
    ];
    for (payload, code) in cases {
        let (status, body) = tg_login(&platform, json!({"tg_payload": payload})).await;
        assert_eq!((status, body["code"].as_str()), (401, Some(code)), "{body}");
    }
    let (status, body) = tg_login(&platform, json!({"tg_payload": 5})).await;
    common::assert_refused(status, &body, 422, "invalid_json");
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM players")
        .fetch_one(&platform.pool().await)
        .await
        .unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn attribution_comes_from_the_launch_or_else_the_bots_record() {
    let platform = common::spawn().await;
    let (referrer, _) = platform.player("ref@example.com", "USD").await;
    let (_, launched) = tg_login(
        &platform,
        json!({"tg_payload": launch(6001, "Cy", now()), "ref_id": referrer.to_string(),
               "affiliateTag": "summer"}),
    )
    .await;

    platform
        .client
        .put(format!("{}/api/tg-bot/users", platform.base))
        .header("x-service-key", common::BOT_SERVICE_KEY)
        .json(
            &json!({"users": [{"id": 6002, "firstName": "Di", "refId": referrer.to_string(),
                                 "affiliateTag": "from-bot"}]}),
        )
        .send()
        .await
        .unwrap();
    let (_, from_bot) = tg_login(&platform, json!({"tg_payload": launch(6002, "Di", now())})).await;

    let pool = platform.pool().await;
    for (profile, tag) in [
        (&launched["profile"], "summer"),
        (&from_bot["profile"], "from-bot"),
    ] {
        let row: (Option<String>, Option<i64>) =
            sqlx::query_as("SELECT affiliate_tag, referrer_player_id FROM players WHERE id = ?")
                .bind(profile["id"].as_i64().unwrap())
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(row, (Some(tag.to_owned()), Some(referrer)));
    }
}

#[tokio::test]
async fn a_blocked_messenger_player_gets_403() {
    let platform = common::spawn().await;
    let (_, first) = tg_login(&platform, json!({"tg_payload": launch(7001, "Ed", now())})).await;
    sqlx::query("UPDATE players SET is_blocked = 1 WHERE id = ?")
        .bind(first["profile"]["id"].as_i64().unwrap())
        .execute(&platform.pool().await)
        .await
        .unwrap();
    let (status, body) =
        tg_login(&platform, json!({"tg_payload": launch(7001, "Ed", now())})).await;
    common::assert_refused(status, &body, 403, "player_blocked");
}

#[tokio::test]
async fn simultaneous_first_launches_create_one_player() {
    let platform = common::spawn().await;
    let payload = launch(8001, "Flo", now());
    let calls = (0..8).map(|_| tg_login(&platform, json!({"tg_payload": payload.clone()})));
    let results = futures_util::future::join_all(calls).await;
    let ids: std::collections::BTreeSet<i64> = results
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 200, "{body}");
            body["profile"]["id"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(ids.len(), 1);
    // The sign-up is one transaction: one launch created the player, the others found it.
    let created = results
        .iter()
        .filter(|(_, body)| body["profile"]["isNewlyRegistered"] == true)
        .count();
    assert_eq!(created, 1);
    let pool = platform.pool().await;
    let accounts: i64 = sqlx::query_scalar("SELECT count(*) FROM accounts")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(accounts, 1);
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM player_sessions")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(sessions, 8);
}

#[tokio::test]
async fn simultaneous_returning_sign_ins_each_get_a_session_that_exists() {
    let platform = common::spawn().await;
    for id in 9001..9011 {
        let (status, _) =
            tg_login(&platform, json!({"tg_payload": launch(id, "Gus", now())})).await;
        assert_eq!(status, 200);
    }
    // Many sign-ins at once share the session writer's commits; each answer comes after its own.
    let calls = (0..60).map(|n| {
        let payload = launch(9001 + n % 10, "Gus", now());
        tg_login(&platform, json!({"tg_payload": payload}))
    });
    let results = futures_util::future::join_all(calls).await;
    for (status, body) in &results {
        assert_eq!(*status, 200, "{body}");
        assert_eq!(body["profile"]["isNewlyRegistered"], false);
        let token = body["accessToken"].as_str().unwrap();
        let (status, _) = platform
            .call(Method::GET, "/api/player/profile", Some(token), None)
            .await;
        assert_eq!(status, 200);
    }
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM player_sessions")
        .fetch_one(&platform.pool().await)
        .await
        .unwrap();
    assert_eq!(sessions, 70);
}

#[tokio::test]
async fn a_session_that_cannot_be_written_gives_no_token() {
    let platform = common::spawn().await;
    let payload = launch(9101, "Hal", now());
    let (status, _) = tg_login(&platform, json!({"tg_payload": payload.clone()})).await;
    assert_eq!(status, 200);
    let pool = platform.pool().await;
    sqlx::query(
        "CREATE TRIGGER no_sessions BEFORE INSERT ON player_sessions
         BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
    )
    .execute(&pool)
    .await
    .unwrap();
    let calls = (0..20).map(|_| tg_login(&platform, json!({"tg_payload": payload.clone()})));
    for (status, body) in futures_util::future::join_all(calls).await {
        assert_eq!(status, 500, "{body}");
        assert!(body.get("accessToken").is_none());
    }
    sqlx::query("DROP TRIGGER no_sessions")
        .execute(&pool)
        .await
        .unwrap();
    let (status, _) = tg_login(&platform, json!({"tg_payload": payload})).await;
    assert_eq!(status, 200);
}
