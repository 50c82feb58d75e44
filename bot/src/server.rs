//! The bot's own HTTP server: `GET /healthz`, `GET /readyz` (the database answers) and, in
//! webhook mode, the route Telegram posts updates to (it checks the secret-token header), and with
//! an events secret the platform's events hook (`crate::hook`).

use axum::Router;
use axum::http::{Method, Uri};
use sqlx::AnyPool;

use crate::BotError;

pub fn app(pool: AnyPool, webhook: Option<Router>, events: Option<Router>) -> Router {
    let mut router = Router::new().merge(service_kit::health::database_router(pool));
    for extra in [webhook, events].into_iter().flatten() {
        router = router.merge(extra);
    }
    service_kit::http::with_standard_layers(router.fallback(not_found))
}

async fn not_found(method: Method, uri: Uri) -> BotError {
    BotError::RouteNotFound(format!("{method} {}", uri.path()))
}
