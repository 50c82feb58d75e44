//! Extractors whose rejections are the platform's JSON errors rather than axum's plain text.

use axum::extract::OptionalFromRequestParts;
use axum::http::request::Parts;

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
