//! Local Telegram launches: minted init data signs in, and production has none.

use crate::common::{spawn_app, spawn_app_with};
use serde_json::{Value, json};
use telegram_init_data::{SANDBOX_BOT_TOKEN, Validator};

/// The value of `name` in the URL fragment `/#a=1&b=2`, percent-decoded.
fn fragment_param(location: &str, name: &str) -> String {
    let fragment = location.split_once('#').expect("well formed").1;
    let raw = fragment
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("{name} missing from {location}"));
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&raw[i + 1..i + 3], 16).expect("well formed"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("well formed")
}

#[tokio::test]
async fn a_launch_redirects_to_the_miniapp_with_telegrams_launch_parameters() {
    let app = spawn_app().await;
    let response = app
        .get("/sandbox/telegram/launch?id=42&first_name=Ada%20L&username=ada&start_param=ref_42&is_premium=true")
        .await;
    assert_eq!(response.status(), 303);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with("/#tgWebAppData="), "{location}");
    assert_eq!(fragment_param(&location, "tgWebAppVersion"), "8.0");
    assert_eq!(fragment_param(&location, "tgWebAppPlatform"), "tdesktop");
    assert_eq!(fragment_param(&location, "tgWebAppStartParam"), "ref_42");
    let theme: Value =
        serde_json::from_str(&fragment_param(&location, "tgWebAppThemeParams")).unwrap();
    assert!(theme["bg_color"].is_string());
    let init_data = fragment_param(&location, "tgWebAppData");
    let data = Validator::new(SANDBOX_BOT_TOKEN)
        .validate(&init_data)
        .unwrap();
    assert_eq!(data.start_param.as_deref(), Some("ref_42"));
    let user = data.user.unwrap();
    assert_eq!((user.id, user.first_name.as_str()), (42, "Ada L"));
    assert_eq!(user.username.as_deref(), Some("ada"));
    assert!(user.is_premium);

    assert_eq!(app.tg_login(&init_data).await.status(), 200);
}

#[tokio::test]
async fn minted_init_data_signs_in_and_old_auth_dates_expire() {
    let app = spawn_app().await;
    let minted: Value = app
        .post_json(
            "/sandbox/telegram/init-data",
            &json!({"id": 43, "start_param": "ref_7"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let init_data = minted["initData"].as_str().unwrap();
    assert!(
        minted["launchUrl"]
            .as_str()
            .unwrap()
            .starts_with("/#tgWebAppData=")
    );
    assert_eq!(app.tg_login(init_data).await.status(), 200);

    let old: Value = app
        .post_json(
            "/sandbox/telegram/init-data",
            &json!({"id": 43, "auth_date": 1}),
        )
        .await
        .json()
        .await
        .unwrap();
    let refused: Value = app
        .tg_login(old["initData"].as_str().unwrap())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(refused["code"], "init_data_expired");
    assert_eq!(app.get("/sandbox/telegram/").await.status(), 200);
}

#[tokio::test]
async fn production_has_no_local_launches() {
    let app = spawn_app_with(|config| config.production = true).await;
    for response in [
        app.get("/sandbox/telegram/launch?id=1").await,
        app.get("/sandbox/telegram").await,
        app.post_json("/sandbox/telegram/init-data", &json!({"id": 1}))
            .await,
    ] {
        assert_eq!(response.status(), 404);
        assert_eq!(
            response.json::<Value>().await.unwrap()["code"],
            "local_launches_disabled"
        );
    }
}
