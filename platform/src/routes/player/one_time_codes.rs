//! Flows that go through a one-time code: phone and e-mail sign-in codes, phone registration,
//! password change and reset, and e-mail verification.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use super::validation::{self, Checks};
use super::{Profile, ProfileResponse, load_profile};
use crate::auth::CurrentPlayer;
use crate::auth::sessions::{self, ClientInfo, SessionResponse};
use crate::clock::NOW_SECONDS;
use crate::extract::Json;
use crate::players::{self, NewPlayer};
use crate::verification::{self, Purpose, normalise_phone};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(otp_send))
        .routes(routes!(otp_email_send))
        .routes(routes!(otp_verify))
        .routes(routes!(register_phone))
        .routes(routes!(change_password))
        .routes(routes!(reset_password))
        .routes(routes!(confirm_password))
        .routes(routes!(email_verify_send))
        .routes(routes!(email_verify_confirm))
        .routes(routes!(email_verify_resend))
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
        checks.check(
            "phone",
            Some("Enter the number in international format, e.g. +44 7700 900123".to_owned()),
        );
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
    match (body.phone.as_deref(), body.email.as_deref(), player) {
        (Some(phone), None, Some(player)) => {
            let phone = phone_field(phone)?;
            verification::redeem(&state.pool, Purpose::Phone, &phone, &body.code).await?;
            let attached = sqlx::query(&format!(
                "UPDATE players SET phone = ?, phone_verified_at = {NOW_SECONDS}
                 WHERE id = ?"
            ))
            .bind(&phone)
            .bind(player.id)
            .execute(&state.pool)
            .await;
            match attached {
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    Err(ApiError::conflict(
                        "phone_taken",
                        "This phone number belongs to another account.",
                    ))
                }
                Err(e) => Err(e.into()),
                Ok(_) => Ok(JsonResponse(CodeVerified::Profile(ProfileResponse {
                    profile: load_profile(&state.pool, player.id).await?,
                }))),
            }
        }
        (Some(phone), None, None) => {
            let phone = phone_field(phone)?;
            verification::redeem(&state.pool, Purpose::Phone, &phone, &body.code).await?;
            let player: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE phone = ?")
                .bind(&phone)
                .fetch_optional(&state.pool)
                .await?;
            let Some(player_id) = player else {
                return Err(ApiError::not_found(
                    "player_not_found",
                    "No account uses this phone number yet. Sign up first.",
                ));
            };
            sign_in(&state, &headers, player_id, body.fingerprint).await
        }
        (None, Some(email), None) => {
            let redeemed = verification::redeem(
                &state.pool,
                Purpose::Email,
                &email.trim().to_lowercase(),
                &body.code,
            )
            .await?;
            let player_id = redeemed
                .player_id
                .ok_or_else(|| anyhow::anyhow!("e-mail sign-in codes name their player"))?;
            sign_in(&state, &headers, player_id, body.fingerprint).await
        }
        _ => Err(ApiError::bad_request(
            "invalid_request",
            "Send either a phone number or (signed out) an e-mail address, with the code.",
        )),
    }
}

async fn sign_in(
    state: &AppState,
    headers: &HeaderMap,
    player_id: i64,
    fingerprint: Option<String>,
) -> Result<JsonResponse<CodeVerified>, ApiError> {
    let client = ClientInfo::from_headers(headers, fingerprint);
    let session = sessions::open(&state.pool, &state.tokens, player_id, &client, false).await?;
    Ok(JsonResponse(CodeVerified::Session(session)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PhoneRegistration {
    phone: String,
    code: String,
    password: String,
    currency: Option<String>,
    country: Option<String>,
    locale: Option<String>,
    #[serde(default)]
    agreements: bool,
    affiliate_tag: Option<String>,
    fingerprint: Option<String>,
    second_fingerprint: Option<String>,
}

/// Registration with a phone number proven by its code. The client then signs in with the phone
/// and password, or with a new code.
#[utoipa::path(post, path = "/api/player/register/phone", tag = "player", request_body = PhoneRegistration, responses((status = 201, body = ProfileResponse), (status = 422, body = service_kit::ErrorBody)))]
async fn register_phone(
    State(state): State<AppState>,
    Json(form): Json<PhoneRegistration>,
) -> Result<(StatusCode, JsonResponse<ProfileResponse>), ApiError> {
    let phone = phone_field(&form.phone)?;
    let mut checks = Checks::default();
    checks.check("password", validation::password(&form.password));
    let currency = checks
        .sign_up_terms(&state.pool, form.agreements, form.currency.as_deref())
        .await?;
    checks.finish()?;
    let currency = currency.ok_or_else(|| anyhow::anyhow!("currency passed its check"))?;
    let taken: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM players WHERE phone = ?)")
        .bind(&phone)
        .fetch_one(&state.pool)
        .await?;
    if taken {
        let mut checks = Checks::default();
        checks.check(
            "phone",
            Some("An account with this phone number already exists".to_owned()),
        );
        return Err(checks.finish().expect_err("one failure"));
    }
    verification::redeem(&state.pool, Purpose::Phone, &phone, &form.code).await?;

    let password_hash = crate::auth::passwords::hash(form.password).await?;
    let fingerprints = [form.fingerprint, form.second_fingerprint]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let mut tx = state.pool.begin().await?;
    let new_player = NewPlayer {
        phone: Some(phone),
        phone_verified: true,
        password_hash: Some(password_hash),
        country: form.country.map(|c| c.to_ascii_uppercase()),
        locale: form.locale.map(|l| l.to_ascii_lowercase()),
        affiliate_tag: form.affiliate_tag,
        registration_fingerprints: (!fingerprints.is_empty()).then_some(fingerprints),
        ..NewPlayer::default()
    };
    let player_id = players::create(&mut tx, new_player, &currency)
        .await
        .map_err(|e| match e {
            sqlx::Error::Database(db)
                if db.is_foreign_key_violation() || db.is_check_violation() =>
            {
                ApiError::bad_request("invalid_request", "Country or language is not known.")
            }
            other => other.into(),
        })?
        .ok_or_else(|| anyhow::anyhow!("a phone sign-up has no Telegram id"))?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        JsonResponse(ProfileResponse {
            profile: load_profile(&state.pool, player_id).await?,
        }),
    ))
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
    let stored: Option<String> =
        sqlx::query_scalar("SELECT password_hash FROM players WHERE id = ?")
            .bind(player.id)
            .fetch_one(&state.pool)
            .await?;
    let current_ok = match stored {
        Some(stored) => crate::auth::passwords::verify(body.current_password, stored).await?,
        None => false,
    };
    if !current_ok {
        let mut checks = Checks::default();
        checks.check(
            "currentPassword",
            Some("The current password is wrong".to_owned()),
        );
        return Err(checks.finish().expect_err("one failure"));
    }
    set_password(
        &state,
        player.id,
        body.new_password,
        Some(&player.session_id),
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
    let origin = headers
        .get("origin")
        .and_then(|v| v.to_str().ok())
        .filter(|o| o.starts_with("http://") || o.starts_with("https://"))
        .unwrap_or("")
        .to_owned();
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
            Ok(())
            | Err(ApiError::Client {
                code: "code_too_soon",
                ..
            }) => {}
            Err(e) => return Err(e),
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
    let redeemed =
        verification::redeem_link(&state.pool, Purpose::PasswordReset, &body.code).await?;
    let player_id = redeemed
        .player_id
        .ok_or_else(|| anyhow::anyhow!("reset codes name their player"))?;
    set_password(&state, player_id, body.password, None).await?;
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

/// Stores a new password and closes the player's sessions: all of them, or all but `keep` (the
/// one that made the change). Old tokens stop working at once.
async fn set_password(
    state: &AppState,
    player_id: i64,
    password: String,
    keep: Option<&str>,
) -> Result<(), ApiError> {
    let hash = crate::auth::passwords::hash(password).await?;
    let mut tx = state.pool.begin().await?;
    sqlx::query("UPDATE players SET password_hash = ? WHERE id = ?")
        .bind(hash)
        .bind(player_id)
        .execute(&mut *tx)
        .await?;
    sessions::close_all_but(&mut tx, player_id, keep).await?;
    tx.commit().await?;
    Ok(())
}

/// Sends the code that confirms `email` as the player's.
async fn send_verify_code(state: &AppState, player_id: i64, email: &str) -> Result<(), ApiError> {
    verification::send(
        &state.pool,
        Purpose::EmailVerify,
        &email.to_lowercase(),
        Some(player_id),
        verify_message,
    )
    .await
}

fn verify_message(code: &str) -> (String, String) {
    (
        "Confirm your e-mail".to_owned(),
        format!("{code} is your code to confirm this e-mail address. It expires in 10 minutes."),
    )
}

/// Sends a code to an address the player wants on their profile (a new one, or their first).
#[utoipa::path(post, path = "/api/player/profile/email/verify/send", tag = "player", security(("bearer" = [])), request_body = EmailBody, responses((status = 200, body = CodeSent), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn email_verify_send(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<EmailBody>,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let email = validation::checked_email(&body.email)?;
    let owner: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE email = ?")
        .bind(&email)
        .fetch_optional(&state.pool)
        .await?;
    if owner.is_some_and(|id| id != player.id) {
        return Err(ApiError::conflict(
            "email_taken",
            "This e-mail belongs to another account.",
        ));
    }
    send_verify_code(&state, player.id, &email).await?;
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
    let email = match body.email {
        Some(email) => email.trim().to_lowercase(),
        None => sqlx::query_scalar::<_, Option<String>>("SELECT email FROM players WHERE id = ?")
            .bind(player.id)
            .fetch_one(&state.pool)
            .await?
            .map(|e| e.to_lowercase())
            .ok_or_else(|| {
                ApiError::bad_request("email_missing", "Say which e-mail address to confirm.")
            })?,
    };
    let redeemed =
        verification::redeem(&state.pool, Purpose::EmailVerify, &email, &body.code).await?;
    if redeemed.player_id != Some(player.id) {
        return Err(ApiError::client(
            StatusCode::UNPROCESSABLE_ENTITY,
            "code_invalid",
            "This code is wrong or has expired. Ask for a new one.",
        ));
    }
    let updated = sqlx::query(&format!(
        "UPDATE players SET email = ?, email_verified_at = {NOW_SECONDS} WHERE id = ?"
    ))
    .bind(&redeemed.recipient)
    .bind(player.id)
    .execute(&state.pool)
    .await;
    match updated {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(ApiError::conflict(
            "email_taken",
            "This e-mail belongs to another account.",
        )),
        Err(e) => Err(e.into()),
        Ok(_) => Ok(JsonResponse(load_profile(&state.pool, player.id).await?)),
    }
}

/// Sends the confirmation code for the profile's current e-mail again.
#[utoipa::path(post, path = "/api/player/profile/confirmations/email/resend", tag = "player", security(("bearer" = [])), responses((status = 200, body = CodeSent), (status = 400, body = service_kit::ErrorBody), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody), (status = 429, body = service_kit::ErrorBody)))]
async fn email_verify_resend(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<CodeSent>, ApiError> {
    let profile = load_profile(&state.pool, player.id).await?;
    let Some(email) = profile.email else {
        return Err(ApiError::bad_request(
            "email_missing",
            "Add an e-mail address first.",
        ));
    };
    if profile.is_email_verified {
        return Err(ApiError::conflict(
            "email_verified",
            "This e-mail is already confirmed.",
        ));
    }
    send_verify_code(&state, player.id, &email).await?;
    Ok(sent())
}
