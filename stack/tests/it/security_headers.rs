//! The edge's security headers read back: the app shell's Content-Security-Policy with the build's
//! script hashes and Telegram Web as the only other frame parent, `nosniff` and a referrer policy on
//! everything, HSTS only behind TLS, and the platform's own pages keeping their own policy.

use crate::common::{SHELL_SCRIPT_HASH, spawn, spawn_with};

#[tokio::test]
async fn the_shell_gets_a_policy_for_a_mini_app() {
    let stack = spawn().await;
    for path in ["/", "/wallet/history", "/index.html"] {
        let response = stack.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .expect("ASCII")
            .to_owned();
        assert!(
            policy.contains(&format!("script-src 'self' {SHELL_SCRIPT_HASH};")),
            "{path}: {policy}"
        );
        assert!(
            policy.ends_with("frame-ancestors 'self' https://web.telegram.org"),
            "{policy}"
        );
        for directive in ["object-src 'none'", "base-uri 'self'", "frame-src 'self';"] {
            assert!(policy.contains(directive), "{directive} in {policy}");
        }
        assert!(!policy.contains("unsafe-eval"), "{policy}");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert_eq!(
            response.headers()["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(
            response
                .headers()
                .get("strict-transport-security")
                .is_none(),
            "plain HTTP promises no HTTPS"
        );
    }
}

#[tokio::test]
async fn assets_and_api_answers_are_never_sniffed_and_hsts_comes_behind_tls() {
    let stack = spawn().await;
    for path in [
        "/assets/app-1a2b.js",
        "/api/settings/locales",
        "/api/no-such-call",
    ] {
        let response = stack.get(path).await;
        assert_eq!(
            response.headers()["x-content-type-options"],
            "nosniff",
            "{path}"
        );
        assert!(
            response.headers().get("content-security-policy").is_none(),
            "{path}: not a document"
        );
    }
    let behind_tls = stack
        .client
        .get(format!("{}/", stack.base))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .expect("request");
    assert_eq!(
        behind_tls.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
}

#[tokio::test]
async fn the_platforms_own_pages_keep_their_own_policy() {
    let stack = spawn().await;
    let response = stack.get("/sandbox/payments/no-such-invoice").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .expect("ASCII");
    assert!(!policy.contains("web.telegram.org"), "{policy}");
}

#[tokio::test]
async fn operator_hosts_join_the_policy() {
    let stack = spawn_with(&[
        (
            "CSP_SCRIPT_SRC",
            "https://www.google.com https://*.gstatic.com",
        ),
        ("CSP_FRAME_SRC", "https://games.example"),
        ("CSP_CONNECT_SRC", "https://collector.example"),
    ])
    .await;
    let response = stack.get("/").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .expect("ASCII");
    assert!(
        policy.contains(&format!(
            "script-src 'self' {SHELL_SCRIPT_HASH} https://www.google.com https://*.gstatic.com;"
        )),
        "{policy}"
    );
    assert!(
        policy.contains("frame-src 'self' https://games.example;"),
        "{policy}"
    );
    assert!(
        policy.contains("connect-src 'self' https://collector.example;"),
        "{policy}"
    );
}
