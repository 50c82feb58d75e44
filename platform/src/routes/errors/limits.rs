//! The limits' refusals: a limit the player set refuses a change, a bet or a deposit.

use crate::ApiError;
use crate::limits::checks::{BetRefusal, DepositRefusal, OverLimit, PlayRefusal};
use crate::limits::{BET, LimitError, SELF_EXCLUSION};

impl From<LimitError> for ApiError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::NotFound => Self::not_found("limit_not_found", "There is no such limit."),
            LimitError::Invalid { field, message } => Self::invalid_field(field, message),
            LimitError::Exists => Self::conflict(
                "limit.exists",
                "You already have this limit for this period and currency; change it instead.",
            ),
            LimitError::Locked {
                definition,
                ends_at,
            } => {
                let what = if definition == SELF_EXCLUSION {
                    "A self-exclusion"
                } else {
                    "A cooling-off"
                };
                Self::conflict(
                    "limit.locked",
                    format!("{what} cannot be changed or removed before it ends ({ends_at})."),
                )
            }
            LimitError::Database(e) => e.into(),
            LimitError::Internal(e) => e.into(),
        }
    }
}

fn play_refusal_message(refusal: &PlayRefusal) -> String {
    match refusal {
        PlayRefusal::SelfExcluded { until } => {
            format!("You have excluded yourself from play until {until}.")
        }
        PlayRefusal::CoolingOff { until } => {
            format!("You are taking a break from play until {until}.")
        }
    }
}

/// 409: a running self-exclusion or cooling-off stops launches and spins.
impl From<PlayRefusal> for ApiError {
    fn from(refusal: PlayRefusal) -> Self {
        let code = match refusal {
            PlayRefusal::SelfExcluded { .. } => "limit.self_exclusion.active",
            PlayRefusal::CoolingOff { .. } => "limit.cooling_off.active",
        };
        Self::conflict(code, play_refusal_message(&refusal))
    }
}

/// 409 `game.bet.restricted`, whatever limit refuses the bet.
impl From<BetRefusal> for ApiError {
    fn from(refusal: BetRefusal) -> Self {
        let message = match refusal {
            BetRefusal::Excluded(exclusion) => play_refusal_message(&exclusion),
            BetRefusal::OverLimit(OverLimit {
                definition,
                period,
                limit_amount,
                limit_currency,
                used,
            }) => {
                if definition == BET {
                    format!(
                        "This bet would go over your {period} bet limit ({used} of \
                         {limit_amount} minor units of {limit_currency} used)."
                    )
                } else {
                    format!(
                        "This bet could go over your {period} loss limit ({used} of \
                         {limit_amount} minor units of {limit_currency} lost)."
                    )
                }
            }
        };
        Self::conflict("game.bet.restricted", message)
    }
}

/// The spec's error code for deposits refused by a limit (section 8).
const DEPOSIT_LIMIT_CODE: &str = "13100";

/// 409 `13100` (deposit limit reached), whatever limit refuses the deposit.
impl From<DepositRefusal> for ApiError {
    fn from(refusal: DepositRefusal) -> Self {
        let message = match refusal {
            DepositRefusal::Excluded(exclusion) => play_refusal_message(&exclusion),
            DepositRefusal::LimitReached {
                period,
                amount,
                currency,
            } => format!(
                "Your {period} deposit limit of {amount} minor units of {currency} is reached."
            ),
            DepositRefusal::OverLimit(over) => format!(
                "This deposit would go over your {} deposit limit: at most {} more minor units \
                 of {} this period.",
                over.period,
                over.limit_amount.saturating_sub(over.used).max(0),
                over.limit_currency
            ),
        };
        Self::conflict(DEPOSIT_LIMIT_CODE, message)
    }
}
