//! Registration by e-mail and password, under the rules of the registration scenario
//! (`GET /player/fields/validations?scenario=registration`), with the scenario's optional bonus
//! code, promotional opt-ins and captcha. The client signs in right after (spec, section 4), so the
//! answer is the new profile, not a session.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::ProfileResponse;
use super::fields;
use super::validation::{self, Checks, Submitted};
use crate::players::{self, NewPlayer, Taken};
use crate::rewards::Unit;
use crate::rewards::bonus_codes;
use crate::routes::extract::Json;
use crate::verification::normalise_phone;
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
    /// International format (`+` and digits; spaces, dashes and brackets are dropped).
    phone: Option<String>,
    /// A bonus code for the new account, under the rules of `POST /game/bonuses/bonuscodes`:
    /// issued at once, or waiting for the first deposit when it is a deposit code.
    bonus_code: Option<String>,
    #[serde(default)]
    receive_email_promo: bool,
    #[serde(default)]
    receive_sms_promo: bool,
    #[serde(default)]
    receive_bonus: bool,
    #[serde(default)]
    agreements: bool,
    /// The captcha's token, when the platform asks for one (the scenario lists `captcha`).
    captcha: Option<String>,
    fingerprint: Option<String>,
    second_fingerprint: Option<String>,
    affiliate_tag: Option<String>,
}

#[utoipa::path(post, path = "/api/player/register", tag = "player", request_body = Registration, responses((status = 201, body = ProfileResponse), (status = 400, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody), (status = 503, description = "The captcha provider could not be reached", body = service_kit::ErrorBody)))]
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
    let phone = filled(form.phone.as_deref());
    let bonus_code = filled(form.bonus_code.as_deref());
    checks.check("phone", phone.and_then(validation::phone));
    let currency = checks
        .sign_up_terms(&state, form.agreements, form.currency.as_deref())
        .await?;
    // After the platform's own checks, whose messages say more than the generic rules'.
    let rules = fields::scenario(&state, fields::REGISTRATION).await?;
    checks.scenario(
        &rules,
        |field| {
            Some(match field {
                "email" => Submitted::Text(Some(email.as_str())),
                "password" => Submitted::Text(Some(form.password.as_str())),
                "currency" => Submitted::Text(form.currency.as_deref()),
                "country" => Submitted::Text(form.country.as_deref()),
                "nickname" => Submitted::Text(form.nickname.as_deref()),
                "firstName" => Submitted::Text(form.first_name.as_deref()),
                "lastName" => Submitted::Text(form.last_name.as_deref()),
                "locale" => Submitted::Text(form.locale.as_deref()),
                "phone" => Submitted::Text(phone),
                "bonusCode" => Submitted::Text(bonus_code),
                "receiveEmailPromo" => Submitted::Flag(form.receive_email_promo),
                "receiveSmsPromo" => Submitted::Flag(form.receive_sms_promo),
                "receiveBonus" => Submitted::Flag(form.receive_bonus),
                "agreements" => Submitted::Flag(form.agreements),
                _ => return None,
            })
        },
        validation::today()?,
    );
    let bonus_trigger = match (bonus_code, currency.as_deref()) {
        (Some(code), Some(currency)) => {
            let mut conn = state.pool.acquire().await?;
            match bonus_codes::check_at_sign_up(&mut conn, code, currency).await? {
                Ok(trigger) => Some(trigger),
                Err(refusal) => {
                    checks.check("bonusCode", Some(refusal.message));
                    None
                }
            }
        }
        _ => None,
    };
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
    // After the fields: a token is spent when checked, and a form with a typo keeps its captcha.
    state.captcha.check(form.captcha.as_deref()).await?;
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
        phone: phone.and_then(normalise_phone),
        registration_fingerprints: fingerprints(form.fingerprint, form.second_fingerprint),
        receive_email_promo: form.receive_email_promo,
        receive_sms_promo: form.receive_sms_promo,
        receive_bonus: form.receive_bonus,
        ..NewPlayer::default()
    };
    let player_id = match players::create_with_email(&state.pool, new_player, &currency).await? {
        Ok(id) => id,
        Err(taken) => {
            let (field, message) = match taken {
                Taken::Email => ("email", "An account with this e-mail already exists"),
                Taken::Phone => ("phone", "An account with this phone number already exists"),
            };
            return Err(ApiError::invalid_field(field, message));
        }
    };
    if let (Some(code), Some(trigger)) = (bonus_code, bonus_trigger) {
        let mut unit = Unit::begin(&state.deps(), player_id).await?;
        match bonus_codes::apply(
            &mut unit.tx,
            &mut unit.changes,
            player_id,
            None,
            code,
            trigger,
        )
        .await?
        {
            Ok(_) => unit.commit(&state.deps()).await?,
            // Checked above: only a change of the code since (it expired) gets here, and the
            // account stands without it.
            Err(refusal) => {
                tracing::warn!(code = refusal.code, "a sign-up's bonus code was refused")
            }
        }
    }
    let profile = players::load_profile(&state.pool, player_id).await?;
    Ok((
        StatusCode::CREATED,
        JsonResponse(ProfileResponse { profile }),
    ))
}

/// A text field's value, unless left blank.
fn filled(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
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
