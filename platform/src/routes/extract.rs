//! Extractors whose rejections are the platform's JSON errors rather than axum's plain text, and
//! the ones that say who is calling: the signed-in player and the sandbox's operator.

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use subtle::ConstantTimeEq;

use crate::auth::sessions::ClientInfo;
use crate::auth::{self, CurrentPlayer};
use crate::sandbox_control::{OPERATOR_KEY_HEADER, SandboxControls};
use crate::{ApiError, AppState};

#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// The visitor's country (ISO 3166-1 alpha-2) from the header the CDN or proxy sets. A missing or
/// malformed header means "unknown", never an error: the visitor still gets the global content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitorCountry(pub String);

impl OptionalFromRequestParts<AppState> for VisitorCountry {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, Self::Rejection> {
        let country = parts
            .headers
            .get(&state.config.country_header)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| v.len() == 2 && v.bytes().all(|b| b.is_ascii_alphabetic()))
            .map(|v| Self(v.to_ascii_uppercase()));
        Ok(country)
    }
}

#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Form), rejection(ApiError))]
pub struct Form<T>(pub T);

pub fn bearer_token(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|token| !token.is_empty())
}

/// The signed-in player of a request: a valid bearer token of an open session of a player who is
/// not blocked. Anything else is a 401 (or 403 when blocked), which the client answers by clearing
/// its session and opening sign-in.
impl FromRequestParts<AppState> for CurrentPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts)
            .ok_or_else(|| ApiError::unauthorized("unauthorized", "Sign in to do this."))?;
        let (player, _) = auth::player_of_token(&state.pool, &state.tokens, token).await?;
        Ok(player)
    }
}

/// Calls that work for guests and players alike: no `Authorization` header means a guest, but a
/// header that does not check out is still a 401 (a stale token should not silently downgrade).
impl OptionalFromRequestParts<AppState> for CurrentPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, ApiError> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            <Self as FromRequestParts<AppState>>::from_request_parts(parts, state)
                .await
                .map(Some)
        } else {
            Ok(None)
        }
    }
}

/// A request allowed to use a sandbox control: take it as an argument of every control handler.
#[derive(Debug, Clone, Copy)]
pub struct SandboxControl;

impl FromRequestParts<AppState> for SandboxControl {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match &state.config.sandbox_controls {
            SandboxControls::Open => Ok(Self),
            SandboxControls::Off => Err(ApiError::not_found(
                "route_not_found",
                format!(
                    "There is no {} {} on this platform.",
                    parts.method,
                    parts.uri.path()
                ),
            )),
            SandboxControls::OperatorKey(key) => {
                let sent = parts
                    .headers
                    .get(OPERATOR_KEY_HEADER)
                    .map(|value| value.as_bytes())
                    .unwrap_or_default();
                if bool::from(sent.ct_eq(key.expose().as_bytes())) {
                    Ok(Self)
                } else {
                    Err(ApiError::forbidden(
                        "operator_key_required",
                        format!(
                            "This sandbox control needs the operator key in {OPERATOR_KEY_HEADER}."
                        ),
                    ))
                }
            }
        }
    }
}

/// A header's value, trimmed and cut to `max` characters; none when absent, blank or not text.
fn header_text(headers: &HeaderMap, name: &str, max: usize) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().chars().take(max).collect::<String>())
        .filter(|v| !v.is_empty())
}

/// What a signing-in client tells about itself: the first address of `X-Forwarded-For`, its user
/// agent, the spec's `platform` (`tg` or `web`) and `source` headers, and the body's fingerprint.
pub fn client_info(headers: &HeaderMap, fingerprint: Option<String>) -> ClientInfo {
    let ip = header_text(headers, "x-forwarded-for", 200)
        .and_then(|chain| chain.split(',').next().map(|ip| ip.trim().to_owned()));
    ClientInfo {
        ip,
        user_agent: header_text(headers, "user-agent", 300),
        platform: header_text(headers, "platform", 10).filter(|p| p == "tg" || p == "web"),
        source: header_text(headers, "source", 300),
        fingerprint: fingerprint.map(|f| f.chars().take(200).collect()),
    }
}
