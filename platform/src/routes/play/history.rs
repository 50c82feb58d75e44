//! Play history: the player's spins, bets and recently played games, and everyone's latest big
//! wins. Demo play never shows here.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Page;
use crate::auth::CurrentPlayer;
use crate::extract::Query;
use crate::play::slot::BIG_WIN_MULTIPLIER;
use crate::play::spins::{BET_SELECT, Bet, Spin};
use crate::routes::List;
use crate::routes::images::GameImages;
use crate::routes::paging::Paging;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(spins))
        .routes(routes!(bets))
        .routes(routes!(winners))
        .routes(routes!(played))
}

const DEFAULT_PER_PAGE: u32 = 20;
const WINNERS: i64 = 20;

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    per_page: Option<u32>,
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpinEntry {
    #[serde(flatten)]
    #[sqlx(flatten)]
    spin: Spin,
    game_identity: String,
    game_name: String,
}

/// The player's real-money spins, newest first.
#[utoipa::path(get, path = "/api/game/spins", tag = "games", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = Page<SpinEntry>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn spins(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<PageQuery>,
) -> Result<JsonResponse<Page<SpinEntry>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM game_spins WHERE player_id = ? AND bet_id IS NOT NULL",
    )
    .bind(player.id)
    .fetch_one(&state.pool)
    .await?;
    let data: Vec<SpinEntry> = sqlx::query_as(
        "SELECT s.id, s.game_id, s.bet, s.win, s.currency, s.created_at,
                g.identity AS game_identity, g.name AS game_name
         FROM game_spins s JOIN games g ON g.id = s.game_id
         WHERE s.player_id = ? AND s.bet_id IS NOT NULL
         ORDER BY s.id DESC LIMIT ? OFFSET ?",
    )
    .bind(player.id)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(&state.pool)
    .await?;
    Ok(JsonResponse(Page {
        data,
        meta: paging.meta(total),
    }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct BetsQuery {
    page: Option<u32>,
    per_page: Option<u32>,
    /// true (default): settled bets; false: bets still open (sportsbook bets before their event
    /// is settled).
    is_settled: Option<bool>,
}

/// The player's real-money bets, newest first: settled ones by default, open ones with
/// `isSettled=false`. A spin's bet settles with the spin; a sportsbook bet when the sportsbook
/// settles it.
#[utoipa::path(get, path = "/api/game/bets", tag = "games", security(("bearer" = [])),
    params(BetsQuery),
    responses((status = 200, body = Page<Bet>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn bets(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<BetsQuery>,
) -> Result<JsonResponse<Page<Bet>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let settled = query.is_settled.unwrap_or(true);
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM game_bets WHERE player_id = ? AND (settled_at IS NOT NULL) = ?",
    )
    .bind(player.id)
    .bind(settled)
    .fetch_one(&state.pool)
    .await?;
    let data: Vec<Bet> = sqlx::query_as(&format!(
        "{BET_SELECT} WHERE b.player_id = ? AND (b.settled_at IS NOT NULL) = ?
         ORDER BY b.id DESC LIMIT ? OFFSET ?"
    ))
    .bind(player.id)
    .bind(settled)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(&state.pool)
    .await?;
    Ok(JsonResponse(Page {
        data,
        meta: paging.meta(total),
    }))
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
struct Winner {
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

/// The latest big wins (at least 5 times the bet) of all players, newest first. Public.
#[utoipa::path(get, path = "/api/game/spins/winners", tag = "games",
    responses((status = 200, body = List<Winner>)))]
async fn winners(State(state): State<AppState>) -> Result<JsonResponse<List<Winner>>, ApiError> {
    let rows: Vec<WinnerRow> = sqlx::query_as(&format!(
        "SELECT s.id, s.game_id, s.bet, s.win, s.currency, s.created_at,
                g.identity AS game_identity, g.name AS game_name,
                p.nickname, p.first_name, p.email
         FROM game_spins s
         JOIN games g ON g.id = s.game_id
         JOIN players p ON p.id = s.player_id
         WHERE s.bet_id IS NOT NULL AND s.win >= {BIG_WIN_MULTIPLIER} * s.bet
         ORDER BY s.id DESC LIMIT {WINNERS}"
    ))
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| Winner {
            player_name: masked_name(&row),
            spin: row.spin,
            game_identity: row.game_identity,
            game_name: row.game_name,
        })
        .collect();
    Ok(JsonResponse(List { data }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlayedProvider {
    id: i64,
    identity: String,
    name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlayedGame {
    id: i64,
    identity: String,
    name: String,
    provider: PlayedProvider,
    images: GameImages,
    has_demo: bool,
    /// The latest launch, for real money or demo.
    last_played_at: String,
}

#[derive(FromRow)]
struct PlayedRow {
    id: i64,
    identity: String,
    name: String,
    has_demo: bool,
    provider_id: i64,
    provider_identity: String,
    provider_name: String,
    last_played_at: String,
}

/// The casino games the player launched (for real money or demo), the most recent first, each
/// once.
#[utoipa::path(get, path = "/api/game/games/played", tag = "games", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, body = Page<PlayedGame>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn played(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<PageQuery>,
) -> Result<JsonResponse<Page<PlayedGame>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT game_id) FROM game_sessions WHERE player_id = ? AND game_id IS NOT NULL",
    )
    .bind(player.id)
    .fetch_one(&state.pool)
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
    .bind(player.id)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| PlayedGame {
            images: GameImages::of(&row.identity),
            id: row.id,
            identity: row.identity,
            name: row.name,
            provider: PlayedProvider {
                id: row.provider_id,
                identity: row.provider_identity,
                name: row.provider_name,
            },
            has_demo: row.has_demo,
            last_played_at: row.last_played_at,
        })
        .collect();
    Ok(JsonResponse(Page {
        data,
        meta: paging.meta(total),
    }))
}
