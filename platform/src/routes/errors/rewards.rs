//! The refusals of the rewards programmes: bonuses, free spins, bonus codes, quests, referrals.

use crate::ApiError;
use crate::referrals::ReferralError;
use crate::rewards::RewardError;
use crate::rewards::bonuses::Held;
use crate::rewards::quests::{STATE_COMPLETED, STATE_EXPIRED};

impl From<RewardError> for ApiError {
    fn from(error: RewardError) -> Self {
        match error {
            RewardError::CurrencyUnknown { asked } => Self::bad_request(
                "currency_unknown",
                format!("There is no currency {asked:?}."),
            ),
            RewardError::BonusNotFound => {
                Self::not_found("bonus_not_found", "There is no such bonus.")
            }
            RewardError::FreespinsNotFound => {
                Self::not_found("freespins_not_found", "There are no such free spins.")
            }
            RewardError::BonusAlreadyActive => {
                Self::conflict("bonus_already_active", "This bonus is already active.")
            }
            RewardError::FreespinsAlreadyActive => Self::conflict(
                "freespins_already_active",
                "These free spins are already active.",
            ),
            RewardError::Finished(held) => {
                let what = match held {
                    Held::Bonus => "bonus",
                    Held::Freespins => "free-spin bundle",
                };
                Self::conflict(
                    "bonus_finished",
                    format!("This {what} is finished; it can no longer be activated or cancelled."),
                )
            }
            RewardError::AnotherBonusActive { currency } => Self::conflict(
                "another_bonus_active",
                format!(
                    "Another {currency} bonus is active. Finish or cancel it before activating \
                     this one."
                ),
            ),
            RewardError::BonusCodeNotFound => Self::not_found(
                "bonus_code_not_found",
                "There is no such applied bonus code.",
            ),
            RewardError::BonusCodeUsed => Self::conflict(
                "bonus_code_used",
                "This bonus code has issued its bonus and cannot be removed.",
            ),
            RewardError::QuestNotFound => {
                Self::not_found("quest_not_found", "There is no such quest.")
            }
            RewardError::QuestAlreadyActive => {
                Self::conflict("quest_already_active", "This quest is already active.")
            }
            RewardError::QuestOver { state } => {
                let how = match state {
                    STATE_COMPLETED => "completed",
                    STATE_EXPIRED => "expired",
                    _ => "cancelled",
                };
                Self::conflict("quest_finished", format!("This quest is {how}."))
            }
            RewardError::Wallet(e) => e.into(),
            RewardError::Database(e) => e.into(),
            RewardError::Internal(e) => e.into(),
        }
    }
}

impl From<ReferralError> for ApiError {
    fn from(error: ReferralError) -> Self {
        match error {
            ReferralError::KeyReused => Self::conflict(
                "idempotency_key_reused",
                "This idempotency key was used for a transfer in another currency.",
            ),
            ReferralError::NothingToTransfer { currency } => Self::conflict(
                "nothing_to_transfer",
                format!("There are no {currency} referral earnings to transfer."),
            ),
            ReferralError::Rewards(e) => e.into(),
            ReferralError::Database(e) => e.into(),
            ReferralError::Internal(e) => e.into(),
        }
    }
}
