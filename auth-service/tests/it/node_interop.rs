//! Init data signed by the independent Node implementation, `@telegram-apps/init-data-node`'s
//! `sign`, is accepted by our validator and by `tg_login`. Needs `npm ci --prefix
//! auth-service/tests/node` (`make test` runs it); without it the test says so and, under
//! `make test` (`TEST_REQUIRE_ALL=1`), fails.

use std::path::Path;
use std::process::Command;

use crate::common::{now, spawn_app};
use serde_json::json;
use telegram_init_data::{SANDBOX_BOT_TOKEN, Validator};

fn node_helper() -> Option<&'static Path> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node");
    if dir
        .join("node_modules/@telegram-apps/init-data-node")
        .is_dir()
    {
        return Some(Box::leak(dir.into_boxed_path()));
    }
    let message = "the Node helper is not installed: run `npm ci --prefix auth-service/tests/node`";
    assert!(std::env::var_os("TEST_REQUIRE_ALL").is_none(), "{message}");
    eprintln!("skipped: {message}");
    None
}

#[tokio::test]
async fn init_data_signed_by_init_data_node_is_accepted() {
    let Some(dir) = node_helper() else {
        return;
    };
    let auth_date = now();
    let cases = json!({
        "token": SANDBOX_BOT_TOKEN,
        "cases": [
            {"auth_date": auth_date, "data": {"user": {"id": 1, "first_name": "Ada"}}},
            {"auth_date": auth_date, "data": {
                "user": {
                    "id": 5_000_000_001_i64, "first_name": "Zoë + \"quotes\" & ampersands = ?",
                    "last_name": "O'Brien / 🎰", "username": "zoe", "language_code": "es",
                    "is_premium": true, "allows_write_to_pm": true,
                    "photo_url": "https://t.me/i/userpic/320/x.svg"
                },
                "start_param": "ref_42", "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
                "chat_type": "private", "chat_instance": "-3788475317572404878"
            }},
            {"auth_date": auth_date, "data": {
                "user": {"id": 3, "first_name": "Ivan", "language_code": "ru"},
                "chat_type": "sender", "chat_instance": "1"
            }}
        ]
    });
    let output = Command::new("node")
        .arg(dir.join("sign.mjs"))
        .arg(cases.to_string())
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let signed: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(signed.len(), 3);

    let validator = Validator::new(SANDBOX_BOT_TOKEN);
    let rich = validator.validate(&signed[1]).unwrap();
    let user = rich.user.unwrap();
    assert_eq!(user.id, 5_000_000_001);
    assert_eq!(user.first_name, "Zoë + \"quotes\" & ampersands = ?");
    assert_eq!(user.last_name.as_deref(), Some("O'Brien / 🎰"));
    assert!(user.is_premium && user.allows_write_to_pm);
    assert_eq!(rich.start_param.as_deref(), Some("ref_42"));

    let app = spawn_app().await;
    for raw in &signed {
        assert!(validator.validate(raw).is_ok(), "{raw}");
        assert_eq!(app.tg_login(raw).await.status(), 200, "{raw}");
        let tampered = raw.replacen("first_name", "first_nam3", 1);
        assert_eq!(app.tg_login(&tampered).await.status(), 401);
    }
    let other_token = Validator::new("5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8");
    assert!(signed.iter().all(|raw| other_token.validate(raw).is_err()));
}
