//! The access token of the identity-verification service's web SDK (Sumsub). A real platform asks
//! Sumsub's API for it with its app token and secret; the sandbox has no Sumsub account, so it
//! issues a token of the same shape that the sandbox client recognises as such.

use serde::Serialize;
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::clock::{NOW, NOW_PLUS};

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

/// A fresh sandbox SDK access token for the player, kept so the stand-in page knows whose it is.
pub async fn issue_token(pool: &SqlitePool, player_id: i64) -> Result<SumsubToken, anyhow::Error> {
    let token = format!("_act-sbx-{}", uuid::Uuid::new_v4());
    let expires_at: String = sqlx::query_scalar(&format!(
        "INSERT INTO sumsub_tokens (token, player_id, expires_at) VALUES (?, ?, {NOW_PLUS})
         RETURNING expires_at"
    ))
    .bind(&token)
    .bind(player_id)
    .bind(format!("+{TOKEN_TTL_SECONDS} seconds"))
    .fetch_one(pool)
    .await?;
    Ok(SumsubToken {
        token,
        user_id: format!("sandbox-player-{player_id}"),
        expires_at,
    })
}

/// Where a player stands with the verification service (`players.verification_status`): nothing
/// sent yet, sent and waiting for the review, or the review's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, sqlx::Type)]
#[schema(as = VerificationStatus)]
#[serde(rename_all = "lowercase")]
#[sqlx(rename_all = "lowercase")]
pub enum Status {
    None,
    Pending,
    Approved,
    Rejected,
}

impl Status {
    fn stored(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
        }
    }
}

/// The applicant an unexpired token stands for: the player and their status; `None` for an unknown
/// or expired token.
pub async fn applicant(
    pool: &SqlitePool,
    token: &str,
) -> Result<Option<(i64, Status)>, anyhow::Error> {
    Ok(sqlx::query_as(&format!(
        "SELECT t.player_id, p.verification_status FROM sumsub_tokens t
         JOIN players p ON p.id = t.player_id
         WHERE t.token = ? AND t.expires_at > {NOW}"
    ))
    .bind(token)
    .fetch_optional(pool)
    .await?)
}

/// Moves the player from `from` to `to`; false when they were not at `from` (a second submit, a
/// review of an applicant not under review), so each step happens once.
pub async fn advance(
    pool: &SqlitePool,
    player_id: i64,
    from: &[Status],
    to: Status,
) -> Result<bool, anyhow::Error> {
    let from: Vec<&str> = from.iter().map(|status| status.stored()).collect();
    let allowed = serde_json::to_string(&from).map_err(anyhow::Error::from)?;
    let changed = sqlx::query(
        "UPDATE players SET verification_status = ?
         WHERE id = ? AND verification_status IN (SELECT value FROM json_each(?))",
    )
    .bind(to.stored())
    .bind(player_id)
    .bind(allowed)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed == 1)
}
