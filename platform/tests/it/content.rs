#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! Content pages over HTTP: static pages, FAQ, bonus pages and the welcome package, per locale
//! with fallback.

use crate::common;
use serde_json::Value;

fn slugs(body: &Value) -> Vec<&str> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["slug"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn static_pages_come_in_each_locale() {
    let platform = common::spawn().await;
    let (status, pages) = platform.get("/api/content/pages").await;
    assert_eq!(status, 200);
    assert_eq!(
        slugs(&pages),
        [
            "about-us",
            "terms-and-conditions",
            "privacy-policy",
            "responsible-gaming"
        ]
    );
    assert_eq!(pages["data"][0]["title"], "About us");

    let mut titles = Vec::new();
    for locale in ["en", "ru", "es", "pt-br"] {
        let (status, page) = platform
            .get(&format!(
                "/api/content/pages/terms-and-conditions?locale={locale}"
            ))
            .await;
        assert_eq!(status, 200);
        assert_eq!(page["locale"], locale);
        assert!(page["body"].as_str().unwrap().starts_with("## 1."));
        titles.push(page["title"].as_str().unwrap().to_owned());
    }
    assert_eq!(
        titles,
        [
            "Terms and conditions",
            "Правила и условия",
            "Términos y condiciones",
            "Termos e condições"
        ]
    );

    let (_, russian) = platform.get("/api/content/pages?locale=ru").await;
    assert_eq!(russian["data"][0]["title"], "О нас");
    assert_eq!(russian["data"][0]["locale"], "ru");
}

#[tokio::test]
async fn other_locales_fall_back_to_their_language_then_english() {
    let platform = common::spawn().await;
    for (asked, served) in [
        ("de", "en"),
        ("fr-ca", "en"),
        ("es-MX", "es"),
        ("pt", "pt-br"),
        ("PT-BR", "pt-br"),
        ("", "en"),
    ] {
        let (status, page) = platform
            .get(&format!("/api/content/pages/about-us?locale={asked}"))
            .await;
        assert_eq!(status, 200, "{asked}");
        assert_eq!(page["locale"], served, "{asked}");
        let (_, faq) = platform
            .get(&format!("/api/content/faq?locale={asked}"))
            .await;
        assert!(
            faq["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|e| e["locale"] == served)
        );
    }
    let (_, page) = platform.get("/api/content/pages/about-us").await;
    assert_eq!(page["locale"], "en");
}

#[tokio::test]
async fn bad_locales_and_unknown_slugs_are_client_errors() {
    let platform = common::spawn().await;
    for path in [
        "/api/content/pages?locale=english",
        "/api/content/pages/about-us?locale=e1",
        "/api/content/faq?locale=pt-brazil",
        "/api/content/welcome-package?locale=../en",
    ] {
        let (status, body) = platform.get(path).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_locale")),
            "{path}"
        );
    }
    for (path, code) in [
        ("/api/content/pages/no-such-page", "page_not_found"),
        ("/api/content/faq/no-such-question", "question_not_found"),
        (
            "/api/content/bonus-pages/no-such-bonus",
            "bonus_page_not_found",
        ),
    ] {
        let (status, body) = platform.get(path).await;
        assert_eq!((status, body["code"].as_str()), (404, Some(code)), "{path}");
    }
    let (status, body) = platform.get("/api/content/pages?lang=en").await;
    common::assert_refused(status, &body, 400, "invalid_query");
}

#[tokio::test]
async fn faq_bonus_pages_and_welcome_package_per_locale() {
    let platform = common::spawn().await;
    let (_, faq) = platform.get("/api/content/faq?locale=es").await;
    let entries = faq["data"].as_array().unwrap();
    assert!(entries.len() >= 5);
    assert!(entries.iter().all(|e| e["locale"] == "es"
        && e["title"].as_str().unwrap().ends_with('?')
        && !e["body"].as_str().unwrap().is_empty()));
    let (status, question) = platform
        .get("/api/content/faq/verify-account?locale=pt-br")
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        question["title"],
        "Por que preciso verificar minha identidade?"
    );

    let (_, bonuses) = platform.get("/api/content/bonus-pages?locale=ru").await;
    assert_eq!(
        slugs(&bonuses),
        ["welcome-bonus", "weekly-cashback", "free-spins-friday"]
    );
    assert_eq!(bonuses["data"][1]["title"], "Еженедельный кэшбэк");
    let (_, cashback) = platform
        .get("/api/content/bonus-pages/weekly-cashback?locale=ru")
        .await;
    assert!(cashback["body"].as_str().unwrap().contains("10%"));

    for (locale, title) in [
        ("en", "Welcome package"),
        ("ru", "Приветственный пакет"),
        ("es", "Paquete de bienvenida"),
        ("pt-br", "Pacote de boas-vindas"),
        ("it", "Welcome package"),
    ] {
        let (status, welcome) = platform
            .get(&format!("/api/content/welcome-package?locale={locale}"))
            .await;
        assert_eq!(status, 200);
        assert_eq!(welcome["title"], title);
        let body = welcome["body"].as_str().unwrap();
        assert!(body.contains("|---|"), "a markdown table");
        assert!(!body.contains('<'), "no raw HTML");
    }
}
