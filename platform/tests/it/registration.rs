// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]

//! The registration scenario over real HTTP: the platform serves its fields, rules and masks, and
//! enforces them on `POST /api/player/register` and `POST /api/player/register/phone` (422
//! `validation_failed` per field), takes a bonus code through the bonus-code rules, stores the
//! promotional opt-ins, and asks for a captcha in the scenario when it checks one.

use crate::common::{self, PASSWORD, TestPlatform, spawn, spawn_with};
use serde_json::{Value, json};

async fn scenario(platform: &TestPlatform) -> Vec<Value> {
    let (status, body) = platform
        .get("/api/player/fields/validations?scenario=registration")
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

fn field<'a>(fields: &'a [Value], name: &str) -> &'a Value {
    fields
        .iter()
        .find(|f| f["field"] == name)
        .unwrap_or_else(|| panic!("{name} is in the scenario: {fields:?}"))
}

/// The names of the fields a 422 refused, in order.
fn refused_fields(body: &Value) -> Vec<&str> {
    body["fields"]
        .as_object()
        .unwrap_or_else(|| panic!("a refusal names its fields: {body}"))
        .keys()
        .map(String::as_str)
        .collect()
}

async fn register(platform: &TestPlatform, body: Value) -> (u16, Value) {
    platform
        .post("/api/player/register", None, Some(body))
        .await
}

fn sign_up(email: &str) -> Value {
    json!({"email": email, "password": PASSWORD, "currency": "USD", "agreements": true})
}

#[tokio::test]
async fn the_scenario_lists_its_fields_rules_and_masks() {
    let platform = spawn().await;
    let fields = scenario(&platform).await;
    let names: Vec<&str> = fields
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "email",
            "password",
            "currency",
            "nickname",
            "phone",
            "country",
            "bonusCode",
            "receiveEmailPromo",
            "receiveSmsPromo",
            "receiveBonus",
            "agreements"
        ]
    );
    assert_eq!(
        field(&fields, "phone"),
        &json!({"field": "phone", "isRequired": false, "rules": [{"rule": "phone"}], "mask": "+#################"})
    );
    assert_eq!(
        field(&fields, "agreements"),
        &json!({"field": "agreements", "isRequired": true, "rules": [{"rule": "accepted"}]})
    );

    // A platform that checks a captcha says so in the scenario.
    let guarded = spawn_with(&[("CAPTCHA_PROVIDER", "sandbox")]).await;
    let fields = scenario(&guarded).await;
    assert_eq!(
        fields.last(),
        Some(&json!({"field": "captcha", "isRequired": true, "rules": []}))
    );
}

#[tokio::test]
async fn sign_up_is_refused_per_the_scenarios_rules() {
    let platform = spawn().await;
    let (status, body) = register(
        &platform,
        json!({"email": "ann@example.com", "password": PASSWORD, "currency": "USD",
               "phone": "12", "country": "Brazil", "bonusCode": "NO-SUCH-CODE", "agreements": false}),
    )
    .await;
    common::assert_refused(status, &body, 422, "validation_failed");
    assert_eq!(
        refused_fields(&body),
        ["agreements", "bonusCode", "country", "phone"],
        "{body}"
    );
    assert_eq!(
        body["fields"]["bonusCode"],
        json!("There is no such bonus code.")
    );

    // The scenario is the operator's data: a field made required there is required at sign-up.
    sqlx::query(
        "UPDATE field_validations SET is_required = 1
         WHERE scenario = 'registration' AND field IN ('nickname', 'receiveBonus')",
    )
    .execute(&platform.pool().await)
    .await
    .unwrap();
    let (status, body) = register(&platform, sign_up("ann@example.com")).await;
    common::assert_refused(status, &body, 422, "validation_failed");
    assert_eq!(
        body["fields"],
        json!({"nickname": "This field is required", "receiveBonus": "This field must be accepted"})
    );
}

#[tokio::test]
async fn sign_up_takes_the_bonus_code_and_stores_the_opt_ins() {
    let platform = spawn().await;
    let mut body = sign_up("bea@example.com");
    body["phone"] = json!("+44 7700 900123");
    body["bonusCode"] = json!("BONUS10");
    body["receiveEmailPromo"] = json!(true);
    body["receiveBonus"] = json!(true);
    let (status, created) = register(&platform, body).await;
    assert_eq!(status, 201, "{created}");
    let profile = &created["profile"];
    assert_eq!(
        common::fields(
            profile,
            [
                "phone",
                "receiveEmailPromo",
                "receiveSmsPromo",
                "receiveBonus"
            ]
        ),
        [
            &json!("+447700900123"),
            &json!(true),
            &json!(false),
            &json!(true)
        ]
    );
    let token = platform.sign_in("bea@example.com").await;
    // BONUS10 issues its package (6) at once.
    let bonuses = platform.get_ok(&token, "/api/game/player-bonuses").await;
    assert_eq!(bonuses["data"][0]["packageId"], json!(6), "{bonuses}");

    // The phone number is one player's.
    let mut again = sign_up("cid@example.com");
    again["phone"] = json!("+447700900123");
    let (status, body) = register(&platform, again).await;
    common::assert_refused(status, &body, 422, "validation_failed");
    assert!(body["fields"]["phone"].is_string(), "{body}");
}

#[tokio::test]
async fn sign_up_asks_for_the_captcha_the_platform_checks() {
    let platform = spawn_with(&[("CAPTCHA_PROVIDER", "sandbox")]).await;
    let (status, body) = register(&platform, sign_up("dan@example.com")).await;
    common::assert_refused(status, &body, 422, "validation_failed");
    assert!(body["fields"]["captcha"].is_string(), "{body}");
    let mut passing = sign_up("dan@example.com");
    passing["captcha"] = json!("sandbox.fail.1");
    assert_eq!(register(&platform, passing.clone()).await.0, 422);
    passing["captcha"] = json!("sandbox.pass.1");
    let (status, body) = register(&platform, passing).await;
    assert_eq!(status, 201, "{body}");
}

/// A phone sign-up's code from the sandbox's outbox, sent to `phone` (international format).
async fn phone_code(platform: &TestPlatform, phone: &str) -> String {
    let sent = json!({"phone": phone});
    let (status, body) = platform
        .post("/api/player/otp/send", None, Some(sent))
        .await;
    assert_eq!(status, 200, "{body}");
    let outbox = format!("/api/sandbox/outbox?to={}", phone.replace('+', "%2B"));
    let (status, body) = platform.get(&outbox).await;
    assert_eq!(status, 200, "{body}");
    body["data"][0]["code"].as_str().unwrap().to_owned()
}

async fn register_phone(platform: &TestPlatform, body: &Value) -> (u16, Value) {
    platform
        .post("/api/player/register/phone", None, Some(body.clone()))
        .await
}

#[tokio::test]
async fn phone_sign_up_follows_the_same_scenario_and_captcha() {
    let platform = spawn_with(&[("CAPTCHA_PROVIDER", "sandbox")]).await;
    let phone = "+5511912345678";
    let code = phone_code(&platform, phone).await;
    let mut body = json!({"phone": phone, "code": code, "password": PASSWORD, "currency": "USD",
                          "nickname": "no spaces", "country": "Brazil", "bonusCode": "NO-SUCH-CODE"});
    let (status, refused) = register_phone(&platform, &body).await;
    common::assert_refused(status, &refused, 422, "validation_failed");
    assert_eq!(
        refused_fields(&refused),
        ["agreements", "bonusCode", "country", "nickname"],
        "{refused}"
    );

    // The operator's scenario: what it makes required is required here too; its e-mail is not.
    sqlx::query(
        "UPDATE field_validations SET is_required = 1
         WHERE scenario = 'registration' AND field IN ('nickname', 'receiveSmsPromo')",
    )
    .execute(&platform.pool().await)
    .await
    .unwrap();
    body = json!({"phone": phone, "code": code, "password": PASSWORD, "currency": "USD", "agreements": true});
    let (status, refused) = register_phone(&platform, &body).await;
    common::assert_refused(status, &refused, 422, "validation_failed");
    assert_eq!(
        refused["fields"],
        json!({"nickname": "This field is required", "receiveSmsPromo": "This field must be accepted"})
    );

    body["nickname"] = json!("lucky_ace");
    body["receiveSmsPromo"] = json!(true);
    body["bonusCode"] = json!("BONUS10");
    // The captcha the platform checks; a refused one leaves the code for the next try.
    for captcha in [None, Some("sandbox.fail.1")] {
        if let Some(token) = captcha {
            body["captcha"] = json!(token);
        }
        let (status, refused) = register_phone(&platform, &body).await;
        common::assert_refused(status, &refused, 422, "validation_failed");
        assert!(refused["fields"]["captcha"].is_string(), "{refused}");
    }
    body["captcha"] = json!("sandbox.pass.1");
    let (status, created) = register_phone(&platform, &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(
        common::fields(
            &created["profile"],
            ["phone", "nickname", "email", "receiveSmsPromo"]
        ),
        [
            &json!(phone),
            &json!("lucky_ace"),
            &Value::Null,
            &json!(true)
        ]
    );
    let token = platform.sign_in(phone).await;
    let bonuses = platform.get_ok(&token, "/api/game/player-bonuses").await;
    assert_eq!(bonuses["data"][0]["packageId"], json!(6), "{bonuses}");
}
