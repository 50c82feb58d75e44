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

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{FromRow, SqlitePool};
use tokio_util::sync::CancellationToken;
use utoipa::ToSchema;

use super::spins::{
    self, Bet, Played, Wager, check_stake, commit_bet, insert_sportsbook_bet, publish_bet_event,
    publish_placed, take_stake, unprocessable, usable_session,
};
use crate::ApiError;
use crate::clock::{NOW, unix_seconds};
use crate::deps::Deps;

/// Odds move every this many seconds.
pub const ODDS_BUCKET_SECONDS: u64 = 30;
/// A virtual match lasts this long after its start; then it is over and gets its result.
pub const VIRTUAL_MATCH_MINUTES: i64 = 3;
/// A virtual championship kicks off a match every this many minutes (the rest of it takes bets).
pub const VIRTUAL_CYCLE_MINUTES: i64 = 5;
/// The keeper keeps this many virtual matches of each virtual championship scheduled ahead.
const VIRTUAL_AHEAD: i64 = 3;
/// The most events one accumulator may combine.
pub const MAX_SELECTIONS: usize = 10;
/// The largest stake the sandbox book takes, in whole units of the bet's currency.
pub const MAX_STAKE_UNITS: i64 = 5_000;
/// Sports with a draw (soccer, ice hockey): the others' markets are home or away.
const SPORTS_WITH_DRAW: [i64; 2] = [66, 70];
/// The book's margin over fair odds, in percent.
const MARGIN_PERCENT: i64 = 6;
/// The book keeper keeps at least this many events in play and this many ahead.
pub const MIN_LIVE_EVENTS: i64 = 7;
pub const MIN_UPCOMING_EVENTS: i64 = 15;

/// A well-mixed 64-bit hash (splitmix64), so neighbouring ids and buckets look unrelated.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The current odds bucket.
pub fn odds_bucket(now_seconds: u64) -> u64 {
    now_seconds / ODDS_BUCKET_SECONDS
}

/// An outcome's odds, integer thousandths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Price {
    /// `1` home, `X` draw, `2` away.
    #[schema(value_type = String, example = "1")]
    pub outcome: Outcome,
    /// Thousandths: 2150 is 2.15.
    pub odds: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Outcome {
    #[serde(rename = "1")]
    Home,
    #[serde(rename = "X")]
    Draw,
    #[serde(rename = "2")]
    Away,
}

impl Outcome {
    pub fn code(self) -> &'static str {
        match self {
            Self::Home => "1",
            Self::Draw => "X",
            Self::Away => "2",
        }
    }

    fn parse(code: &str) -> Option<Self> {
        match code {
            "1" => Some(Self::Home),
            "X" => Some(Self::Draw),
            "2" => Some(Self::Away),
            _ => None,
        }
    }
}

/// Percent chances of home, draw and away for an event in a bucket (they sum to 100).
fn chances(event_id: i64, sport_id: i64, bucket: u64) -> [i64; 3] {
    let seed = mix(event_id as u64);
    // The home side's strength, 25..=75, drifting by up to 3 points either way per bucket.
    let strength = 25 + (seed % 51) as i64 + (mix(seed ^ bucket) % 7) as i64 - 3;
    let draw = if SPORTS_WITH_DRAW.contains(&sport_id) {
        22 + (seed >> 8) as i64 % 9 - (strength - 50).abs() / 5
    } else {
        0
    };
    let home = (100 - draw) * strength / 100;
    [home, draw, 100 - draw - home]
}

/// The event's market in a bucket: odds with the book's margin, from 1.10 to 12.00.
pub fn prices(event_id: i64, sport_id: i64, bucket: u64) -> Vec<Price> {
    let [home, draw, away] = chances(event_id, sport_id, bucket);
    let odds = |chance: i64| {
        (100_000 * 100 / (chance.max(1) * (100 + MARGIN_PERCENT))).clamp(1_100, 12_000)
    };
    let mut market = vec![Price {
        outcome: Outcome::Home,
        odds: odds(home),
    }];
    if draw > 0 {
        market.push(Price {
            outcome: Outcome::Draw,
            odds: odds(draw),
        });
    }
    market.push(Price {
        outcome: Outcome::Away,
        odds: odds(away),
    });
    market
}

/// What a finished event's result is, drawn by its chances (deterministic per event).
pub fn drawn_result(event_id: i64, sport_id: i64) -> Outcome {
    let [home, draw, _] = chances(event_id, sport_id, 0);
    let roll = (mix(mix(event_id as u64) ^ 0x5EED) % 100) as i64;
    if roll < home {
        Outcome::Home
    } else if roll < home + draw {
        Outcome::Draw
    } else {
        Outcome::Away
    }
}

/// A finished event's final score, agreeing with its `outcome` and plausible for the sport
/// (goals, points, sets, rounds or maps), deterministic per event.
pub fn final_score(event_id: i64, sport_id: i64, outcome: Outcome) -> (i64, i64) {
    let seed = mix(mix(event_id as u64) ^ 0x5C0E);
    let roll = |n: u64, range: u64| ((seed >> (n * 8)) % range) as i64;
    // The winner's and loser's figures; a draw's is one figure twice.
    let (winner, loser, level) = match sport_id {
        // Basketball: points.
        67 => {
            let w = 85 + roll(0, 40);
            (w, w - 1 - roll(1, 20), 0)
        }
        // Tennis, volleyball: sets (best of three, best of five).
        68 => (2, roll(0, 2), 0),
        69 => (3, roll(0, 3), 0),
        // Boxing: the judges' cards, 2-1 or 3-0.
        71 => {
            let w = 2 + roll(0, 2);
            (w, 3 - w, 0)
        }
        // E-sports: maps, best of three.
        145 => (2, roll(0, 2), 0),
        // Soccer, ice hockey and the rest: goals.
        _ => {
            let w = 1 + roll(0, 4);
            (w, roll(1, w as u64), roll(2, 4))
        }
    };
    match outcome {
        Outcome::Home => (winner, loser),
        Outcome::Away => (loser, winner),
        Outcome::Draw => (level, level),
    }
}

/// What a winning bet pays: the stake times every selection's odds, rounded down to a minor unit;
/// `None` if it would overflow.
pub fn payout(stake: i64, odds: &[i64]) -> Option<i64> {
    let mut amount = i128::from(stake);
    for &o in odds {
        amount = amount.checked_mul(i128::from(o))? / 1_000;
    }
    i64::try_from(amount).ok()
}

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
const OVER_AT: &str =
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
pub async fn events(pool: &SqlitePool, filter: &EventFilter) -> Result<Vec<BookEvent>, ApiError> {
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

pub async fn sports(pool: &SqlitePool) -> Result<Vec<BookSport>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "SELECT s.id, s.name, s.code,
            (SELECT COUNT(*) FROM sport_events e
             JOIN sport_championships ch ON ch.id = e.championship_id
             JOIN sport_categories c ON c.id = ch.category_id
             WHERE c.sport_id = s.id AND e.result IS NULL AND ch.is_virtual = 0
               AND e.starts_at > {OVER_AT}) AS open_events
         FROM sports s ORDER BY s.position",
    ))
    .fetch_all(pool)
    .await?)
}

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

async fn selections(pool: &SqlitePool, bet_id: i64) -> Result<Vec<Selection>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT s.event_id, e.home || ' vs ' || e.away AS event_name, s.outcome, s.odds, s.won
         FROM sport_bet_selections s JOIN sport_events e ON e.id = s.event_id
         WHERE s.bet_id = ? ORDER BY e.starts_at, s.event_id",
    )
    .bind(bet_id)
    .fetch_all(pool)
    .await?)
}

async fn with_selections(pool: &SqlitePool, bet: Bet) -> Result<SportBet, ApiError> {
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
) -> Result<Vec<(i64, Outcome, i64)>, ApiError> {
    if picks.is_empty() || picks.len() > MAX_SELECTIONS {
        return Err(unprocessable(
            "sport.selections.invalid",
            format!("A bet has 1 to {MAX_SELECTIONS} selections."),
        ));
    }
    let bucket = odds_bucket(unix_seconds());
    let mut checked = Vec::with_capacity(picks.len());
    for pick in picks {
        if checked.iter().any(|(id, _, _)| *id == pick.event_id) {
            return Err(unprocessable(
                "sport.selections.same_event",
                "An accumulator takes one selection per event.",
            ));
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
        let Some((sport_id, is_over)) = row else {
            return Err(unprocessable(
                "sport.event.unknown",
                format!("There is no event {}.", pick.event_id),
            ));
        };
        if is_over {
            return Err(ApiError::conflict(
                "sport.event.closed",
                "This event is over: it takes no more bets.",
            ));
        }
        let outcome = Outcome::parse(&pick.outcome)
            .filter(|o| {
                prices(pick.event_id, sport_id, bucket)
                    .iter()
                    .any(|p| p.outcome == *o)
            })
            .ok_or_else(|| {
                unprocessable("sport.outcome.unknown", "This event has no such outcome.")
            })?;
        // The odds shown may be a bucket old: the page refreshes them every bucket.
        let shown = [bucket, bucket.saturating_sub(1)].into_iter().any(|b| {
            prices(pick.event_id, sport_id, b)
                .iter()
                .any(|p| p.outcome == outcome && p.odds == pick.odds)
        });
        if !shown {
            return Err(ApiError::conflict(
                "sport.odds.changed",
                "The odds have changed. Check the new odds and place the bet again.",
            ));
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
) -> Result<Option<i64>, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT bet_id FROM sport_bet_requests WHERE player_id = ? AND request_id = ?",
    )
    .bind(player_id)
    .bind(request_id)
    .fetch_optional(pool)
    .await?)
}

async fn answer_existing(
    state: &Deps,
    bet_id: i64,
    account_id: i64,
) -> Result<Played<SportBet>, ApiError> {
    let bet: Bet = sqlx::query_as(&format!("{} WHERE b.id = ?", spins::BET_SELECT))
        .bind(bet_id)
        .fetch_one(&state.pool)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance FROM accounts WHERE id = ?")
        .bind(account_id)
        .fetch_one(&state.pool)
        .await?;
    Ok(Played {
        item: with_selections(&state.pool, bet).await?,
        balance,
    })
}

/// Places a single or an accumulator from the session's account (see the module).
pub async fn place(state: &Deps, placement: Placement<'_>) -> Result<Placed, ApiError> {
    if !valid_request_id(placement.request_id) {
        return Err(unprocessable(
            "invalid_request_id",
            "requestId is 8 to 64 letters, digits, '-' or '_'.",
        ));
    }
    let amount = check_stake(placement.wager.amount)?;
    let session = usable_session(state, placement.wager.token, placement.wager.caller).await?;
    let (Some(sportsbook_id), Some(player_id), Some(account_id)) =
        (session.sportsbook_id, session.player_id, session.account_id)
    else {
        return Err(ApiError::conflict(
            "game.session.casino",
            "Only a signed-in player's sportsbook session takes bets.",
        ));
    };
    if let Some(bet_id) = bet_of_request(&state.pool, player_id, placement.request_id).await? {
        return Ok(Placed::Repeated(
            answer_existing(state, bet_id, account_id).await?,
        ));
    }
    let picks = checked_picks(&state.pool, placement.picks).await?;
    let max_stake = MAX_STAKE_UNITS.saturating_mul(session.subunit_to_unit);
    if amount > max_stake {
        publish_bet_event(
            state,
            player_id,
            json!({ "event": "game.bet.max.exceed", "gameIdentity": session.game_identity,
                    "playerBonus": { "currency": session.currency, "maxBetAmount": max_stake } }),
        )
        .await;
        return Err(ApiError::conflict(
            "game.bet.max.exceed",
            format!(
                "The largest stake is {MAX_STAKE_UNITS} {}.",
                session.currency
            ),
        ));
    }
    let odds: Vec<i64> = picks.iter().map(|(_, _, o)| *o).collect();
    if payout(amount, &odds).is_none() {
        return Err(unprocessable(
            "invalid_amount",
            "This bet's return is too large.",
        ));
    }

    let mut tx = take_stake(state, &session, player_id, account_id, amount).await?;
    let bet_id = insert_sportsbook_bet(
        &mut tx,
        &session,
        player_id,
        account_id,
        sportsbook_id,
        amount,
    )
    .await?;
    let key = sqlx::query(
        "INSERT INTO sport_bet_requests (player_id, request_id, bet_id) VALUES (?, ?, ?)",
    )
    .bind(player_id)
    .bind(placement.request_id)
    .bind(bet_id)
    .execute(&mut *tx)
    .await;
    if let Err(error) = key {
        // The same key won a race (the writers are serialised, so only a retry that started
        // before the first committed gets here): dropping the transaction gives the stake back.
        drop(tx);
        return match error {
            sqlx::Error::Database(e) if e.is_unique_violation() => {
                let bet_id = bet_of_request(&state.pool, player_id, placement.request_id)
                    .await?
                    .ok_or_else(|| ApiError::conflict("sport.bet.retry", "Place the bet again."))?;
                Ok(Placed::Repeated(
                    answer_existing(state, bet_id, account_id).await?,
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
            .execute(&mut *tx)
            .await?;
    }
    let (bet, balance) = commit_bet(tx, bet_id, account_id).await?;
    publish_placed(state, &session, player_id, &bet).await;
    crate::wallet::publish_balance_change(state, player_id, account_id).await;
    Ok(Placed::New(Played {
        item: with_selections(&state.pool, bet).await?,
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
pub async fn bets_of_session(state: &Deps, token: &str) -> Result<SessionBets, ApiError> {
    let session = super::session(&state.pool, token)
        .await?
        .ok_or_else(super::session_not_found)?;
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
    .fetch_all(&state.pool)
    .await?;
    for bet in bets {
        answer.bets.push(with_selections(&state.pool, bet).await?);
    }
    Ok(answer)
}

/// Records an event's result once and settles the bets it completes; answers how many.
pub async fn record_result(state: &Deps, event_id: i64, outcome: &str) -> Result<usize, ApiError> {
    let outcome = Outcome::parse(outcome)
        .ok_or_else(|| unprocessable("sport.outcome.unknown", "outcome is 1, X or 2."))?;
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let current: Option<(Option<String>, i64)> = sqlx::query_as(
        "SELECT e.result, c.sport_id FROM sport_events e
         JOIN sport_championships ch ON ch.id = e.championship_id
         JOIN sport_categories c ON c.id = ch.category_id WHERE e.id = ?",
    )
    .bind(event_id)
    .fetch_optional(&mut *tx)
    .await?;
    let sport_id = match current {
        None => {
            return Err(ApiError::not_found(
                "event_not_found",
                "There is no such event.",
            ));
        }
        Some((Some(_), _)) => {
            return Err(ApiError::conflict(
                "sport.event.resulted",
                "This event already has its result.",
            ));
        }
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
    settle_complete_bets(state).await
}

/// Settles every unsettled sportsbook bet whose selections all have results (after a result, and
/// again by the keeper, so a settlement interrupted by a restart still happens; each credits once).
pub async fn settle_complete_bets(state: &Deps) -> Result<usize, ApiError> {
    let ready: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT b.id, b.amount FROM game_bets b
         WHERE b.sportsbook_id IS NOT NULL AND b.settled_at IS NULL
           AND EXISTS (SELECT 1 FROM sport_bet_selections s WHERE s.bet_id = b.id)
           AND NOT EXISTS (SELECT 1 FROM sport_bet_selections s WHERE s.bet_id = b.id AND s.won IS NULL)",
    )
    .fetch_all(&state.pool)
    .await?;
    let mut settled = 0;
    for (bet_id, stake) in ready {
        let legs: Vec<(i64, bool)> =
            sqlx::query_as("SELECT odds, won FROM sport_bet_selections WHERE bet_id = ?")
                .bind(bet_id)
                .fetch_all(&state.pool)
                .await?;
        let win = if legs.iter().all(|(_, won)| *won) {
            let odds: Vec<i64> = legs.iter().map(|(o, _)| *o).collect();
            payout(stake, &odds).unwrap_or(0)
        } else {
            0
        };
        match spins::settle_sportsbook_bet(state, bet_id, win).await {
            Ok(_) => settled += 1,
            // Settled meanwhile by another call: exactly once either way.
            Err(ApiError::Client {
                code: "bet_settled",
                ..
            }) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(settled)
}

/// One round of the book keeper: results for events that are over, their bets settled, and the
/// book kept alive (at least [`MIN_LIVE_EVENTS`] in play, [`MIN_UPCOMING_EVENTS`] ahead, and the
/// virtual championships' next matches scheduled).
pub async fn keep_book_once(state: &Deps) -> Result<(), ApiError> {
    let over: Vec<(i64, i64, bool)> = sqlx::query_as(&format!(
        "SELECT e.id, c.sport_id, ch.is_virtual FROM sport_events e
         JOIN sport_championships ch ON ch.id = e.championship_id
         JOIN sport_categories c ON c.id = ch.category_id
         WHERE e.result IS NULL AND e.starts_at <= {OVER_AT}"
    ))
    .fetch_all(&state.pool)
    .await?;
    for (event_id, sport_id, is_virtual) in over {
        match record_result(state, event_id, drawn_result(event_id, sport_id).code()).await {
            Ok(_)
            | Err(ApiError::Client {
                code: "sport.event.resulted",
                ..
            }) => {}
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
        .execute(&state.pool)
        .await?;
    }
    settle_complete_bets(state).await?;

    // Too few in play: the soonest upcoming ones kick off early, at staggered minutes.
    let live: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
         WHERE e.result IS NULL AND e.starts_at <= {NOW} AND e.starts_at > {OVER_AT}
           AND ch.is_virtual = 0"
    ))
    .fetch_one(&state.pool)
    .await?;
    if live < MIN_LIVE_EVENTS {
        let early: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT e.id FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
             WHERE e.result IS NULL AND e.starts_at > {NOW} AND ch.is_virtual = 0
             ORDER BY e.starts_at, e.id LIMIT ?"
        ))
        .bind(MIN_LIVE_EVENTS - live)
        .fetch_all(&state.pool)
        .await?;
        for (n, id) in early.into_iter().enumerate() {
            let minutes = format!("-{} minutes", 5 + 13 * n);
            sqlx::query("UPDATE sport_events SET starts_at = strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', ?) WHERE id = ?")
                .bind(minutes)
                .bind(id)
                .execute(&state.pool)
                .await?;
        }
    }
    let upcoming: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM sport_events e JOIN sport_championships ch ON ch.id = e.championship_id
         WHERE e.result IS NULL AND e.starts_at > {NOW} AND ch.is_virtual = 0"
    ))
    .fetch_one(&state.pool)
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
        .execute(&state.pool)
        .await?;
    }
    schedule_virtual_matches(state).await
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
async fn schedule_virtual_matches(state: &Deps) -> Result<(), ApiError> {
    let championships: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT ch.id, (SELECT COUNT(*) FROM sport_events e
                        WHERE e.championship_id = ch.id AND e.starts_at > {NOW})
         FROM sport_championships ch WHERE ch.is_virtual = 1"
    ))
    .fetch_all(&state.pool)
    .await?;
    let cycle_seconds = VIRTUAL_CYCLE_MINUTES * 60;
    for (championship_id, ahead) in championships {
        for _ in ahead..VIRTUAL_AHEAD {
            let latest: Option<i64> = sqlx::query_scalar(
                "SELECT CAST(strftime('%s', MAX(starts_at)) AS INTEGER) FROM sport_events
                 WHERE championship_id = ?",
            )
            .bind(championship_id)
            .fetch_one(&state.pool)
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
            .execute(&state.pool)
            .await?;
        }
    }
    Ok(())
}

/// Runs the book keeper every `period` until `shutdown` (started by `run`; tests call
/// [`keep_book_once`] themselves).
pub async fn keep_book(state: Deps, period: Duration, shutdown: CancellationToken) {
    let mut ticks = tokio::time::interval(period);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {
                if let Err(error) = keep_book_once(&state).await {
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
    fn odds_carry_the_margin_and_stay_in_range() {
        for event_id in 5_000_001..5_000_200 {
            for sport_id in [66, 67] {
                let market = prices(event_id, sport_id, 7);
                assert_eq!(market.len(), if sport_id == 66 { 3 } else { 2 });
                let implied: i64 = market.iter().map(|p| 100_000_000 / p.odds).sum();
                assert!(implied > 100_000, "{event_id}: {market:?}");
                assert!(market.iter().all(|p| (1_100..=12_000).contains(&p.odds)));
            }
        }
    }

    #[test]
    fn odds_move_between_buckets_and_repeat_within_one() {
        let moved = (0..20).any(|b| prices(5_000_001, 66, b) != prices(5_000_001, 66, b + 1));
        assert!(moved);
        assert_eq!(prices(5_000_001, 66, 3), prices(5_000_001, 66, 3));
    }

    #[test]
    fn payout_multiplies_the_odds_and_rounds_down() {
        assert_eq!(payout(1_000, &[2_150]), Some(2_150));
        assert_eq!(payout(1_000, &[2_150, 1_500]), Some(3_225));
        assert_eq!(payout(333, &[1_999]), Some(665));
        assert_eq!(payout(i64::MAX, &[12_000]), None);
    }

    #[test]
    fn results_follow_the_chances() {
        let draws = (5_000_001..5_001_001)
            .filter(|&id| drawn_result(id, 66) == Outcome::Draw)
            .count();
        assert!((100..400).contains(&draws), "{draws}");
        assert!((5_000_001..5_000_101).all(|id| drawn_result(id, 67) != Outcome::Draw));
    }

    #[test]
    fn final_scores_agree_with_results() {
        for sport in [66, 67, 68, 69, 70, 71, 145] {
            for id in 1..200 {
                let (h, a) = final_score(id, sport, Outcome::Home);
                assert!(h > a && a >= 0, "{sport} {id}: {h}-{a}");
                let (h, a) = final_score(id, sport, Outcome::Away);
                assert!(a > h && h >= 0, "{sport} {id}: {h}-{a}");
                let (h, a) = final_score(id, sport, Outcome::Draw);
                assert_eq!(h, a);
            }
        }
    }

    #[test]
    fn virtual_matches_pair_two_different_sides() {
        for n in 0..500 {
            let (home, away) = virtual_sides(n * VIRTUAL_CYCLE_MINUTES * 60);
            assert_ne!(home, away);
        }
    }

    #[test]
    fn request_ids_are_checked() {
        assert!(valid_request_id("0b7c9a1e-2f3d-4c5b-8a9e-1f2d3c4b5a6e"));
        assert!(!valid_request_id("short"));
        assert!(!valid_request_id("has space in it"));
    }
}
