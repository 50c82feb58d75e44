//! Play over HTTP: the launch call, the game page, spins and play history. Sessions, launching
//! and the slot are `crate::play`.

mod history;
mod launch;
mod page;
mod spins;
mod sportsbook;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(launch::router())
        .merge(spins::router())
        .merge(page::router())
        .merge(history::router())
        .merge(sportsbook::router())
}
