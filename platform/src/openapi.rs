//! The OpenAPI document of the platform contract, generated from the route handlers themselves
//! (utoipa): a route registered through `utoipa_axum::routes!` cannot be missing from it. Served at
//! `GET /api/openapi.json`; the miniapp's API types are generated from it.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

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
