//! The domain's refusals as the spec's answers: each domain error enum gets its status, its stable
//! code and the message the client shows here or in the file of its domain beside it, so the
//! domain never speaks HTTP.
//!
//! A domain module's enum (thiserror, beside the functions that answer it) names each refusal
//! of the product and wraps what is never the player's fault (a `Database` variant from the
//! database's error, an `Internal` one from `anyhow`), so `?` on a statement works inside the
//! domain and `?` on the domain's answer works in a handler, through the `From` impl here.
//! Database and internal failures become the 500 that is logged and answered without details.

mod catalogue;
mod identity;
mod limits;
mod pages;
mod payments;
mod play;
mod players;
mod rewards;
mod site;

use axum::http::StatusCode;

use crate::ApiError;
use crate::auth::NotSignedIn;
use crate::auth::sessions::LoginTokenError;
use crate::bot_events::requests::{BotRequestError, PlayerRequestError};
use crate::paging::{MAX_PER_PAGE, PagingError};
use crate::payments::SettleError;
use crate::payments::ton_network::TransferError;
use crate::wallet::WalletError;

/// 401 (403 when blocked): the client clears its session and opens sign-in.
impl From<NotSignedIn> for ApiError {
    fn from(refusal: NotSignedIn) -> Self {
        match refusal {
            NotSignedIn::TokenExpired => {
                Self::unauthorized("token_expired", "Your session token has expired.")
            }
            NotSignedIn::TokenInvalid => {
                Self::unauthorized("token_invalid", "Your session token is not valid.")
            }
            NotSignedIn::SessionClosed => {
                Self::unauthorized("session_closed", "This session was closed. Sign in again.")
            }
            NotSignedIn::SessionIdle => Self::unauthorized(
                "session_expired",
                "This session has been idle too long. Sign in again.",
            ),
            NotSignedIn::Blocked => Self::blocked(),
            NotSignedIn::Database(e) => e.into(),
        }
    }
}

/// An auto-login link: 404 for a login nobody signs in with, 401 for a token that is spent.
impl From<LoginTokenError> for ApiError {
    fn from(error: LoginTokenError) -> Self {
        match error {
            LoginTokenError::PlayerNotFound => {
                Self::not_found("player_not_found", "There is no such player.")
            }
            LoginTokenError::Invalid => Self::unauthorized(
                "login_token_invalid",
                "This sign-in link was used or has expired.",
            ),
            LoginTokenError::Database(e) => e.into(),
        }
    }
}

impl From<WalletError> for ApiError {
    fn from(error: WalletError) -> Self {
        match error {
            WalletError::AccountNotFound => {
                Self::not_found("account_not_found", "There is no such account.")
            }
            WalletError::CurrencyUnavailable => Self::bad_request(
                "currency_unavailable",
                "Accounts cannot be opened in this currency.",
            ),
            WalletError::AccountExists { currency } => Self::conflict(
                "account_exists",
                format!("You already have a {currency} account."),
            ),
            WalletError::AccountActive => Self::conflict(
                "account_active",
                "The active account cannot be hidden. Switch to another account first.",
            ),
            WalletError::AccountNotEmpty => Self::conflict(
                "account_not_empty",
                "An account with money in it cannot be hidden.",
            ),
            WalletError::Database(e) => e.into(),
            WalletError::Internal(e) => e.into(),
        }
    }
}

/// 400 `invalid_query`, as for any other query that does not parse.
impl From<PagingError> for ApiError {
    fn from(error: PagingError) -> Self {
        let message = match error {
            PagingError::PageZero => "page starts at 1.".to_owned(),
            PagingError::PerPageOutOfRange => {
                format!("perPage must be between 1 and {MAX_PER_PAGE}.")
            }
        };
        Self::bad_request("invalid_query", message)
    }
}

impl From<SettleError> for ApiError {
    fn from(error: SettleError) -> Self {
        match error {
            SettleError::InvoiceNotFound => {
                Self::not_found("invoice_not_found", "There is no such invoice.")
            }
            SettleError::AlreadySettled { status } => Self::conflict(
                "invoice_settled",
                format!("This invoice is already settled (status {status}); nothing was changed."),
            ),
            SettleError::Wallet(e) => e.into(),
            SettleError::Database(e) => e.into(),
            SettleError::Internal(e) => e.into(),
        }
    }
}

/// 422 with the offending field: a transfer the simulated TON network does not take.
impl From<TransferError> for ApiError {
    fn from(error: TransferError) -> Self {
        match error {
            TransferError::Address { field, refusal } => {
                Self::field_refused(refusal.code(), field, refusal.to_string())
            }
            TransferError::Amount { field } => Self::field_refused(
                "invalid_amount",
                field,
                "An integer string of the asset's smallest unit, above zero.",
            ),
            TransferError::Asset => Self::field_refused(
                "invalid_asset",
                "amount",
                "Send toncoin with amount, or a jetton with jetton and jettonAmount.",
            ),
            TransferError::TwoPayloads => Self::field_refused(
                "invalid_payload",
                "payloadBoc",
                "Give the comment as payload or as payloadBoc, not both.",
            ),
            TransferError::Payload(refusal) => {
                Self::field_refused("invalid_payload", "payloadBoc", refusal.to_string())
            }
            TransferError::UnknownJetton => Self::field_refused(
                "unknown_jetton",
                "master",
                "The network carries no jetton of this master.",
            ),
            TransferError::NotAJettonWallet => Self::field_refused(
                "not_a_jetton_wallet",
                "to",
                "A jetton transfer goes to the sender's own wallet of the jetton (GET /api/payment/ton/jetton-wallet).",
            ),
            TransferError::JettonFees => Self::field_refused(
                "insufficient_fees",
                "amount",
                "Send more toncoin than the jetton transfer forwards, to pay its fees.",
            ),
            TransferError::Settle(e) => e.into(),
            TransferError::Database(e) => e.into(),
        }
    }
}

/// 409 for a player without a Telegram account; the bot's answers otherwise.
impl From<PlayerRequestError> for ApiError {
    fn from(error: PlayerRequestError) -> Self {
        match error {
            PlayerRequestError::NotLinked => Self::conflict(
                "telegram_not_linked",
                "Link a Telegram account to get messages from the bot.",
            ),
            PlayerRequestError::Bot(e) => e.into(),
            PlayerRequestError::Database(e) => e.into(),
        }
    }
}

/// The bot's answers as the player sees them: what they can do nothing about is a 503, told apart
/// in its code and in the log for the operator.
impl From<BotRequestError> for ApiError {
    fn from(error: BotRequestError) -> Self {
        let unavailable = |code: &'static str, message: &'static str| {
            Self::client(StatusCode::SERVICE_UNAVAILABLE, code, message)
        };
        match error {
            BotRequestError::NotConfigured => unavailable(
                "telegram_bot_not_configured",
                "Telegram messages are not available here.",
            ),
            BotRequestError::Misconfigured => {
                tracing::error!(
                    "the bot refused the platform's signature: set the same BOT_EVENTS_SECRET on both"
                );
                unavailable(
                    "telegram_bot_misconfigured",
                    "Telegram messages are not set up correctly here. Try again later.",
                )
            }
            BotRequestError::Unreachable(reason) => {
                tracing::warn!(%reason, "the bot did not answer a player's request");
                unavailable(
                    "telegram_bot_unreachable",
                    "Telegram messages cannot be reached right now. Try again later.",
                )
            }
            BotRequestError::Refused(reason) => {
                tracing::warn!(%reason, "the bot refused a player's request");
                unavailable(
                    "telegram_bot_refused",
                    "Telegram could not do this right now. Try again later.",
                )
            }
        }
    }
}
