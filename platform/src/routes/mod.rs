//! The platform's routes, one module per domain of the spec's section 7.

use axum::Router;
use axum::http::{Method, Uri, header};
use axum::routing::get;
use serde::Serialize;
use utoipa::{Modify, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::{ApiError, AppState};

#[macro_use]
mod held;

mod bonuses;
mod catalogue;
mod connection;
mod content;
mod errors;
pub mod extract;
mod games;
mod identity;
mod images;
mod limits;
pub mod list_query;
mod notifications;
mod payment;
mod play;
pub mod player;
mod reality_check;
mod referral;
mod retention;
mod route_rules;
mod sandbox;
mod settings;
mod sport;
mod tg_bot;
mod wallet;

/// A list answer: `{"data": [...]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct List<T> {
    pub data: Vec<T>,
}

/// The answer of a change to one of the player's things: the one item its list by id found (it
/// was just changed, so it is there).
pub fn changed<T>(items: Vec<T>, id: i64) -> Result<axum::Json<T>, ApiError> {
    items
        .into_iter()
        .next()
        .map(axum::Json)
        .ok_or_else(|| anyhow::anyhow!("item {id} changed by its player vanished").into())
}

/// Every documented route, with its part of the OpenAPI document.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(crate::openapi::ApiDoc::openapi())
        .merge(settings::router())
        .merge(games::router())
        .merge(images::router())
        .merge(player::router())
        .merge(wallet::router())
        .merge(payment::router())
        .merge(tg_bot::router())
        .merge(sandbox::router())
        .merge(play::router())
        .merge(limits::router())
        .merge(bonuses::router())
        .merge(retention::router())
        .merge(notifications::router())
        .merge(catalogue::router())
        .merge(sport::router())
        .merge(content::router())
        .merge(route_rules::router())
        .merge(identity::router())
        .merge(referral::router())
        .merge(reality_check::router())
}

/// The served routes and the platform's OpenAPI document, complete with the extractors' errors.
fn documented_api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut doc) = api().split_for_parts();
    crate::openapi::ExtractorErrors.modify(&mut doc);
    (router, doc)
}

/// The platform's OpenAPI document.
pub fn openapi() -> utoipa::openapi::OpenApi {
    documented_api().1
}

pub fn router() -> Router<AppState> {
    let (router, doc) = documented_api();
    let document = doc.to_json().unwrap_or_else(|e| {
        tracing::error!(error = %e, "the OpenAPI document does not serialise");
        "{}".to_owned()
    });
    router
        .route(
            "/api/openapi.json",
            get(move || {
                let document = document.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], document) }
            }),
        )
        .merge(connection::router())
}

pub async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(
        "route_not_found",
        format!("There is no {method} {} on this platform.", uri.path()),
    )
}
