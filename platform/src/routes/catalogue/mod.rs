//! The catalogue around the game listing (`super::games`) over HTTP: providers, features,
//! searches and favourites (the domain is `crate::catalogue`).

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

mod favorites;
mod features;
mod providers;
mod search;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(providers::router())
        .merge(features::router())
        .merge(search::router())
        .merge(favorites::router())
}
