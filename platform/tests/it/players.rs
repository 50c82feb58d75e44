use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

async fn update_profile(
    platform: &common::TestPlatform,
    token: &str,
    changes: Value,
) -> (u16, Value) {
    platform
        .call(
            Method::PUT,
            "/api/player/profile",
            Some(token),
            Some(changes),
        )
        .await
}

#[tokio::test]
async fn registration_validates_every_field_at_once() {
    let platform = common::spawn().await;
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/player/register",
            None,
            Some(
                json!({"email": "not-an-email", "password": "short", "nickname": "a b",
                        "currency": "XXX", "country": "ZZ", "agreements": false}),
            ),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["code"], "validation_failed");
    assert_eq!(
        body["fields"],
        json!({
            "agreements": "The terms must be accepted",
            "country": "Choose a country from the list",
            "currency": "This currency is not available",
            "email": "Value is not a valid email address",
            "nickname": "Use only letters, digits, underscores and hyphens",
            "password": "This field should be at least 8 characters long",
        })
    );
}

#[tokio::test]
async fn a_registered_player_signs_in_and_reads_their_profile() {
    let platform = common::spawn().await;
    let profile = platform.register("Ann@Example.com", "EUR").await;
    assert_eq!(profile["email"], "Ann@Example.com");
    assert_eq!(profile["locale"], "en");

    // E-mail addresses match without regard to case.
    let token = platform.sign_in("ann@example.com").await;
    let (status, me) = platform.get_as(&token, "/api/player/profile").await;
    assert_eq!(status, 200);
    assert_eq!(me["id"], profile["id"]);
    assert_eq!(me["isNewlyRegistered"], false);

    let (_, init) = platform.get_as(&token, "/api/player/init").await;
    assert_eq!(init["profile"]["id"], profile["id"]);
    assert_eq!(
        init["accounts"],
        json!([{"id": init["accounts"][0]["id"], "currency": "EUR", "balance": 0, "status": 1}])
    );
}

#[tokio::test]
async fn a_second_registration_with_the_same_email_is_refused() {
    let platform = common::spawn().await;
    platform.register("bob@example.com", "USD").await;
    let (status, body) = platform.post("/api/player/register", None, Some(json!({"email": "BOB@example.com", "password": common::PASSWORD, "agreements": true}))).await;
    assert_eq!(status, 422);
    assert_eq!(
        body["fields"]["email"],
        "An account with this e-mail already exists"
    );
}

#[tokio::test]
async fn wrong_credentials_are_one_vague_401() {
    let platform = common::spawn().await;
    platform.register("cid@example.com", "USD").await;
    for login in ["cid@example.com", "nobody@example.com"] {
        let (status, body) = platform
            .post(
                "/api/player/sessions",
                None,
                Some(json!({"login": login, "password": "wrong-password"})),
            )
            .await;
        assert_eq!(status, 401, "{login}");
        assert_eq!(body["code"], "invalid_credentials");
    }
}

#[tokio::test]
async fn calls_without_a_valid_token_are_401_with_a_reason() {
    let platform = common::spawn().await;
    let (status, body) = platform
        .call(Method::GET, "/api/player/profile", None, None)
        .await;
    common::assert_refused(status, &body, 401, "unauthorized");
    let (status, body) = platform.get_as("a.b.c", "/api/player/profile").await;
    common::assert_refused(status, &body, 401, "token_invalid");
}

#[tokio::test]
async fn profile_changes_are_validated_and_absent_fields_kept() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("dee@example.com", "USD").await;
    let (status, profile) = update_profile(
        &platform,
        &token,
        json!({"nickname": "dee_42", "country": "br", "locale": "pt-br",
                        "freshchatRestoreId": "r-1"}),
    )
    .await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(
        (
            &profile["nickname"],
            &profile["country"],
            &profile["locale"],
            &profile["freshchatRestoreId"]
        ),
        (
            &json!("dee_42"),
            &json!("BR"),
            &json!("pt-br"),
            &json!("r-1")
        )
    );
    let (_, profile) = update_profile(&platform, &token, json!({"firstName": "Dee"})).await;
    assert_eq!(profile["nickname"], "dee_42");
    assert_eq!(profile["firstName"], "Dee");

    let (status, body) = update_profile(
        &platform,
        &token,
        json!({"nickname": "x", "email": "new@example.com"}),
    )
    .await;
    assert_eq!(status, 422, "unknown fields are refused: {body}");
    assert_eq!(body["code"], "invalid_json");
    let (status, body) = update_profile(&platform, &token, json!({"nickname": "x"})).await;
    assert_eq!(status, 422);
    assert!(body["fields"]["nickname"].is_string());
}

/// Whether a profile takes promotions by e-mail and by SMS.
fn promo_choices(profile: &Value) -> (bool, bool) {
    let choice = |name: &str| profile[name].as_bool().expect("a promo choice");
    (choice("receiveEmailPromo"), choice("receiveSmsPromo"))
}

#[tokio::test]
async fn personal_details_and_promo_preferences_are_kept_and_checked() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("eve@example.com", "BRL").await;
    let (_, fresh) = platform.get_as(&token, "/api/player/profile").await;
    // Nothing promotional until the player opts in.
    assert_eq!(promo_choices(&fresh), (false, false));

    let (status, profile) = update_profile(
        &platform,
        &token,
        json!({"birthdate": "1990-05-17", "gender": "female", "city": "São Paulo",
               "address": "Av. Paulista, 1000", "postalCode": "01310-100",
               "timeZone": "America/Sao_Paulo", "cpf_number": "529.982.247-25",
               "receiveEmailPromo": true}),
    )
    .await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["birthdate"], "1990-05-17");
    assert_eq!(profile["postalCode"], "01310100");
    assert_eq!(profile["cpf_number"], "52998224725");
    assert_eq!(profile["timeZone"], "America/Sao_Paulo");
    assert_eq!(promo_choices(&profile), (true, false));

    // Every bad field is named at once, and nothing is changed.
    let (status, body) = update_profile(
        &platform,
        &token,
        json!({"birthdate": "1990-02-30", "gender": "robot", "postalCode": "1",
               "timeZone": "Mars/Olympus;", "cpf_number": "11111111111", "city": "Paris"}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    for field in [
        "birthdate",
        "gender",
        "postalCode",
        "timeZone",
        "cpf_number",
    ] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    let (_, kept) = platform.get_as(&token, "/api/player/profile").await;
    assert_eq!(
        (&kept["city"], &kept["birthdate"]),
        (&json!("São Paulo"), &json!("1990-05-17"))
    );

    // A minor is refused; an empty string clears an optional detail.
    let (status, body) =
        update_profile(&platform, &token, json!({"birthdate": "2020-01-01"})).await;
    assert_eq!(
        (status, body["fields"]["birthdate"].as_str()),
        (422, Some("You must be at least 18 years old"))
    );
    let (_, cleared) = update_profile(&platform, &token, json!({"city": ""})).await;
    assert_eq!(cleared["city"], Value::Null);
}

#[tokio::test]
async fn the_rest_of_the_profile_fields_are_kept_and_checked() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ivo@example.com", "BRL").await;
    let (status, profile) = update_profile(
        &platform,
        &token,
        json!({"fullName": "Ivo Souza", "nationality": "br", "additionalAddress": "Apt 42",
               "profession": "Engineer", "placeOfBirth": "Recife",
               "personalIdNumber": "mg-12.345.678", "securityQuestion": "First pet?",
               "securityAnswer": "Rex"}),
    )
    .await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(
        common::fields(
            &profile,
            [
                "fullName",
                "nationality",
                "additionalAddress",
                "profession",
                "placeOfBirth",
                "personalIdNumber",
                "securityQuestion",
                "hasSecurityAnswer",
            ]
        ),
        [
            &json!("Ivo Souza"),
            &json!("BR"),
            &json!("Apt 42"),
            &json!("Engineer"),
            &json!("Recife"),
            &json!("MG12345678"),
            &json!("First pet?"),
            &json!(true),
        ]
    );
    // The answer is never sent back.
    assert!(profile.get("securityAnswer").is_none(), "{profile}");

    // Every bad field is named at once, and nothing is changed.
    let (status, body) = update_profile(
        &platform,
        &token,
        json!({"fullName": "Ivo Maria Souza", "nationality": "XX", "additionalAddress": "A",
               "profession": "E", "placeOfBirth": "R", "personalIdNumber": "#1",
               "securityAnswer": "x"}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    for field in [
        "fullName",
        "nationality",
        "additionalAddress",
        "profession",
        "placeOfBirth",
        "personalIdNumber",
        "securityAnswer",
    ] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    let (_, kept) = platform.get_as(&token, "/api/player/profile").await;
    assert_eq!(kept["fullName"], "Ivo Souza");
    let (status, body) = update_profile(
        &platform,
        &token,
        json!({"fullName": format!("Ivo {}", "s".repeat(27))}),
    )
    .await;
    assert_eq!(
        (status, body["fields"]["fullName"].as_str()),
        (422, Some("The maximum length allowed is 30"))
    );

    // Clearing the question clears its answer; a question needs an answer.
    let (_, cleared) = update_profile(&platform, &token, json!({"securityQuestion": ""})).await;
    assert_eq!(
        (&cleared["securityQuestion"], &cleared["hasSecurityAnswer"]),
        (&Value::Null, &json!(false))
    );
    let (status, body) = update_profile(
        &platform,
        &token,
        json!({"securityQuestion": "Best friend?"}),
    )
    .await;
    assert_eq!(
        (status, body["fields"]["securityAnswer"].as_str()),
        (422, Some("Answer your security question"))
    );

    // The operator's profile form asks for them, with the spec's rules.
    let (_, rules) = platform
        .get("/api/player/fields/validations?scenario=profile")
        .await;
    let rules_of = |field: &str| {
        common::data(&rules)
            .iter()
            .find(|rules| rules["field"] == field)
            .map(|rules| rules["rules"].clone())
    };
    assert_eq!(
        rules_of("fullName"),
        Some(json!([{"rule": "twoWords", "value": 2}, {"rule": "maxLength", "value": 30}]))
    );
    for field in [
        "nationality",
        "additionalAddress",
        "profession",
        "placeOfBirth",
        "personalIdNumber",
        "securityQuestion",
        "securityAnswer",
    ] {
        assert!(rules_of(field).is_some(), "{field}: {rules}");
    }
}

#[tokio::test]
async fn refresh_issues_a_new_token_for_an_open_session_only() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("eve@example.com", "USD").await;
    let (status, body) = platform
        .post("/api/player/sessions/refresh", Some(&token), None)
        .await;
    assert_eq!(status, 200, "{body}");
    let fresh = body["accessToken"].as_str().unwrap().to_owned();
    let (status, _) = platform.get_as(&fresh, "/api/player/profile").await;
    assert_eq!(status, 200);

    let (status, _) = platform
        .post("/api/player/sessions/logout", Some(&fresh), None)
        .await;
    assert_eq!(status, 204);
    for stale in [&token, &fresh] {
        let (status, body) = platform.get_as(stale, "/api/player/profile").await;
        common::assert_refused(status, &body, 401, "session_closed");
        let (status, _) = platform
            .post("/api/player/sessions/refresh", Some(stale), None)
            .await;
        assert_eq!(status, 401);
    }
}

#[tokio::test]
async fn sessions_are_listed_and_closed_one_by_one_or_all_others() {
    let platform = common::spawn().await;
    platform.register("fay@example.com", "USD").await;
    let first = platform.sign_in("fay@example.com").await;
    let second = platform.sign_in("fay@example.com").await;
    let third = platform.sign_in("fay@example.com").await;

    let (_, list) = platform
        .get_as(&third, "/api/player/sessions?perPage=2")
        .await;
    assert_eq!(list["meta"]["totalRows"], 3);
    assert_eq!(list["data"].as_array().unwrap().len(), 2);
    let (_, all) = platform.get_as(&third, "/api/player/sessions").await;
    let sessions = all["data"].as_array().unwrap();
    assert_eq!(
        sessions.iter().filter(|s| s["isCurrent"] == true).count(),
        1
    );

    let other_id = sessions.iter().find(|s| s["isCurrent"] == false).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let close = format!("/api/player/sessions/{other_id}/close");
    assert_eq!(platform.put_as(&third, &close).await.0, 204);
    assert_eq!(
        platform.put_as(&third, &close).await.0,
        404,
        "closed already"
    );

    let (_, closed) = platform
        .post("/api/player/sessions/close-other", Some(&third), None)
        .await;
    assert_eq!(closed["closed"], 1);
    for token in [&first, &second] {
        let (status, _) = platform.get_as(token, "/api/player/profile").await;
        assert_eq!(status, 401);
    }
    let (status, _) = platform.get_as(&third, "/api/player/profile").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_blocked_player_gets_403_with_a_clear_code() {
    let platform = common::spawn().await;
    let (id, token) = platform.player("gus@example.com", "USD").await;
    sqlx::query("UPDATE players SET is_blocked = 1 WHERE id = ?")
        .bind(id)
        .execute(&platform.pool().await)
        .await
        .unwrap();
    let (status, body) = platform.get_as(&token, "/api/player/profile").await;
    common::assert_refused(status, &body, 403, "player_blocked");
    let (status, body) = platform
        .post(
            "/api/player/sessions",
            None,
            Some(json!({"login": "gus@example.com", "password": common::PASSWORD})),
        )
        .await;
    common::assert_refused(status, &body, 403, "player_blocked");
}

#[tokio::test]
async fn malformed_bodies_are_clear_4xx() {
    let platform = common::spawn().await;
    let url = format!("{}/api/player/register", platform.base);
    let response = platform
        .client
        .post(&url)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["code"], "invalid_json");

    let response = platform.client.post(&url).body("{}").send().await.unwrap();
    assert_eq!(response.status(), 415);

    let (status, body) = platform
        .post("/api/player/register", None, Some(json!({"email": 5})))
        .await;
    common::assert_refused(status, &body, 422, "invalid_json");

    let huge = "x".repeat(600 * 1024);
    let response = platform
        .client
        .post(&url)
        .header("content-type", "application/json")
        .body(format!("{{\"email\": \"{huge}\"}}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
}

#[tokio::test]
async fn an_auto_login_token_signs_in_once() {
    let platform = common::spawn().await;
    let (id, _) = platform.player("hal@example.com", "USD").await;
    let (status, minted) = platform
        .post(
            "/api/sandbox/login-tokens",
            None,
            Some(json!({"login": "hal@example.com"})),
        )
        .await;
    assert_eq!(status, 201, "{minted}");
    let token = minted["token"].as_str().unwrap();
    assert_eq!(minted["url"], format!("/auth/autologin?state={token}"));
    let (status, session) = platform
        .post(
            "/api/player/sessions/token",
            None,
            Some(json!({"token": token})),
        )
        .await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["profile"]["id"], id);
    let (status, body) = platform
        .post(
            "/api/player/sessions/token",
            None,
            Some(json!({"token": token})),
        )
        .await;
    common::assert_refused(status, &body, 401, "login_token_invalid");
}
