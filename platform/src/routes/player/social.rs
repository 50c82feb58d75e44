//! Social sign-in through an OAuth-style provider, and the player's linked accounts. The sandbox
//! is its own provider: a consent page at `/sandbox/oauth/{provider}` returns to the client's
//! `/auth/social/{provider}/callback` with `code` and `state`, as Google or Facebook would.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::{Deserialize, Serialize};
use telegram_init_data::Validator;

use super::ProfileResponse;
use crate::auth::CurrentPlayer;
use crate::html::{Slot, fill};
use crate::page_template;
use crate::players::sign_in::SessionResponse;
use crate::players::social::{self, SignUp, SocialConnection, known_provider};
use crate::routes::List;
use crate::routes::extract::{Form, Json, Path, Query, client_info};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::routes::extract::SandboxControl;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(social_sign_in))
        .routes(routes!(connections))
        .routes(routes!(unlink))
        .routes(routes!(link_telegram))
        .routes(routes!(link))
        .routes(routes!(consent_page, consent_decision))
}

fn callback_path(provider: &str) -> String {
    format!("/auth/social/{provider}/callback")
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SocialBody {
    provider: String,
    locale: Option<String>,
    fingerprint: Option<String>,
    affiliate_tag: Option<String>,
    /// The client's origin; the sandbox provider lives on the same origin, so it is only checked.
    #[serde(rename = "redirect_domain")]
    redirect_domain: Option<String>,
}

/// Where to send the player to consent: the sandbox provider's page, on the same origin.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SocialRedirect {
    redirect_url: String,
}

/// The answer of a social sign-in: the consent page without `code`, a session with it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
enum SocialSignIn {
    Redirect(SocialRedirect),
    Session(Box<SessionResponse>),
}

/// Without `code`: where to send the player to consent. With `code` (from the callback): a session,
/// for a new player too (`isNewlyRegistered`).
#[utoipa::path(post, path = "/api/player/sessions/social", tag = "player", request_body = SocialBody, params(CallbackQuery), responses((status = 200, description = "`{redirectUrl}` without `code`, else a session response", body = SocialSignIn), (status = 400, body = service_kit::ErrorBody), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody)))]
async fn social_sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
    Json(body): Json<SocialBody>,
) -> Result<JsonResponse<SocialSignIn>, ApiError> {
    let provider = known_provider(&body.provider)?;
    if let Some(domain) = &body.redirect_domain
        && !(domain.starts_with("https://") || domain.starts_with("http://"))
    {
        return Err(ApiError::bad_request(
            "invalid_request",
            "redirect_domain must be an http(s) origin.",
        ));
    }
    let Some(code) = query.code else {
        let state_param = query
            .state
            .filter(|s| !s.is_empty() && s.len() <= 512)
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let url = format!(
            "/sandbox/oauth/{provider}?state={}&redirect_uri={}",
            form_encode(&state_param),
            form_encode(&callback_path(provider))
        );
        return Ok(JsonResponse(SocialSignIn::Redirect(SocialRedirect {
            redirect_url: url,
        })));
    };
    let client = client_info(&headers, body.fingerprint);
    let sign_up = SignUp {
        locale: body.locale,
        affiliate_tag: body.affiliate_tag,
    };
    let session = social::sign_in(
        &state.pool,
        &state.tokens,
        provider,
        &code,
        sign_up,
        &client,
    )
    .await?;
    Ok(JsonResponse(SocialSignIn::Session(Box::new(session))))
}
#[utoipa::path(get, path = "/api/player/social-connections", tag = "player", security(("bearer" = [])), responses((status = 200, body = List<SocialConnection>), (status = 401, body = service_kit::ErrorBody)))]
async fn connections(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<List<SocialConnection>>, ApiError> {
    let data = social::connections(&state.pool, player.id).await?;
    Ok(JsonResponse(List { data }))
}

/// Links a social account to the signed-in player (the callback's `code` in the query).
#[utoipa::path(post, path = "/api/player/social-connections/{provider}", tag = "player", security(("bearer" = [])), params(("provider" = String, Path), CallbackQuery), responses((status = 200, body = List<SocialConnection>), (status = 400, body = service_kit::ErrorBody), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody)))]
async fn link(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(provider): Path<String>,
    Query(query): Query<CallbackQuery>,
) -> Result<JsonResponse<List<SocialConnection>>, ApiError> {
    let provider = known_provider(&provider)?;
    let code = query
        .code
        .ok_or_else(|| ApiError::bad_request("invalid_query", "code is required."))?;
    let data = social::link(&state.pool, player.id, provider, &code).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Unlink {
    social_type: String,
}

/// Unlinks one provider, unless it is the player's only way to sign in.
#[utoipa::path(post, path = "/api/player/social-connections/unlink", tag = "player", security(("bearer" = [])), request_body = Unlink, responses((status = 204), (status = 401, body = service_kit::ErrorBody), (status = 404, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody)))]
async fn unlink(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<Unlink>,
) -> Result<StatusCode, ApiError> {
    social::unlink(&state.pool, player.id, &body.social_type).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct TelegramLink {
    /// Mini App init data, as the client received it.
    payload: String,
}

/// Links the Telegram user of valid init data to the signed-in player.
#[utoipa::path(post, path = "/api/player/social-connections/telegram", tag = "player", security(("bearer" = [])), request_body = TelegramLink, responses((status = 200, body = ProfileResponse), (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody)))]
async fn link_telegram(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<TelegramLink>,
) -> Result<JsonResponse<ProfileResponse>, ApiError> {
    let data = Validator::new(state.config.telegram_bot_token.expose())
        .validate(&body.payload)
        .map_err(|e| ApiError::unauthorized(e.code(), "The Telegram data is not valid."))?;
    let user = data.user.ok_or_else(|| {
        ApiError::unauthorized("init_data_invalid", "The Telegram data names no user.")
    })?;
    let profile = social::link_telegram(&state.pool, player.id, user.id).await?;
    Ok(JsonResponse(ProfileResponse { profile }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ConsentQuery {
    state: String,
    redirect_uri: String,
}

/// Only the client's own callback route, so the consent page cannot be used to redirect anywhere.
fn safe_redirect(provider: &str, redirect_uri: &str) -> Result<(), ApiError> {
    if redirect_uri == callback_path(provider) {
        Ok(())
    } else {
        Err(ApiError::bad_request(
            "redirect_uri_invalid",
            "redirect_uri must be the client's social callback.",
        ))
    }
}

#[utoipa::path(get, path = "/sandbox/oauth/{provider}", tag = "sandbox", params(("provider" = String, Path), ConsentQuery), responses((status = 200, content_type = "text/html", body = String), (status = 400, body = service_kit::ErrorBody)))]
async fn consent_page(
    _: SandboxControl,
    Path(provider): Path<String>,
    Query(query): Query<ConsentQuery>,
) -> Result<Response, ApiError> {
    let provider = known_provider(&provider)?;
    safe_redirect(provider, &query.redirect_uri)?;
    let suggested = format!(
        "player{}@sandbox.test",
        &uuid::Uuid::new_v4().simple().to_string()[..6]
    );
    let page = fill(
        page_template!("oauth-consent.html"),
        &[
            ("name", Slot::Text(&capitalised(provider))),
            ("state", Slot::Text(&query.state)),
            ("redirect", Slot::Text(&query.redirect_uri)),
            ("suggested", Slot::Text(&suggested)),
        ],
    );
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}

/// The consent form: `allow` (with the chosen name and e-mail) or `deny`.
#[derive(Deserialize, utoipa::ToSchema)]
struct Decision {
    decision: String,
    state: String,
    redirect_uri: String,
    name: Option<String>,
    email: Option<String>,
}

#[utoipa::path(post, path = "/sandbox/oauth/{provider}", tag = "sandbox", request_body(content = Decision, content_type = "application/x-www-form-urlencoded"), params(("provider" = String, Path)), responses((status = 303, description = "Back to the client's callback with `code` or `error`"), (status = 400, body = service_kit::ErrorBody)))]
async fn consent_decision(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(provider): Path<String>,
    Form(form): Form<Decision>,
) -> Result<Response, ApiError> {
    let provider = known_provider(&provider)?;
    safe_redirect(provider, &form.redirect_uri)?;
    let back =
        |query: String| Redirect::to(&format!("{}?{query}", form.redirect_uri)).into_response();
    if form.decision != "allow" {
        return Ok(back(format!(
            "error=access_denied&state={}",
            form_encode(&form.state)
        )));
    }
    let email = form.email.unwrap_or_default().trim().to_lowercase();
    if let Some(problem) = super::validation::email(&email) {
        return Err(ApiError::bad_request("invalid_email", problem));
    }
    let name = form
        .name
        .unwrap_or_default()
        .trim()
        .chars()
        .take(100)
        .collect::<String>();
    let name = if name.is_empty() {
        "Sandbox Player".to_owned()
    } else {
        name
    };
    let code = social::issue_code(&state.pool, provider, &email, &name).await?;
    Ok(back(format!(
        "code={code}&state={}",
        form_encode(&form.state)
    )))
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Percent-encodes a query value (RFC 3986 unreserved characters pass as they are).
fn form_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
