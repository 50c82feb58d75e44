//! What play and payments tell the player's rewards: bonuses (wagering, max bet), quests, loyalty
//! and notifications. Play (`routes::play`) and payments call these; the rewards routes own the
//! tables behind them. Everything here runs after the money's transaction committed: progress is
//! derived from settled bets and deposits, so a failure here is logged and never undoes money.

use crate::AppState;

/// A spin that has been paid out: the bet left the account and the win (maybe 0) came back.
#[derive(Debug, Clone)]
pub struct SettledSpin {
    pub spin_id: i64,
    pub player_id: i64,
    pub account_id: i64,
    pub currency: String,
    pub game_id: i64,
    /// Minor units of `currency`.
    pub bet: i64,
    /// Minor units of `currency`.
    pub win: i64,
}

/// A deposit that has been credited.
#[derive(Debug, Clone)]
pub struct SettledDeposit {
    pub invoice_id: String,
    pub player_id: i64,
    pub account_id: i64,
    pub currency: String,
    /// Minor units of `currency`.
    pub amount: i64,
    /// 1 for the player's first successful deposit, 2 for the second, ...
    pub number: i64,
}

/// The most a single bet may be while the player's active bonus in `currency` limits it (the
/// bonus's `maxBetAmount`), or `None` when no active bonus limits bets on `game_id`.
pub async fn max_bet(
    _state: &AppState,
    _player_id: i64,
    _currency: &str,
    _game_id: i64,
) -> Result<Option<i64>, crate::ApiError> {
    Ok(None)
}

/// Advances wagering, quest tasks and loyalty points from a settled spin, and publishes what changed.
pub async fn spin_settled(_state: &AppState, _spin: &SettledSpin) {}

/// Issues deposit bonuses and notifications for a credited deposit, and publishes what changed.
pub async fn deposit_settled(_state: &AppState, _deposit: &SettledDeposit) {}
