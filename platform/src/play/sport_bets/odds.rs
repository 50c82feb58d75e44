//! The book's odds: a 1X2 market per event that moves every [`ODDS_BUCKET_SECONDS`], the results
//! and final scores drawn by the same chances, and what a winning bet pays.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Odds move every this many seconds.
pub const ODDS_BUCKET_SECONDS: u64 = 30;
/// Sports with a draw (soccer, ice hockey): the others' markets are home or away.
const SPORTS_WITH_DRAW: [i64; 2] = [66, 70];
/// The book's margin over fair odds, in percent.
const MARGIN_PERCENT: i64 = 6;

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

    pub(super) fn parse(code: &str) -> Option<Self> {
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
}
