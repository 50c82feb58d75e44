//! Demo route rules (step `routes-v1`): old addresses an operator keeps alive after a redesign,
//! an external blog, and a signed-in area protected by the `auth` guard. The client's only screens
//! today are home, password reset, the auth callbacks, `/redirect` and the 404 page, so redirects
//! lead home.

use sqlx::{Sqlite, Transaction};

struct Rule {
    pattern: &'static str,
    /// The target and the status.
    redirect: Option<(&'static str, u16)>,
    middleware: &'static str,
}

const RULES: &[Rule] = &[
    // A renamed section: a permanent redirect, so search engines move their links.
    Rule {
        pattern: "/casino",
        redirect: Some(("/", 301)),
        middleware: "",
    },
    // A retired lobby with deep links still around: temporary, it may come back.
    Rule {
        pattern: "/lobby/*",
        redirect: Some(("/", 302)),
        middleware: "",
    },
    // Content hosted elsewhere: the client makes a full page load.
    Rule {
        pattern: "/blog",
        redirect: Some(("https://blog.example.com/", 302)),
        middleware: "",
    },
    // A signed-in area: no redirect, guests are stopped by the client's `auth` guard.
    Rule {
        pattern: "/account/*",
        redirect: None,
        middleware: "auth",
    },
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for rule in RULES {
        sqlx::query(
            "INSERT INTO route_rules (pattern, redirect_to, redirect_status, middleware)
             VALUES (?, ?, ?, ?)",
        )
        .bind(rule.pattern)
        .bind(rule.redirect.map(|(to, _)| to))
        .bind(rule.redirect.map(|(_, status)| status))
        .bind(rule.middleware)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
