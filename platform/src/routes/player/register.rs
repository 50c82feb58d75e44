//! Registration under the rules of the registration scenario
//! (`GET /player/fields/validations?scenario=registration`), by e-mail and password
//! (`POST /player/register`) or by a phone number that its one-time code proves
//! (`POST /player/register/phone`), each with the scenario's optional bonus code, promotional
//! opt-ins and captcha. The scenario's `email` is the e-mail sign-up's login; a phone sign-up's
//! login is its `phone`, required whatever the scenario says of it, and it carries no e-mail. The
//! client signs in right after (spec, section 4), so the answer is the new profile, not a session.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::ProfileResponse;
use super::fields;
use super::validation::{self, Checks, Submitted};
use crate::players::{self, NewPlayer, Taken, one_time_codes};
use crate::rewards::Unit;
use crate::rewards::bonus_codes;
use crate::routes::extract::Json;
use crate::verification::normalise_phone;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(register_phone))
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

/// The same fields as `Registration`, with the phone number and its code for the login.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PhoneRegistration {
    /// International format, as the code was sent to (`POST /player/otp/send`).
    phone: String,
    code: String,
    password: String,
    currency: Option<String>,
    country: Option<String>,
    nickname: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    locale: Option<String>,
    bonus_code: Option<String>,
    #[serde(default)]
    receive_email_promo: bool,
    #[serde(default)]
    receive_sms_promo: bool,
    #[serde(default)]
    receive_bonus: bool,
    #[serde(default)]
    agreements: bool,
    captcha: Option<String>,
    fingerprint: Option<String>,
    second_fingerprint: Option<String>,
    affiliate_tag: Option<String>,
}

/// What both sign-ups carry besides their login.
struct Details<'a> {
    password: &'a str,
    currency: Option<&'a str>,
    country: Option<&'a str>,
    nickname: Option<&'a str>,
    first_name: Option<&'a str>,
    last_name: Option<&'a str>,
    locale: Option<&'a str>,
    /// Left out when blank.
    bonus_code: Option<&'a str>,
    receive_email_promo: bool,
    receive_sms_promo: bool,
    receive_bonus: bool,
    agreements: bool,
}

/// The `Details` of a `Registration` or a `PhoneRegistration`, whose fields share their names.
macro_rules! details {
    ($form:expr) => {
        Details {
            password: &$form.password,
            currency: $form.currency.as_deref(),
            country: $form.country.as_deref(),
            nickname: $form.nickname.as_deref(),
            first_name: $form.first_name.as_deref(),
            last_name: $form.last_name.as_deref(),
            locale: $form.locale.as_deref(),
            bonus_code: filled($form.bonus_code.as_deref()),
            receive_email_promo: $form.receive_email_promo,
            receive_sms_promo: $form.receive_sms_promo,
            receive_bonus: $form.receive_bonus,
            agreements: $form.agreements,
        }
    };
}

/// What a sign-up logs in with.
enum Login<'a> {
    /// The e-mail address (trimmed), and the phone number the form may add (left out when blank).
    Email {
        email: &'a str,
        phone: Option<&'a str>,
    },
    /// The phone number as typed.
    Phone(&'a str),
}

/// A sign-up whose fields passed their checks.
struct Checked {
    currency: String,
    country: Option<String>,
    locale: String,
    /// The bonus code's trigger, when a code was entered.
    bonus_trigger: Option<i64>,
}

#[utoipa::path(post, path = "/api/player/register", tag = "player", request_body = Registration, responses((status = 201, body = ProfileResponse), (status = 400, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody), (status = 503, description = "The captcha provider could not be reached", body = service_kit::ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    Json(form): Json<Registration>,
) -> Result<(StatusCode, JsonResponse<ProfileResponse>), ApiError> {
    let email = form.email.trim().to_owned();
    let phone = filled(form.phone.as_deref());
    let details = details!(form);
    let login = Login::Email {
        email: &email,
        phone,
    };
    let checked = check(&state, &login, &details).await?;
    // After the fields: a token is spent when checked, and a form with a typo keeps its captcha.
    state.captcha.check(form.captcha.as_deref()).await?;
    let new_player = NewPlayer {
        email: Some(email.clone()),
        phone: phone.and_then(normalise_phone),
        ..new_player(
            &details,
            &checked,
            form.affiliate_tag.as_deref(),
            fingerprints(form.fingerprint.clone(), form.second_fingerprint.clone()),
        )
    };
    create(&state, new_player, &form.password, &details, checked).await
}

/// Registration with a phone number proven by its code. The client then signs in with the phone
/// and password, or with a new code.
#[utoipa::path(post, path = "/api/player/register/phone", tag = "player", request_body = PhoneRegistration, responses((status = 201, body = ProfileResponse), (status = 400, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody), (status = 503, description = "The captcha provider could not be reached", body = service_kit::ErrorBody)))]
async fn register_phone(
    State(state): State<AppState>,
    Json(form): Json<PhoneRegistration>,
) -> Result<(StatusCode, JsonResponse<ProfileResponse>), ApiError> {
    let details = details!(form);
    let checked = check(&state, &Login::Phone(&form.phone), &details).await?;
    let phone = normalise_phone(&form.phone)
        .ok_or_else(|| anyhow::anyhow!("the phone number passed its check"))?;
    // The captcha once the code is known to be right: a mistyped code leaves the token unspent, and
    // a refused token the code.
    let captcha = async {
        state
            .captcha
            .check(form.captcha.as_deref())
            .await
            .map_err(ApiError::from)
    };
    one_time_codes::claim_phone::<ApiError>(&state.pool, &phone, &form.code, captcha).await?;
    let new_player = NewPlayer {
        phone: Some(phone),
        phone_verified: true,
        ..new_player(
            &details,
            &checked,
            form.affiliate_tag.as_deref(),
            fingerprints(form.fingerprint.clone(), form.second_fingerprint.clone()),
        )
    };
    create(&state, new_player, &form.password, &details, checked).await
}

/// A sign-up's checks: the platform's own on each field, then the registration scenario's, the
/// bonus code, the country and the language; one message per failing field.
async fn check(
    state: &AppState,
    login: &Login<'_>,
    form: &Details<'_>,
) -> Result<Checked, ApiError> {
    let mut checks = Checks::default();
    let (email, phone) = match *login {
        Login::Email { email, phone } => {
            checks.check("email", validation::email(email));
            (Some(email), phone)
        }
        Login::Phone(phone) => (None, Some(phone)),
    };
    checks
        .check("password", validation::password(form.password))
        .check("nickname", form.nickname.and_then(validation::nickname))
        .check("firstName", form.first_name.and_then(validation::name))
        .check("lastName", form.last_name.and_then(validation::name))
        .check("phone", phone.and_then(validation::phone));
    let currency = checks
        .sign_up_terms(state, form.agreements, form.currency)
        .await?;
    // After the platform's own checks, whose messages say more than the generic rules'.
    let rules = fields::scenario(state, fields::REGISTRATION).await?;
    checks.scenario(
        &rules,
        |field| {
            Some(match field {
                // A phone sign-up carries no e-mail.
                "email" => return email.map(|email| Submitted::Text(Some(email))),
                "password" => Submitted::Text(Some(form.password)),
                "currency" => Submitted::Text(form.currency),
                "country" => Submitted::Text(form.country),
                "nickname" => Submitted::Text(form.nickname),
                "firstName" => Submitted::Text(form.first_name),
                "lastName" => Submitted::Text(form.last_name),
                "locale" => Submitted::Text(form.locale),
                "phone" => Submitted::Text(phone),
                "bonusCode" => Submitted::Text(form.bonus_code),
                "receiveEmailPromo" => Submitted::Flag(form.receive_email_promo),
                "receiveSmsPromo" => Submitted::Flag(form.receive_sms_promo),
                "receiveBonus" => Submitted::Flag(form.receive_bonus),
                "agreements" => Submitted::Flag(form.agreements),
                _ => return None,
            })
        },
        validation::today()?,
    );
    let bonus_trigger = match (form.bonus_code, currency.as_deref()) {
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
    let country = match form.country.map(str::to_ascii_uppercase) {
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
    let locale = match form.locale {
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
    Ok(Checked {
        currency: currency.ok_or_else(|| anyhow::anyhow!("currency passed its check"))?,
        country,
        locale,
        bonus_trigger,
    })
}

/// The new player of a checked sign-up, but for its login.
fn new_player(
    form: &Details<'_>,
    checked: &Checked,
    affiliate_tag: Option<&str>,
    registration_fingerprints: Option<String>,
) -> NewPlayer {
    let trimmed = |value: Option<&str>| value.map(|v| v.trim().to_owned());
    NewPlayer {
        nickname: trimmed(form.nickname),
        first_name: trimmed(form.first_name),
        last_name: trimmed(form.last_name),
        country: checked.country.clone(),
        locale: Some(checked.locale.clone()),
        affiliate_tag: affiliate_tag.map(|t| t.chars().take(100).collect::<String>()),
        registration_fingerprints,
        receive_email_promo: form.receive_email_promo,
        receive_sms_promo: form.receive_sms_promo,
        receive_bonus: form.receive_bonus,
        ..NewPlayer::default()
    }
}

/// Creates the checked sign-up's player with its password and applies its bonus code.
async fn create(
    state: &AppState,
    mut new_player: NewPlayer,
    password: &str,
    form: &Details<'_>,
    checked: Checked,
) -> Result<(StatusCode, JsonResponse<ProfileResponse>), ApiError> {
    new_player.password_hash = Some(crate::auth::passwords::hash(password.to_owned()).await?);
    let player_id =
        match players::create_signed_up(&state.pool, new_player, &checked.currency).await? {
            Ok(id) => id,
            Err(taken) => {
                let (field, message) = match taken {
                    Taken::Email => ("email", "An account with this e-mail already exists"),
                    Taken::Phone => ("phone", "An account with this phone number already exists"),
                };
                return Err(ApiError::invalid_field(field, message));
            }
        };
    if let (Some(code), Some(trigger)) = (form.bonus_code, checked.bonus_trigger) {
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
