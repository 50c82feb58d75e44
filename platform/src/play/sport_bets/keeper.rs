//! The book keeper: results for events that are over, and a book that never runs dry (events in
//! play and ahead, virtual matches scheduled).

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::book::OVER_AT;
use super::odds::drawn_result;
use super::settlement::{record_result, settle_complete_bets};
use crate::clock::{NOW, unix_seconds};
use crate::deps::Deps;
use crate::play::PlayError;

/// A virtual match lasts this long after its start; then it is over and gets its result.
pub const VIRTUAL_MATCH_MINUTES: i64 = 3;
/// A virtual championship kicks off a match every this many minutes (the rest of it takes bets).
pub const VIRTUAL_CYCLE_MINUTES: i64 = 5;
/// The keeper keeps this many virtual matches of each virtual championship scheduled ahead.
const VIRTUAL_AHEAD: i64 = 3;
/// The book keeper keeps at least this many events in play and this many ahead.
pub const MIN_LIVE_EVENTS: i64 = 7;
pub const MIN_UPCOMING_EVENTS: i64 = 15;

/// One round of the book keeper: results for events that are over, their bets settled, and the
/// book kept alive (at least [`MIN_LIVE_EVENTS`] in play, [`MIN_UPCOMING_EVENTS`] ahead, and the
/// virtual championships' next matches scheduled).
pub async fn keep_book_once(deps: &Deps) -> Result<(), PlayError> {
    let over: Vec<(i64, i64, bool)> = sqlx::query_as(&format!(
        "SELECT e.id, c.sport_id, ch.is_virtual FROM sport_events e
         JOIN sport_championships ch ON ch.id = e.championship_id
         JOIN sport_categories c ON c.id = ch.category_id
         WHERE e.result IS NULL AND e.starts_at <= {OVER_AT}"
    ))
    .fetch_all(&deps.pool)
    .await?;
    for (event_id, sport_id, is_virtual) in over {
        match record_result(deps, event_id, drawn_result(event_id, sport_id).code()).await {
            Ok(_) | Err(PlayError::EventResulted) => {}
            Err(other) => return Err(other),
        }
        if is_virtual {
            continue;
        }
        // The rematch, a week later: the book never runs dry.
        sqlx::query(
            "INSERT INTO sport_events (championship_id, home, away, starts_at)
             SELECT championship_id, away, home, strftime('%Y-%m-%dT%H:%M:%fZ', starts_at, '+7 days')
             FROM sport_events WHERE id = ?",
        )
        .bind(event_id)
        .execute(&deps.pool)
        .await?;
    }
    settle_complete_bets(deps).await?;

    // Too few in play: the soonest upcoming ones kick off early, at staggered minutes.
    let live: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
         WHERE e.result IS NULL AND e.starts_at <= {NOW} AND e.starts_at > {OVER_AT}
           AND ch.is_virtual = 0"
    ))
    .fetch_one(&deps.pool)
    .await?;
    if live < MIN_LIVE_EVENTS {
        let early: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT e.id FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
             WHERE e.result IS NULL AND e.starts_at > {NOW} AND ch.is_virtual = 0
             ORDER BY e.starts_at, e.id LIMIT ?"
        ))
        .bind(MIN_LIVE_EVENTS - live)
        .fetch_all(&deps.pool)
        .await?;
        for (n, id) in early.into_iter().enumerate() {
            let minutes = format!("-{} minutes", 5 + 13 * n);
            sqlx::query("UPDATE sport_events SET starts_at = strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', ?) WHERE id = ?")
                .bind(minutes)
                .bind(id)
                .execute(&deps.pool)
                .await?;
        }
    }
    let upcoming: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
         WHERE e.result IS NULL AND e.starts_at > {NOW} AND ch.is_virtual = 0"
    ))
    .fetch_one(&deps.pool)
    .await?;
    if upcoming < MIN_UPCOMING_EVENTS {
        // Every championship plays again in a few days: a copy of its latest fixtures.
        sqlx::query(
            "INSERT INTO sport_events (championship_id, home, away, starts_at)
             SELECT e.championship_id, e.away, e.home, strftime('%Y-%m-%dT%H:00:00.000Z', 'now', '+' || (1 + e.id % 72) || ' hours')
             FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
             WHERE ch.is_virtual = 0 ORDER BY e.id DESC LIMIT ?",
        )
        .bind(MIN_UPCOMING_EVENTS - upcoming)
        .execute(&deps.pool)
        .await?;
    }
    Ok(schedule_virtual_matches(deps).await?)
}

/// Virtual teams: each match pairs two of them by its start.
const VIRTUAL_SIDES: [&str; 8] = [
    "Red Lions",
    "Blue Sharks",
    "Green Eagles",
    "Golden Bears",
    "Silver Wolves",
    "Black Panthers",
    "White Falcons",
    "Orange Tigers",
];

/// The two virtual teams of the match starting at `starts` (Unix seconds): never the same one.
fn virtual_sides(starts: i64) -> (&'static str, &'static str) {
    let n = (starts / (VIRTUAL_CYCLE_MINUTES * 60)).unsigned_abs() as usize;
    let home = n % VIRTUAL_SIDES.len();
    let away =
        (home + 1 + n / VIRTUAL_SIDES.len() % (VIRTUAL_SIDES.len() - 1)) % VIRTUAL_SIDES.len();
    (VIRTUAL_SIDES[home], VIRTUAL_SIDES[away])
}

/// Keeps [`VIRTUAL_AHEAD`] matches of each virtual championship scheduled, one per
/// [`VIRTUAL_CYCLE_MINUTES`], each on a whole cycle after the latest one (or the next cycle from
/// now, after a pause).
async fn schedule_virtual_matches(deps: &Deps) -> Result<(), sqlx::Error> {
    let championships: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT ch.id, (SELECT COUNT(*) FROM sport_events e
                        WHERE e.championship_id = ch.id AND e.starts_at > {NOW})
         FROM sport_championships ch WHERE ch.is_virtual = 1"
    ))
    .fetch_all(&deps.pool)
    .await?;
    let cycle_seconds = VIRTUAL_CYCLE_MINUTES * 60;
    for (championship_id, ahead) in championships {
        for _ in ahead..VIRTUAL_AHEAD {
            let latest: Option<i64> = sqlx::query_scalar(
                "SELECT CAST(strftime('%s', MAX(starts_at)) AS INTEGER) FROM sport_events
                 WHERE championship_id = ?",
            )
            .bind(championship_id)
            .fetch_one(&deps.pool)
            .await?;
            let now = i64::try_from(unix_seconds()).unwrap_or(i64::MAX);
            let next_cycle = (now / cycle_seconds + 1) * cycle_seconds;
            let starts = latest.map_or(next_cycle, |l| (l + cycle_seconds).max(next_cycle));
            let (home, away) = virtual_sides(starts);
            sqlx::query(
                "INSERT INTO sport_events (championship_id, home, away, starts_at)
                 VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%S.000Z', ?, 'unixepoch'))",
            )
            .bind(championship_id)
            .bind(home)
            .bind(away)
            .bind(starts)
            .execute(&deps.pool)
            .await?;
        }
    }
    Ok(())
}

/// Runs the book keeper every `period` until `shutdown` (started by `run`; tests call
/// [`keep_book_once`] themselves).
pub async fn keep_book(deps: Deps, period: Duration, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(period);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {
                if let Err(error) = keep_book_once(&deps).await {
                    tracing::warn!(%error, "the sandbox book keeper's round failed");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virtual_matches_pair_two_different_sides() {
        for n in 0..500 {
            let (home, away) = virtual_sides(n * VIRTUAL_CYCLE_MINUTES * 60);
            assert_ne!(home, away);
        }
    }
}
