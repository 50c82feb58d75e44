//! The game catalogue: collections (filtered by the visitor's country), the filtered and paged game
//! listing, and one game by id or identity. The listing query lives here for every list of games
//! (search, favourites).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, QueryBuilder, Sqlite, SqlitePool};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use super::paging::{PageMeta, Paging};
use crate::auth::CurrentPlayer;
use crate::extract::{Path, Query, VisitorCountry};
use crate::{ApiError, AppState};

pub const DEFAULT_PER_PAGE: u32 = 24;

/// Search texts shorter than this match too much to be useful; longer ones are no game name.
pub const SEARCH_MIN_CHARS: usize = 2;
pub const SEARCH_MAX_CHARS: usize = 64;

/// At most this many providers or features in one filter.
const MAX_FILTER_VALUES: usize = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(collections))
        .routes(routes!(games))
        .routes(routes!(game))
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
            countries: split_list(row.countries),
            games_count: row.games_count,
        })
        .collect();
    Ok(Json(List { data }))
}

fn split_list(joined: Option<String>) -> Vec<String> {
    joined
        .map(|c| c.split(',').map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Orders of the game listing.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameSort {
    /// Most played first.
    Popular,
    /// Latest release first.
    New,
    /// By name, A to Z.
    Name,
    /// By name, Z to A.
    NameDesc,
}

impl GameSort {
    fn order_by(self) -> &'static str {
        match self {
            Self::Popular => "g.popularity DESC, g.id",
            Self::New => "g.released_on DESC, g.id",
            Self::Name => "g.name COLLATE NOCASE, g.id",
            Self::NameDesc => "g.name COLLATE NOCASE DESC, g.id",
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameCategory {
    Slots,
    Live,
    Table,
    Crash,
}

impl GameCategory {
    fn as_str(self) -> &'static str {
        match self {
            Self::Slots => "slots",
            Self::Live => "live",
            Self::Table => "table",
            Self::Crash => "crash",
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct GamesQuery {
    /// A collection's identity. Its games come in the collection's order unless `sort` is given;
    /// a collection limited to other countries than the visitor's lists nothing.
    collection: Option<String>,
    /// Provider identities, comma-separated: games of any of them.
    provider: Option<String>,
    /// Feature identities (GET /api/game/games/features), comma-separated: games with all of them.
    feature: Option<String>,
    category: Option<GameCategory>,
    /// Text in the game's name, 2 to 64 characters, any case. Empty means no search.
    search: Option<String>,
    /// `popular` (the default outside a collection), `new`, `name` or `name-desc`.
    sort: Option<GameSort>,
    page: Option<u32>,
    per_page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub data: Vec<T>,
    pub meta: PageMeta,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Game {
    pub id: i64,
    pub identity: String,
    pub name: String,
    pub provider: Provider,
    /// `slots`, `live`, `table` or `crash`.
    pub category: String,
    /// Identities of the game's features, in the order of GET /api/game/games/features.
    pub features: Vec<String>,
    pub images: super::images::GameImages,
    pub has_demo: bool,
    /// YYYY-MM-DD.
    pub released_on: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provider {
    pub id: i64,
    pub identity: String,
    pub name: String,
}

/// The columns of `GameRow`, over `games g JOIN game_providers p`.
pub const GAME_COLUMNS: &str = "g.id, g.identity, g.name, g.category, g.has_demo, g.released_on,
    p.id AS provider_id, p.identity AS provider_identity, p.name AS provider_name,
    (SELECT group_concat(identity, ',') FROM
        (SELECT f.identity FROM game_feature_games gf JOIN game_features f ON f.id = gf.feature_id
         WHERE gf.game_id = g.id ORDER BY f.position)) AS features";

#[derive(FromRow)]
pub struct GameRow {
    id: i64,
    identity: String,
    name: String,
    category: String,
    has_demo: bool,
    released_on: String,
    provider_id: i64,
    provider_identity: String,
    provider_name: String,
    features: Option<String>,
}

impl From<GameRow> for Game {
    fn from(row: GameRow) -> Self {
        Self {
            images: super::images::GameImages::of(&row.identity),
            id: row.id,
            identity: row.identity,
            name: row.name,
            provider: Provider {
                id: row.provider_id,
                identity: row.provider_identity,
                name: row.provider_name,
            },
            category: row.category,
            features: split_list(row.features),
            has_demo: row.has_demo,
            released_on: row.released_on,
        }
    }
}

/// A listing's filter with its identities resolved to ids.
#[derive(Debug, Default)]
pub struct GameFilter {
    collection_id: Option<i64>,
    provider_ids: Vec<i64>,
    feature_ids: Vec<i64>,
    category: Option<GameCategory>,
    /// A LIKE pattern, wildcards in the text escaped with `\`.
    name_like: Option<String>,
    sort: Option<GameSort>,
}

/// A search text trimmed and checked; `None` for an absent or blank one.
pub fn search_text(raw: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let chars = text.chars().count();
    if chars < SEARCH_MIN_CHARS {
        return Err(ApiError::bad_request(
            "invalid_search",
            format!("Type at least {SEARCH_MIN_CHARS} characters to search."),
        ));
    }
    if chars > SEARCH_MAX_CHARS {
        return Err(ApiError::bad_request(
            "invalid_search",
            format!("A search is at most {SEARCH_MAX_CHARS} characters."),
        ));
    }
    Ok(Some(text.to_owned()))
}

/// `text` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The identities of a comma-separated filter, each checked against `table`.
async fn resolve_identities(
    pool: &SqlitePool,
    list: Option<&str>,
    table: &'static str,
    code: &'static str,
    what: &str,
) -> Result<Vec<i64>, ApiError> {
    let Some(list) = list.map(str::trim).filter(|l| !l.is_empty()) else {
        return Ok(Vec::new());
    };
    let identities: Vec<&str> = list.split(',').map(str::trim).collect();
    if identities.len() > MAX_FILTER_VALUES {
        return Err(ApiError::bad_request(
            code,
            format!("Filter by at most {MAX_FILTER_VALUES} {what}s at once."),
        ));
    }
    let mut ids = Vec::with_capacity(identities.len());
    for identity in identities {
        let id: Option<i64> =
            sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE identity = ?"))
                .bind(identity)
                .fetch_optional(pool)
                .await?;
        let id = id.ok_or_else(|| {
            ApiError::bad_request(code, format!("There is no {what} {identity:?}."))
        })?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

impl GameFilter {
    /// Only games whose name contains `text`.
    pub fn named(text: &str) -> Self {
        Self {
            name_like: Some(contains_pattern(text)),
            ..Self::default()
        }
    }

    /// The filter of a listing query. `None` when the collection is limited to other countries
    /// than the visitor's: the listing is then empty.
    async fn resolve(
        pool: &SqlitePool,
        query: &GamesQuery,
        country: Option<&str>,
    ) -> Result<Option<Self>, ApiError> {
        let name_like = search_text(query.search.as_deref())?.map(|t| contains_pattern(&t));
        let collection_id = match query.collection.as_deref() {
            None => None,
            Some(identity) => {
                let found: Option<(i64, bool)> = sqlx::query_as(
                    "SELECT c.id,
                            NOT EXISTS (SELECT 1 FROM game_collection_countries WHERE collection_id = c.id)
                            OR EXISTS (SELECT 1 FROM game_collection_countries
                                       WHERE collection_id = c.id AND country_code = ?)
                     FROM game_collections c WHERE c.identity = ?",
                )
                .bind(country)
                .bind(identity)
                .fetch_optional(pool)
                .await?;
                match found {
                    None => {
                        return Err(ApiError::bad_request(
                            "unknown_collection",
                            format!("There is no collection {identity:?}."),
                        ));
                    }
                    Some((_, false)) => return Ok(None),
                    Some((id, true)) => Some(id),
                }
            }
        };
        let provider_ids = resolve_identities(
            pool,
            query.provider.as_deref(),
            "game_providers",
            "unknown_provider",
            "provider",
        )
        .await?;
        let feature_ids = resolve_identities(
            pool,
            query.feature.as_deref(),
            "game_features",
            "unknown_feature",
            "feature",
        )
        .await?;
        Ok(Some(Self {
            collection_id,
            provider_ids,
            feature_ids,
            category: query.category,
            name_like,
            sort: query.sort,
        }))
    }

    /// `FROM ... WHERE ...` of the listing; the provider join only when `with_provider`.
    fn push_from_where(&self, sql: &mut QueryBuilder<'_, Sqlite>, with_provider: bool) {
        sql.push(" FROM games g");
        if with_provider {
            sql.push(" JOIN game_providers p ON p.id = g.provider_id");
        }
        if let Some(collection_id) = self.collection_id {
            sql.push(" JOIN game_collection_games cg ON cg.game_id = g.id AND cg.collection_id = ")
                .push_bind(collection_id);
        }
        sql.push(" WHERE 1");
        if !self.provider_ids.is_empty() {
            sql.push(" AND g.provider_id IN (");
            let mut ids = sql.separated(", ");
            for id in &self.provider_ids {
                ids.push_bind(*id);
            }
            sql.push(")");
        }
        if let Some(category) = self.category {
            sql.push(" AND g.category = ").push_bind(category.as_str());
        }
        if !self.feature_ids.is_empty() {
            sql.push(" AND g.id IN (SELECT game_id FROM game_feature_games WHERE feature_id IN (");
            let mut ids = sql.separated(", ");
            for id in &self.feature_ids {
                ids.push_bind(*id);
            }
            sql.push(") GROUP BY game_id HAVING count(*) = ")
                .push_bind(self.feature_ids.len() as i64)
                .push(")");
        }
        if let Some(pattern) = &self.name_like {
            sql.push(" AND g.name LIKE ")
                .push_bind(pattern.clone())
                .push(" ESCAPE '\\'");
        }
    }

    fn order_by(&self) -> &'static str {
        match (self.sort, self.collection_id) {
            (Some(sort), _) => sort.order_by(),
            (None, Some(_)) => "cg.position",
            (None, None) => GameSort::Popular.order_by(),
        }
    }

    /// One page of the games this filter matches, with the page meta.
    pub async fn page(&self, pool: &SqlitePool, paging: Paging) -> Result<Page<Game>, ApiError> {
        let mut count = QueryBuilder::new("SELECT count(*)");
        self.push_from_where(&mut count, false);
        let total_rows: i64 = count.build_query_scalar().fetch_one(pool).await?;
        if total_rows <= paging.offset() {
            return Ok(Page {
                data: Vec::new(),
                meta: paging.meta(total_rows),
            });
        }
        let mut select = QueryBuilder::new("SELECT ");
        select.push(GAME_COLUMNS);
        self.push_from_where(&mut select, true);
        select
            .push(" ORDER BY ")
            .push(self.order_by())
            .push(" LIMIT ")
            .push_bind(paging.limit())
            .push(" OFFSET ")
            .push_bind(paging.offset());
        let rows: Vec<GameRow> = select.build_query_as().fetch_all(pool).await?;
        Ok(Page {
            data: rows.into_iter().map(Game::from).collect(),
            meta: paging.meta(total_rows),
        })
    }
}

/// Games, filtered, sorted and paged. Unknown collections, providers and features, bad sorts and
/// categories and unusable search texts are 400s with their own codes.
#[utoipa::path(get, path = "/api/game/games", tag = "games", params(GamesQuery,
        ("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    responses((status = 200, body = Page<Game>), (status = 400, body = service_kit::ErrorBody)))]
async fn games(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
    Query(query): Query<GamesQuery>,
) -> Result<Json<Page<Game>>, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let country = country.map(|VisitorCountry(code)| code);
    match GameFilter::resolve(&state.pool, &query, country.as_deref()).await? {
        Some(filter) => Ok(Json(filter.page(&state.pool, paging).await?)),
        None => Ok(Json(Page {
            data: Vec::new(),
            meta: paging.meta(0),
        })),
    }
}

/// A game by its numeric id or its identity; 404 `game_not_found` otherwise.
pub async fn find_game(pool: &SqlitePool, id_or_identity: &str) -> Result<Game, ApiError> {
    let condition = if id_or_identity.bytes().all(|b| b.is_ascii_digit()) {
        "g.id = CAST(?1 AS INTEGER)"
    } else {
        "g.identity = ?1"
    };
    let row: Option<GameRow> = sqlx::query_as(&format!(
        "SELECT {GAME_COLUMNS} FROM games g JOIN game_providers p ON p.id = g.provider_id
         WHERE {condition}"
    ))
    .bind(id_or_identity)
    .fetch_optional(pool)
    .await?;
    row.map(Game::from)
        .ok_or_else(|| ApiError::not_found("game_not_found", "There is no such game."))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GameDetails {
    #[serde(flatten)]
    game: Game,
    /// Identities of the visible collections the game is in.
    collections: Vec<String>,
    /// Whether the signed-in player keeps it among favourites; always false for guests.
    is_favorite: bool,
}

/// One game by its id or identity. Public; a signed-in caller also learns whether it is a
/// favourite.
#[utoipa::path(get, path = "/api/game/games/{id}", tag = "games",
    params(("id" = String, Path, description = "The game's id or identity")),
    responses((status = 200, body = GameDetails), (status = 404, body = service_kit::ErrorBody)))]
async fn game(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Path(id): Path<String>,
) -> Result<Json<GameDetails>, ApiError> {
    let game = find_game(&state.pool, &id).await?;
    let collections: Vec<String> = sqlx::query_scalar(
        "SELECT c.identity FROM game_collection_games cg
         JOIN game_collections c ON c.id = cg.collection_id
         WHERE cg.game_id = ? AND c.is_hidden = 0 ORDER BY c.position",
    )
    .bind(game.id)
    .fetch_all(&state.pool)
    .await?;
    let is_favorite = match player {
        Some(player) => {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM player_favorite_games WHERE player_id = ? AND game_id = ?)",
            )
            .bind(player.id)
            .bind(game.id)
            .fetch_one(&state.pool)
            .await?
        }
        None => false,
    };
    Ok(Json(GameDetails {
        game,
        collections,
        is_favorite,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_wildcards_in_a_search_are_literal() {
        assert_eq!(contains_pattern("100%_a\\b"), "%100\\%\\_a\\\\b%");
    }

    #[test]
    fn search_texts_are_trimmed_and_bounded() {
        assert_eq!(search_text(Some("  ")).ok(), Some(None));
        assert_eq!(
            search_text(Some(" Mega ")).ok(),
            Some(Some("Mega".to_owned()))
        );
        assert!(search_text(Some("x")).is_err());
        assert!(search_text(Some(&"x".repeat(65))).is_err());
    }
}
