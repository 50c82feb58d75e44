#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

//! The OpenAPI document against the spec's section 7: every call of the client is served, and
//! documented; the test lists any that is missing.

use crate::common;
use reqwest::Method;

/// Every call of the client spec, section 7 (paths under /api), with sample path parameters.
const SPEC_ENDPOINTS: &[(&str, &str)] = &[
    ("GET", "/wallet/accounts"),
    ("GET", "/wallet/accounts/converted"),
    ("POST", "/wallet/accounts"),
    ("PUT", "/wallet/accounts/{id}/switch-account"),
    ("PUT", "/wallet/accounts/{id}/hide"),
    ("GET", "/payment/methods/deposit"),
    ("GET", "/payment/methods/withdrawal"),
    ("POST", "/payment/invoices/deposit"),
    ("POST", "/payment/invoices/withdrawal"),
    ("GET", "/payment/invoices"),
    ("PUT", "/payment/invoices/{id}/decline"),
    ("GET", "/payment/invoices/statistics"),
    ("GET", "/retention/quests"),
    ("PUT", "/retention/quests/{id}/activate"),
    ("PUT", "/retention/quests/{id}/cancel"),
    ("GET", "/retention/account"),
    ("GET", "/retention/levels"),
    ("GET", "/game/player-bonuses"),
    ("GET", "/game/player-freespins"),
    ("GET", "/game/player-bonuses/sum"),
    ("PUT", "/game/player-bonuses/{id}/activate"),
    ("PUT", "/game/player-bonuses/{id}/cancel"),
    ("PUT", "/game/player-freespins/{id}/activate"),
    ("PUT", "/game/player-freespins/{id}/cancel"),
    ("GET", "/game/bonuses/bonuscodes"),
    ("POST", "/game/bonuses/bonuscodes"),
    ("DELETE", "/game/bonuses/bonuscodes"),
    ("GET", "/game/bonuses/cashback"),
    ("GET", "/game/bonuses"),
    ("GET", "/game/bonuses/status"),
    ("GET", "/game/collections"),
    ("GET", "/game/providers"),
    ("GET", "/game/providers/{id}"),
    ("GET", "/game/games"),
    ("GET", "/game/games/{id}"),
    ("GET", "/game/sport/info/{id}"),
    ("GET", "/game/sport/events/{id}"),
    ("POST", "/game/games/{id}/play"),
    ("GET", "/game/games/favorites"),
    ("POST", "/game/games/{id}/favorite"),
    ("DELETE", "/game/games/{id}/favorite"),
    ("GET", "/game/spins"),
    ("GET", "/game/bets"),
    ("GET", "/game/spins/winners"),
    ("GET", "/game/games/played"),
    ("GET", "/game/games/features"),
    ("GET", "/game/games/search"),
    ("GET", "/game/sport/search"),
    ("GET", "/game/search/recent"),
    ("DELETE", "/game/search/recent"),
    ("GET", "/player/profile"),
    ("PUT", "/player/profile"),
    ("GET", "/player/init"),
    ("GET", "/player/fields/validations"),
    ("PUT", "/player/passwords"),
    ("POST", "/player/passwords/reset"),
    ("POST", "/player/passwords/confirm"),
    ("GET", "/player/sessions"),
    ("PUT", "/player/sessions/{id}/close"),
    ("POST", "/player/sessions/close-other"),
    ("POST", "/player/register"),
    ("POST", "/player/register/phone"),
    ("POST", "/player/sessions"),
    ("POST", "/player/sessions/token"),
    ("POST", "/player/sessions/refresh"),
    ("POST", "/player/sessions/logout"),
    ("POST", "/player/sessions/social"),
    ("POST", "/player/tg_login"),
    ("POST", "/player/tg_login/refresh"),
    ("PUT", "/tg-bot/users"),
    ("POST", "/player/social-connections/telegram"),
    ("POST", "/player/social-connections/{provider}"),
    ("POST", "/player/social-connections/unlink"),
    ("GET", "/player/social-connections"),
    ("POST", "/player/otp/send"),
    ("POST", "/player/otp/verify"),
    ("POST", "/player/otp/email/send"),
    ("POST", "/player/profile/email/verify/send"),
    ("POST", "/player/profile/email/verify/confirm"),
    ("POST", "/player/profile/confirmations/email/resend"),
    ("GET", "/player/documents"),
    ("POST", "/player/documents"),
    ("DELETE", "/player/documents/{id}"),
    ("GET", "/player/limits"),
    ("POST", "/player/limits"),
    ("PUT", "/player/limits/{id}"),
    ("DELETE", "/player/limits/{id}"),
    ("POST", "/player/services/sumsub/auth"),
    ("GET", "/player/avatar/list"),
    ("POST", "/player/avatar/set-avatar"),
    ("GET", "/settings/currencies"),
    ("GET", "/settings/locales"),
    ("GET", "/settings/countries"),
    ("GET", "/settings/constants"),
    ("POST", "/notification/communications"),
    ("GET", "/notification/messenger/messages"),
    ("POST", "/notification/messenger/messages/read"),
    ("DELETE", "/notification/messenger/messages"),
    ("POST", "/notification/messenger/messages/read/all"),
    ("GET", "/notification/pushes"),
    ("POST", "/notification/pushes/read"),
    ("POST", "/notification/pushes/read/all"),
];

fn documented(doc: &serde_json::Value, method: &str, path: &str) -> bool {
    doc["paths"][format!("/api{path}")][method.to_ascii_lowercase()].is_object()
}

async fn served(platform: &common::TestPlatform, method: &str, path: &str) -> bool {
    let url = format!(
        "{}/api{}",
        platform.base,
        path.replace("{id}", "1").replace("{provider}", "google")
    );
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let response = platform.client.request(method, url).send().await.unwrap();
    let status = response.status().as_u16();
    let body: serde_json::Value = response.json().await.unwrap_or_default();
    // The fallback answers unknown paths; axum answers 405 for a known path's unknown method.
    !(status == 405 || body["code"] == "route_not_found")
}

#[tokio::test]
async fn every_served_endpoint_of_the_spec_is_documented() {
    let platform = common::spawn().await;
    let (status, doc) = platform.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut undocumented = Vec::new();
    let mut missing = Vec::new();
    for (method, path) in SPEC_ENDPOINTS {
        let is_served = served(&platform, method, path).await;
        if is_served && !documented(&doc, method, path) {
            undocumented.push(format!("{method} {path}"));
        }
        if !is_served {
            missing.push(format!("{method} {path}"));
        }
    }
    assert!(
        undocumented.is_empty(),
        "served but not in the OpenAPI document: {undocumented:#?}"
    );
    assert!(
        missing.is_empty(),
        "section 7 endpoints the platform does not serve: {missing:#?}"
    );
}

#[tokio::test]
async fn the_document_describes_schemas_and_auth() {
    let doc = serde_json::to_value(platform::routes::openapi()).unwrap();
    let schemas = &doc["components"]["schemas"];
    for schema in [
        "ErrorBody",
        "Profile",
        "SessionResponse",
        "Account",
        "Currency",
        "Collection",
    ] {
        assert!(schemas[schema].is_object(), "{schema} is missing");
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    assert_eq!(
        doc["paths"]["/api/wallet/accounts"]["get"]["security"][0]["bearer"],
        serde_json::json!([])
    );
}

/// Every `$ref` points at a schema the document holds: generators (the miniapp's
/// `openapi-typescript`) refuse a document with a dangling one.
#[test]
fn every_reference_resolves() {
    fn refs(value: &serde_json::Value, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    match (key.as_str(), inner) {
                        ("$ref", serde_json::Value::String(target)) => found.push(target.clone()),
                        _ => refs(inner, found),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
            _ => {}
        }
    }
    let doc = serde_json::to_value(platform::routes::openapi()).unwrap();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    let dangling: Vec<&String> = found
        .iter()
        .filter(|target| {
            let name = target.trim_start_matches("#/components/schemas/");
            !doc["components"]["schemas"][name].is_object()
        })
        .collect();
    assert!(dangling.is_empty(), "references to nothing: {dangling:?}");
}

/// Schemas in `schema` (following `$ref`s) that say nothing of their value's shape: an empty
/// schema, an object with neither properties nor a typed `additionalProperties`, an array without
/// `items`. Each is named by where it was found.
fn untyped_parts(
    doc: &serde_json::Value,
    schema: &serde_json::Value,
    at: &str,
    seen: &mut std::collections::HashSet<String>,
    found: &mut Vec<String>,
) {
    use serde_json::Value;
    let Some(map) = schema.as_object() else {
        found.push(format!("{at}: not a schema object ({schema})"));
        return;
    };
    if let Some(Value::String(target)) = map.get("$ref") {
        if seen.insert(target.clone()) {
            let name = target.trim_start_matches("#/components/schemas/");
            untyped_parts(
                doc,
                &doc["components"]["schemas"][name],
                target,
                seen,
                found,
            );
        }
        return;
    }
    let mut composed = false;
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(Value::Array(parts)) = map.get(key) {
            composed = true;
            for (i, part) in parts.iter().enumerate() {
                untyped_parts(doc, part, &format!("{at}/{key}/{i}"), seen, found);
            }
        }
    }
    let types: Vec<&str> = match map.get("type") {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let shaped = composed
        || !types.is_empty()
        || ["enum", "const", "properties", "items"]
            .iter()
            .any(|key| map.contains_key(*key));
    if !shaped {
        found.push(format!("{at}: an empty schema"));
        return;
    }
    if types.contains(&"object") {
        let properties = map.get("properties").and_then(Value::as_object);
        match (properties, map.get("additionalProperties")) {
            (Some(properties), _) if !properties.is_empty() => {
                for (name, property) in properties {
                    untyped_parts(doc, property, &format!("{at}/{name}"), seen, found);
                }
            }
            (_, Some(additional @ Value::Object(_))) => {
                untyped_parts(doc, additional, &format!("{at}/*"), seen, found);
            }
            _ => found.push(format!("{at}: a bare object")),
        }
    }
    if types.contains(&"array") {
        match map.get("items") {
            Some(items) => untyped_parts(doc, items, &format!("{at}/items"), seen, found),
            None => found.push(format!("{at}: an array of anything")),
        }
    }
}

/// Every request and response body of the document has a schema that types it all the way down:
/// a bare `Object` gives the miniapp's generated types nothing, and lets the body drift from
/// what the client expects unnoticed.
#[test]
fn every_body_is_typed() {
    let doc = serde_json::to_value(platform::routes::openapi()).unwrap();
    let mut found = Vec::new();
    let mut check = |at: String, content: &serde_json::Value| {
        for (media_type, body) in content.as_object().into_iter().flatten() {
            let at = format!("{at} {media_type}");
            match body.get("schema") {
                Some(schema) => untyped_parts(
                    &doc,
                    schema,
                    &at,
                    &mut std::collections::HashSet::new(),
                    &mut found,
                ),
                None => found.push(format!("{at}: no schema")),
            }
        }
    };
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let name = format!("{} {path}", method.to_ascii_uppercase());
            check(
                format!("{name} request"),
                &operation["requestBody"]["content"],
            );
            for (status, response) in operation["responses"].as_object().into_iter().flatten() {
                check(format!("{name} {status}"), &response["content"]);
            }
        }
    }
    assert!(found.is_empty(), "untyped bodies: {found:#?}");
}
