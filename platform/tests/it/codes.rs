use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

/// The newest message of the sandbox's outbox to `to`.
async fn latest_message(platform: &common::TestPlatform, to: &str) -> Value {
    let (status, body) = platform
        .call(
            Method::GET,
            &format!("/api/sandbox/outbox?to={}", urlencode(to)),
            None,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"][0].clone()
}

async fn latest_code(platform: &common::TestPlatform, to: &str) -> String {
    latest_message(platform, to).await["code"]
        .as_str()
        .expect("a code was sent")
        .to_owned()
}

fn urlencode(value: &str) -> String {
    value.replace('+', "%2B").replace('@', "%40")
}

/// The calls of these flows.
#[derive(Clone, Copy)]
enum Call {
    SendOtp,
    VerifyOtp,
    SendEmailOtp,
    RegisterByPhone,
    ConfirmReset,
    AskReset,
    SignIn,
    ConfirmEmail,
    FollowEmailLink,
    SetAvatar,
    ResendEmailCheck,
    SendEmailCheck,
}

impl Call {
    fn path(self) -> &'static str {
        match self {
            Self::SendOtp => "/api/player/otp/send",
            Self::VerifyOtp => "/api/player/otp/verify",
            Self::SendEmailOtp => "/api/player/otp/email/send",
            Self::RegisterByPhone => "/api/player/register/phone",
            Self::ConfirmReset => "/api/player/passwords/confirm",
            Self::AskReset => "/api/player/passwords/reset",
            Self::SignIn => "/api/player/sessions",
            Self::ConfirmEmail => "/api/player/profile/email/verify/confirm",
            Self::FollowEmailLink => "/api/player/profile/email/verify/link",
            Self::SetAvatar => "/api/player/avatar/set-avatar",
            Self::ResendEmailCheck => "/api/player/profile/confirmations/email/resend",
            Self::SendEmailCheck => "/api/player/profile/email/verify/send",
        }
    }

    /// Posts `body` (as the player of `token`, if any).
    async fn post(
        self,
        platform: &common::TestPlatform,
        token: Option<&str>,
        body: Value,
    ) -> (u16, Value) {
        platform
            .call(Method::POST, self.path(), token, Some(body))
            .await
    }
}

/// The phone sign-up of the first test's player, with `code`.
fn phone_sign_up(code: &str) -> Value {
    json!({"phone": "+5511987654321", "code": code, "password": common::PASSWORD,
           "currency": "BRL", "agreements": true})
}

#[tokio::test]
async fn phone_sign_up_and_sign_in_with_codes_from_the_outbox() {
    let platform = common::spawn().await;
    let (status, body) = Call::SendOtp
        .post(&platform, None, json!({"phone": "+55 11 98765-4321"}))
        .await;
    assert_eq!((status, body["sent"].as_bool()), (200, Some(true)));
    let code = latest_code(&platform, "+5511987654321").await;

    let (status, body) = Call::RegisterByPhone
        .post(&platform, None, phone_sign_up("000000"))
        .await;
    if code != "000000" {
        common::assert_refused(status, &body, 422, "code_invalid");
    }
    let (status, registered) = Call::RegisterByPhone
        .post(&platform, None, phone_sign_up(&code))
        .await;
    assert_eq!(status, 201, "{registered}");
    assert_eq!(registered["profile"]["phone"], "+5511987654321");
    assert_eq!(registered["profile"]["isPhoneVerified"], true);

    // A used code does not work twice.
    let (status, _) = Call::VerifyOtp
        .post(
            &platform,
            None,
            json!({"phone": "+5511987654321", "code": code}),
        )
        .await;
    assert_eq!(status, 422);

    // Password sign-in with the phone works at once.
    platform.sign_in("+5511987654321").await;

    // A code sign-in needs a fresh code, after the resend wait.
    let (status, body) = Call::SendOtp
        .post(&platform, None, json!({"phone": "+5511987654321"}))
        .await;
    common::assert_refused(status, &body, 429, "code_too_soon");
    sqlx::query("UPDATE verification_codes SET created_at = created_at - 60")
        .execute(&platform.pool().await)
        .await
        .unwrap();
    Call::SendOtp
        .post(&platform, None, json!({"phone": "+5511987654321"}))
        .await;
    let code = latest_code(&platform, "+5511987654321").await;
    let (status, session) = Call::VerifyOtp
        .post(
            &platform,
            None,
            json!({"phone": "+5511987654321", "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["profile"]["id"], registered["profile"]["id"]);
    assert!(session["accessToken"].is_string());
}

#[tokio::test]
async fn five_wrong_guesses_spend_a_code() {
    let platform = common::spawn().await;
    Call::SendOtp
        .post(&platform, None, json!({"phone": "+447700900123"}))
        .await;
    let code = latest_code(&platform, "+447700900123").await;
    let wrong = if code == "111111" { "222222" } else { "111111" };
    for _ in 0..5 {
        let (status, _) = Call::VerifyOtp
            .post(
                &platform,
                None,
                json!({"phone": "+447700900123", "code": wrong}),
            )
            .await;
        assert_eq!(status, 422);
    }
    let (status, body) = Call::VerifyOtp
        .post(
            &platform,
            None,
            json!({"phone": "+447700900123", "code": code}),
        )
        .await;
    common::assert_refused(status, &body, 422, "code_invalid");
}

#[tokio::test]
async fn bad_phone_numbers_are_field_errors() {
    let platform = common::spawn().await;
    for phone in ["12345", "+12ab34567890", ""] {
        let (status, body) = Call::SendOtp
            .post(&platform, None, json!({"phone": phone}))
            .await;
        assert_eq!(status, 422, "{phone}");
        assert!(body["fields"]["phone"].is_string());
    }
}

#[tokio::test]
async fn password_change_keeps_this_session_and_closes_the_others() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let other = platform.sign_in("ann@example.com").await;
    let (status, body) = platform
        .call(
            Method::PUT,
            "/api/player/passwords",
            Some(&token),
            Some(json!({"currentPassword": "wrong-one", "newPassword": "brand-new-pass"})),
        )
        .await;
    assert_eq!(status, 422);
    assert!(body["fields"]["currentPassword"].is_string());
    let (status, _) = platform
        .call(
            Method::PUT,
            "/api/player/passwords",
            Some(&token),
            Some(
                json!({"currentPassword": common::PASSWORD, "newPassword": "brand-new-pass",
                        "repeatNewPassword": "brand-new-pass"}),
            ),
        )
        .await;
    assert_eq!(status, 204);
    let (status, _) = platform
        .call(Method::GET, "/api/player/profile", Some(&token), None)
        .await;
    assert_eq!(status, 200);
    let (status, _) = platform
        .call(Method::GET, "/api/player/profile", Some(&other), None)
        .await;
    assert_eq!(status, 401);
    let (status, _) = Call::SignIn
        .post(
            &platform,
            None,
            json!({"login": "ann@example.com", "password": "brand-new-pass"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn password_reset_by_link_from_the_outbox() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("bob@example.com", "USD").await;
    for email in ["bob@example.com", "nobody@example.com"] {
        let (status, _) = Call::AskReset
            .post(&platform, None, json!({"email": email}))
            .await;
        assert_eq!(status, 204, "the same answer for {email}");
    }
    let (_, nobody) = platform
        .call(
            Method::GET,
            "/api/sandbox/outbox?to=nobody%40example.com",
            None,
            None,
        )
        .await;
    assert_eq!(nobody["data"], json!([]));
    let code = latest_code(&platform, "bob@example.com").await;
    assert_eq!(code.len(), 32);

    let (status, _) = Call::ConfirmReset
        .post(&platform, None, json!({"code": code, "password": "short"}))
        .await;
    assert_eq!(status, 422);
    let (status, _) = Call::ConfirmReset
        .post(
            &platform,
            None,
            json!({"code": code, "password": "reset-pass-1"}),
        )
        .await;
    assert_eq!(status, 204);
    let (status, _) = Call::ConfirmReset
        .post(
            &platform,
            None,
            json!({"code": code, "password": "reset-pass-2"}),
        )
        .await;
    assert_eq!(status, 422, "a link works once");
    let (status, _) = platform
        .call(Method::GET, "/api/player/profile", Some(&token), None)
        .await;
    assert_eq!(status, 401, "a reset closes every session");
    let (status, _) = Call::SignIn
        .post(
            &platform,
            None,
            json!({"login": "bob@example.com", "password": "reset-pass-1"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn email_verification_confirms_the_address() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("cid@example.com", "USD").await;
    let (status, _) = Call::ResendEmailCheck
        .post(&platform, Some(&token), json!({}))
        .await;
    assert_eq!(status, 200);
    let code = latest_code(&platform, "cid@example.com").await;
    let (status, profile) = Call::ConfirmEmail
        .post(&platform, Some(&token), json!({"code": code}))
        .await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["isEmailVerified"], true);
    let (status, body) = Call::ResendEmailCheck
        .post(&platform, Some(&token), json!({}))
        .await;
    common::assert_refused(status, &body, 409, "email_verified");

    // A new address is confirmed by a code sent to it, and replaces the old one.
    platform.register("taken@example.com", "USD").await;
    let (status, body) = Call::SendEmailCheck
        .post(
            &platform,
            Some(&token),
            json!({"email": "taken@example.com"}),
        )
        .await;
    common::assert_refused(status, &body, 409, "email_taken");
    Call::SendEmailCheck
        .post(
            &platform,
            Some(&token),
            json!({"email": "cid.new@example.com"}),
        )
        .await;
    let code = latest_code(&platform, "cid.new@example.com").await;
    let (_, profile) = Call::ConfirmEmail
        .post(
            &platform,
            Some(&token),
            json!({"email": "cid.new@example.com", "code": code}),
        )
        .await;
    assert_eq!(profile["email"], "cid.new@example.com");
}

#[tokio::test]
async fn email_sign_in_codes() {
    let platform = common::spawn().await;
    platform.register("dee@example.com", "USD").await;
    Call::SendEmailOtp
        .post(&platform, None, json!({"email": "Dee@Example.com"}))
        .await;
    let code = latest_code(&platform, "dee@example.com").await;
    let (status, session) = Call::VerifyOtp
        .post(
            &platform,
            None,
            json!({"email": "dee@example.com", "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["profile"]["email"], "dee@example.com");
}

/// Asks for a fresh e-mail sign-in code for `email`, past the resend wait, and reads it.
async fn fresh_email_code(platform: &common::TestPlatform, email: &str) -> String {
    sqlx::query("UPDATE verification_codes SET created_at = created_at - 60")
        .execute(&platform.pool().await)
        .await
        .expect("codes made older");
    let (status, body) = Call::SendEmailOtp
        .post(platform, None, json!({"email": email}))
        .await;
    assert_eq!(status, 200, "{body}");
    latest_code(platform, email).await
}

/// Signs in with an e-mail code; answers the status and body.
async fn verify_email_code(
    platform: &common::TestPlatform,
    email: &str,
    code: &str,
) -> (u16, Value) {
    Call::VerifyOtp
        .post(platform, None, json!({"email": email, "code": code}))
        .await
}

/// A six-digit code other than `code`.
fn wrong(code: &str) -> &'static str {
    if code == "000000" { "111111" } else { "000000" }
}

#[tokio::test]
async fn email_sign_in_codes_follow_the_phone_codes_rules() {
    let platform = common::spawn().await;
    platform.register("gil@example.com", "USD").await;
    let (status, body) = Call::SendEmailOtp
        .post(&platform, None, json!({"email": "gil@example.com"}))
        .await;
    assert_eq!(
        (status, body["retryAfter"].as_u64()),
        (200, Some(30)),
        "{body}"
    );
    let message = latest_message(&platform, "gil@example.com").await;
    assert_eq!(message["channel"], "email");
    let code = message["code"].as_str().unwrap().to_owned();

    // One code per address every 30 seconds.
    let (status, body) = Call::SendEmailOtp
        .post(&platform, None, json!({"email": "gil@example.com"}))
        .await;
    common::assert_refused(status, &body, 429, "code_too_soon");

    // A wrong code is refused, and the right one still works after it; then it is spent.
    let (status, body) = verify_email_code(&platform, "gil@example.com", wrong(&code)).await;
    common::assert_refused(status, &body, 422, "code_invalid");
    let (status, session) = verify_email_code(&platform, "gil@example.com", &code).await;
    assert_eq!(status, 200, "{session}");
    assert!(session["accessToken"].is_string(), "{session}");
    let (status, body) = verify_email_code(&platform, "gil@example.com", &code).await;
    common::assert_refused(status, &body, 422, "code_invalid");

    // Five wrong guesses spend a code: the right one no longer signs in.
    let code = fresh_email_code(&platform, "gil@example.com").await;
    for _ in 0..5 {
        let (status, _) = verify_email_code(&platform, "gil@example.com", wrong(&code)).await;
        assert_eq!(status, 422);
    }
    let (status, body) = verify_email_code(&platform, "gil@example.com", &code).await;
    common::assert_refused(status, &body, 422, "code_invalid");

    // A code lives 10 minutes.
    let code = fresh_email_code(&platform, "gil@example.com").await;
    sqlx::query("UPDATE verification_codes SET expires_at = expires_at - 601")
        .execute(&platform.pool().await)
        .await
        .expect("codes expired");
    let (status, body) = verify_email_code(&platform, "gil@example.com", &code).await;
    common::assert_refused(status, &body, 422, "code_invalid");

    // An unknown address gets the same answer and no message; a malformed one is a field error.
    let (status, body) = Call::SendEmailOtp
        .post(&platform, None, json!({"email": "nobody@example.com"}))
        .await;
    assert_eq!((status, body["sent"].as_bool()), (200, Some(true)));
    assert!(
        latest_message(&platform, "nobody@example.com")
            .await
            .is_null()
    );
    let (status, body) = Call::SendEmailOtp
        .post(&platform, None, json!({"email": "not-an-address"}))
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["fields"]["email"].is_string(), "{body}");
}

#[tokio::test]
async fn field_rules_come_per_scenario() {
    let platform = common::spawn().await;
    let (status, body) = platform
        .call(
            Method::GET,
            "/api/player/fields/validations?scenario=registration",
            None,
            None,
        )
        .await;
    assert_eq!(status, 200);
    let email = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "email")
        .unwrap();
    assert_eq!(email["isRequired"], true);
    assert_eq!(email["rules"], json!([{"rule": "email"}]));
    let (status, _) = platform
        .call(
            Method::GET,
            "/api/player/fields/validations?scenario=other",
            None,
            None,
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn avatars_are_listed_and_set() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("eve@example.com", "USD").await;
    let (_, body) = platform
        .call(Method::GET, "/api/player/avatar/list", Some(&token), None)
        .await;
    let avatars = body["avatars"].as_array().unwrap();
    assert_eq!(avatars.len(), 12);
    let id = avatars[2]["id"].as_i64().unwrap();
    let (status, profile) = Call::SetAvatar
        .post(&platform, Some(&token), json!({"avatarId": id}))
        .await;
    assert_eq!((status, profile["avatarId"].as_i64()), (200, Some(id)));
    let (_, body) = platform
        .call(Method::GET, "/api/player/avatar/list", Some(&token), None)
        .await;
    assert_eq!(body["avatars"][2]["isSelected"], true);
    let (status, _) = Call::SetAvatar
        .post(&platform, Some(&token), json!({"avatarId": 999}))
        .await;
    assert_eq!(status, 404);
    let response = platform
        .client
        .get(format!(
            "{}{}",
            platform.base,
            body["avatars"][0]["url"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
}

#[tokio::test]
async fn settings_constants_name_the_spec_statuses() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/settings/constants").await;
    assert_eq!(status, 200);
    assert_eq!(
        body["invoiceStatuses"],
        json!({"pending": 1, "success": 2, "failure": 3})
    );
    assert_eq!(body["limitDefinitions"]["coolingOff"], 5);
}

/// The body of the newest outbox message to `to`.
async fn latest_body(platform: &common::TestPlatform, to: &str) -> String {
    latest_message(platform, to).await["body"]
        .as_str()
        .expect("a message was sent")
        .to_owned()
}

#[tokio::test]
async fn an_email_confirmation_link_confirms_the_address_once_without_a_session() {
    let platform = common::spawn_with(&[("PUBLIC_URL", "https://casino.example")]).await;
    let (_, token) = platform.player("eli@example.com", "USD").await;
    let (status, _) = Call::SendEmailCheck
        .post(
            &platform,
            Some(&token),
            json!({"email": "eli.new@example.com"}),
        )
        .await;
    assert_eq!(status, 200);
    let message = latest_body(&platform, "eli.new@example.com").await;
    let link = message
        .split_whitespace()
        .find_map(|word| word.strip_prefix("https://casino.example/verify/"))
        .expect("the message carries a link on the public address")
        .to_owned();
    assert_eq!(link.len(), 32, "{message}");

    let (status, body) = Call::FollowEmailLink
        .post(&platform, None, json!({"code": link}))
        .await;
    assert_eq!(
        (status, &body["email"]),
        (200, &json!("eli.new@example.com"))
    );
    let profile = platform.get_ok(&token, "/api/player/profile").await;
    assert_eq!(
        (&profile["email"], &profile["isEmailVerified"]),
        (&json!("eli.new@example.com"), &json!(true))
    );
    let (status, body) = Call::FollowEmailLink
        .post(&platform, None, json!({"code": link}))
        .await;
    common::assert_refused(status, &body, 422, "code_invalid");
}

#[tokio::test]
async fn links_in_e_mails_start_with_the_public_url_whatever_origin_a_request_claims() {
    let platform = common::spawn_with(&[("PUBLIC_URL", "https://casino.example")]).await;
    platform.register("fay@example.com", "USD").await;
    let response = platform
        .client
        .post(format!("{}/api/player/passwords/reset", platform.base))
        .header("origin", "https://attacker.example")
        .json(&json!({"email": "fay@example.com"}))
        .send()
        .await
        .expect("reset");
    assert_eq!(response.status(), 204);
    let message = latest_body(&platform, "fay@example.com").await;
    assert!(
        message.contains("https://casino.example/password-reset/"),
        "{message}"
    );
    assert!(!message.contains("attacker"), "{message}");
}
