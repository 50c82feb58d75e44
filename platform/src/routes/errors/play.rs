//! Play's refusals: a launch, a game session's stake, a sportsbook bet, an event's result.

use axum::http::StatusCode;

use crate::ApiError;
use crate::play::sport_bets::{MAX_SELECTIONS, MAX_STAKE_UNITS};
use crate::play::{MAX_BET, PlayError, StakeCap};

/// 422 for a request the game cannot take, 409 for one the game's state refuses; a restricted game
/// is 451, never 403, which the client takes for a session that ended.
impl From<PlayError> for ApiError {
    fn from(error: PlayError) -> Self {
        match error {
            PlayError::GameNotFound => Self::not_found("game_not_found", "There is no such game."),
            PlayError::InvalidPlatform => {
                Self::unprocessable("invalid_platform", "platform is 1 (mobile) or 2 (desktop).")
            }
            PlayError::InvalidLocale => {
                Self::unprocessable("invalid_locale", "locale is like en or pt-br.")
            }
            PlayError::InvalidLobbyUrl => Self::unprocessable(
                "invalid_lobby_url",
                "lobbyUrl is a path of this site or an http(s) URL.",
            ),
            PlayError::InvalidCountry => {
                Self::unprocessable("invalid_country", "countryCode is two letters, like BR.")
            }
            PlayError::ProviderMismatch { provider } => Self::unprocessable(
                "game.provider.mismatch",
                format!("This game is not from provider {provider:?}."),
            ),
            PlayError::GeoRestricted => Self::unavailable_here(
                "game.geo.restricted",
                "This game is not available in your country.",
            ),
            PlayError::Excluded(refusal) => refusal.into(),
            PlayError::NoDemo => {
                Self::conflict("game.demo.unavailable", "This game has no demo mode.")
            }
            PlayError::SignInForRealMoney => {
                Self::unauthorized("unauthorized", "Sign in to play for real money.")
            }
            PlayError::AccountNotFound => Self::not_found(
                "account_not_found",
                "You have no such account to play from.",
            ),
            PlayError::SessionNotFound => Self::not_found(
                "game.session.not_found",
                "There is no such game session. Start the game again.",
            ),
            PlayError::SessionExpired => Self::client(
                StatusCode::GONE,
                "game.session.expired",
                "This game session has expired. Start the game again.",
            ),
            PlayError::SessionForeign => Self::forbidden(
                "game.session.foreign",
                "This game session belongs to another player.",
            ),
            PlayError::SessionClosed => Self::unauthorized(
                "game.session.closed",
                "You signed out or this account is gone. Start the game again.",
            ),
            PlayError::SpinOnSportsbook => Self::conflict(
                "game.session.sportsbook",
                "A sportsbook session takes bets, not spins.",
            ),
            PlayError::BetOnCasino => Self::conflict(
                "game.session.casino",
                "Only a sportsbook session takes bets; casino games spin.",
            ),
            PlayError::BetWithoutSportsbookPlayer => Self::conflict(
                "game.session.casino",
                "Only a signed-in player's sportsbook session takes bets.",
            ),
            PlayError::InvalidStake => Self::unprocessable(
                "invalid_amount",
                format!("amount is a whole number of minor units from 1 to {MAX_BET}."),
            ),
            PlayError::InvalidWin => Self::unprocessable(
                "invalid_amount",
                "win is a whole number of minor units, 0 or more.",
            ),
            PlayError::ReturnTooLarge => {
                Self::unprocessable("invalid_amount", "This bet's return is too large.")
            }
            PlayError::InsufficientFunds => {
                Self::unprocessable("insufficient_funds", "Your balance is lower than this bet.")
            }
            PlayError::DemoInsufficientFunds => Self::unprocessable(
                "insufficient_funds",
                "Your demo balance is lower than this bet. Start the game again for a fresh one.",
            ),
            PlayError::BetRefused(refusal) => refusal.into(),
            PlayError::OverMaxBet {
                cap,
                max_bet,
                currency,
            } => {
                let message = match cap {
                    StakeCap::ActiveBonus => format!(
                        "Your active bonus allows bets of at most {max_bet} minor units of {currency}."
                    ),
                    StakeCap::Sportsbook => {
                        format!("The largest stake is {MAX_STAKE_UNITS} {currency}.")
                    }
                };
                Self::conflict("game.bet.max.exceed", message)
            }
            PlayError::BetNotFound => {
                Self::not_found("bet_not_found", "There is no such sportsbook bet.")
            }
            PlayError::BetSettled => Self::conflict("bet_settled", "This bet is already settled."),
            PlayError::InvalidRequestId => Self::unprocessable(
                "invalid_request_id",
                "requestId is 8 to 64 letters, digits, '-' or '_'.",
            ),
            PlayError::SelectionCount => Self::unprocessable(
                "sport.selections.invalid",
                format!("A bet has 1 to {MAX_SELECTIONS} selections."),
            ),
            PlayError::SameEvent => Self::unprocessable(
                "sport.selections.same_event",
                "An accumulator takes one selection per event.",
            ),
            PlayError::UnknownEvent { event_id } => Self::unprocessable(
                "sport.event.unknown",
                format!("There is no event {event_id}."),
            ),
            PlayError::EventClosed => Self::conflict(
                "sport.event.closed",
                "This event is over: it takes no more bets.",
            ),
            PlayError::UnknownOutcome => {
                Self::unprocessable("sport.outcome.unknown", "This event has no such outcome.")
            }
            PlayError::OddsChanged => Self::conflict(
                "sport.odds.changed",
                "The odds have changed. Check the new odds and place the bet again.",
            ),
            PlayError::PlaceAgain => Self::conflict("sport.bet.retry", "Place the bet again."),
            PlayError::InvalidResult => {
                Self::unprocessable("sport.outcome.unknown", "outcome is 1, X or 2.")
            }
            PlayError::EventNotFound => {
                Self::not_found("event_not_found", "There is no such event.")
            }
            PlayError::EventResulted => {
                Self::conflict("sport.event.resulted", "This event already has its result.")
            }
            PlayError::Captcha(e) => e.into(),
            PlayError::Limit(e) => e.into(),
            PlayError::Reward(e) => e.into(),
            PlayError::Wallet(e) => e.into(),
            PlayError::Database(e) => e.into(),
            PlayError::Internal(e) => e.into(),
        }
    }
}
