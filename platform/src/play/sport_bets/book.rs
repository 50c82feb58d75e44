//! The book the widget lists: events with their current market, results and scores, and the
//! sports with their open events.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use super::odds::{Price, odds_bucket, prices};
use crate::clock::{NOW, unix_seconds};

/// An event as the widget lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookEvent {
    pub id: i64,
    /// "Home vs Away".
    pub name: String,
    pub home: String,
    pub away: String,
    pub starts_at: String,
    /// Started and not over yet.
    pub is_live: bool,
    pub sport: BookRef,
    pub category: BookRef,
    pub championship: BookRef,
    /// The current market; empty once the event is over.
    pub outcomes: Vec<Price>,
    /// `1`, `X` or `2` once the event is over.
    pub result: Option<String>,
    /// The final score, with the result.
    pub score: Option<Score>,
    /// A virtual sport's match: a few minutes long, one every few minutes.
    pub is_virtual: bool,
}

/// A final score: goals, points, sets, rounds or maps, as the sport counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct Score {
    pub home: i64,
    pub away: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookRef {
    pub id: i64,
    pub name: String,
    /// The sport's slug (sports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

#[derive(FromRow)]
struct EventRow {
    id: i64,
    home: String,
    away: String,
    starts_at: String,
    is_live: bool,
    is_over: bool,
    result: Option<String>,
    home_score: Option<i64>,
    away_score: Option<i64>,
    is_virtual: bool,
    sport_id: i64,
    sport_name: String,
    sport_code: String,
    category_id: i64,
    category_name: String,
    championship_id: i64,
    championship_name: String,
}

/// When an event of championship `ch` that started before it is over: its match length ago.
pub(super) const OVER_AT: &str =
    "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ch.match_minutes || ' minutes')";

/// The listing's SELECT.
fn event_select() -> String {
    format!(
        "SELECT e.id, e.home, e.away, e.starts_at,
            (e.result IS NULL AND e.starts_at <= {NOW} AND e.starts_at > {over}) AS is_live,
            (e.result IS NOT NULL OR e.starts_at <= {over}) AS is_over,
            e.result, e.home_score, e.away_score, ch.is_virtual,
            s.id AS sport_id, s.name AS sport_name, s.code AS sport_code,
            c.id AS category_id, c.name AS category_name,
            ch.id AS championship_id, ch.name AS championship_name
         FROM sport_events e
         JOIN sport_championships ch ON ch.id = e.championship_id
         JOIN sport_categories c ON c.id = ch.category_id
         JOIN sports s ON s.id = c.sport_id",
        over = OVER_AT
    )
}

impl EventRow {
    fn into_event(self, bucket: u64) -> BookEvent {
        BookEvent {
            outcomes: if self.is_over {
                Vec::new()
            } else {
                prices(self.id, self.sport_id, bucket)
            },
            id: self.id,
            name: format!("{} vs {}", self.home, self.away),
            home: self.home,
            away: self.away,
            starts_at: self.starts_at,
            is_live: self.is_live,
            sport: BookRef {
                id: self.sport_id,
                name: self.sport_name,
                code: Some(self.sport_code),
            },
            category: BookRef {
                id: self.category_id,
                name: self.category_name,
                code: None,
            },
            championship: BookRef {
                id: self.championship_id,
                name: self.championship_name,
                code: None,
            },
            score: self
                .result
                .as_ref()
                .and(self.home_score.zip(self.away_score))
                .map(|(home, away)| Score { home, away }),
            result: self.result,
            is_virtual: self.is_virtual,
        }
    }
}

/// Which events a listing wants.
#[derive(Debug, Default)]
pub struct EventFilter {
    pub sport_id: Option<i64>,
    pub category_id: Option<i64>,
    pub championship_id: Option<i64>,
    pub event_id: Option<i64>,
    /// `Some(true)` in play, `Some(false)` not started; `None` both (the over ones only by id).
    pub live: Option<bool>,
    /// The finished ones (with their results and scores), newest result first, instead.
    pub finished: bool,
    /// Virtual sports' matches instead of the others' (a championship, category or event asked
    /// for by id is listed either way).
    pub is_virtual: bool,
    pub limit: i64,
}

/// Events in start order (live ones first when both are asked for), with their current odds; the
/// finished ones newest result first.
pub async fn events(
    pool: &SqlitePool,
    filter: &EventFilter,
) -> Result<Vec<BookEvent>, sqlx::Error> {
    let state_clause = match (filter.event_id, filter.finished, filter.live) {
        (Some(_), _, _) => "1",
        (None, true, _) => "e.result IS NOT NULL",
        (None, false, Some(true)) => {
            "e.result IS NULL AND e.starts_at <= NOW_ AND e.starts_at > OVER_"
        }
        // An event resulted before its start (by the sandbox) is over, not upcoming.
        (None, false, Some(false)) => "e.result IS NULL AND e.starts_at > NOW_",
        (None, false, None) => "e.result IS NULL AND e.starts_at > OVER_",
    }
    .replace("NOW_", NOW)
    .replace("OVER_", OVER_AT);
    let order = if filter.finished {
        "e.resulted_at DESC, e.id DESC"
    } else {
        "e.starts_at, e.id"
    };
    let rows: Vec<EventRow> = sqlx::query_as(&format!(
        "{} WHERE {state_clause}
           AND (?1 IS NULL OR s.id = ?1) AND (?2 IS NULL OR c.id = ?2)
           AND (?3 IS NULL OR ch.id = ?3) AND (?4 IS NULL OR e.id = ?4)
           AND (ch.is_virtual = ?6 OR ?2 IS NOT NULL OR ?3 IS NOT NULL OR ?4 IS NOT NULL)
         ORDER BY {order} LIMIT ?5",
        event_select()
    ))
    .bind(filter.sport_id)
    .bind(filter.category_id)
    .bind(filter.championship_id)
    .bind(filter.event_id)
    .bind(filter.limit)
    .bind(filter.is_virtual)
    .fetch_all(pool)
    .await?;
    let bucket = odds_bucket(unix_seconds());
    Ok(rows.into_iter().map(|row| row.into_event(bucket)).collect())
}

/// A sport with the number of its events open for betting.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookSport {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub open_events: i64,
}

pub async fn sports(pool: &SqlitePool) -> Result<Vec<BookSport>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT s.id, s.name, s.code,
            (SELECT COUNT(*) FROM sport_events e
             JOIN sport_championships ch ON ch.id = e.championship_id
             JOIN sport_categories c ON c.id = ch.category_id
             WHERE c.sport_id = s.id AND e.result IS NULL AND ch.is_virtual = 0
               AND e.starts_at > {OVER_AT}) AS open_events
         FROM sports s ORDER BY s.position",
    ))
    .fetch_all(pool)
    .await
}
