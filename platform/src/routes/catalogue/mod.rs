//! The catalogue around the game listing (`super::games`): providers, features, searches and
//! favourites.

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

mod favorites;
mod features;
mod providers;
pub mod search;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(providers::router())
        .merge(features::router())
        .merge(search::router())
        .merge(favorites::router())
}
