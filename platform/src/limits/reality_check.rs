//! Reality checks: the player's reminder interval, and what the reminder shows, the time since the
//! current session signed in and the real-money result of play since then, per currency. The HTTP
//! side is `routes/reality_check.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

/// The shortest and longest reminder intervals a player may choose, in minutes.
pub const MIN_MINUTES: i64 = 1;
pub const MAX_MINUTES: i64 = 240;

/// What the session has staked and won in one currency (minor units).
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionResult {
    pub currency: String,
    pub staked: i64,
    pub won: i64,
}

/// The player's reality check: the interval (`null` is off) and the session it counts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RealityCheck {
    /// Minutes between reminders; `null`: no reminders.
    pub interval_minutes: Option<i64>,
    /// When the current session signed in (RFC 3339, UTC): the reminder's "you have played for".
    pub session_started_at: String,
    /// Real-money spins since then, per currency.
    pub results: Vec<SessionResult>,
}

pub async fn of_session(
    pool: &SqlitePool,
    player_id: i64,
    session_id: &str,
) -> Result<RealityCheck, sqlx::Error> {
    let interval_minutes: Option<i64> =
        sqlx::query_scalar("SELECT reality_check_minutes FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_one(pool)
            .await?;
    let session_started_at: String =
        sqlx::query_scalar("SELECT created_at FROM player_sessions WHERE id = ? AND player_id = ?")
            .bind(session_id)
            .bind(player_id)
            .fetch_one(pool)
            .await?;
    // Compared as instants, so no difference in how precisely the two were written can misorder them.
    let results = sqlx::query_as(
        "SELECT currency, SUM(bet) AS staked, SUM(win) AS won FROM game_spins
         WHERE player_id = ? AND bet_id IS NOT NULL AND julianday(created_at) >= julianday(?)
         GROUP BY currency ORDER BY currency",
    )
    .bind(player_id)
    .bind(&session_started_at)
    .fetch_all(pool)
    .await?;
    Ok(RealityCheck {
        interval_minutes,
        session_started_at,
        results,
    })
}

/// Sets the interval (`None` turns reminders off); the value is already checked.
pub async fn set_interval(
    pool: &SqlitePool,
    player_id: i64,
    minutes: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE players SET reality_check_minutes = ? WHERE id = ?")
        .bind(minutes)
        .bind(player_id)
        .execute(pool)
        .await?;
    Ok(())
}
