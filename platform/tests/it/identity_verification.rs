//! The sandbox's stand-in for the identity-verification service: an SDK token, the applicant page's
//! steps, and the review's answer on the profile, each step once.

use crate::common;
use reqwest::Method;
use serde_json::Value;

const PAGE: &str = "/sandbox/sumsub/applicant";

async fn access_token(platform: &common::TestPlatform, token: &str) -> String {
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/player/services/sumsub/auth",
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().expect("token").to_owned()
}

/// Posts one step of the page's form; answers the status and the page.
async fn step(
    platform: &common::TestPlatform,
    access: &str,
    step: &str,
    document: Option<&str>,
) -> (u16, String) {
    let mut form = vec![("accessToken", access), ("step", step)];
    if let Some(kind) = document {
        form.push(("documentType", kind));
    }
    let response = reqwest::Client::new()
        .post(format!("{}{PAGE}", platform.base))
        .form(&form)
        .send()
        .await
        .expect("step");
    (
        response.status().as_u16(),
        response.text().await.expect("page"),
    )
}

async fn verification_status(platform: &common::TestPlatform, token: &str) -> Value {
    platform.get_ok(token, "/api/player/profile").await["verificationStatus"].clone()
}

#[tokio::test]
async fn an_applicant_walks_the_steps_and_the_review_answers_once() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("kyc@example.com", "USD").await;
    assert_eq!(verification_status(&platform, &token).await, "none");
    let access = access_token(&platform, &token).await;

    let page = reqwest::get(format!("{}{PAGE}?accessToken={access}", platform.base))
        .await
        .expect("page");
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .expect("csp")
        .to_owned();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    let html = page.text().await.expect("html");
    assert!(
        html.contains("Verify your identity") && html.contains("data-event=\"idCheck.onReady\""),
        "{html}"
    );

    // An unknown document type does not move the applicant on.
    let (_, html) = step(&platform, &access, "document", Some("library_card")).await;
    assert!(html.contains("Step 1 of 3"), "{html}");
    let (_, html) = step(&platform, &access, "document", Some("passport")).await;
    assert!(html.contains("Take a selfie"), "{html}");
    let (_, html) = step(&platform, &access, "selfie", Some("passport")).await;
    assert!(html.contains("Send for review"), "{html}");
    // Nothing is decided before the applicant sends.
    let (_, html) = step(&platform, &access, "approve", None).await;
    assert!(!html.contains("idCheck.onApplicantStatusChanged"), "{html}");
    assert_eq!(verification_status(&platform, &token).await, "none");

    let (_, html) = step(&platform, &access, "submit", Some("passport")).await;
    assert!(
        html.contains("data-event=\"idCheck.onApplicantSubmitted\""),
        "{html}"
    );
    assert_eq!(verification_status(&platform, &token).await, "pending");

    let (_, html) = step(&platform, &access, "approve", None).await;
    assert!(
        html.contains("GREEN") && html.contains("idCheck.onApplicantStatusChanged"),
        "{html}"
    );
    assert_eq!(verification_status(&platform, &token).await, "approved");
    // A second answer changes nothing.
    let (_, html) = step(&platform, &access, "decline", None).await;
    assert!(html.contains("Verified") && !html.contains("RED"), "{html}");
    assert_eq!(verification_status(&platform, &token).await, "approved");
}

#[tokio::test]
async fn a_declined_applicant_may_try_again_and_unknown_tokens_are_refused() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("retry@example.com", "USD").await;
    let access = access_token(&platform, &token).await;
    step(&platform, &access, "submit", Some("id_card")).await;
    let (_, html) = step(&platform, &access, "decline", None).await;
    assert!(html.contains("RED"), "{html}");
    assert_eq!(verification_status(&platform, &token).await, "rejected");
    let (_, html) = step(&platform, &access, "restart", None).await;
    assert!(html.contains("Step 1 of 3"), "{html}");
    step(&platform, &access, "submit", Some("id_card")).await;
    assert_eq!(verification_status(&platform, &token).await, "pending");

    let (status, html) = step(&platform, "_act-sbx-not-issued", "submit", Some("passport")).await;
    assert_eq!(status, 404);
    assert!(html.contains("idCheck.onTokenExpired"), "{html}");
    let bad_form = reqwest::Client::new()
        .post(format!("{}{PAGE}", platform.base))
        .form(&[("step", "submit")])
        .send()
        .await
        .expect("bad form");
    assert_eq!(bad_form.status(), 400);
}

#[tokio::test]
async fn the_sdk_stand_in_is_served_as_a_script() {
    let platform = common::spawn().await;
    for path in ["/sandbox/sumsub/websdk.js", "/sandbox/sumsub/applicant.js"] {
        let response = reqwest::get(format!("{}{path}", platform.base))
            .await
            .expect("script");
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .expect("type")
                .starts_with("text/javascript")
        );
    }
    let sdk = reqwest::get(format!("{}/sandbox/sumsub/websdk.js", platform.base))
        .await
        .expect("sdk")
        .text()
        .await
        .expect("text");
    assert!(sdk.contains("window.snsWebSdk"));
}
