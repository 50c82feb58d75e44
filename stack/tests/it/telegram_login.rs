//! The whole Mini App sign-in on the local stack: a local launch mints init data with the
//! sandbox's test bot token, the edge sends `tg_login` to the auth service, which forwards it to
//! the real sandbox platform, which answers with a session.

use crate::common::{TestStack, spawn};
use serde_json::{Value, json};

/// POSTs JSON to the stack.
async fn post(stack: &TestStack, path: &str, body: &Value) -> reqwest::Response {
    stack
        .client
        .post(format!("{}{path}", stack.base))
        .json(body)
        .send()
        .await
        .expect("request")
}

/// Signs in (or refreshes, at `path`) with `init_data` through the edge.
async fn send_init_data(stack: &TestStack, path: &str, init_data: &str) -> reqwest::Response {
    post(stack, path, &json!({ "tg_payload": init_data })).await
}

fn decode_component(raw: &str) -> String {
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        if raw.as_bytes()[i] == b'%' {
            out.push(u8::from_str_radix(&raw[i + 1..i + 3], 16).expect("hex"));
            i += 3;
        } else {
            out.push(raw.as_bytes()[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

#[tokio::test]
async fn a_local_launch_signs_in_on_the_sandbox_platform() {
    let stack = spawn().await;
    let response = stack
        .client
        .get(format!(
            "{}/sandbox/telegram/launch?id=424242&first_name=Ada&username=ada&start_param=ref_42",
            stack.base
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 303);
    let location = response.headers()["location"].to_str().expect("ascii");
    let raw = location
        .strip_prefix("/#tgWebAppData=")
        .and_then(|rest| rest.split('&').next())
        .expect("launch parameters");
    let init_data = decode_component(raw);

    let response = send_init_data(&stack, "/api/player/tg_login", &init_data).await;
    assert_eq!(response.status(), 200);
    let session: Value = response.json().await.expect("JSON");
    assert!(
        session["accessToken"]
            .as_str()
            .is_some_and(|t| t.split('.').count() == 3),
        "{session}"
    );
    assert!(session["profile"].is_object(), "{session}");

    let response = send_init_data(&stack, "/api/player/tg_login/refresh", &init_data).await;
    assert_eq!(response.status(), 200);
}

#[tokio::test]
async fn minted_init_data_signs_in_and_tampered_data_is_refused_at_the_gate() {
    let stack = spawn().await;
    let minted: Value = post(
        &stack,
        "/sandbox/telegram/init-data",
        &json!({"id": 515151, "first_name": "Bo"}),
    )
    .await
    .json()
    .await
    .expect("JSON");
    let init_data = minted["initData"].as_str().expect("initData");
    let response = send_init_data(&stack, "/api/player/tg_login", init_data).await;
    assert_eq!(response.status(), 200);

    let tampered = init_data.replace("Bo", "Al");
    let response = send_init_data(&stack, "/api/player/tg_login", &tampered).await;
    assert_eq!(response.status(), 401);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["code"], "init_data_invalid");
}
