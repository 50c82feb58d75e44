#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Walks the consent page as a person would and returns the callback URL it sends them to.
async fn consent(
    platform: &common::TestPlatform,
    provider: &str,
    email: &str,
    decision: &str,
) -> String {
    let (status, start) = platform
        .call(
            Method::POST,
            "/api/player/sessions/social?state=back%3D%2Fwallet",
            None,
            Some(json!({"provider": provider, "redirect_domain": "http://127.0.0.1"})),
        )
        .await;
    assert_eq!(status, 200, "{start}");
    let consent_url = format!(
        "{}{}",
        platform.base,
        start["redirectUrl"].as_str().unwrap()
    );
    let page = platform.client.get(&consent_url).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains(r#"value="back=/wallet""#), "{html}");
    let response = no_redirects()
        .post(&consent_url)
        .form(&[
            ("decision", decision),
            ("state", "back=/wallet"),
            ("redirect_uri", &format!("/auth/social/{provider}/callback")),
            ("name", "Gia Rossi"),
            ("email", email),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    response.headers()["location"].to_str().unwrap().to_owned()
}

fn query_param(url: &str, name: &str) -> Option<String> {
    url.split_once('?')?
        .1
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")).map(str::to_owned))
}

async fn finish(platform: &common::TestPlatform, provider: &str, callback: &str) -> (u16, Value) {
    let code = query_param(callback, "code").expect("code");
    platform
        .call(
            Method::POST,
            &format!("/api/player/sessions/social?code={code}&state=x"),
            None,
            Some(json!({"provider": provider, "locale": "es", "affiliateTag": "promo"})),
        )
        .await
}

#[tokio::test]
async fn social_sign_in_creates_the_player_once_and_returns_to_the_callback() {
    let platform = common::spawn().await;
    let callback = consent(&platform, "google", "gia@example.com", "allow").await;
    assert!(
        callback.starts_with("/auth/social/google/callback?code="),
        "{callback}"
    );
    assert_eq!(
        query_param(&callback, "state").as_deref(),
        Some("back%3D%2Fwallet")
    );

    let (status, first) = finish(&platform, "google", &callback).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["profile"]["isNewlyRegistered"], true);
    assert_eq!(first["profile"]["email"], "gia@example.com");
    assert_eq!(first["profile"]["isEmailVerified"], true);
    assert_eq!(first["profile"]["locale"], "es");

    let (status, _) = finish(&platform, "google", &callback).await;
    assert_eq!(status, 401, "a code works once");

    let again = consent(&platform, "google", "gia@example.com", "allow").await;
    let (_, second) = finish(&platform, "google", &again).await;
    assert_eq!(second["profile"]["id"], first["profile"]["id"]);
    assert_eq!(second["profile"]["isNewlyRegistered"], false);

    let token = second["accessToken"].as_str().unwrap();
    let (_, connections) = platform
        .call(
            Method::GET,
            "/api/player/social-connections",
            Some(token),
            None,
        )
        .await;
    assert_eq!(connections["data"][0]["provider"], "google");
}

#[tokio::test]
async fn denying_consent_and_foreign_redirects_go_nowhere() {
    let platform = common::spawn().await;
    let callback = consent(&platform, "facebook", "hal@example.com", "deny").await;
    assert_eq!(
        callback,
        "/auth/social/facebook/callback?error=access_denied&state=back%3D%2Fwallet"
    );
    let (status, body) = platform
        .get("/sandbox/oauth/google?state=s&redirect_uri=https%3A%2F%2Fevil.example%2F")
        .await;
    common::assert_refused(status, &body, 400, "redirect_uri_invalid");
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/player/sessions/social",
            None,
            Some(json!({"provider": "myspace"})),
        )
        .await;
    common::assert_refused(status, &body, 400, "provider_unknown");
}

/// Links `provider`'s account `email` to the player of `token` through the consent page; the
/// answer (the player's connections).
async fn link(
    platform: &common::TestPlatform,
    token: &str,
    provider: &str,
    email: &str,
) -> (u16, Value) {
    let callback = consent(platform, provider, email, "allow").await;
    let code = query_param(&callback, "code").unwrap();
    platform
        .call(
            Method::POST,
            &format!("/api/player/social-connections/{provider}?code={code}"),
            Some(token),
            None,
        )
        .await
}

async fn unlink(platform: &common::TestPlatform, token: &str, provider: &str) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            "/api/player/social-connections/unlink",
            Some(token),
            Some(json!({"socialType": provider})),
        )
        .await
}

/// A new player who signs in with `provider`'s account `email`; their access token.
async fn social_player(platform: &common::TestPlatform, provider: &str, email: &str) -> String {
    let callback = consent(platform, provider, email, "allow").await;
    let (_, session) = finish(platform, provider, &callback).await;
    session["accessToken"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn linking_and_unlinking_keeps_a_way_to_sign_in() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ivy@example.com", "USD").await;
    let (status, linked) = link(&platform, &token, "apple", "ivy.apple@example.com").await;
    assert_eq!(status, 200, "{linked}");
    assert_eq!(linked["data"][0]["provider"], "apple");

    let (status, _) = unlink(&platform, &token, "apple").await;
    assert_eq!(status, 204);
    let (status, _) = unlink(&platform, &token, "apple").await;
    assert_eq!(status, 404);

    // A player who only has Google cannot unlink it.
    let google_only = social_player(&platform, "google", "only.google@example.com").await;
    let (status, body) = unlink(&platform, &google_only, "google").await;
    common::assert_refused(status, &body, 409, "last_sign_in_method");
}

/// Two unlinks at once of a player's last two providers: one wins, the other is told it would
/// remove the last way to sign in, never a server error (both read before either writes).
#[tokio::test]
async fn racing_unlinks_leave_one_way_to_sign_in() {
    let platform = common::spawn().await;
    for round in 0..6 {
        let token = social_player(&platform, "google", &format!("race{round}@example.com")).await;
        let apple = format!("race{round}.apple@example.com");
        let (status, linked) = link(&platform, &token, "apple", &apple).await;
        assert_eq!(status, 200, "{linked}");
        let ((first, first_body), (second, second_body)) = tokio::join!(
            unlink(&platform, &token, "google"),
            unlink(&platform, &token, "apple")
        );
        let mut statuses = [first, second];
        statuses.sort_unstable();
        assert_eq!(statuses, [204, 409], "{first_body} {second_body}");
    }
}

#[tokio::test]
async fn telegram_links_from_valid_init_data_only() {
    use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};
    let platform = common::spawn().await;
    let (_, token) = platform.player("jo@example.com", "USD").await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let payload = sign(
        &InitData::for_user(User::new(9001, "Jo"), now),
        SANDBOX_BOT_TOKEN,
    );
    let (status, _) = platform
        .call(
            Method::POST,
            "/api/player/social-connections/telegram",
            Some(&token),
            Some(json!({"payload": payload.replace("Jo", "Al")})),
        )
        .await;
    assert_eq!(status, 401);
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/player/social-connections/telegram",
            Some(&token),
            Some(json!({"payload": payload})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["profile"]["tgUserId"], 9001);
}
