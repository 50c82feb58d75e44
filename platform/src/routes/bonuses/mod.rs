//! Bonuses, free spins, bonus codes, deposit bonuses and cashback (`/api/game/...`). The rules
//! live in `crate::rewards` (bonuses, codes, cashback); these routes check input and answer.

mod bonus_codes;
mod freespins;
mod offers;
mod player_bonuses;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(player_bonuses::router())
        .merge(freespins::router())
        .merge(bonus_codes::router())
        .merge(offers::router())
}

const STATUSES: &[i64] = &[1, 2, 3];
