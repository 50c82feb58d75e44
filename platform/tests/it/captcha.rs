// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]

//! Captcha on the contact form, over real HTTP: off by default; the sandbox provider passes its
//! widget's passing tokens and refuses failing or missing ones; the reCAPTCHA provider asks a
//! `siteverify` server (a fake one on loopback) with the secret and judges success, action and score;
//! a provider that cannot answer is 503, never a pass. The sandbox's widget script is served. The
//! sportsbook's real-money start-up asks for it too when a provider is configured.

use std::sync::{Arc, Mutex};

use crate::common::{TestPlatform, spawn, spawn_with};
use axum::extract::State;
use axum::routing::post;
use axum::{Form, Json, Router};
use reqwest::Method;
use serde_json::{Value, json};

async fn contact(platform: &TestPlatform, email: &str, captcha: Option<&str>) -> (u16, Value) {
    let mut body = json!({"email": email, "message": "Where is my withdrawal?"});
    if let Some(token) = captcha {
        body["captcha"] = json!(token);
    }
    platform
        .call(
            Method::POST,
            "/api/notification/communications",
            None,
            Some(body),
        )
        .await
}

fn refused_on_captcha(status: u16, body: &Value) {
    assert_eq!(status, 422, "{body}");
    assert!(body["fields"]["captcha"].is_string(), "{body}");
}

#[tokio::test]
async fn without_a_provider_no_captcha_is_asked_for() {
    let platform = spawn().await;
    let (status, body) = contact(&platform, "ana@example.com", None).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn the_sandbox_provider_passes_its_passing_tokens_only() {
    let platform = spawn_with(&[("CAPTCHA_PROVIDER", "sandbox")]).await;
    let (status, body) = contact(&platform, "ana@example.com", None).await;
    refused_on_captcha(status, &body);
    let (status, body) = contact(&platform, "ana@example.com", Some("")).await;
    refused_on_captcha(status, &body);
    let (status, body) = contact(&platform, "ana@example.com", Some("sandbox.fail.v2.abc")).await;
    refused_on_captcha(status, &body);
    let (status, body) = contact(&platform, "ana@example.com", Some("anything")).await;
    refused_on_captcha(status, &body);
    let long = format!("sandbox.pass.{}", "x".repeat(9_000));
    let (status, body) = contact(&platform, "ana@example.com", Some(&long)).await;
    refused_on_captcha(status, &body);
    // The fields are checked first: a typo does not spend the token.
    let (status, body) = contact(&platform, "not-an-email", Some("sandbox.pass.v2.abc")).await;
    assert_eq!(status, 422);
    assert!(
        body["fields"]["email"].is_string() && body["fields"]["captcha"].is_null(),
        "{body}"
    );
    let (status, body) = contact(&platform, "ana@example.com", Some("sandbox.pass.v2.abc")).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = contact(
        &platform,
        "ana@example.com",
        Some("sandbox.pass.frontend_form.x"),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

/// What the fake `siteverify` received: (secret, response) pairs.
type Seen = Arc<Mutex<Vec<(String, String)>>>;

async fn site_verify(
    State(seen): State<Seen>,
    Form(form): Form<Vec<(String, String)>>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let get = |name: &str| {
        form.iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    };
    let (secret, token) = (get("secret"), get("response"));
    seen.lock().unwrap().push((secret, token.clone()));
    match token.as_str() {
        "human" => Json(json!({"success": true, "challenge_ts": "2026-11-25T12:00:00Z", "hostname": "casino.example"})).into_response(),
        "human-form" => Json(json!({"success": true, "score": 0.9, "action": "frontend_form"})).into_response(),
        "bot-like" => Json(json!({"success": true, "score": 0.3, "action": "frontend_form"})).into_response(),
        "other-action" => Json(json!({"success": true, "score": 0.9, "action": "login"})).into_response(),
        "down" => (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response(),
        _ => Json(json!({"success": false, "error-codes": ["invalid-input-response"]})).into_response(),
    }
}

#[tokio::test]
async fn the_recaptcha_provider_asks_siteverify_and_judges_success_action_and_score() {
    let seen: Seen = Arc::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let verify_url = format!("http://{}/siteverify", listener.local_addr().unwrap());
    let app = Router::new()
        .route("/siteverify", post(site_verify))
        .with_state(seen.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let platform = spawn_with(&[
        ("CAPTCHA_PROVIDER", "recaptcha"),
        ("CAPTCHA_SECRET", "server-side-secret"),
        ("CAPTCHA_VERIFY_URL", &verify_url),
    ])
    .await;

    for (token, passes) in [
        ("human", true),
        ("human-form", true),
        ("bot-like", false),
        ("other-action", false),
        ("refused", false),
    ] {
        let (status, body) = contact(&platform, "ana@example.com", Some(token)).await;
        if passes {
            assert_eq!(status, 201, "{token}: {body}");
        } else {
            refused_on_captcha(status, &body);
        }
    }
    let (status, body) = contact(&platform, "ana@example.com", Some("down")).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], "captcha_unavailable");
    // No token, no question to the provider.
    let (status, _) = contact(&platform, "ana@example.com", None).await;
    assert_eq!(status, 422);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 6);
    assert!(
        seen.iter()
            .all(|(secret, _)| secret == "server-side-secret")
    );
    assert_eq!(seen[0].1, "human");
}

#[tokio::test]
async fn an_unreachable_provider_is_503_not_a_pass() {
    let platform = spawn_with(&[
        ("CAPTCHA_PROVIDER", "recaptcha"),
        ("CAPTCHA_SECRET", "s"),
        ("CAPTCHA_VERIFY_URL", "http://127.0.0.1:9/siteverify"),
    ])
    .await;
    let (status, body) = contact(&platform, "ana@example.com", Some("human")).await;
    assert_eq!(status, 503, "{body}");
}

#[test]
fn configuration_refuses_what_cannot_work() {
    let env = |pairs: &[(&'static str, &'static str)]| {
        service_kit::Env::from_pairs(pairs.iter().copied())
    };
    let settings = |pairs: &[(&'static str, &'static str)]| {
        platform::captcha::Settings::from_env(&env(pairs), false)
    };
    assert!(matches!(
        settings(&[]),
        Ok(platform::captcha::Settings::Off)
    ));
    assert!(
        settings(&[("CAPTCHA_PROVIDER", "recaptcha")]).is_err(),
        "a secret is required"
    );
    assert!(settings(&[("CAPTCHA_PROVIDER", "hcaptcha")]).is_err());
    assert!(
        settings(&[
            ("CAPTCHA_PROVIDER", "recaptcha"),
            ("CAPTCHA_SECRET", "s"),
            ("CAPTCHA_VERIFY_URL", "http://evil.example/v")
        ])
        .is_err()
    );
    assert!(
        settings(&[
            ("CAPTCHA_PROVIDER", "recaptcha"),
            ("CAPTCHA_SECRET", "s"),
            ("CAPTCHA_MIN_SCORE", "2")
        ])
        .is_err()
    );
    assert!(settings(&[("CAPTCHA_PROVIDER", "recaptcha"), ("CAPTCHA_SECRET", "s")]).is_ok());
    let production =
        platform::captcha::Settings::from_env(&env(&[("CAPTCHA_PROVIDER", "sandbox")]), true);
    assert!(
        production.is_err(),
        "the sandbox's captcha is not for production"
    );
}

#[tokio::test]
async fn the_sandbox_widget_script_is_served() {
    let platform = spawn().await;
    let response = platform
        .client
        .get(format!("{}/sandbox/captcha/api.js", platform.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let script = response.text().await.unwrap();
    assert!(
        script.contains("window.grecaptcha") && script.contains("enterprise"),
        "{script}"
    );
    // The live chat's stand-in, where Freshchat serves its widget under the chat host.
    let response = platform
        .client
        .get(format!("{}/sandbox/chat/js/widget.js", platform.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("window.fcWidget = api")
    );
}

async fn start(
    platform: &TestPlatform,
    bearer: &str,
    game: &str,
    demo: bool,
    captcha: Option<&str>,
) -> (u16, Value) {
    let mut body = json!({"demoMode": demo});
    if let Some(token) = captcha {
        body["captcha"] = json!(token);
    }
    platform
        .call(
            Method::POST,
            &format!("/api/game/games/{game}/play"),
            Some(bearer),
            Some(body),
        )
        .await
}

#[tokio::test]
async fn the_sportsbook_starts_for_real_money_only_with_a_passing_robot_check_when_one_is_configured()
 {
    let platform = spawn_with(&[("CAPTCHA_PROVIDER", "sandbox")]).await;
    let (_, bearer) = platform.player("bettor@example.com", "USD").await;
    let sportsbook = "altenar-sportsbook";
    let (status, body) = start(&platform, &bearer, sportsbook, false, None).await;
    refused_on_captcha(status, &body);
    let (status, body) = start(
        &platform,
        &bearer,
        sportsbook,
        false,
        Some("sandbox.fail.v2.x"),
    )
    .await;
    refused_on_captcha(status, &body);
    for token in ["sandbox.pass.v2.x", "sandbox.pass.frontend_form.y"] {
        let (status, body) = start(&platform, &bearer, sportsbook, false, Some(token)).await;
        assert_eq!(status, 200, "{body}");
        assert!(body["token"].is_string(), "{body}");
    }
    // A game's launch asks nothing: its bets each go through the game's own page.
    let (status, body) = start(&platform, &bearer, "lucky-sevens", false, None).await;
    assert_eq!(status, 200, "{body}");

    // Without a provider the sportsbook starts as before.
    let platform = spawn().await;
    let (_, bearer) = platform.player("bettor@example.com", "USD").await;
    let (status, body) = start(&platform, &bearer, sportsbook, false, None).await;
    assert_eq!(status, 200, "{body}");
}
