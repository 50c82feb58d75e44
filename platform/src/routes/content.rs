//! Content of the client's text pages, in markdown, per locale: static pages (`/static/{slug}`),
//! FAQ entries (`/questions/{slug}`), bonus pages (`/bonus/{slug}`) and the welcome package.
//!
//! The spec does not show these paths; they follow what casino platforms serve to a headless
//! client: `/api/content/...`, public, with `?locale=`. A text missing in the asked locale comes in
//! the same language of another region (`es-mx` gets `es`, `pt` gets `pt-br`), else in the default
//! locale (English); `locale` in the answer says which. Bodies are markdown without raw HTML.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::extract::{Path, Query};
use crate::routes::List;
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

/// The locale preferences of a request: the asked locale lowercased and its language.
struct Wanted {
    locale: String,
    language: String,
}

impl Wanted {
    fn of(query: &LocaleQuery) -> Result<Option<Self>, ApiError> {
        let Some(raw) = query
            .locale
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
        else {
            return Ok(None);
        };
        let locale = raw.to_ascii_lowercase().replace('_', "-");
        let (language, region) = match locale.split_once('-') {
            Some((language, region)) => (language, Some(region)),
            None => (locale.as_str(), None),
        };
        let letters = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase());
        if !letters(language) || !region.is_none_or(letters) {
            return Err(ApiError::bad_request(
                "invalid_locale",
                format!("{raw:?} is not a locale such as en or pt-br."),
            ));
        }
        Ok(Some(Self {
            language: language.to_owned(),
            locale,
        }))
    }
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentEntry {
    slug: String,
    /// The locale of this text: the one asked for, or the fallback.
    locale: String,
    title: String,
    /// Markdown.
    body: String,
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentSummary {
    slug: String,
    locale: String,
    title: String,
}

/// Entries of `kind` (one `slug`, or all) in the best locale each has for `wanted`.
async fn entries(
    pool: &SqlitePool,
    kind: &str,
    slug: Option<&str>,
    wanted: Option<&Wanted>,
) -> Result<Vec<ContentEntry>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT slug, locale, title, body FROM (
            SELECT e.*, row_number() OVER (PARTITION BY e.slug ORDER BY
                CASE WHEN e.locale = ?3 THEN 0 WHEN e.locale = ?4 THEN 1
                     WHEN e.locale LIKE ?4 || '-%' THEN 2 ELSE 3 END) AS preference
            FROM content_entries e
            WHERE e.kind = ?1 AND (?2 IS NULL OR e.slug = ?2)
              AND (e.locale IN (?3, ?4) OR e.locale LIKE ?4 || '-%'
                   OR e.locale = (SELECT code FROM locales WHERE is_default = 1)))
         WHERE preference = 1 ORDER BY position, slug",
    )
    .bind(kind)
    .bind(slug)
    .bind(wanted.map(|w| w.locale.as_str()))
    .bind(wanted.map(|w| w.language.as_str()))
    .fetch_all(pool)
    .await?)
}

async fn list(
    pool: &SqlitePool,
    kind: &str,
    query: &LocaleQuery,
) -> Result<Vec<ContentEntry>, ApiError> {
    let wanted = Wanted::of(query)?;
    entries(pool, kind, None, wanted.as_ref()).await
}

async fn summaries(
    pool: &SqlitePool,
    kind: &str,
    query: &LocaleQuery,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    let data = list(pool, kind, query)
        .await?
        .into_iter()
        .map(|e| ContentSummary {
            slug: e.slug,
            locale: e.locale,
            title: e.title,
        })
        .collect();
    Ok(Json(List { data }))
}

async fn one(
    pool: &SqlitePool,
    kind: &str,
    slug: &str,
    query: &LocaleQuery,
    not_found: (&'static str, &str),
) -> Result<Json<ContentEntry>, ApiError> {
    let wanted = Wanted::of(query)?;
    entries(pool, kind, Some(slug), wanted.as_ref())
        .await?
        .into_iter()
        .next()
        .map(Json)
        .ok_or_else(|| ApiError::not_found(not_found.0, not_found.1.to_owned()))
}

/// The static pages (terms, privacy policy...), titles only, for menus and the footer.
#[utoipa::path(get, path = "/api/content/pages", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentSummary>), (status = 400, body = service_kit::ErrorBody)))]
async fn pages(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    summaries(&state.pool, "page", &query).await
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
    one(
        &state.pool,
        "page",
        &slug,
        &query,
        ("page_not_found", "There is no such page."),
    )
    .await
}

/// Every FAQ entry with its answer (title is the question), in display order.
#[utoipa::path(get, path = "/api/content/faq", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentEntry>), (status = 400, body = service_kit::ErrorBody)))]
async fn faq(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentEntry>>, ApiError> {
    let data = list(&state.pool, "faq", &query).await?;
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
    one(
        &state.pool,
        "faq",
        &slug,
        &query,
        ("question_not_found", "There is no such question."),
    )
    .await
}

/// The bonus pages (the bonuses list of the client), titles only.
#[utoipa::path(get, path = "/api/content/bonus-pages", tag = "content", params(LocaleQuery),
    responses((status = 200, body = List<ContentSummary>), (status = 400, body = service_kit::ErrorBody)))]
async fn bonus_pages(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<List<ContentSummary>>, ApiError> {
    summaries(&state.pool, "bonus", &query).await
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
    one(
        &state.pool,
        "bonus",
        &slug,
        &query,
        ("bonus_page_not_found", "There is no such bonus page."),
    )
    .await
}

/// The welcome package page (`/welcome-package` of the client).
#[utoipa::path(get, path = "/api/content/welcome-package", tag = "content", params(LocaleQuery),
    responses((status = 200, body = ContentEntry), (status = 400, body = service_kit::ErrorBody)))]
async fn welcome_package(
    State(state): State<AppState>,
    Query(query): Query<LocaleQuery>,
) -> Result<Json<ContentEntry>, ApiError> {
    one(
        &state.pool,
        "welcome",
        "welcome-package",
        &query,
        ("welcome_package_not_found", "There is no welcome package."),
    )
    .await
}
