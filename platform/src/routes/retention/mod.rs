//! Quests and loyalty (`/api/retention/...`). The rules live in `crate::rewards::quests` and
//! `crate::rewards::loyalty`.

mod loyalty;
mod quests;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(quests::router())
        .merge(loyalty::router())
}
