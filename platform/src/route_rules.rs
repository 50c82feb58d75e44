//! Route rules (spec section 2, "Page rules"): rows of `route_rules`; an exact pattern wins, else
//! the longest `/*` prefix pattern; no rule is an answer too (no redirect, no guards). The HTTP side
//! is `routes/route_rules.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

/// Longer paths are refused: no page of the client has one, and it bounds the lookup.
pub const MAX_PATH_BYTES: usize = 512;

/// Why a path is no site path a rule can match.
#[derive(Debug, thiserror::Error)]
pub enum PathError {
    #[error("the path does not start with /")]
    NotRooted,
    #[error("the path starts with //, which names another site")]
    OtherSite,
    #[error("the path is longer than {MAX_PATH_BYTES} bytes")]
    TooLong,
    #[error("the path holds control characters")]
    ControlCharacters,
    #[error("the path holds a query or a fragment")]
    QueryOrFragment,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// What the client does on a navigation to `path`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteRule {
    /// The path as matched: the one asked, without one trailing slash.
    path: String,
    /// Where to go instead, or null to stay.
    #[schema(required = true)]
    redirect: Option<RouteRedirect>,
    /// The names of the guards the client runs before showing the page (e.g. `auth`), in order.
    middleware: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RouteRedirect {
    /// An internal path (one leading `/`, no locale prefix) or an absolute `https://` URL.
    to: String,
    /// 301, 302, 307 or 308, as an HTTP redirect would carry.
    status: u16,
}

#[derive(FromRow)]
struct RuleRow {
    redirect_to: Option<String>,
    redirect_status: Option<u16>,
    middleware: String,
}

/// The path a rule is matched against, or what is wrong with it.
fn normalise(raw: &str) -> Result<String, PathError> {
    if !raw.starts_with('/') {
        return Err(PathError::NotRooted);
    }
    if raw.starts_with("//") {
        return Err(PathError::OtherSite);
    }
    if raw.len() > MAX_PATH_BYTES {
        return Err(PathError::TooLong);
    }
    if raw.chars().any(char::is_control) {
        return Err(PathError::ControlCharacters);
    }
    if raw.contains(['?', '#']) {
        return Err(PathError::QueryOrFragment);
    }
    let path = match raw.strip_suffix('/') {
        Some(stripped) if !stripped.is_empty() => stripped,
        _ => raw,
    };
    Ok(path.to_owned())
}

/// The rule for a page path as the client sent it: redirect and guards, or neither when no rule
/// matches; a [`PathError`] for what is no site path.
pub async fn rule_for(pool: &SqlitePool, raw_path: &str) -> Result<RouteRule, PathError> {
    let path = normalise(raw_path)?;
    // `pattern` minus its final `*` is the prefix with its slash: `/vip/*` matches `/vip` and
    // `/vip/...`. Comparisons are binary, so paths match case-sensitively as URLs do.
    let row: Option<RuleRow> = sqlx::query_as(
        "SELECT redirect_to, redirect_status, middleware FROM route_rules
         WHERE pattern = ?1
            OR (substr(pattern, -2) = '/*'
                AND (?1 = substr(pattern, 1, length(pattern) - 2)
                     OR substr(?1, 1, length(pattern) - 1) = substr(pattern, 1, length(pattern) - 1)))
         ORDER BY pattern = ?1 DESC, length(pattern) DESC
         LIMIT 1",
    )
    .bind(&path)
    .fetch_optional(pool)
    .await?;

    let (redirect, middleware) = match row {
        Some(row) => {
            let redirect = row
                .redirect_to
                .zip(row.redirect_status)
                .map(|(to, status)| RouteRedirect { to, status });
            let middleware = row
                .middleware
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect();
            (redirect, middleware)
        }
        None => (None, Vec::new()),
    };
    Ok(RouteRule {
        path,
        redirect,
        middleware,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_trailing_slash_is_dropped_except_from_the_root() {
        assert_eq!(normalise("/").ok().as_deref(), Some("/"));
        assert_eq!(normalise("/casino/").ok().as_deref(), Some("/casino"));
        assert_eq!(normalise("/a//").ok().as_deref(), Some("/a/"));
    }

    #[test]
    fn paths_that_are_not_site_paths_are_refused() {
        for bad in [
            "",
            "casino",
            "//evil.com",
            "/a\u{7f}",
            "/a\u{85}",
            "/a?b",
            "/a#b",
        ] {
            assert!(normalise(bad).is_err(), "{bad:?}");
        }
        assert!(normalise(&format!("/{}", "a".repeat(511))).is_ok());
        assert!(normalise(&format!("/{}", "a".repeat(512))).is_err());
    }
}
