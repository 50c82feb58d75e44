//! The stack as players and operators meet it: one port, the miniapp, `/api` routed to the right
//! service, and start-up failures as one readable line.

use std::process::Command;

use crate::common::{fake_miniapp_build, spawn};
use serde_json::Value;

#[tokio::test]
async fn api_calls_reach_the_sandbox_platform_through_the_edge() {
    let stack = spawn().await;
    let response = stack.get("/api/game/collections").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("x-request-id"));
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["data"][0]["name"], "Popular");

    let response = stack
        .get("/api/game/games?collection=popular&perPage=1")
        .await;
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["data"][0]["name"], "Lucky Sevens");
}

#[tokio::test]
async fn tg_login_goes_to_the_auth_service() {
    let stack = spawn().await;
    let response = stack
        .client
        .post(format!("{}/api/player/tg_login/refresh", stack.base))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.expect("JSON");
    // Only the auth service names a body that is not a login this way.
    assert_eq!(body["code"], "invalid_body", "{body}");
}

#[tokio::test]
async fn client_routes_get_the_app_shell_and_missing_assets_are_404() {
    let stack = spawn().await;
    for path in ["/", "/es/games/providers", "/wallet?wallet=deposit"] {
        let response = stack.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response
                .text()
                .await
                .expect("body")
                .contains("<title>shell</title>")
        );
    }
    let asset = stack.get("/assets/app-1a2b.js").await;
    assert_eq!(asset.status(), 200);
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(stack.get("/assets/app-old.js").await.status(), 404);
    assert_eq!(stack.get("/builds/latest.json").await.status(), 404);
}

#[tokio::test]
async fn the_edge_is_ready_when_every_service_is() {
    let stack = spawn().await;
    assert_eq!(stack.get("/healthz").await.status(), 200);
    let body: Value = stack.get("/readyz").await.json().await.expect("JSON");
    assert_eq!(body["status"], "ready");
}

fn run_stack_binary(envs: &[(&str, &str)]) -> (i32, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let dist = dir.path().join("dist");
    fake_miniapp_build(&dist);
    let output = Command::new(env!("CARGO_BIN_EXE_stack"))
        .env_clear()
        .env("DATA_DIR", dir.path().join("data"))
        .env("STATIC_DIR", &dist)
        .envs(envs.iter().copied())
        .output()
        .expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_bad_database_url_ends_with_one_clear_line() {
    let (code, stderr) = run_stack_binary(&[("PORT", "0"), ("DATABASE_URL", "mysql://u:pw@h/db")]);
    assert_eq!(code, 1);
    let last = stderr.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        "error: DATABASE_URL is invalid: unsupported scheme in mysql://u:***@h/db \
         (expected sqlite://PATH or postgres://USER@HOST/DB)"
    );
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_taken_port_ends_with_one_clear_line() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port().to_string();
    let (code, stderr) = run_stack_binary(&[("PORT", &port)]);
    assert_eq!(code, 1);
    assert_eq!(
        stderr.trim(),
        format!(
            "error: cannot listen on 127.0.0.1:{port} for the stack: the address is already in use \
             (stop the other program or set PORT to a free port)"
        )
    );
}

#[test]
fn a_missing_miniapp_build_says_how_to_make_it() {
    let (code, stderr) = run_stack_binary(&[("PORT", "0"), ("STATIC_DIR", "/nonexistent")]);
    assert_eq!(code, 1);
    assert!(
        stderr
            .trim()
            .starts_with("error: the miniapp build is missing"),
        "{stderr}"
    );
}
