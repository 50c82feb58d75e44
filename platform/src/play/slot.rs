//! The sandbox slot's outcomes: a multiplier of the bet drawn server-side from the operating
//! system's RNG against a fixed paytable whose return to player is exactly [`RTP_PERCENT`].

use rand::Rng;

/// (multiplier of the bet, chance in [`WEIGHT_TOTAL`]); every other draw loses the bet.
/// Expected return: (100·1 000 + 20·5 000 + 5·30 000 + 2·150 000 + 1·310 000) / 1 000 000 = 0.96.
pub const PAYTABLE: &[(i64, u32)] = &[
    (100, 1_000),
    (20, 5_000),
    (5, 30_000),
    (2, 150_000),
    (1, 310_000),
];
pub const WEIGHT_TOTAL: u32 = 1_000_000;
pub const RTP_PERCENT: u32 = 96;

/// Wins of at least this many times the bet are big wins, shown to everyone as latest winners.
/// The `game_spins_big_wins` index of migration 0009 uses the same number.
pub const BIG_WIN_MULTIPLIER: i64 = 5;

/// One spin's multiplier (0 for a loss).
pub fn draw() -> i64 {
    let roll = rand::rngs::OsRng.gen_range(0..WEIGHT_TOTAL);
    let mut threshold = 0;
    for &(multiplier, weight) in PAYTABLE {
        threshold += weight;
        if roll < threshold {
            return multiplier;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paytable_returns_exactly_the_stated_rtp() {
        let expected: u64 = PAYTABLE.iter().map(|&(m, w)| m as u64 * u64::from(w)).sum();
        assert_eq!(
            expected * 100,
            u64::from(RTP_PERCENT) * u64::from(WEIGHT_TOTAL)
        );
        assert!(PAYTABLE.iter().map(|&(_, w)| w).sum::<u32>() < WEIGHT_TOTAL);
    }
}
