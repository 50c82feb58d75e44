//! Registration by e-mail and password. The client signs in right after (spec, section 4), so the
//! answer is the new profile, not a session.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::ProfileResponse;
use super::validation::{self, Checks};
use crate::extract::Json;
use crate::routes::wallet;
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
        )
        .check(
            "agreements",
            (!form.agreements).then(|| "The terms must be accepted".to_owned()),
        );
    let currency = wallet::offered_currency(&state.pool, form.currency.as_deref()).await?;
    checks.check(
        "currency",
        currency
            .is_none()
            .then(|| "This currency is not available".to_owned()),
    );
    let country = match form.country.as_deref().map(str::to_ascii_uppercase) {
        None => None,
        Some(code) => {
            let known: Option<String> =
                sqlx::query_scalar("SELECT code FROM countries WHERE code = ?")
                    .bind(&code)
                    .fetch_optional(&state.pool)
                    .await?;
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
            let known: Option<String> =
                sqlx::query_scalar("SELECT code FROM locales WHERE code = ?")
                    .bind(code.to_ascii_lowercase())
                    .fetch_optional(&state.pool)
                    .await?;
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
    let mut tx = state.pool.begin().await?;
    let inserted = sqlx::query_scalar::<_, i64>(
        "INSERT INTO players (email, password_hash, nickname, first_name, last_name, country, locale,
                              affiliate_tag, registration_fingerprints)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(&email)
    .bind(&password_hash)
    .bind(form.nickname.as_deref().map(str::trim))
    .bind(form.first_name.as_deref().map(str::trim))
    .bind(form.last_name.as_deref().map(str::trim))
    .bind(&country)
    .bind(&locale)
    .bind(form.affiliate_tag.as_deref().map(|t| t.chars().take(100).collect::<String>()))
    .bind(fingerprints(form.fingerprint, form.second_fingerprint))
    .fetch_one(&mut *tx)
    .await;
    let player_id = match inserted {
        Ok(id) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            let mut checks = Checks::default();
            checks.check(
                "email",
                Some("An account with this e-mail already exists".to_owned()),
            );
            return Err(checks.finish().expect_err("one failure"));
        }
        Err(e) => return Err(e.into()),
    };
    wallet::create_account(&mut tx, player_id, &currency, true).await?;
    tx.commit().await?;
    let profile = super::load_profile(&state.pool, player_id).await?;
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
