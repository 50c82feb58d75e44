//! `tg_login` and its refresh variant against a fake platform: valid data is forwarded as it came,
//! invalid data never reaches the platform, and every outcome is audited.

use std::time::Duration;

use crate::common::{launch, now, spawn_app, spawn_app_on, spawn_app_with};
use axum::http::StatusCode;
use serde_json::{Value, json};
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};

#[tokio::test]
async fn a_valid_launch_is_forwarded_unchanged_and_the_answer_comes_back_unchanged() {
    let app = spawn_app().await;
    let body = format!(
        r#"{{"tg_payload":{},"affiliateTag":"aff-1","ref_id":"42","frogoFingerprint":"fp"}}"#,
        serde_json::to_string(&launch(7001)).unwrap()
    );
    let response = app
        .client
        .post(format!("{}/api/player/tg_login", app.base))
        .header("content-type", "application/json")
        .header("x-request-id", "trace-abc")
        .header(
            "traceparent",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        )
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-request-id"], "trace-abc");
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        answer,
        json!({"accessToken": "header.payload.signature", "profile": {"id": 1}})
    );
    let requests = app.platform.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/api/player/tg_login");
    assert_eq!(requests[0].body, body.as_bytes());
    assert_eq!(requests[0].headers["x-request-id"], "trace-abc");
    assert!(requests[0].headers.contains_key("traceparent"));
    let rows = app.audit_rows(1).await;
    assert_eq!(
        rows,
        vec![(
            Some(7001),
            "tg_login".to_owned(),
            "session_issued".to_owned(),
            Some(200)
        )]
    );
}

#[tokio::test]
async fn refresh_goes_to_the_platforms_refresh_route() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/player/tg_login/refresh",
            &json!({"tg_payload": launch(7002), "affiliateTag": "aff"}),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        app.platform.requests()[0].path,
        "/api/player/tg_login/refresh"
    );
    assert_eq!(app.audit_rows(1).await[0].1, "tg_login_refresh");
}

#[tokio::test]
async fn invalid_init_data_is_refused_without_any_upstream_request() {
    let app = spawn_app().await;
    let valid = launch(7003);
    let tampered = valid.replace("Ada", "Eve");
    let expired = sign(
        &InitData::for_user(User::new(7003, "Ada"), now() - 86_401),
        SANDBOX_BOT_TOKEN,
    );
    let other_bot = sign(
        &InitData::for_user(User::new(7003, "Ada"), now()),
        "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8",
    );
    let without_hash = valid.split("&hash=").next().unwrap().to_owned();
    let without_user = sign(&InitData::new(now()), SANDBOX_BOT_TOKEN);
    let cases = [
        (tampered.as_str(), "init_data_invalid"),
        (expired.as_str(), "init_data_expired"),
        (other_bot.as_str(), "init_data_invalid"),
        (without_hash.as_str(), "init_data_missing_hash"),
        ("auth_date=1&auth_date=2&hash=00", "init_data_duplicate_key"),
        ("user=%zz&hash=00", "init_data_bad_encoding"),
        (without_user.as_str(), "init_data_missing_user"),
    ];
    for (payload, code) in cases {
        let response = app.tg_login(payload).await;
        assert_eq!(response.status(), 401, "{code}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], code);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Telegram sign-in data was refused")
        );
    }
    let oversize = format!("{valid}&x={}", "a".repeat(4096));
    let body: Value = app.tg_login(&oversize).await.json().await.unwrap();
    assert_eq!(body["code"], "init_data_too_large");
    assert!(app.platform.requests().is_empty());
    let rows = app.audit_rows(cases.len() + 1).await;
    assert!(
        rows.iter()
            .all(|(user, _, _, status)| user.is_none() && status.is_none())
    );
}

#[tokio::test]
async fn bodies_that_are_not_a_login_are_400_and_oversize_bodies_413() {
    let app = spawn_app().await;
    for body in [
        "",
        "not json",
        r#"{"tg_payload": 5}"#,
        r#"{"affiliateTag":"x"}"#,
    ] {
        let response = app
            .client
            .post(format!("{}/api/player/tg_login", app.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["code"], "invalid_body", "{body}");
    }
    let huge = json!({"tg_payload": launch(1), "padding": "x".repeat(20_000)});
    let response = app.post_json("/api/player/tg_login", &huge).await;
    assert_eq!(response.status(), 413);
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["code"], "body_too_large");
    assert!(app.platform.requests().is_empty());
}

#[tokio::test]
async fn a_blocked_player_gets_the_platforms_refusal_unchanged() {
    let app = spawn_app().await;
    let refusal = json!({"code": "player_blocked", "message": "This account is blocked."});
    app.platform
        .reply_with(StatusCode::FORBIDDEN, refusal.clone());
    let response = app.tg_login(&launch(7004)).await;
    assert_eq!(response.status(), 403);
    assert_eq!(response.json::<Value>().await.unwrap(), refusal);
    assert_eq!(
        app.audit_rows(1).await,
        vec![(
            Some(7004),
            "tg_login".to_owned(),
            "player_blocked".to_owned(),
            Some(403)
        )]
    );
}

#[tokio::test]
async fn a_platform_that_is_down_is_502_and_a_slow_one_504() {
    let app = spawn_app_with(|config| {
        config.platform_url = "http://127.0.0.1:9".to_owned();
    })
    .await;
    let response = app.tg_login(&launch(7005)).await;
    assert_eq!(response.status(), 502);
    assert_eq!(
        response.json::<Value>().await.unwrap()["code"],
        "upstream_unavailable"
    );

    let app = spawn_app_with(|config| config.upstream_timeout = Duration::from_millis(200)).await;
    app.platform.delay(Duration::from_secs(2));
    let response = app.tg_login(&launch(7006)).await;
    assert_eq!(response.status(), 504);
    assert_eq!(
        response.json::<Value>().await.unwrap()["code"],
        "upstream_timeout"
    );
    assert_eq!(app.audit_rows(1).await[0].2, "upstream_timeout");
}

#[tokio::test]
async fn a_burst_beyond_the_in_flight_limit_is_refused_at_once_with_503_and_retry_after() {
    let app = std::sync::Arc::new(
        spawn_app_with(|config| {
            config.max_in_flight = service_kit::load_shed::InFlightLimit::new(2);
        })
        .await,
    );
    // The platform is slow: two logins hold both places while the third arrives.
    app.platform.delay(Duration::from_secs(3));
    let busy: Vec<_> = (0..2)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move { app.tg_login(&launch(7100 + n)).await.status() })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;

    let shed = app.tg_login(&launch(7102)).await;
    // Answered without waiting for a place: both logins holding them are still under way.
    assert!(
        busy.iter().all(|handle| !handle.is_finished()),
        "the third login waited for a place"
    );
    assert_eq!(shed.status(), 503);
    assert_eq!(shed.headers()["retry-after"], "1");
    assert_eq!(shed.json::<Value>().await.unwrap()["code"], "overloaded");
    // Health is never shed.
    assert_eq!(app.get("/healthz").await.status(), 200);
    for handle in busy {
        assert_eq!(handle.await.unwrap(), 200);
    }
    // The places came back.
    app.platform.delay(Duration::ZERO);
    assert_eq!(app.tg_login(&launch(7103)).await.status(), 200);
}

#[tokio::test]
async fn replicas_sharing_the_database_allow_the_limit_together_not_each() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let shared = |config: &mut auth_service::Config| {
        config.rate_per_ip_per_minute = 3.try_into().unwrap();
        config.rate_limit_store = auth_service::limits::Store::Database;
    };
    let first = spawn_app_on(dir, &url, shared).await;
    let second = spawn_app_on(tempfile::tempdir().unwrap(), &url, shared).await;

    // One client address, its requests spread over both replicas: three in the minute, not six.
    let mut statuses = Vec::new();
    for (n, app) in [&first, &second, &first, &second, &first]
        .into_iter()
        .enumerate()
    {
        statuses.push(
            app.tg_login(&launch(7200 + n as i64))
                .await
                .status()
                .as_u16(),
        );
    }
    assert_eq!(statuses, [200, 200, 200, 429, 429]);
    let limited = second.tg_login(&launch(7210)).await;
    let retry_after: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
}

#[tokio::test]
async fn client_addresses_over_their_limit_get_429_with_retry_after() {
    let app = spawn_app_with(|config| {
        config.rate_per_ip_per_minute = 2.try_into().unwrap();
    })
    .await;
    assert_eq!(app.tg_login(&launch(1)).await.status(), 200);
    assert_eq!(app.tg_login("junk").await.status(), 401);
    let response = app.tg_login(&launch(2)).await;
    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&retry_after), "{retry_after}");
    assert_eq!(
        response.json::<Value>().await.unwrap()["code"],
        "rate_limited"
    );
    assert_eq!(app.platform.requests().len(), 1);
}

#[tokio::test]
async fn players_over_their_limit_get_429_from_any_address() {
    let app = spawn_app_with(|config| {
        config.rate_per_user_per_minute = 1.try_into().unwrap();
    })
    .await;
    assert_eq!(app.tg_login(&launch(10)).await.status(), 200);
    let response = app.tg_login(&launch(10)).await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    assert_eq!(app.tg_login(&launch(11)).await.status(), 200);
    assert_eq!(app.platform.requests().len(), 2);
}

#[tokio::test]
async fn metrics_count_requests_outcomes_and_upstream_latency() {
    let app = spawn_app().await;
    app.tg_login(&launch(20)).await;
    app.tg_login("junk").await;
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    for expected in [
        r#"auth_login_outcomes_total{route="tg_login",outcome="session_issued"} 1"#,
        r#"auth_login_outcomes_total{route="tg_login",outcome="init_data_bad_encoding"} 1"#,
        r#"auth_http_requests_total{route="/api/player/tg_login",status="200"} 1"#,
        r#"auth_http_requests_total{route="/api/player/tg_login",status="401"} 1"#,
        "auth_upstream_duration_seconds_count 1",
        "auth_http_request_duration_seconds_bucket",
    ] {
        assert!(text.contains(expected), "{expected} missing from\n{text}");
    }
}

#[tokio::test]
async fn health_and_unknown_routes() {
    let app = spawn_app().await;
    assert_eq!(app.get("/healthz").await.status(), 200);
    assert_eq!(app.get("/readyz").await.status(), 200);
    let response = app.get("/nope").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers().contains_key("x-request-id"));
    assert_eq!(
        response.json::<Value>().await.unwrap()["code"],
        "route_not_found"
    );
}
