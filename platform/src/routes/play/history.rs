//! Play history over HTTP: the player's spins, bets and recently played games, and everyone's
//! latest big wins. The history is `crate::play::history`.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::catalogue::images::GameImages;
use crate::history_filter::HistoryFilter;
use crate::paging::{Page, Paging};
use crate::play::history::{self, SpinEntry, Winner};
use crate::play::spins::Bet;
use crate::routes::List;
use crate::routes::extract::Query;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(spins))
        .routes(routes!(bets))
        .routes(routes!(winners))
        .routes(routes!(played))
}

const DEFAULT_PER_PAGE: u32 = 20;

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    per_page: Option<u32>,
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SpinsQuery {
    page: Option<u32>,
    per_page: Option<u32>,
    /// Only spins in this currency (a code, e.g. USD).
    currency: Option<String>,
    /// Only spins made at or after this RFC 3339 time.
    created_from: Option<String>,
    /// Only spins made before this RFC 3339 time.
    created_before: Option<String>,
}

/// The player's real-money spins, newest first, optionally in one `currency`, made in
/// `[createdFrom, createdBefore)`.
#[utoipa::path(get, path = "/api/game/spins", tag = "games", security(("bearer" = [])),
    params(SpinsQuery),
    responses((status = 200, body = Page<SpinEntry>), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody)))]
async fn spins(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<SpinsQuery>,
) -> Result<JsonResponse<Page<SpinEntry>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let narrowed = HistoryFilter::parse(
        query.currency.as_deref(),
        query.created_from.as_deref(),
        query.created_before.as_deref(),
    )?;
    Ok(JsonResponse(
        history::spins_page(&state.pool, player.id, &narrowed, paging).await?,
    ))
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
    /// Only bets in this currency (a code, e.g. USD).
    currency: Option<String>,
    /// Only bets placed at or after this RFC 3339 time.
    created_from: Option<String>,
    /// Only bets placed before this RFC 3339 time.
    created_before: Option<String>,
}

/// The player's real-money bets, newest first: settled ones by default, open ones with
/// `isSettled=false`, optionally in one `currency`, placed in `[createdFrom, createdBefore)`. A
/// spin's bet settles with the spin; a sportsbook bet when the sportsbook settles it.
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
    let narrowed = HistoryFilter::parse(
        query.currency.as_deref(),
        query.created_from.as_deref(),
        query.created_before.as_deref(),
    )?;
    Ok(JsonResponse(
        history::bets_page(&state.pool, player.id, settled, &narrowed, paging).await?,
    ))
}

/// The latest big wins (at least 5 times the bet) of all players, newest first. Public.
#[utoipa::path(get, path = "/api/game/spins/winners", tag = "games",
    responses((status = 200, body = List<Winner>)))]
async fn winners(State(state): State<AppState>) -> Result<JsonResponse<List<Winner>>, ApiError> {
    let data = history::big_wins(&state.pool).await?;
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
    let rows = history::played_page(&state.pool, player.id, paging).await?;
    let data = rows
        .data
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
        meta: rows.meta,
    }))
}
