//! Bonuses, free spins, bonus codes, deposit bonuses and cashback (`/api/game/...`). The rules
//! live in `crate::rewards` (bonuses, codes, cashback); these routes check input and answer.

mod bonus_codes;
mod freespins;
mod offers;
mod player_bonuses;

use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(player_bonuses::router())
        .merge(freespins::router())
        .merge(bonus_codes::router())
        .merge(offers::router())
}

const STATUSES: &[i64] = &[1, 2, 3];

/// The currency asked for (enabled and visible), else the player's active account's, else the
/// base currency.
async fn currency_for(
    conn: &mut SqliteConnection,
    asked: Option<&str>,
    player_id: Option<i64>,
) -> Result<String, ApiError> {
    if let Some(asked) = asked {
        return sqlx::query_scalar(
            "SELECT code FROM currencies WHERE code = ? AND is_enabled = 1 AND is_visible = 1",
        )
        .bind(asked.to_ascii_uppercase())
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| {
            ApiError::bad_request(
                "currency_unknown",
                format!("There is no currency {asked:?}."),
            )
        });
    }
    let active: Option<String> =
        sqlx::query_scalar("SELECT currency FROM accounts WHERE player_id = ? AND is_active = 1")
            .bind(player_id)
            .fetch_optional(&mut *conn)
            .await?;
    match active {
        Some(currency) => Ok(currency),
        None => Ok(
            sqlx::query_scalar("SELECT code FROM currencies WHERE is_base = 1")
                .fetch_one(conn)
                .await?,
        ),
    }
}
