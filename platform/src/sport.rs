//! Sport data for the sportsbook pages: a sport's categories and championships, one event with its
//! place in the tree, and a text search over events and championships. The field names of the
//! sport info are PascalCase, as the sportsbook widget's own API spells them (spec, section 3).
//! The HTTP side is `routes/sport.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use crate::clock::NOW_PLUS;

/// At most this many events and this many championships answer a search.
const SEARCH_LIMIT: i64 = 20;

/// Events that started longer ago than this are over for the search.
const EVENT_LENGTH: &str = "-3 hours";

/// Why the sport data has no answer.
#[derive(Debug, thiserror::Error)]
pub enum SportError {
    #[error("there is no such sport")]
    SportNotFound,
    #[error("there is no such event")]
    EventNotFound,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct SportInfo {
    sport_id: i64,
    name: String,
    categories: Vec<SportCategory>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct SportCategory {
    category_id: i64,
    name: String,
    championships: Vec<SportChampionship>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct SportChampionship {
    championship_id: i64,
    name: String,
}

/// A sport with its categories (countries, or games for e-sports), each with its championships.
pub async fn info(pool: &SqlitePool, id: i64) -> Result<SportInfo, SportError> {
    let name: Option<String> = sqlx::query_scalar("SELECT name FROM sports WHERE id = ?")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    let name = name.ok_or(SportError::SportNotFound)?;
    let rows: Vec<(i64, String, i64, String)> = sqlx::query_as(
        "SELECT c.id, c.name, ch.id, ch.name FROM sport_categories c
         JOIN sport_championships ch ON ch.category_id = c.id
         WHERE c.sport_id = ? ORDER BY c.position, ch.position",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let mut categories: Vec<SportCategory> = Vec::new();
    for (category_id, category_name, championship_id, championship_name) in rows {
        let championship = SportChampionship {
            championship_id,
            name: championship_name,
        };
        match categories.last_mut() {
            Some(last) if last.category_id == category_id => last.championships.push(championship),
            _ => categories.push(SportCategory {
                category_id,
                name: category_name,
                championships: vec![championship],
            }),
        }
    }
    Ok(SportInfo {
        sport_id: id,
        name,
        categories,
    })
}

#[derive(Serialize, ToSchema)]
pub struct SportRef {
    id: i64,
    name: String,
}

#[derive(Serialize, ToSchema)]
pub struct CategoryRef {
    id: i64,
    name: String,
    sport: SportRef,
}

#[derive(Serialize, ToSchema)]
pub struct ChampionshipInfo {
    id: i64,
    name: String,
    category: CategoryRef,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInfo {
    id: i64,
    /// "Home vs Away".
    name: String,
    championship: ChampionshipInfo,
    home: String,
    away: String,
    /// RFC 3339, UTC.
    starts_at: String,
}

#[derive(FromRow)]
struct EventRow {
    id: i64,
    home: String,
    away: String,
    starts_at: String,
    championship_id: i64,
    championship_name: String,
    category_id: i64,
    category_name: String,
    sport_id: i64,
    sport_name: String,
}

const EVENT_SELECT: &str = "SELECT e.id, e.home, e.away, e.starts_at,
        ch.id AS championship_id, ch.name AS championship_name,
        c.id AS category_id, c.name AS category_name, s.id AS sport_id, s.name AS sport_name
    FROM sport_events e
    JOIN sport_championships ch ON ch.id = e.championship_id
    JOIN sport_categories c ON c.id = ch.category_id
    JOIN sports s ON s.id = c.sport_id";

fn championship_info(
    (id, name): (i64, String),
    (category_id, category_name): (i64, String),
    (sport_id, sport_name): (i64, String),
) -> ChampionshipInfo {
    ChampionshipInfo {
        id,
        name,
        category: CategoryRef {
            id: category_id,
            name: category_name,
            sport: SportRef {
                id: sport_id,
                name: sport_name,
            },
        },
    }
}

impl From<EventRow> for EventInfo {
    fn from(row: EventRow) -> Self {
        Self {
            id: row.id,
            name: format!("{} vs {}", row.home, row.away),
            championship: championship_info(
                (row.championship_id, row.championship_name),
                (row.category_id, row.category_name),
                (row.sport_id, row.sport_name),
            ),
            home: row.home,
            away: row.away,
            starts_at: row.starts_at,
        }
    }
}

/// One event with its championship, category and sport.
pub async fn event(pool: &SqlitePool, id: i64) -> Result<EventInfo, SportError> {
    let row: Option<EventRow> = sqlx::query_as(&format!("{EVENT_SELECT} WHERE e.id = ?"))
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.map(EventInfo::from).ok_or(SportError::EventNotFound)
}

/// Live and upcoming events with a competitor or championship matching the LIKE `pattern`, soonest
/// first.
pub async fn search_events(
    pool: &SqlitePool,
    pattern: &str,
) -> Result<Vec<EventInfo>, sqlx::Error> {
    // The parameters are numbered (the pattern is used three times), the clock's too.
    let rows: Vec<EventRow> = sqlx::query_as(&format!(
        "{EVENT_SELECT}
         WHERE (e.home LIKE ?1 ESCAPE '\\' OR e.away LIKE ?1 ESCAPE '\\' OR ch.name LIKE ?1 ESCAPE '\\')
           AND e.starts_at >= {}
         ORDER BY e.starts_at, e.id LIMIT ?3",
        NOW_PLUS.replace('?', "?2")
    ))
    .bind(pattern)
    .bind(EVENT_LENGTH)
    .bind(SEARCH_LIMIT)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(EventInfo::from).collect())
}

/// Championships matching the LIKE `pattern`, in sport order.
pub async fn search_championships(
    pool: &SqlitePool,
    pattern: &str,
) -> Result<Vec<ChampionshipInfo>, sqlx::Error> {
    let rows: Vec<(i64, String, i64, String, i64, String)> = sqlx::query_as(
        "SELECT ch.id, ch.name, c.id, c.name, s.id, s.name FROM sport_championships ch
         JOIN sport_categories c ON c.id = ch.category_id
         JOIN sports s ON s.id = c.sport_id
         WHERE ch.name LIKE ?1 ESCAPE '\\'
         ORDER BY s.position, c.position, ch.position LIMIT ?2",
    )
    .bind(pattern)
    .bind(SEARCH_LIMIT)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, category_id, category, sport_id, sport)| {
            championship_info((id, name), (category_id, category), (sport_id, sport))
        })
        .collect())
}
