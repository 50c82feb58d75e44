//! Flows that go through a one-time code: phone and e-mail sign-in codes, password change and
//! reset, and e-mail verification. Phone registration is `register.rs`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use super::validation::{self, Checks};
use super::{Profile, ProfileResponse};
use crate::auth::CurrentPlayer;
use crate::players::sign_in::SessionResponse;
use crate::players::{self, one_time_codes};
use crate::routes::extract::{Json, client_info};
use crate::verification::{self, Purpose, VerificationError, normalise_phone};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(otp_send))
        .routes(routes!(otp_email_send))
        .routes(routes!(otp_verify))
        .routes(routes!(change_password))
        .routes(routes!(reset_password))
        .routes(routes!(confirm_password))
        .routes(routes!(email_verify_send))
        .routes(routes!(email_verify_confirm))
        .routes(routes!(email_verify_resend))
        .routes(routes!(email_verify_link))
}

/// Where the links of e-mails point: `PUBLIC_URL`, else (outside production only, where it is
/// required) the `Origin` the client's request came from, else a relative path.
fn link_origin(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.config.public_url {
        return url.clone();
    }
    headers
        .get("origin")
        .and_then(|v| v.to_str().ok())
        .filter(|o| o.starts_with("http://") || o.starts_with("https://"))
        .unwrap_or("")
        .to_owned()
}

/// A code is on its way (or, for an unknown address, seems to be).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CodeSent {
    /// Always true.
    sent: bool,
    /// Seconds before another code can be asked for.
    retry_after: u64,
}

fn sent() -> JsonResponse<CodeSent> {
    JsonResponse(CodeSent {
        sent: true,
        retry_after: verification::RESEND_AFTER_SECONDS,
    })
}

fn phone_field(input: &str) -> Result<String, ApiError> {
    normalise_phone(input).ok_or_else(|| {
        let mut checks = Checks::default();
        checks.check("phone", validation::phone(input));
        checks.finish().expect_err("one failure")
    })
}

fn sms(code: &str) -> (String, String) {
    (
        "Your code".to_owned(),
        format!("{code} is your verification code. It expires in 10 minutes. Never share it."),
    )
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct PhoneBody {
    phone: String,
}

/// Sends a code to a phone: a guest uses it to sign in or sign up, a player to attach the number.
#[utoipa::path(post, path = "/api/player/otp/send", tag = "player", security((), ("bearer" = [])), request_body = PhoneBody, responses((status = 200, body = CodeSent), (status = 422, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn otp_send(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Json(body): Json<PhoneBody>,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let phone = phone_field(&body.phone)?;
    verification::send(
        &state.pool,
        Purpose::Phone,
        &phone,
        player.map(|p| p.id),
        sms,
    )
    .await?;
    Ok(sent())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct EmailBody {
    email: String,
}

/// Sends a sign-in code by e-mail. Unknown addresses get the same answer (no account discovery),
/// and no message.
#[utoipa::path(post, path = "/api/player/otp/email/send", tag = "player", request_body = EmailBody, responses((status = 200, body = CodeSent), (status = 422, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn otp_email_send(
    State(state): State<AppState>,
    Json(body): Json<EmailBody>,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let email = validation::checked_email(&body.email)?;
    let player = players::with_email(&state.pool, &email).await?;
    if let Some((id, stored)) = player {
        verification::send(
            &state.pool,
            Purpose::Email,
            &stored.to_lowercase(),
            Some(id),
            |code| {
                (
                    "Your sign-in code".to_owned(),
                    format!("{code} is your sign-in code. It expires in 10 minutes."),
                )
            },
        )
        .await?;
    }
    Ok(sent())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct VerifyBody {
    phone: Option<String>,
    email: Option<String>,
    code: String,
    fingerprint: Option<String>,
}

/// A guest's code opens a session; a player's code answers their changed profile.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
enum CodeVerified {
    Session(SessionResponse),
    Profile(ProfileResponse),
}

/// A guest's code signs them in; a player's phone code attaches the phone to their profile.
#[utoipa::path(post, path = "/api/player/otp/verify", tag = "player", security((), ("bearer" = [])), request_body = VerifyBody, responses((status = 200, description = "A session response (guests) or `{profile}` (players)", body = CodeVerified), (status = 400, body = service_kit::ErrorBody), (status = 404, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn otp_verify(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    headers: HeaderMap,
    Json(body): Json<VerifyBody>,
) -> Result<JsonResponse<CodeVerified>, ApiError> {
    let client = client_info(&headers, body.fingerprint);
    let verified = match (body.phone.as_deref(), body.email.as_deref(), player) {
        (Some(phone), None, Some(player)) => {
            let phone = phone_field(phone)?;
            let profile =
                one_time_codes::attach_phone(&state.pool, player.id, &phone, &body.code).await?;
            CodeVerified::Profile(ProfileResponse { profile })
        }
        (Some(phone), None, None) => {
            let phone = phone_field(phone)?;
            CodeVerified::Session(
                one_time_codes::sign_in_with_phone(
                    &state.pool,
                    &state.tokens,
                    &phone,
                    &body.code,
                    &client,
                )
                .await?,
            )
        }
        (None, Some(email), None) => CodeVerified::Session(
            one_time_codes::sign_in_with_email(
                &state.pool,
                &state.tokens,
                email,
                &body.code,
                &client,
            )
            .await?,
        ),
        _ => {
            return Err(ApiError::bad_request(
                "invalid_request",
                "Send either a phone number or (signed out) an e-mail address, with the code.",
            ));
        }
    };
    Ok(JsonResponse(verified))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PasswordChange {
    current_password: String,
    new_password: String,
    repeat_new_password: Option<String>,
}

/// Changes the password; every other session is closed, the current one stays.
#[utoipa::path(put, path = "/api/player/passwords", tag = "player", security(("bearer" = [])), request_body = PasswordChange, responses((status = 204), (status = 401, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn change_password(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    check_new_password(
        ("newPassword", &body.new_password),
        ("repeatNewPassword", body.repeat_new_password.as_deref()),
    )?;
    one_time_codes::change_password(
        &state.pool,
        player.id,
        &player.session_id,
        body.current_password,
        body.new_password,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct ResetRequest {
    email: String,
}

/// Sends a reset link. The answer is the same whether or not the address has an account.
#[utoipa::path(post, path = "/api/player/passwords/reset", tag = "player", request_body = ResetRequest, responses((status = 204), (status = 422, body = service_kit::ErrorBody)))]
async fn reset_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<ResetRequest>,
) -> Result<StatusCode, ApiError> {
    let email = validation::checked_email(&body.email)?;
    let origin = link_origin(&state, &headers);
    let player = players::with_email(&state.pool, &email).await?;
    if let Some((id, stored)) = player {
        let sent = verification::send(
            &state.pool,
            Purpose::PasswordReset,
            &stored.to_lowercase(),
            Some(id),
            |code| {
                (
                    "Reset your password".to_owned(),
                    format!(
                        "Someone asked to reset the password of your account. If it was you, open \
                     {origin}/password-reset/{code} within 10 minutes. If not, ignore this message."
                    ),
                )
            },
        )
        .await;
        // Throttled resends look like success too: the answer must not reveal the account.
        match sent {
            Ok(()) | Err(VerificationError::TooSoon { .. }) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ResetConfirm {
    code: String,
    password: String,
    password_confirmation: Option<String>,
}

/// Sets the new password from a reset link and closes every session of the account.
#[utoipa::path(post, path = "/api/player/passwords/confirm", tag = "player", request_body = ResetConfirm, responses((status = 204), (status = 422, body = service_kit::ErrorBody)))]
async fn confirm_password(
    State(state): State<AppState>,
    Json(body): Json<ResetConfirm>,
) -> Result<StatusCode, ApiError> {
    check_new_password(
        ("password", &body.password),
        (
            "password_confirmation",
            body.password_confirmation.as_deref(),
        ),
    )?;
    one_time_codes::reset_password(&state.pool, &body.code, body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A new password (at least 8 characters) and, when sent, its repeat (equal to it), each failure
/// reported on its own field name.
fn check_new_password(
    (field, password): (&str, &str),
    (repeat_field, repeat): (&str, Option<&str>),
) -> Result<(), ApiError> {
    let mut checks = Checks::default();
    checks.check(field, validation::password(password)).check(
        repeat_field,
        repeat
            .filter(|repeat| *repeat != password)
            .map(|_| format!("The value must be equal to the {field} value")),
    );
    checks.finish()
}

/// Sends a code to an address the player wants on their profile (a new one, or their first).
#[utoipa::path(post, path = "/api/player/profile/email/verify/send", tag = "player", security(("bearer" = [])), request_body = EmailBody, responses((status = 200, body = CodeSent), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn email_verify_send(
    State(state): State<AppState>,
    player: CurrentPlayer,
    headers: HeaderMap,
    Json(body): Json<EmailBody>,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let email = validation::checked_email(&body.email)?;
    let origin = link_origin(&state, &headers);
    one_time_codes::send_email_verify_code(&state.pool, player.id, &email, &origin).await?;
    Ok(sent())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct CodeBody {
    email: Option<String>,
    code: String,
}

#[utoipa::path(post, path = "/api/player/profile/email/verify/confirm", tag = "player", security(("bearer" = [])), request_body = CodeBody, responses((status = 200, body = super::Profile), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn email_verify_confirm(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<CodeBody>,
) -> Result<JsonResponse<Profile>, ApiError> {
    let profile =
        one_time_codes::confirm_email(&state.pool, player.id, body.email, &body.code).await?;
    Ok(JsonResponse(profile))
}

/// Sends the confirmation code for the profile's current e-mail again.
#[utoipa::path(post, path = "/api/player/profile/confirmations/email/resend", tag = "player", security(("bearer" = [])), responses((status = 200, body = CodeSent), (status = 400, body = service_kit::ErrorBody), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn email_verify_resend(
    State(state): State<AppState>,
    player: CurrentPlayer,
    headers: HeaderMap,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let origin = link_origin(&state, &headers);
    one_time_codes::resend_email_verify_code(&state.pool, player.id, &origin).await?;
    Ok(sent())
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct LinkBody {
    /// The code of the confirmation link (`/verify/{code}`).
    code: String,
}

/// The address a link confirmed.
#[derive(Serialize, utoipa::ToSchema)]
struct EmailConfirmed {
    email: String,
}

/// Confirms an e-mail address from the link its confirmation e-mail carries (`/verify/{code}`):
/// no session needed, since the link is opened wherever the e-mail is read. Once, within 10 minutes.
#[utoipa::path(post, path = "/api/player/profile/email/verify/link", tag = "player", request_body = LinkBody, responses((status = 200, body = EmailConfirmed), (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn email_verify_link(
    State(state): State<AppState>,
    Json(body): Json<LinkBody>,
) -> Result<JsonResponse<EmailConfirmed>, ApiError> {
    let email = one_time_codes::confirm_email_by_link(&state.pool, body.code.trim()).await?;
    Ok(JsonResponse(EmailConfirmed { email }))
}
