//! The sandbox sportsbook's book: odds on the seeded events, bets on them (singles and
//! accumulators) placed against the player's wallet, results and settlement. The operator's real
//! sportsbook does all of this on its side and calls the platform's wallet; the sandbox widget
//! (`routes/play/sportsbook_widget.rs`) stands in for it and calls these.
//!
//! - **Odds** are a 1X2 market (a draw only in sports that have one), integer thousandths derived
//!   from the event id and the current 30-second bucket, so they move while a page is open and tests
//!   can compute them. A placement names the odds the player saw: the current bucket's or the
//!   previous one's are taken as they were shown; others are `sport.odds.changed`.
//! - **A bet** is one `BEGIN IMMEDIATE` transaction: limits, the debit, the `game_bets` row, its
//!   selections and the placement key. A repeated key (a double tap, a retry after a lost answer)
//!   answers the first bet and charges nothing.
//! - **Results** come from `POST /api/sandbox/sport-events/{id}/result` or, once an event's
//!   championship's match length after its start has passed, from the book keeper ([`keep_book`]);
//!   each settles every bet whose events all have results through `spins::settle_sportsbook_bet`,
//!   which credits once. A result comes with a final score that agrees with it ([`final_score`]).
//! - **Virtual sports** are championships whose matches last [`VIRTUAL_MATCH_MINUTES`]: the keeper
//!   schedules one every [`VIRTUAL_CYCLE_MINUTES`] ahead, so a bet on one is settled, through the
//!   same path as any other, a few minutes after it is placed. They are listed only when asked for.

mod book;
mod keeper;
mod odds;
mod settlement;

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use super::spins::{self, Bet, Played, Stake, Wager, refuse_over_max_bet};
use super::{PlayError, StakeCap};
use crate::clock::unix_seconds;
use crate::deps::Deps;
use book::OVER_AT;
pub use book::{BookEvent, BookRef, BookSport, EventFilter, Score, events, sports};
pub use keeper::{
    MIN_LIVE_EVENTS, MIN_UPCOMING_EVENTS, VIRTUAL_CYCLE_MINUTES, VIRTUAL_MATCH_MINUTES, keep_book,
    keep_book_once,
};
pub use odds::{
    ODDS_BUCKET_SECONDS, Outcome, Price, drawn_result, final_score, odds_bucket, payout, prices,
};
pub use settlement::{record_result, settle_complete_bets};

/// The most events one accumulator may combine.
pub const MAX_SELECTIONS: usize = 10;
/// The largest stake the sandbox book takes, in whole units of the bet's currency.
pub const MAX_STAKE_UNITS: i64 = 5_000;

/// One selection of a placement: the event, the outcome and the odds the player saw.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Pick {
    pub event_id: i64,
    /// `1`, `X` or `2`.
    pub outcome: String,
    /// Thousandths, as shown.
    pub odds: i64,
}

/// A selection of a placed bet.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Selection {
    pub event_id: i64,
    pub event_name: String,
    pub outcome: String,
    pub odds: i64,
    /// `null` until the event's result is in.
    pub won: Option<bool>,
}

/// A sportsbook bet with its selections.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SportBet {
    #[serde(flatten)]
    pub bet: Bet,
    pub selections: Vec<Selection>,
    /// What it pays if every selection wins, minor units.
    pub potential_win: i64,
}

/// A placement as the widget sends it.
pub struct Placement<'a> {
    pub wager: Wager<'a>,
    pub request_id: &'a str,
    pub picks: &'a [Pick],
}

/// Whether a placement made a new bet or found the one its key already made.
pub enum Placed {
    New(Played<SportBet>),
    Repeated(Played<SportBet>),
}

fn valid_request_id(id: &str) -> bool {
    (8..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn selections(pool: &SqlitePool, bet_id: i64) -> Result<Vec<Selection>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.event_id, e.home || ' vs ' || e.away AS event_name, s.outcome, s.odds, s.won
         FROM sport_bet_selections s JOIN sport_events e ON e.id = s.event_id
         WHERE s.bet_id = ? ORDER BY e.starts_at, s.event_id",
    )
    .bind(bet_id)
    .fetch_all(pool)
    .await
}

async fn with_selections(pool: &SqlitePool, bet: Bet) -> Result<SportBet, sqlx::Error> {
    let selections = selections(pool, bet.id).await?;
    let odds: Vec<i64> = selections.iter().map(|s| s.odds).collect();
    let potential_win = payout(bet.amount, &odds).unwrap_or(i64::MAX);
    Ok(SportBet {
        bet,
        selections,
        potential_win,
    })
}

/// The checked selections of a placement, each with the odds it takes.
async fn checked_picks(
    pool: &SqlitePool,
    picks: &[Pick],
) -> Result<Vec<(i64, Outcome, i64)>, PlayError> {
    if picks.is_empty() || picks.len() > MAX_SELECTIONS {
        return Err(PlayError::SelectionCount);
    }
    let bucket = odds_bucket(unix_seconds());
    let mut checked = Vec::with_capacity(picks.len());
    for pick in picks {
        if checked.iter().any(|(id, _, _)| *id == pick.event_id) {
            return Err(PlayError::SameEvent);
        }
        let row: Option<(i64, bool)> = sqlx::query_as(&format!(
            "SELECT c.sport_id, (e.result IS NOT NULL OR e.starts_at <= {OVER_AT}) AS is_over
             FROM sport_events e
             JOIN sport_championships ch ON ch.id = e.championship_id
             JOIN sport_categories c ON c.id = ch.category_id
             WHERE e.id = ?"
        ))
        .bind(pick.event_id)
        .fetch_optional(pool)
        .await?;
        let (sport_id, is_over) = row.ok_or(PlayError::UnknownEvent {
            event_id: pick.event_id,
        })?;
        if is_over {
            return Err(PlayError::EventClosed);
        }
        let outcome = Outcome::parse(&pick.outcome)
            .filter(|o| {
                prices(pick.event_id, sport_id, bucket)
                    .iter()
                    .any(|p| p.outcome == *o)
            })
            .ok_or(PlayError::UnknownOutcome)?;
        // The odds shown may be a bucket old: the page refreshes them every bucket.
        let shown = [bucket, bucket.saturating_sub(1)].into_iter().any(|b| {
            prices(pick.event_id, sport_id, b)
                .iter()
                .any(|p| p.outcome == outcome && p.odds == pick.odds)
        });
        if !shown {
            return Err(PlayError::OddsChanged);
        }
        checked.push((pick.event_id, outcome, pick.odds));
    }
    Ok(checked)
}

/// The player's bet made with this key, if any.
async fn bet_of_request(
    pool: &SqlitePool,
    player_id: i64,
    request_id: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT bet_id FROM sport_bet_requests WHERE player_id = ? AND request_id = ?",
    )
    .bind(player_id)
    .bind(request_id)
    .fetch_optional(pool)
    .await
}

async fn answer_existing(
    deps: &Deps,
    bet_id: i64,
    account_id: i64,
) -> Result<Played<SportBet>, sqlx::Error> {
    let bet: Bet = sqlx::query_as(&format!("{} WHERE b.id = ?", spins::BET_SELECT))
        .bind(bet_id)
        .fetch_one(&deps.pool)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance FROM accounts WHERE id = ?")
        .bind(account_id)
        .fetch_one(&deps.pool)
        .await?;
    Ok(Played {
        item: with_selections(&deps.pool, bet).await?,
        balance,
    })
}

/// Places a single or an accumulator from the session's account (see the module).
pub async fn place(deps: &Deps, placement: Placement<'_>) -> Result<Placed, PlayError> {
    if !valid_request_id(placement.request_id) {
        return Err(PlayError::InvalidRequestId);
    }
    let (session, amount) = placement.wager.open(deps).await?;
    let (Some(sportsbook_id), Some(player_id), Some(account_id)) =
        (session.sportsbook_id, session.player_id, session.account_id)
    else {
        return Err(PlayError::BetWithoutSportsbookPlayer);
    };
    if let Some(bet_id) = bet_of_request(&deps.pool, player_id, placement.request_id).await? {
        return Ok(Placed::Repeated(
            answer_existing(deps, bet_id, account_id).await?,
        ));
    }
    let picks = checked_picks(&deps.pool, placement.picks).await?;
    let max_stake = MAX_STAKE_UNITS.saturating_mul(session.subunit_to_unit);
    refuse_over_max_bet(
        deps,
        &session,
        player_id,
        amount,
        max_stake,
        StakeCap::Sportsbook,
    )
    .await?;
    let odds: Vec<i64> = picks.iter().map(|(_, _, o)| *o).collect();
    if payout(amount, &odds).is_none() {
        return Err(PlayError::ReturnTooLarge);
    }

    let mut stake = Stake::take(deps, &session, player_id, account_id, amount).await?;
    let bet_id = stake.insert_sportsbook_bet(sportsbook_id).await?;
    let key = sqlx::query(
        "INSERT INTO sport_bet_requests (player_id, request_id, bet_id) VALUES (?, ?, ?)",
    )
    .bind(player_id)
    .bind(placement.request_id)
    .bind(bet_id)
    .execute(&mut *stake.tx)
    .await;
    if let Err(error) = key {
        // The same key won a race (the writers are serialised, so only a retry that started
        // before the first committed gets here): dropping the transaction gives the stake back.
        drop(stake);
        return match error {
            sqlx::Error::Database(e) if e.is_unique_violation() => {
                let bet_id = bet_of_request(&deps.pool, player_id, placement.request_id)
                    .await?
                    .ok_or(PlayError::PlaceAgain)?;
                Ok(Placed::Repeated(
                    answer_existing(deps, bet_id, account_id).await?,
                ))
            }
            other => Err(other.into()),
        };
    }
    for (event_id, outcome, odds) in &picks {
        sqlx::query("INSERT INTO sport_bet_selections (bet_id, event_id, outcome, odds) VALUES (?, ?, ?, ?)")
            .bind(bet_id)
            .bind(event_id)
            .bind(outcome.code())
            .bind(odds)
            .execute(&mut *stake.tx)
            .await?;
    }
    let (bet, balance) = stake.commit(deps, bet_id).await?;
    crate::wallet::publish_balance_change(deps, player_id, account_id).await;
    Ok(Placed::New(Played {
        item: with_selections(&deps.pool, bet).await?,
        balance,
    }))
}

/// A session's currency and its player's sportsbook bets (the widget's bet slip and history).
pub struct SessionBets {
    pub currency: String,
    pub subunit_to_unit: i64,
    pub bets: Vec<SportBet>,
}

/// The session's player's sportsbook bets, newest first (the widget's bet history), with the
/// session's currency, which the widget's stake field needs to count minor units.
pub async fn bets_of_session(deps: &Deps, token: &str) -> Result<SessionBets, PlayError> {
    let session = super::session(&deps.pool, token)
        .await?
        .ok_or(PlayError::SessionNotFound)?;
    let mut answer = SessionBets {
        currency: session.currency.clone(),
        subunit_to_unit: session.subunit_to_unit,
        bets: Vec::new(),
    };
    let Some(player_id) = session.player_id else {
        return Ok(answer);
    };
    let bets: Vec<Bet> = sqlx::query_as(&format!(
        "{} WHERE b.player_id = ? AND b.sportsbook_id IS NOT NULL ORDER BY b.id DESC LIMIT 50",
        spins::BET_SELECT
    ))
    .bind(player_id)
    .fetch_all(&deps.pool)
    .await?;
    for bet in bets {
        answer.bets.push(with_selections(&deps.pool, bet).await?);
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_checked() {
        assert!(valid_request_id("0b7c9a1e-2f3d-4c5b-8a9e-1f2d3c4b5a6e"));
        assert!(!valid_request_id("short"));
        assert!(!valid_request_id("has space in it"));
    }
}
