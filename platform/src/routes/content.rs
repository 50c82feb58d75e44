//! Content of the client's text pages, in markdown, per locale: static pages (`/static/{slug}`),
//! FAQ entries (`/questions/{slug}`), bonus pages (`/bonus/{slug}`) and the welcome package.
//!
//! The spec does not show these paths; they follow what casino platforms serve to a headless
//! client: `/api/content/...`, public, with `?locale=`. A text missing in the asked locale comes in
//! the same language of another region (`es-mx` gets `es`, `pt` gets `pt-br`), else in the default
//! locale (English); `locale` in the answer says which. Bodies are markdown without raw HTML. The
//! entries and the fallback are `crate::content`.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::content::{self, ContentEntry, ContentSummary, Kind, Wanted};
use crate::routes::List;
use crate::routes::extract::{Path, Query};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pages))
        .routes(routes!(page))
        .routes(routes!(faq))
        .routes(routes!(faq_entry))
        .routes(routes!(bonus_pages))
        .routes(routes!(bonus_page))
        .routes(routes!(welcome_package))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct LocaleQuery {
    /// The client's locale as in its URL prefix (`en`, `ru`, `es`, `pt-br`); the default locale
    /// without it.
    locale: Option<String>,
}

impl LocaleQuery {
    fn wanted(&self) -> Result<Option<Wanted>, ApiError> {
        Ok(Wanted::parse(self.locale.as_deref())?)
    }
}

async fn summaries(
    state: &AppState,
    kind: Kind,
    query: &LocaleQuery,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    let data = content::summaries(&state.pool, kind, query.wanted()?.as_ref()).await?;
    Ok(Json(List { data }))
}

async fn one(
    state: &AppState,
    kind: Kind,
    slug: &str,
    query: &LocaleQuery,
) -> Result<Json<ContentEntry>, ApiError> {
    let entry = content::one(&state.pool, kind, slug, query.wanted()?.as_ref()).await?;
    Ok(Json(entry))
}

/// The static pages (terms, privacy policy...), titles only, for menus and the footer.
#[utoipa::path(get, path = "/api/content/pages", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentSummary>), (status = 400, body = service_kit::ErrorBody)))]
async fn pages(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    summaries(&state, Kind::Page, &query).await
}

/// One static page (`/static/{slug}` of the client).
#[utoipa::path(get, path = "/api/content/pages/{slug}", tag = "content",
    params(("slug" = String, Path), LocaleQuery),
    responses((status = 200, body = ContentEntry), (status = 400, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<ContentEntry>, ApiError> {
    one(&state, Kind::Page, &slug, &query).await
}

/// Every FAQ entry with its answer (title is the question), in display order.
#[utoipa::path(get, path = "/api/content/faq", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentEntry>), (status = 400, body = service_kit::ErrorBody)))]
async fn faq(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentEntry>>, ApiError> {
    let data = content::list(&state.pool, Kind::Faq, query.wanted()?.as_ref()).await?;
    Ok(Json(List { data }))
}

/// One FAQ entry (`/questions/{slug}` of the client).
#[utoipa::path(get, path = "/api/content/faq/{slug}", tag = "content",
    params(("slug" = String, Path), LocaleQuery),
    responses((status = 200, body = ContentEntry), (status = 400, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn faq_entry(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<ContentEntry>, ApiError> {
    one(&state, Kind::Faq, &slug, &query).await
}

/// The bonus pages (the bonuses list of the client), titles only.
#[utoipa::path(get, path = "/api/content/bonus-pages", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentSummary>), (status = 400, body = service_kit::ErrorBody)))]
async fn bonus_pages(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    summaries(&state, Kind::Bonus, &query).await
}

/// One bonus page (`/bonus/{slug}` of the client).
#[utoipa::path(get, path = "/api/content/bonus-pages/{slug}", tag = "content",
    params(("slug" = String, Path), LocaleQuery),
    responses((status = 200, body = ContentEntry), (status = 400, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody)))]
async fn bonus_page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<ContentEntry>, ApiError> {
    one(&state, Kind::Bonus, &slug, &query).await
}

/// The welcome package page (`/welcome-package` of the client).
#[utoipa::path(get, path = "/api/content/welcome-package", tag = "content", params(LocaleQuery),
    responses((status = 200, body = ContentEntry), (status = 400, body = service_kit::ErrorBody)))]
async fn welcome_package(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<ContentEntry>, ApiError> {
    one(&state, Kind::Welcome, "welcome-package", &query).await
}
