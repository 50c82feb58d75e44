//! The game catalogue: collections (filtered by the visitor's country) and paged game listings.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use super::paging::{PageMeta, Paging};
use crate::extract::{Query, VisitorCountry};
use crate::{ApiError, AppState};

pub const DEFAULT_PER_PAGE: u32 = 24;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(collections))
        .routes(routes!(games))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Collection {
    id: i64,
    identity: String,
    name: String,
    is_hidden: bool,
    countries: Vec<String>,
    games_count: i64,
}

#[derive(FromRow)]
struct CollectionRow {
    id: i64,
    identity: String,
    name: String,
    is_hidden: bool,
    countries: Option<String>,
    games_count: i64,
}

/// Collections the visitor's country may see: those limited to no country, and those limited to
/// theirs. A visitor whose country is unknown sees only the former.
#[utoipa::path(get, path = "/api/game/collections", tag = "games",
    params(("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    responses((status = 200, body = List<Collection>)))]
async fn collections(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
) -> Result<Json<List<Collection>>, ApiError> {
    let country = country.map(|VisitorCountry(code)| code);
    let rows: Vec<CollectionRow> = sqlx::query_as(
        "SELECT c.id, c.identity, c.name, c.is_hidden,
                (SELECT group_concat(country_code, ',') FROM
                    (SELECT country_code FROM game_collection_countries
                     WHERE collection_id = c.id ORDER BY country_code)) AS countries,
                (SELECT count(*) FROM game_collection_games WHERE collection_id = c.id) AS games_count
         FROM game_collections c
         WHERE NOT EXISTS (SELECT 1 FROM game_collection_countries WHERE collection_id = c.id)
            OR EXISTS (SELECT 1 FROM game_collection_countries
                       WHERE collection_id = c.id AND country_code = ?)
         ORDER BY c.position",
    )
    .bind(country)
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| Collection {
            id: row.id,
            identity: row.identity,
            name: row.name,
            is_hidden: row.is_hidden,
            countries: row
                .countries
                .map(|c| c.split(',').map(str::to_owned).collect())
                .unwrap_or_default(),
            games_count: row.games_count,
        })
        .collect();
    Ok(Json(List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct GamesQuery {
    collection: Option<String>,
    provider: Option<String>,
    page: Option<u32>,
    per_page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Page<T> {
    data: Vec<T>,
    meta: PageMeta,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Game {
    id: i64,
    identity: String,
    name: String,
    provider: Provider,
    images: super::images::GameImages,
    has_demo: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Provider {
    id: i64,
    identity: String,
    name: String,
}

#[derive(FromRow)]
struct GameRow {
    id: i64,
    identity: String,
    name: String,
    has_demo: bool,
    provider_id: i64,
    provider_identity: String,
    provider_name: String,
}

/// Games, optionally of one collection (in the collection's order) or one provider (most popular
/// first). A collection limited to other countries than the visitor's lists nothing.
#[utoipa::path(get, path = "/api/game/games", tag = "games", params(GamesQuery),
    responses((status = 200, body = Page<Game>), (status = 400, body = service_kit::ErrorBody)))]
async fn games(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
    Query(query): Query<GamesQuery>,
) -> Result<Json<Page<Game>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let country = country.map(|VisitorCountry(code)| code);
    // One statement for every filter: an absent filter binds NULL and matches everything.
    const FILTER: &str = "
        FROM games g
        JOIN game_providers p ON p.id = g.provider_id
        LEFT JOIN game_collections c ON c.identity = ?1
        LEFT JOIN game_collection_games cg ON cg.collection_id = c.id AND cg.game_id = g.id
        WHERE (?1 IS NULL OR cg.game_id IS NOT NULL)
          AND (?1 IS NULL
               OR NOT EXISTS (SELECT 1 FROM game_collection_countries WHERE collection_id = c.id)
               OR EXISTS (SELECT 1 FROM game_collection_countries
                          WHERE collection_id = c.id AND country_code = ?3))
          AND (?2 IS NULL OR p.identity = ?2)";
    let total_rows: i64 = sqlx::query_scalar(&format!("SELECT count(*) {FILTER}"))
        .bind(&query.collection)
        .bind(&query.provider)
        .bind(&country)
        .fetch_one(&state.pool)
        .await?;
    let rows: Vec<GameRow> = sqlx::query_as(&format!(
        "SELECT g.id, g.identity, g.name, g.has_demo,
                p.id AS provider_id, p.identity AS provider_identity, p.name AS provider_name
         {FILTER}
         ORDER BY cg.position, g.popularity DESC, g.id
         LIMIT ?4 OFFSET ?5"
    ))
    .bind(&query.collection)
    .bind(&query.provider)
    .bind(&country)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| Game {
            images: super::images::GameImages::of(&row.identity),
            id: row.id,
            identity: row.identity,
            name: row.name,
            provider: Provider {
                id: row.provider_id,
                identity: row.provider_identity,
                name: row.provider_name,
            },
            has_demo: row.has_demo,
        })
        .collect();
    Ok(Json(Page {
        data,
        meta: paging.meta(total_rows),
    }))
}
