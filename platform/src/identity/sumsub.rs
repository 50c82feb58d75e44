//! The access token of the identity-verification service's web SDK (Sumsub). A real platform asks
//! Sumsub's API for it with its app token and secret; the sandbox has no Sumsub account, so it
//! issues a token of the same shape that the sandbox client recognises as such.

use serde::Serialize;
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::ApiError;
use crate::clock::NOW_PLUS;

/// Sumsub's default access token lifetime.
pub const TOKEN_TTL_SECONDS: i64 = 600;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SumsubToken {
    /// The SDK's access token; sandbox tokens start with `_act-sbx-`.
    token: String,
    /// The applicant's external user id at the service: one per player.
    user_id: String,
    /// RFC 3339, UTC.
    expires_at: String,
}

/// A fresh sandbox SDK access token for the player.
pub async fn issue_token(pool: &SqlitePool, player_id: i64) -> Result<SumsubToken, ApiError> {
    let expires_at: String = sqlx::query_scalar(&format!("SELECT {NOW_PLUS}"))
        .bind(format!("+{TOKEN_TTL_SECONDS} seconds"))
        .fetch_one(pool)
        .await?;
    Ok(SumsubToken {
        token: format!("_act-sbx-{}", uuid::Uuid::new_v4()),
        user_id: format!("sandbox-player-{player_id}"),
        expires_at,
    })
}
