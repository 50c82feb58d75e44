//! The OpenAPI document of the platform contract, generated from the route handlers themselves
//! (utoipa): a route registered through `utoipa_axum::routes!` cannot be missing from it. Served at
//! `GET /api/openapi.json`; the miniapp's API types are generated from it.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
use utoipa::{Modify, OpenApi, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Casino platform API (sandbox)",
        description = "The platform contract of the client spec, section 7, as the sandbox serves it. \
            Errors are `ErrorBody`; money is integer minor units; lists are `{data}`, paged lists \
            `{data, meta}`.",
        version = "1",
    ),
    components(schemas(service_kit::ErrorBody)),
    modifiers(&BearerAuth),
    tags(
        (name = "settings", description = "Currencies, locales, countries, constants"),
        (name = "games", description = "The game catalogue"),
        (name = "player", description = "Registration, sessions, profile"),
        (name = "wallet", description = "Wallet accounts"),
        (name = "payment", description = "Payment methods and invoices"),
        (name = "tg-bot", description = "Messenger user sync for the bot"),
        (name = "sandbox", description = "The sandbox's own tools; a real platform has none"),
        (name = "referral", description = "The referral programme: invited players, earnings, transfers"),
    )
)]
pub struct ApiDoc;

/// The `bearer` scheme every signed-in call names.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// The errors the shared extractors answer, documented on every operation that uses them unless
/// its handler documents that status itself: they come from the extractor, not the handler, so
/// a new handler cannot forget them. Applied to the whole document once the routes are merged.
pub struct ExtractorErrors;

impl Modify for ExtractorErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ];
            for operation in operations.into_iter().flatten() {
                for (status, description) in extractor_errors(operation) {
                    let error = ResponseBuilder::new()
                        .description(description)
                        .content(
                            "application/json",
                            ContentBuilder::new()
                                .schema(Some(Ref::from_schema_name(service_kit::ErrorBody::name())))
                                .build(),
                        )
                        .build();
                    operation
                        .responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert(error.into());
                }
            }
        }
    }
}

/// The statuses `operation`'s extractors can answer, with what each means.
fn extractor_errors(operation: &Operation) -> Vec<(&'static str, &'static str)> {
    let mut errors = Vec::new();
    let names_bearer = serde_json::to_value(&operation.security)
        .ok()
        .and_then(|security| security.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .any(|requirement| requirement.get("bearer").is_some());
    if names_bearer {
        // `CurrentPlayer`, and `Option<CurrentPlayer>` when a token is sent.
        errors.push((
            "401",
            "No valid session token (`unauthorized`, `token_invalid`, `session_closed`...)",
        ));
        errors.push(("403", "The player is blocked (`player_blocked`)"));
    }
    // `extract::Query` and `extract::Path`.
    let parameters = operation
        .parameters
        .iter()
        .flatten()
        .any(|p| matches!(p.parameter_in, ParameterIn::Query | ParameterIn::Path));
    // `extract::Json` and `extract::Form`.
    let body = operation.request_body.as_ref().is_some_and(|body| {
        ["application/json", "application/x-www-form-urlencoded"]
            .iter()
            .any(|media_type| body.content.contains_key(*media_type))
    });
    if parameters || body {
        errors.push((
            "400",
            "A parameter or body the call cannot take (`invalid_query`, `invalid_path`, \
             `invalid_json`, `invalid_form`)",
        ));
    }
    if body {
        errors.push((
            "413",
            "The body is too large (`invalid_json`, `invalid_form`)",
        ));
        errors.push((
            "415",
            "The body is not sent with its documented content type (`invalid_json`, \
             `invalid_form`)",
        ));
        errors.push((
            "422",
            "The body has the wrong shape (`invalid_json`, `invalid_form`)",
        ));
    }
    errors
}
