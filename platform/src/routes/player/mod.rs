//! Players: registration, sessions, profile and start-up data.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa_axum::router::OpenApiRouter;

use crate::{ApiError, AppState};

mod avatars;
mod one_time_codes;
mod fields;
mod profile;
mod register;
mod sessions;
mod social;
mod telegram;
pub mod validation;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(register::router())
        .merge(sessions::router())
        .merge(profile::router())
        .merge(telegram::router())
        .merge(one_time_codes::router())
        .merge(fields::router())
        .merge(avatars::router())
        .merge(social::router())
}

/// The player's profile as the client knows it (spec, section 3).
#[derive(Debug, Clone, Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: i64,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// The Telegram user id, for messenger players.
    pub tg_user_id: Option<i64>,
    pub language: Option<String>,
    pub country: Option<String>,
    pub locale: String,
    pub freshchat_restore_id: Option<String>,
    pub is_email_verified: bool,
    pub is_phone_verified: bool,
    pub avatar_id: Option<i64>,
    /// True only in the response of the sign-in that created the player.
    #[sqlx(default)]
    pub is_newly_registered: bool,
    #[serde(skip)]
    pub is_blocked: bool,
}

pub async fn load_profile(pool: &SqlitePool, player_id: i64) -> Result<Profile, ApiError> {
    sqlx::query_as(
        "SELECT id, email, phone, nickname, first_name, last_name, tg_user_id, language, country,
                locale, freshchat_restore_id, email_verified_at IS NOT NULL AS is_email_verified,
                phone_verified_at IS NOT NULL AS is_phone_verified, avatar_id,
                is_blocked
         FROM players WHERE id = ?",
    )
    .bind(player_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found("player_not_found", "There is no such player."))
}
