//! Registration by e-mail and password. The client signs in right after (spec, section 4), so the
//! answer is the new profile, not a session.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::ProfileResponse;
use super::validation::{self, Checks};
use crate::players::{self, NewPlayer};
use crate::routes::extract::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(register))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Registration {
    email: String,
    password: String,
    /// The wallet's first currency; the base currency when absent.
    currency: Option<String>,
    country: Option<String>,
    nickname: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    locale: Option<String>,
    #[serde(default)]
    agreements: bool,
    fingerprint: Option<String>,
    second_fingerprint: Option<String>,
    affiliate_tag: Option<String>,
}

#[utoipa::path(post, path = "/api/player/register", tag = "player", request_body = Registration, responses((status = 201, body = ProfileResponse), (status = 400, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    Json(form): Json<Registration>,
) -> Result<(StatusCode, JsonResponse<ProfileResponse>), ApiError> {
    let email = form.email.trim().to_owned();
    let mut checks = Checks::default();
    checks
        .check("email", validation::email(&email))
        .check("password", validation::password(&form.password))
        .check(
            "nickname",
            form.nickname.as_deref().and_then(validation::nickname),
        )
        .check(
            "firstName",
            form.first_name.as_deref().and_then(validation::name),
        )
        .check(
            "lastName",
            form.last_name.as_deref().and_then(validation::name),
        );
    let currency = checks
        .sign_up_terms(&state, form.agreements, form.currency.as_deref())
        .await?;
    let country = match form.country.as_deref().map(str::to_ascii_uppercase) {
        None => None,
        Some(code) => {
            let known = players::country_exists(&state.pool, &code)
                .await?
                .then_some(code);
            checks.check(
                "country",
                known
                    .is_none()
                    .then(|| "Choose a country from the list".to_owned()),
            );
            known
        }
    };
    let locale = match form.locale.as_deref() {
        None => "en".to_owned(),
        Some(code) => {
            let code = code.to_ascii_lowercase();
            let known = players::locale_exists(&state.pool, &code)
                .await?
                .then_some(code);
            checks.check(
                "locale",
                known
                    .is_none()
                    .then(|| "This language is not available".to_owned()),
            );
            known.unwrap_or_default()
        }
    };
    checks.finish()?;
    let currency = currency.ok_or_else(|| anyhow::anyhow!("currency passed its check"))?;

    let password_hash = crate::auth::passwords::hash(form.password).await?;
    let new_player = NewPlayer {
        email: Some(email),
        password_hash: Some(password_hash),
        nickname: form.nickname.as_deref().map(|v| v.trim().to_owned()),
        first_name: form.first_name.as_deref().map(|v| v.trim().to_owned()),
        last_name: form.last_name.as_deref().map(|v| v.trim().to_owned()),
        country,
        locale: Some(locale),
        affiliate_tag: form
            .affiliate_tag
            .map(|t| t.chars().take(100).collect::<String>()),
        registration_fingerprints: fingerprints(form.fingerprint, form.second_fingerprint),
        ..NewPlayer::default()
    };
    let Some(player_id) = players::create_with_email(&state.pool, new_player, &currency).await?
    else {
        let mut checks = Checks::default();
        checks.check(
            "email",
            Some("An account with this e-mail already exists".to_owned()),
        );
        return Err(checks.finish().expect_err("one failure"));
    };
    let profile = players::load_profile(&state.pool, player_id).await?;
    Ok((
        StatusCode::CREATED,
        JsonResponse(ProfileResponse { profile }),
    ))
}

/// Both device fingerprints the client sends, kept for the operator's fraud checks.
fn fingerprints(first: Option<String>, second: Option<String>) -> Option<String> {
    let parts: Vec<String> = [first, second]
        .into_iter()
        .flatten()
        .map(|f| f.chars().take(200).collect())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}
