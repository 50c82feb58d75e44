//! Who is calling: access tokens, passwords, sessions and the `CurrentPlayer` extractor.

pub mod passwords;
pub mod session_writer;
pub mod sessions;
pub mod tokens;

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;

use crate::{ApiError, AppState};

/// The signed-in player of a request: a valid bearer token of an open session of a player who is
/// not blocked. Anything else is a 401 (or 403 when blocked), which the client answers by clearing
/// its session and opening sign-in.
#[derive(Debug, Clone)]
pub struct CurrentPlayer {
    pub id: i64,
    pub session_id: String,
}

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

impl FromRequestParts<AppState> for CurrentPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts)
            .ok_or_else(|| ApiError::unauthorized("unauthorized", "Sign in to do this."))?;
        let claims = state
            .tokens
            .verify(token, crate::clock::unix_seconds())
            .map_err(|e| match e {
                tokens::TokenError::Expired => {
                    ApiError::unauthorized("token_expired", "Your session token has expired.")
                }
                _ => ApiError::unauthorized("token_invalid", "Your session token is not valid."),
            })?;
        sessions::check_open(&state.pool, &claims).await
    }
}

/// Calls that work for guests and players alike: no `Authorization` header means a guest, but a
/// header that does not check out is still a 401 (a stale token should not silently downgrade).
impl axum::extract::OptionalFromRequestParts<AppState> for CurrentPlayer {
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
