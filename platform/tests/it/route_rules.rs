#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! The route-rule lookup over HTTP, against the sandbox's seeded rules (`routes-v1`): exact and
//! prefix patterns, guards, external redirects, and the paths it refuses.

use crate::common;
use serde_json::{Value, json};

async fn rule(platform: &common::TestPlatform, path: &str) -> Value {
    let (status, body) = platform
        .get(&format!(
            "/api/content/route-rules?path={}",
            url_encode(path)
        ))
        .await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Percent-encodes everything but unreserved characters and `/`, as a client's URL builder does.
fn url_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn an_exact_rule_redirects() {
    let platform = common::spawn().await;
    assert_eq!(
        rule(&platform, "/casino").await,
        json!({"path": "/casino", "redirect": {"to": "/", "status": 301}, "middleware": []})
    );
}

#[tokio::test]
async fn a_prefix_rule_matches_its_path_and_everything_under_it() {
    let platform = common::spawn().await;
    for path in ["/lobby", "/lobby/x", "/lobby/x/y"] {
        let body = rule(&platform, path).await;
        assert_eq!(body["path"], path);
        assert_eq!(
            body["redirect"],
            json!({"to": "/", "status": 302}),
            "{path}"
        );
    }
    // A shared beginning is not a segment under it.
    let body = rule(&platform, "/lobbyist").await;
    assert_eq!(body["redirect"], Value::Null);
}

#[tokio::test]
async fn an_exact_rule_wins_over_a_prefix_and_a_longer_prefix_over_a_shorter() {
    let platform = common::spawn().await;
    let pool = platform.pool().await;
    for (pattern, to, middleware) in [
        ("/vip/*", "/vip-closed", ""),
        ("/vip/lounge/*", "/lounge", "auth"),
        ("/vip/lounge/open", "/open", ""),
        ("/*", "/everything", ""),
    ] {
        sqlx::query(
            "INSERT INTO route_rules (pattern, redirect_to, redirect_status, middleware)
             VALUES (?, ?, 307, ?)",
        )
        .bind(pattern)
        .bind(to)
        .bind(middleware)
        .execute(&pool)
        .await
        .unwrap();
    }
    for (path, to) in [
        ("/vip", "/vip-closed"),
        ("/vip/lounge/bar", "/lounge"),
        ("/vip/lounge/open", "/open"),
        ("/casino", "/"),
        ("/somewhere", "/everything"),
        ("/", "/everything"),
    ] {
        let body = rule(&platform, path).await;
        assert_eq!(body["redirect"]["to"], to, "{path}");
    }
}

#[tokio::test]
async fn one_trailing_slash_is_ignored() {
    let platform = common::spawn().await;
    let body = rule(&platform, "/casino/").await;
    assert_eq!(body["path"], "/casino");
    assert_eq!(body["redirect"]["to"], "/");
    let body = rule(&platform, "/lobby/").await;
    assert_eq!(body["redirect"]["status"], 302);
}

#[tokio::test]
async fn a_path_without_a_rule_gets_nothing_to_do() {
    let platform = common::spawn().await;
    for path in ["/", "/wallet", "/games/slots", "/Casino"] {
        assert_eq!(
            rule(&platform, path).await,
            json!({"path": path, "redirect": null, "middleware": []}),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_rule_names_its_guards_without_a_redirect() {
    let platform = common::spawn().await;
    for path in ["/account", "/account/anything", "/account/a/b/"] {
        let body = rule(&platform, path).await;
        assert_eq!(body["redirect"], Value::Null, "{path}");
        assert_eq!(body["middleware"], json!(["auth"]), "{path}");
    }

    let pool = platform.pool().await;
    sqlx::query("INSERT INTO route_rules (pattern, middleware) VALUES ('/vip', ' auth , kyc ,')")
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(
        rule(&platform, "/vip").await["middleware"],
        json!(["auth", "kyc"])
    );
}

#[tokio::test]
async fn an_external_redirect_is_an_absolute_url() {
    let platform = common::spawn().await;
    assert_eq!(
        rule(&platform, "/blog").await["redirect"],
        json!({"to": "https://blog.example.com/", "status": 302})
    );
}

#[tokio::test]
async fn a_signed_in_player_gets_the_same_answer() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("rules@example.com", "EUR").await;
    let (status, body) = platform
        .call(
            reqwest::Method::GET,
            "/api/content/route-rules?path=/account/x",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["middleware"], json!(["auth"]));
}

#[tokio::test]
async fn paths_that_are_not_site_paths_are_refused() {
    let platform = common::spawn().await;
    let long = format!("/{}", "a".repeat(512));
    for path in [
        "//evil.com",
        "casino",
        "",
        long.as_str(),
        "/casino\n",
        "/a\u{0}b",
        "/casino?x=1",
        "/casino#top",
    ] {
        let (status, body) = platform
            .get(&format!(
                "/api/content/route-rules?path={}",
                url_encode(path)
            ))
            .await;
        assert_eq!(status, 400, "{path:?}: {body}");
        assert_eq!(body["code"], "invalid_path", "{path:?}");
        assert!(
            body["message"].as_str().unwrap().contains("/casino"),
            "{body}"
        );
    }
    // 512 bytes is still a path.
    rule(&platform, &format!("/{}", "a".repeat(511))).await;
}

#[tokio::test]
async fn the_path_parameter_is_required() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/content/route-rules").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "invalid_query");
}

#[tokio::test]
async fn answers_may_be_cached_for_five_minutes() {
    let platform = common::spawn().await;
    let response = platform
        .client
        .get(format!(
            "{}/api/content/route-rules?path=/casino",
            platform.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()[reqwest::header::CACHE_CONTROL],
        "public, max-age=300"
    );
}

#[tokio::test]
async fn the_table_refuses_rules_the_client_could_not_follow() {
    let platform = common::spawn().await;
    let pool = platform.pool().await;
    for (pattern, to, status) in [
        ("/a", Some("//evil.com"), Some(302)),
        ("/b", Some("http://insecure.example.com/"), Some(302)),
        ("/c", Some("/"), Some(200)),
        ("/d", Some("/"), None),
        ("/e", None, Some(301)),
        ("f", None, None),
        ("/g/", None, None),
    ] {
        let inserted = sqlx::query(
            "INSERT INTO route_rules (pattern, redirect_to, redirect_status) VALUES (?, ?, ?)",
        )
        .bind(pattern)
        .bind(to)
        .bind(status)
        .execute(&pool)
        .await;
        assert!(inserted.is_err(), "{pattern} {to:?} {status:?}");
    }
}
