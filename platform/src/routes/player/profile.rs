//! The signed-in player's profile and start-up data.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::validation::{self, Checks};
use super::{Profile, load_profile};
use crate::auth::CurrentPlayer;
use crate::auth::passwords;
use crate::players;
use crate::routes::extract::Json;
use crate::wallet;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show, update))
        .routes(routes!(init))
}

#[utoipa::path(get, path = "/api/player/profile", tag = "player", security(("bearer" = [])), responses((status = 200, body = super::Profile), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<Profile>, ApiError> {
    Ok(JsonResponse(load_profile(&state.pool, player.id).await?))
}

/// `{profile, accounts}`: the profile and the wallet's visible accounts.
#[derive(Serialize, utoipa::ToSchema)]
struct PlayerInit {
    profile: Profile,
    accounts: Vec<wallet::Account>,
}

/// What the client needs right after start-up with a stored token, in one call.
#[utoipa::path(get, path = "/api/player/init", tag = "player", security(("bearer" = [])), responses((status = 200, body = PlayerInit), (status = 401, body = service_kit::ErrorBody)))]
async fn init(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<PlayerInit>, ApiError> {
    let profile = load_profile(&state.pool, player.id).await?;
    let accounts = wallet::accounts_of(&state.pool, player.id).await?;
    Ok(JsonResponse(PlayerInit { profile, accounts }))
}

/// Fields a player may change directly. E-mail and phone change through their verification flows.
/// An absent field stays as it is; an empty string clears an optional one.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ProfileChange {
    nickname: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    language: Option<String>,
    country: Option<String>,
    locale: Option<String>,
    /// The live chat's restore id, saved when the chat creates its user (spec, section 4).
    freshchat_restore_id: Option<String>,
    /// `YYYY-MM-DD`, a real calendar day; the player must be at least 18.
    birthdate: Option<String>,
    /// `male`, `female` or `other`.
    gender: Option<String>,
    city: Option<String>,
    address: Option<String>,
    /// Letters and digits (spaces and hyphens as typed are dropped).
    postal_code: Option<String>,
    /// An IANA time zone name, e.g. `America/Sao_Paulo`.
    time_zone: Option<String>,
    /// The Brazilian taxpayer number with valid check digits (dots and dashes as typed are dropped).
    #[serde(rename = "cpf_number")]
    cpf_number: Option<String>,
    /// Exactly two words (first and last name), at most 30 characters.
    full_name: Option<String>,
    /// A country code from `GET /settings/countries`.
    nationality: Option<String>,
    additional_address: Option<String>,
    profession: Option<String>,
    place_of_birth: Option<String>,
    /// The identity document's number: letters and digits (spaces, dots, hyphens and slashes as
    /// typed are dropped).
    personal_id_number: Option<String>,
    /// Clearing the question clears its answer too.
    security_question: Option<String>,
    /// Stored as a hash, compared without case; an empty string keeps the stored answer.
    security_answer: Option<String>,
    receive_email_promo: Option<bool>,
    receive_sms_promo: Option<bool>,
}

fn cleared(value: &Option<String>) -> Option<Option<&str>> {
    value
        .as_deref()
        .map(str::trim)
        .map(|v| (!v.is_empty()).then_some(v))
}

#[utoipa::path(put, path = "/api/player/profile", tag = "player", security(("bearer" = [])), request_body = ProfileChange, responses((status = 200, body = super::Profile), (status = 401, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(change): Json<ProfileChange>,
) -> Result<JsonResponse<Profile>, ApiError> {
    let nickname = cleared(&change.nickname);
    let first_name = cleared(&change.first_name);
    let last_name = cleared(&change.last_name);
    let language = cleared(&change.language);
    let country = cleared(&change.country).map(|c| c.map(str::to_ascii_uppercase));
    let locale = cleared(&change.locale).map(|l| l.map(str::to_ascii_lowercase));
    let restore_id = cleared(&change.freshchat_restore_id);
    let birthdate = cleared(&change.birthdate);
    let gender = cleared(&change.gender);
    let city = cleared(&change.city);
    let address = cleared(&change.address);
    let postal_code = cleared(&change.postal_code).map(|v| {
        v.map(|code| {
            code.chars()
                .filter(|c| !matches!(c, ' ' | '-'))
                .collect::<String>()
                .to_ascii_uppercase()
        })
    });
    let time_zone = cleared(&change.time_zone);
    let cpf_number = cleared(&change.cpf_number).map(|v| {
        v.map(|cpf| {
            cpf.chars()
                .filter(|c| !matches!(c, '.' | '-' | ' '))
                .collect()
        })
    });
    let full_name = cleared(&change.full_name);
    let nationality = cleared(&change.nationality).map(|c| c.map(str::to_ascii_uppercase));
    let additional_address = cleared(&change.additional_address);
    let profession = cleared(&change.profession);
    let place_of_birth = cleared(&change.place_of_birth);
    let personal_id_number = cleared(&change.personal_id_number).map(|v| {
        v.map(|id| {
            id.chars()
                .filter(|c| !matches!(c, ' ' | '.' | '-' | '/'))
                .collect::<String>()
                .to_ascii_uppercase()
        })
    });
    let security_question = cleared(&change.security_question);
    let security_answer = cleared(&change.security_answer).flatten();

    let today = validation::today()?;
    let mut checks = Checks::default();
    checks
        .check(
            "nickname",
            nickname.flatten().and_then(validation::nickname),
        )
        .check("firstName", first_name.flatten().and_then(validation::name))
        .check("lastName", last_name.flatten().and_then(validation::name))
        .check(
            "language",
            language.flatten().and_then(validation::language),
        )
        .check(
            "freshchatRestoreId",
            restore_id
                .flatten()
                .and_then(|v| validation::max_length(v, 200)),
        )
        .check(
            "birthdate",
            birthdate
                .flatten()
                .and_then(|v| validation::birthdate(v, today)),
        )
        .check("gender", gender.flatten().and_then(validation::gender))
        .check("city", city.flatten().and_then(validation::name))
        .check("address", address.flatten().and_then(validation::address))
        .check(
            "postalCode",
            postal_code
                .as_ref()
                .and_then(|v| v.as_deref())
                .and_then(validation::postal_code),
        )
        .check(
            "timeZone",
            time_zone.flatten().and_then(validation::time_zone),
        )
        .check(
            "cpf_number",
            cpf_number
                .as_ref()
                .and_then(|v| v.as_deref())
                .and_then(validation::cpf_number),
        )
        .check(
            "fullName",
            full_name.flatten().and_then(validation::full_name),
        )
        .check(
            "additionalAddress",
            additional_address.flatten().and_then(validation::address),
        )
        .check(
            "profession",
            profession.flatten().and_then(validation::text_line),
        )
        .check(
            "placeOfBirth",
            place_of_birth.flatten().and_then(validation::text_line),
        )
        .check(
            "personalIdNumber",
            personal_id_number
                .as_ref()
                .and_then(|v| v.as_deref())
                .and_then(validation::personal_id_number),
        )
        .check(
            "securityQuestion",
            security_question.flatten().and_then(validation::text_line),
        )
        .check(
            "securityAnswer",
            security_answer.and_then(validation::text_line),
        );
    if security_question.is_some() || security_answer.is_some() {
        let stored = players::load_profile(&state.pool, player.id).await?;
        let question_after = match security_question {
            Some(question) => question.is_some(),
            None => stored.security_question.is_some(),
        };
        let answer_after = security_answer.is_some()
            || (stored.has_security_answer && security_question != Some(None));
        checks
            .check(
                "securityAnswer",
                (question_after && !answer_after)
                    .then(|| "Answer your security question".to_owned()),
            )
            .check(
                "securityQuestion",
                (answer_after && !question_after)
                    .then(|| "Write the question this answer is for".to_owned()),
            );
    }
    if let Some(Some(code)) = &nationality {
        let known = players::country_exists(&state.pool, code).await?;
        checks.check(
            "nationality",
            (!known).then(|| "Choose a country from the list".to_owned()),
        );
    }
    if let Some(Some(code)) = &country {
        let known = players::country_exists(&state.pool, code).await?;
        checks.check(
            "country",
            (!known).then(|| "Choose a country from the list".to_owned()),
        );
    }
    match &locale {
        Some(Some(code)) => {
            let known = players::locale_exists(&state.pool, code).await?;
            checks.check(
                "locale",
                (!known).then(|| "This language is not available".to_owned()),
            );
        }
        Some(None) => {
            checks.check("locale", Some("Choose a language".to_owned()));
        }
        None => {}
    }
    checks.finish()?;

    // Without a question its answer goes too.
    let security_answer_hash = match (security_question, security_answer) {
        (Some(None), _) => Some(None),
        (_, Some(answer)) => Some(Some(passwords::hash(answer.to_lowercase()).await?)),
        (_, None) => None,
    };
    let change = players::ProfileChange {
        nickname,
        first_name,
        last_name,
        language,
        country,
        locale,
        freshchat_restore_id: restore_id,
        birthdate,
        gender,
        city,
        address,
        postal_code,
        time_zone,
        cpf_number,
        full_name,
        nationality,
        additional_address,
        profession,
        place_of_birth,
        personal_id_number,
        security_question,
        security_answer_hash,
        receive_email_promo: change.receive_email_promo,
        receive_sms_promo: change.receive_sms_promo,
    };
    Ok(JsonResponse(
        players::change_profile(&state.pool, player.id, change).await?,
    ))
}
