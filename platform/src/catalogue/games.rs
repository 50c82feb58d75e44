//! The game catalogue's games: collections (filtered by the visitor's country), the filtered and
//! paged listing every list of games uses (the listing, search), and one game by id or identity.
//! The HTTP side is `routes/games.rs`.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, QueryBuilder, Sqlite, SqlitePool};
use utoipa::ToSchema;

use super::images::GameImages;
use crate::catalogue::{CatalogueError, Filter};
use crate::paging::{Page, Paging};

pub const DEFAULT_PER_PAGE: u32 = 24;

/// Search texts shorter than this match too much to be useful; longer ones are no game name.
pub const SEARCH_MIN_CHARS: usize = 2;
pub const SEARCH_MAX_CHARS: usize = 64;

/// At most this many providers or features in one filter.
pub const MAX_FILTER_VALUES: usize = 20;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collection {
    pub id: i64,
    pub identity: String,
    pub name: String,
    pub is_hidden: bool,
    pub countries: Vec<String>,
    pub games_count: i64,
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
pub async fn visible_collections(
    pool: &SqlitePool,
    country: Option<String>,
) -> Result<Vec<Collection>, CatalogueError> {
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
    .fetch_all(pool)
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
    Ok(data)
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
    /// The order over the listing's tables.
    fn order_by(self) -> &'static str {
        match self {
            Self::Popular => "g.popularity DESC, g.id",
            Self::New => "g.released_on DESC, g.id",
            Self::Name => "g.name COLLATE NOCASE, g.id",
            Self::NameDesc => "g.name COLLATE NOCASE DESC, g.id",
        }
    }

    /// The same order over the columns of `PAGE_COLUMNS`.
    fn order_by_columns(self) -> &'static str {
        match self {
            Self::Popular => "popularity DESC, id",
            Self::New => "released_on DESC, id",
            Self::Name => "name COLLATE NOCASE, id",
            Self::NameDesc => "name COLLATE NOCASE DESC, id",
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
    pub images: GameImages,
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
    (SELECT group_concat(f.identity, ',' ORDER BY f.position) FROM game_feature_games gf
     JOIN game_features f ON f.id = gf.feature_id WHERE gf.game_id = g.id) AS features";

#[derive(FromRow, Deserialize)]
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
            images: GameImages::of(&row.identity),
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

/// A listing's filter as the client wrote it: comma-separated identities and a raw search text.
#[derive(Default)]
pub struct WrittenFilter<'a> {
    pub collection: Option<&'a str>,
    pub providers: Option<&'a str>,
    pub features: Option<&'a str>,
    pub category: Option<GameCategory>,
    pub search: Option<&'a str>,
    pub sort: Option<GameSort>,
}

/// A listing's filter. Identities go into the statement as they are, so a listing is one
/// statement; only an answer they could explain (nothing found, or fewer providers known than
/// named) checks them, to tell an unknown one (400) from a filter that matches nothing.
#[derive(Debug, Default)]
pub struct GameFilter {
    collection: Option<String>,
    /// The visitor's country, for collections limited to some countries.
    country: Option<String>,
    providers: Vec<String>,
    features: Vec<String>,
    category: Option<GameCategory>,
    /// A LIKE pattern, wildcards in the text escaped with `\`.
    name_like: Option<String>,
    sort: Option<GameSort>,
}

/// A search text trimmed and checked; `None` for an absent or blank one.
pub fn search_text(raw: Option<&str>) -> Result<Option<String>, CatalogueError> {
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let chars = text.chars().count();
    if chars < SEARCH_MIN_CHARS {
        return Err(CatalogueError::SearchTooShort);
    }
    if chars > SEARCH_MAX_CHARS {
        return Err(CatalogueError::SearchTooLong);
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

/// The distinct identities of a comma-separated filter.
fn identity_list(list: Option<&str>, filter: Filter) -> Result<Vec<String>, CatalogueError> {
    let mut identities: Vec<String> = Vec::new();
    for identity in list.unwrap_or_default().split(',').map(str::trim) {
        if !identity.is_empty() && !identities.iter().any(|i| i == identity) {
            identities.push(identity.to_owned());
        }
    }
    if identities.len() > MAX_FILTER_VALUES {
        return Err(CatalogueError::TooManyFilterValues(filter));
    }
    Ok(identities)
}

/// Refuses the first of `identities` that `filter` does not know.
async fn check_identities(
    pool: &SqlitePool,
    identities: &[String],
    filter: Filter,
) -> Result<(), CatalogueError> {
    let table = filter.table();
    for identity in identities {
        let known: bool = sqlx::query_scalar(&format!(
            "SELECT EXISTS (SELECT 1 FROM {table} WHERE identity = ?)"
        ))
        .bind(identity)
        .fetch_one(pool)
        .await?;
        if !known {
            return Err(CatalogueError::UnknownIdentity {
                filter,
                identity: identity.clone(),
            });
        }
    }
    Ok(())
}

impl GameFilter {
    /// Only games whose name contains `text`.
    pub fn named(text: &str) -> Self {
        Self {
            name_like: Some(contains_pattern(text)),
            ..Self::default()
        }
    }

    /// The listing's filter as the client wrote it, checked.
    pub fn parse(
        written: WrittenFilter<'_>,
        country: Option<String>,
    ) -> Result<Self, CatalogueError> {
        Ok(Self {
            name_like: search_text(written.search)?.map(|t| contains_pattern(&t)),
            collection: written.collection.map(str::to_owned),
            country,
            providers: identity_list(written.providers, Filter::Provider)?,
            features: identity_list(written.features, Filter::Feature)?,
            category: written.category,
            sort: written.sort,
        })
    }

    /// Why nothing matched, when it is the filter's fault: an identity that does not exist.
    async fn check(&self, pool: &SqlitePool) -> Result<(), CatalogueError> {
        if let Some(collection) = &self.collection {
            let collection = std::slice::from_ref(collection);
            check_identities(pool, collection, Filter::Collection).await?;
        }
        check_identities(pool, &self.providers, Filter::Provider).await?;
        check_identities(pool, &self.features, Filter::Feature).await
    }

    /// `FROM ... WHERE ...` of the listing.
    fn push_from_where(&self, sql: &mut QueryBuilder<'_, Sqlite>) {
        if let Some(collection) = &self.collection {
            // From the collection's rows in their order; a collection limited to other countries
            // than the visitor's holds nothing for them.
            sql.push(
                " FROM game_collections c JOIN game_collection_games cg ON cg.collection_id = c.id",
            )
            .push(" JOIN games g ON g.id = cg.game_id");
            sql.push(" WHERE c.identity = ")
                .push_bind(collection.clone())
                .push(
                    " AND (NOT EXISTS (SELECT 1 FROM game_collection_countries WHERE collection_id = c.id)
                      OR EXISTS (SELECT 1 FROM game_collection_countries
                                 WHERE collection_id = c.id AND country_code = ",
                )
                .push_bind(self.country.clone())
                .push("))");
        } else {
            sql.push(" FROM games g WHERE 1");
        }
        if !self.providers.is_empty() {
            sql.push(" AND g.provider_id IN (SELECT id FROM game_providers WHERE identity IN (");
            let mut identities = sql.separated(", ");
            for identity in &self.providers {
                identities.push_bind(identity.clone());
            }
            sql.push("))");
        }
        if let Some(category) = self.category {
            sql.push(" AND g.category = ").push_bind(category.as_str());
        }
        // One indexed list per feature: cheaper than grouping the features' games and counting.
        for identity in &self.features {
            sql.push(
                " AND g.id IN (SELECT gf.game_id FROM game_features f
                   JOIN game_feature_games gf ON gf.feature_id = f.id WHERE f.identity = ",
            )
            .push_bind(identity.clone())
            .push(")");
        }
        if let Some(pattern) = &self.name_like {
            sql.push(" AND g.name LIKE ").push_bind(pattern.clone());
            // LIKE with an escape character takes SQLite's slower matcher: only when needed.
            if pattern.contains('\\') {
                sql.push(" ESCAPE '\\'");
            }
        }
    }

    /// The listing's order: over its tables, and over the columns of one page.
    fn order_by(&self) -> (&'static str, &'static str) {
        match (self.sort, &self.collection) {
            (Some(sort), _) => (sort.order_by(), sort.order_by_columns()),
            (None, Some(_)) => ("cg.position", "position"),
            (None, None) => (
                GameSort::Popular.order_by(),
                GameSort::Popular.order_by_columns(),
            ),
        }
    }

    /// One page of the games this filter matches, with the page meta.
    ///
    /// One statement answers the count and the page, the page as one JSON array: sqlx copies every
    /// value of every row it returns, which costs more than the query itself (a 24-row page as
    /// rows takes about five times as long as the same page as one JSON value).
    pub async fn page(
        &self,
        pool: &SqlitePool,
        paging: Paging,
    ) -> Result<Page<Game>, CatalogueError> {
        let (order_by, order_by_columns) = self.order_by();
        // Providers are alternatives: an unknown one among known ones would not empty the
        // listing, so the statement also counts the known ones.
        let mut sql =
            QueryBuilder::new("SELECT (SELECT count(*) FROM game_providers WHERE identity IN (");
        let mut identities = sql.separated(", ");
        for identity in &self.providers {
            identities.push_bind(identity.clone());
        }
        sql.push(")), (SELECT count(*)");
        self.push_from_where(&mut sql);
        // The page's ids first, in order, then their details: details (features above all) are
        // then read for the page's games only, even where the order needs a sort.
        sql.push("), (SELECT json_group_array(json_object(");
        sql.push(PAGE_JSON_FIELDS);
        sql.push(") ORDER BY ")
            .push(order_by_columns)
            .push(") FROM (SELECT ")
            .push(GAME_COLUMNS)
            .push(", g.popularity AS popularity");
        if self.collection.is_some() {
            sql.push(", page.position AS position");
        }
        sql.push(" FROM (SELECT g.id AS game_id");
        if self.collection.is_some() {
            sql.push(", cg.position AS position");
        }
        self.push_from_where(&mut sql);
        sql.push(" ORDER BY ")
            .push(order_by)
            .push(" LIMIT ")
            .push_bind(paging.limit())
            .push(" OFFSET ")
            .push_bind(paging.offset())
            .push(
                ") page JOIN games g ON g.id = page.game_id
                 JOIN game_providers p ON p.id = g.provider_id))",
            );
        let (known_providers, total_rows, page): (i64, i64, String) =
            sql.build_query_as().fetch_one(pool).await?;
        if total_rows == 0 || known_providers < self.providers.len() as i64 {
            self.check(pool).await?;
        }
        let rows: Vec<GameRow> = serde_json::from_str(&page)
            .map_err(|e| anyhow::anyhow!("a games page is not the JSON it should be: {e}"))?;
        let data = rows.into_iter().map(Game::from).collect();
        Ok(paging.page(data, total_rows))
    }
}

/// The fields of `GameRow` as `json_object` arguments, over the columns of `GAME_COLUMNS`.
const PAGE_JSON_FIELDS: &str = "'id', id, 'identity', identity, 'name', name, 'category', category,
    'has_demo', json(iif(has_demo, 'true', 'false')), 'released_on', released_on,
    'provider_id', provider_id, 'provider_identity', provider_identity,
    'provider_name', provider_name, 'features', features";

/// A game by its numeric id or its identity; 404 `game_not_found` otherwise.
pub async fn find_game(pool: &SqlitePool, id_or_identity: &str) -> Result<Game, CatalogueError> {
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
    row.map(Game::from).ok_or(CatalogueError::GameNotFound)
}

/// Identities of the visible collections a game is in, in the collections' order.
pub async fn collections_of(
    pool: &SqlitePool,
    game_id: i64,
) -> Result<Vec<String>, CatalogueError> {
    Ok(sqlx::query_scalar(
        "SELECT c.identity FROM game_collection_games cg
         JOIN game_collections c ON c.id = cg.collection_id
         WHERE cg.game_id = ? AND c.is_hidden = 0 ORDER BY c.position",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await?)
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
