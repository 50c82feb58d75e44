//! Avatars a player can pick. The sandbox draws them itself (SVG). The HTTP side is
//! `routes/player/avatars.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};

use crate::players::{PlayerError, Profile, load_profile};

#[derive(Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Avatar {
    id: i64,
    name: String,
    #[sqlx(skip)]
    url: String,
    #[sqlx(skip)]
    is_selected: bool,
}

/// Every avatar, in order, the player's own marked.
pub async fn avatars_for(pool: &SqlitePool, player_id: i64) -> Result<Vec<Avatar>, sqlx::Error> {
    let selected: Option<i64> = sqlx::query_scalar("SELECT avatar_id FROM players WHERE id = ?")
        .bind(player_id)
        .fetch_one(pool)
        .await?;
    let mut avatars: Vec<Avatar> = sqlx::query_as("SELECT id, name FROM avatars ORDER BY position")
        .fetch_all(pool)
        .await?;
    for avatar in &mut avatars {
        avatar.url = format!("/api/sandbox/images/avatars/{}.svg", avatar.id);
        avatar.is_selected = selected == Some(avatar.id);
    }
    Ok(avatars)
}

/// Gives the player the avatar; returns their profile.
pub async fn select(
    pool: &SqlitePool,
    player_id: i64,
    avatar_id: i64,
) -> Result<Profile, PlayerError> {
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM avatars WHERE id = ?)")
        .bind(avatar_id)
        .fetch_one(pool)
        .await?;
    if !exists {
        return Err(PlayerError::AvatarNotFound);
    }
    sqlx::query("UPDATE players SET avatar_id = ? WHERE id = ?")
        .bind(avatar_id)
        .bind(player_id)
        .execute(pool)
        .await?;
    load_profile(pool, player_id).await
}

/// The avatar's picture (`{id}.svg`): its initial on a disc of its own hue.
pub async fn svg(pool: &SqlitePool, file: &str) -> Result<String, PlayerError> {
    let id: i64 = file
        .strip_suffix(".svg")
        .and_then(|id| id.parse().ok())
        .ok_or(PlayerError::AvatarNotFound)?;
    let name: Option<String> = sqlx::query_scalar("SELECT name FROM avatars WHERE id = ?")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    let name = name.ok_or(PlayerError::AvatarNotFound)?;
    let hue = (id * 47) % 360;
    let initial: String = name
        .chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let initial = initial.replace('&', "&amp;").replace('<', "&lt;");
    Ok(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl({hue},65%,45%)"/><text x="50%" y="58%" text-anchor="middle" font-size="40" font-family="sans-serif" fill="#fff">{initial}</text></svg>"##
    ))
}
