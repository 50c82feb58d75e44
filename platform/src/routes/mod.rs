//! The platform's routes, one module per domain of the spec's section 7.

use axum::Router;
use axum::http::{Method, Uri};

use crate::{ApiError, AppState};

mod games;
mod images;
pub mod paging;
mod payment;
pub mod player;
mod sandbox;
mod settings;
mod tg_bot;
pub mod wallet;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(settings::router())
        .merge(games::router())
        .merge(images::router())
        .merge(player::router())
        .merge(wallet::router())
        .merge(payment::router())
        .merge(tg_bot::router())
        .merge(sandbox::router())
}

pub async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(
        "route_not_found",
        format!("There is no {method} {} on this platform.", uri.path()),
    )
}
