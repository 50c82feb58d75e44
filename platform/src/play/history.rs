//! Play history: the player's spins, bets and recently played games, and everyone's latest big
//! wins. Demo play never shows here. The HTTP side is `routes/play/history.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use crate::history_filter::HistoryFilter;
use crate::paging::{Page, Paging};
use crate::play::slot::BIG_WIN_MULTIPLIER;
use crate::play::spins::{BET_SELECT, Bet, Spin};

/// How many big wins everyone sees.
const WINNERS: i64 = 20;

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpinEntry {
    #[serde(flatten)]
    #[sqlx(flatten)]
    spin: Spin,
    game_identity: String,
    game_name: String,
}

/// A page of the player's real-money spins narrowed to a currency and time range, newest first.
pub async fn spins_page(
    pool: &SqlitePool,
    player_id: i64,
    narrowed: &HistoryFilter,
    paging: Paging,
) -> Result<Page<SpinEntry>, sqlx::Error> {
    let filter = format!(
        "s.player_id = ?1 AND s.bet_id IS NOT NULL AND {}",
        HistoryFilter::condition("s", 2)
    );
    let count = format!("SELECT COUNT(*) FROM game_spins s WHERE {filter}");
    let total: i64 = narrowed
        .bind_scalar(sqlx::query_scalar(&count).bind(player_id))
        .fetch_one(pool)
        .await?;
    let select = format!(
        "SELECT s.id, s.game_id, s.bet, s.win, s.currency, s.created_at,
                g.identity AS game_identity, g.name AS game_name
         FROM game_spins s JOIN games g ON g.id = s.game_id
         WHERE {filter}
         ORDER BY s.id DESC LIMIT ?5 OFFSET ?6"
    );
    let data: Vec<SpinEntry> = narrowed
        .bind(sqlx::query_as(&select).bind(player_id))
        .bind(paging.limit())
        .bind(paging.offset())
        .fetch_all(pool)
        .await?;
    Ok(paging.page(data, total))
}

/// A page of the player's real-money bets, settled or still open, narrowed to a currency and time
/// range, newest first.
pub async fn bets_page(
    pool: &SqlitePool,
    player_id: i64,
    settled: bool,
    narrowed: &HistoryFilter,
    paging: Paging,
) -> Result<Page<Bet>, sqlx::Error> {
    let filter = format!(
        "b.player_id = ?1 AND (b.settled_at IS NOT NULL) = ?2 AND {}",
        HistoryFilter::condition("b", 3)
    );
    let count = format!("SELECT COUNT(*) FROM game_bets b WHERE {filter}");
    let total: i64 = narrowed
        .bind_scalar(sqlx::query_scalar(&count).bind(player_id).bind(settled))
        .fetch_one(pool)
        .await?;
    let select = format!("{BET_SELECT} WHERE {filter} ORDER BY b.id DESC LIMIT ?6 OFFSET ?7");
    let data: Vec<Bet> = narrowed
        .bind(sqlx::query_as(&select).bind(player_id).bind(settled))
        .bind(paging.limit())
        .bind(paging.offset())
        .fetch_all(pool)
        .await?;
    Ok(paging.page(data, total))
}

#[derive(FromRow)]
struct WinnerRow {
    #[sqlx(flatten)]
    spin: Spin,
    game_identity: String,
    game_name: String,
    nickname: Option<String>,
    first_name: Option<String>,
    email: Option<String>,
}

/// A big win as everyone sees it: the player's name masked.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Winner {
    #[serde(flatten)]
    spin: Spin,
    game_identity: String,
    game_name: String,
    /// The first letters of the player's display name, the rest hidden: `an***`.
    player_name: String,
}

/// The start of the display name (spec: nickname, first name, then the e-mail's name), with the
/// rest hidden so that no winner can be identified.
fn masked_name(row: &WinnerRow) -> String {
    let name = row
        .nickname
        .as_deref()
        .or(row.first_name.as_deref())
        .or_else(|| row.email.as_deref().and_then(|e| e.split('@').next()))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("Player");
    let shown = if name.chars().count() > 4 { 2 } else { 1 };
    format!("{}***", name.chars().take(shown).collect::<String>())
}

/// The big wins' rows with the player's names, newest first: `narrowed` is the condition on `s`.
async fn winner_rows(
    pool: &SqlitePool,
    narrowed: &str,
    spin_id: Option<i64>,
) -> Result<Vec<Winner>, sqlx::Error> {
    let rows: Vec<WinnerRow> = sqlx::query_as(&format!(
        "SELECT s.id, s.game_id, s.bet, s.win, s.currency, s.created_at,
                g.identity AS game_identity, g.name AS game_name,
                p.nickname, p.first_name, p.email
         FROM game_spins s
         JOIN games g ON g.id = s.game_id
         JOIN players p ON p.id = s.player_id
         WHERE s.bet_id IS NOT NULL AND s.win >= {BIG_WIN_MULTIPLIER} * s.bet AND {narrowed}
         ORDER BY s.id DESC LIMIT {WINNERS}"
    ))
    .bind(spin_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| Winner {
            player_name: masked_name(&row),
            spin: row.spin,
            game_identity: row.game_identity,
            game_name: row.game_name,
        })
        .collect())
}

/// The latest big wins (at least 5 times the bet) of all players, newest first.
pub async fn big_wins(pool: &SqlitePool) -> Result<Vec<Winner>, sqlx::Error> {
    winner_rows(pool, "?1 IS NULL", None).await
}

/// The spin as the latest wins show it, when it is a big win.
pub async fn big_win(pool: &SqlitePool, spin_id: i64) -> Result<Option<Winner>, sqlx::Error> {
    Ok(winner_rows(pool, "s.id = ?1", Some(spin_id))
        .await?
        .into_iter()
        .next())
}

/// A casino game the player launched, with its provider and the latest launch.
#[derive(FromRow)]
pub struct PlayedRow {
    pub id: i64,
    pub identity: String,
    pub name: String,
    pub has_demo: bool,
    pub provider_id: i64,
    pub provider_identity: String,
    pub provider_name: String,
    pub last_played_at: String,
}

/// A page of the casino games the player launched (for real money or demo), the most recent
/// first, each once.
pub async fn played_page(
    pool: &SqlitePool,
    player_id: i64,
    paging: Paging,
) -> Result<Page<PlayedRow>, sqlx::Error> {
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT game_id) FROM game_sessions WHERE player_id = ? AND game_id IS NOT NULL",
    )
    .bind(player_id)
    .fetch_one(pool)
    .await?;
    let rows: Vec<PlayedRow> = sqlx::query_as(
        "SELECT g.id, g.identity, g.name, g.has_demo, p.id AS provider_id,
                p.identity AS provider_identity, p.name AS provider_name,
                last.last_played_at
         FROM (SELECT game_id, MAX(created_at) AS last_played_at, MAX(rowid) AS last_rowid
               FROM game_sessions WHERE player_id = ? AND game_id IS NOT NULL
               GROUP BY game_id) last
         JOIN games g ON g.id = last.game_id
         JOIN game_providers p ON p.id = g.provider_id
         ORDER BY last.last_rowid DESC LIMIT ? OFFSET ?",
    )
    .bind(player_id)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(pool)
    .await?;
    Ok(paging.page(rows, total))
}
