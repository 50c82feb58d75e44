// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]

//! Reality checks: the player's reminder interval is kept by the platform (so it follows them to every
//! device) and the session's time and real-money result come with it.

use crate::common;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn the_interval_is_kept_checked_and_the_session_result_counts_real_spins() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("rita@example.com", "USD").await;
    let check = platform.get_ok(&token, "/api/player/reality-check").await;
    assert_eq!(
        check["intervalMinutes"],
        serde_json::Value::Null,
        "off by default: {check}"
    );
    assert_eq!(check["results"], json!([]));
    assert!(check["sessionStartedAt"].as_str().unwrap().ends_with('Z'));

    for bad in [
        json!({"intervalMinutes": 0}),
        json!({"intervalMinutes": 241}),
        json!({"intervalMinutes": "30"}),
    ] {
        let (status, body) = platform
            .call(
                Method::PUT,
                "/api/player/reality-check",
                Some(&token),
                Some(bad.clone()),
            )
            .await;
        assert_eq!(status, 422, "{bad}: {body}");
    }
    let (status, body) = platform
        .call(
            Method::PUT,
            "/api/player/reality-check",
            Some(&token),
            Some(json!({"intervalMinutes": 30})),
        )
        .await;
    assert_eq!((status, &body["intervalMinutes"]), (200, &json!(30)));

    // Another device of the same player sees the same choice.
    let other = platform.sign_in("rita@example.com").await;
    assert_eq!(
        platform.get_ok(&other, "/api/player/reality-check").await["intervalMinutes"],
        30
    );

    platform.set_balance(player_id, "USD", 10_000).await;
    let session = platform.real_session(&token, "lucky-sevens").await;
    for _ in 0..3 {
        let (status, body) = platform.spin(&session, 100).await;
        assert_eq!(status, 200, "{body}");
    }
    let check = platform.get_ok(&token, "/api/player/reality-check").await;
    let usd = &check["results"][0];
    assert_eq!(
        (&usd["currency"], &usd["staked"]),
        (&json!("USD"), &json!(300)),
        "{check}"
    );
    assert!(usd["won"].as_i64().unwrap() >= 0);

    let (_, body) = platform
        .call(
            Method::PUT,
            "/api/player/reality-check",
            Some(&token),
            Some(json!({"intervalMinutes": null})),
        )
        .await;
    assert_eq!(body["intervalMinutes"], serde_json::Value::Null);
}
