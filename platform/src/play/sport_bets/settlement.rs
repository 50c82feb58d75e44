//! Results and settlement: an event's result settles every bet it completes, each credited once.

use super::odds::{Outcome, final_score, payout};
use crate::clock::NOW;
use crate::deps::Deps;
use crate::play::PlayError;
use crate::play::spins;

/// Records an event's result once and settles the bets it completes; answers how many.
pub async fn record_result(deps: &Deps, event_id: i64, outcome: &str) -> Result<usize, PlayError> {
    let outcome = Outcome::parse(outcome).ok_or(PlayError::InvalidResult)?;
    let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
    let current: Option<(Option<String>, i64)> = sqlx::query_as(
        "SELECT e.result, c.sport_id FROM sport_events e
         JOIN sport_championships ch ON ch.id = e.championship_id
         JOIN sport_categories c ON c.id = ch.category_id WHERE e.id = ?",
    )
    .bind(event_id)
    .fetch_optional(&mut *tx)
    .await?;
    let sport_id = match current {
        None => return Err(PlayError::EventNotFound),
        Some((Some(_), _)) => return Err(PlayError::EventResulted),
        Some((None, sport_id)) => sport_id,
    };
    let (home_score, away_score) = final_score(event_id, sport_id, outcome);
    sqlx::query(&format!(
        "UPDATE sport_events SET result = ?, home_score = ?, away_score = ?, resulted_at = {NOW}
         WHERE id = ?"
    ))
    .bind(outcome.code())
    .bind(home_score)
    .bind(away_score)
    .bind(event_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE sport_bet_selections SET won = (outcome = ?) WHERE event_id = ?")
        .bind(outcome.code())
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    settle_complete_bets(deps).await
}

/// Settles every unsettled sportsbook bet whose selections all have results (after a result, and
/// again by the keeper, so a settlement interrupted by a restart still happens; each credits once).
pub async fn settle_complete_bets(deps: &Deps) -> Result<usize, PlayError> {
    let ready: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT b.id, b.amount FROM game_bets b
         WHERE b.sportsbook_id IS NOT NULL AND b.settled_at IS NULL
           AND EXISTS (SELECT 1 FROM sport_bet_selections s WHERE s.bet_id = b.id)
           AND NOT EXISTS (SELECT 1 FROM sport_bet_selections s WHERE s.bet_id = b.id AND s.won IS NULL)",
    )
    .fetch_all(&deps.pool)
    .await?;
    let mut settled = 0;
    for (bet_id, stake) in ready {
        let legs: Vec<(i64, bool)> =
            sqlx::query_as("SELECT odds, won FROM sport_bet_selections WHERE bet_id = ?")
                .bind(bet_id)
                .fetch_all(&deps.pool)
                .await?;
        let win = if legs.iter().all(|(_, won)| *won) {
            let odds: Vec<i64> = legs.iter().map(|(o, _)| *o).collect();
            payout(stake, &odds).unwrap_or(0)
        } else {
            0
        };
        match spins::settle_sportsbook_bet(deps, bet_id, win).await {
            Ok(_) => settled += 1,
            // Settled meanwhile by another call: exactly once either way.
            Err(PlayError::BetSettled) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(settled)
}
