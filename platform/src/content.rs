//! Content of the client's text pages, in markdown, per locale: static pages, FAQ entries, bonus
//! pages and the welcome package. A text missing in the asked locale comes in the same language of
//! another region (`es-mx` gets `es`, `pt` gets `pt-br`), else in the default locale (English);
//! `locale` in the answer says which. The HTTP side is `routes/content.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

/// What an entry is: `content_entries.kind`.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Page,
    Faq,
    Bonus,
    Welcome,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Page => "page",
            Self::Faq => "faq",
            Self::Bonus => "bonus",
            Self::Welcome => "welcome",
        }
    }
}

/// Why content is not answered.
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("there is no such {0:?} entry")]
    NotFound(Kind),
    #[error("{written:?} is not a locale")]
    InvalidLocale { written: String },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// The locale preferences of a request: the asked locale lowercased and its language.
pub struct Wanted {
    locale: String,
    language: String,
}

impl Wanted {
    /// The preferences of a `locale` as the client wrote it; `None` for none. 400
    /// `invalid_locale` for what is no locale.
    pub fn parse(written: Option<&str>) -> Result<Option<Self>, ContentError> {
        let Some(raw) = written.map(str::trim).filter(|l| !l.is_empty()) else {
            return Ok(None);
        };
        let locale = raw.to_ascii_lowercase().replace('_', "-");
        let (language, region) = match locale.split_once('-') {
            Some((language, region)) => (language, Some(region)),
            None => (locale.as_str(), None),
        };
        let letters = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase());
        if !letters(language) || !region.is_none_or(letters) {
            return Err(ContentError::InvalidLocale {
                written: raw.to_owned(),
            });
        }
        Ok(Some(Self {
            language: language.to_owned(),
            locale,
        }))
    }
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentEntry {
    slug: String,
    /// The locale of this text: the one asked for, or the fallback.
    locale: String,
    title: String,
    /// Markdown.
    body: String,
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentSummary {
    slug: String,
    locale: String,
    title: String,
}

/// Entries of `kind` (one `slug`, or all) in the best locale each has for `wanted`.
async fn entries(
    pool: &SqlitePool,
    kind: Kind,
    slug: Option<&str>,
    wanted: Option<&Wanted>,
) -> Result<Vec<ContentEntry>, ContentError> {
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
    .bind(kind.as_str())
    .bind(slug)
    .bind(wanted.map(|w| w.locale.as_str()))
    .bind(wanted.map(|w| w.language.as_str()))
    .fetch_all(pool)
    .await?)
}

/// Every entry of `kind`, in display order.
pub async fn list(
    pool: &SqlitePool,
    kind: Kind,
    wanted: Option<&Wanted>,
) -> Result<Vec<ContentEntry>, ContentError> {
    entries(pool, kind, None, wanted).await
}

/// Every entry of `kind`, titles only.
pub async fn summaries(
    pool: &SqlitePool,
    kind: Kind,
    wanted: Option<&Wanted>,
) -> Result<Vec<ContentSummary>, ContentError> {
    Ok(list(pool, kind, wanted)
        .await?
        .into_iter()
        .map(|e| ContentSummary {
            slug: e.slug,
            locale: e.locale,
            title: e.title,
        })
        .collect())
}

/// One entry of `kind`; 404 with the kind's own code otherwise.
pub async fn one(
    pool: &SqlitePool,
    kind: Kind,
    slug: &str,
    wanted: Option<&Wanted>,
) -> Result<ContentEntry, ContentError> {
    entries(pool, kind, Some(slug), wanted)
        .await?
        .into_iter()
        .next()
        .ok_or(ContentError::NotFound(kind))
}
