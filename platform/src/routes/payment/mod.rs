//! Payments over HTTP: deposit and withdrawal methods, the player's invoices, and the sandbox
//! provider's payment page and callback, the stand-in TON network. The rules are `crate::payments`.

mod invoices;
mod methods;
mod sandbox;
mod ton_network;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(methods::router())
        .merge(invoices::router())
        .merge(sandbox::router())
        .merge(ton_network::router())
}
