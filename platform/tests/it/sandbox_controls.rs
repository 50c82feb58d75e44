#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! The sandbox's controls (settle an invoice or a sportsbook bet, read the outbox, mint a login
//! link, the stand-in payment and sign-in pages) can mint money or take over an account: with
//! `APP_ENV=production` they do not exist, or answer only to the operator key.

use crate::common;
use reqwest::Method;
use serde_json::json;

/// A well-formed bot token that is not the sandbox's (production refuses that one).
const PRODUCTION_BOT_TOKEN: &str = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
const OPERATOR_KEY: &str = "operator-key-for-the-tests";

/// Every control, as a method and a path (ids that do not exist: the gate answers before the
/// handler looks anything up).
const CONTROLS: &[(&str, &str)] = &[
    ("POST", "/api/sandbox/invoices/no-such-invoice/settle"),
    ("POST", "/api/sandbox/bets/999999/settle"),
    ("GET", "/api/sandbox/outbox?to=ann@example.com"),
    ("POST", "/api/sandbox/login-tokens"),
    ("GET", "/sandbox/payments/no-such-invoice"),
    ("POST", "/sandbox/payments/no-such-invoice"),
    (
        "GET",
        "/sandbox/oauth/google?state=s&redirect_uri=http://localhost/auth/social/google/callback",
    ),
    ("POST", "/sandbox/oauth/google"),
    ("GET", "/sandbox/sumsub/applicant?accessToken=_act-sbx-none"),
    ("POST", "/sandbox/sumsub/applicant"),
];

async fn send(
    platform: &common::TestPlatform,
    method: &str,
    path: &str,
    key: Option<&str>,
) -> (u16, String) {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = platform
        .client
        .request(method.clone(), format!("{}{path}", platform.base));
    if method == Method::POST {
        request = request.json(&json!({ "status": 2, "win": 100, "login": "ann@example.com" }));
    }
    if let Some(key) = key {
        request = request.header("x-sandbox-operator-key", key);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

#[tokio::test]
async fn in_production_without_an_operator_key_the_controls_do_not_exist() {
    let platform = common::spawn_with(&[
        ("APP_ENV", "production"),
        ("PUBLIC_URL", "https://casino.example"),
        ("TELEGRAM_BOT_TOKEN", PRODUCTION_BOT_TOKEN),
    ])
    .await;
    for (method, path) in CONTROLS {
        let (status, body) = send(&platform, method, path, None).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
        assert!(body.contains("route_not_found"), "{method} {path}: {body}");
    }
    // What players use is still there.
    let (status, _) = platform.get("/api/game/games?perPage=1").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn in_production_with_an_operator_key_only_the_key_opens_them() {
    let platform = common::spawn_with(&[
        ("APP_ENV", "production"),
        ("PUBLIC_URL", "https://casino.example"),
        ("TELEGRAM_BOT_TOKEN", PRODUCTION_BOT_TOKEN),
        ("SANDBOX_OPERATOR_KEY", OPERATOR_KEY),
    ])
    .await;
    for (method, path) in CONTROLS {
        for wrong in [None, Some("operator-key-for-the-test"), Some("")] {
            let (status, body) = send(&platform, method, path, wrong).await;
            assert_eq!(status, 403, "{method} {path} with {wrong:?}: {body}");
            assert!(body.contains("operator_key_required"), "{body}");
        }
        // With the key the handler answers (here about ids that do not exist), not the gate.
        let (status, body) = send(&platform, method, path, Some(OPERATOR_KEY)).await;
        assert!(
            !body.contains("route_not_found") && !body.contains("operator_key_required"),
            "{method} {path} with the key: {status} {body}"
        );
    }

    // With the key, a control does its work: the outbox answers.
    let (status, body) = send(
        &platform,
        "GET",
        "/api/sandbox/outbox?to=ann@example.com",
        Some(OPERATOR_KEY),
    )
    .await;
    assert_eq!((status, body.as_str()), (200, r#"{"data":[]}"#));
}

#[tokio::test]
async fn outside_production_the_controls_are_open_for_the_demo_and_the_tests() {
    let platform = common::spawn().await;
    let (status, body) = send(
        &platform,
        "GET",
        "/api/sandbox/outbox?to=ann@example.com",
        None,
    )
    .await;
    assert_eq!((status, body.as_str()), (200, r#"{"data":[]}"#));
}

#[test]
fn a_short_operator_key_is_refused_at_start_up() {
    let error = platform::Config::from_env(&service_kit::Env::from_pairs([
        ("APP_ENV", "production"),
        ("PUBLIC_URL", "https://casino.example"),
        ("TELEGRAM_BOT_TOKEN", PRODUCTION_BOT_TOKEN),
        ("SANDBOX_OPERATOR_KEY", "short"),
    ]))
    .unwrap_err();
    assert!(
        error.to_string().contains("SANDBOX_OPERATOR_KEY"),
        "{error}"
    );
}
