//! Play: launching games and the sportsbook, game sessions and the sandbox's slot. The HTTP side
//! (the launch call, the game page, spins, history) is `routes/play/`.
//!
//! How a game is played (the spec shows only the launch call and its `{url, token}` answer; the
//! rest is what real game aggregators do, kept small):
//! - `POST /api/game/games/{id}/play` (`launch.rs`) checks the game, the visitor's country and the
//!   player's limits, and opens a game session: a random token valid for [`SESSION_HOURS`],
//!   bound to the player's sign-in and to one account (its currency). Demo sessions hold a
//!   virtual balance of their own and move no money; guests may play demo.
//! - The game page `GET /api/sandbox/games/{token}` (`page.rs`) is the provider's game, served by
//!   the platform itself; it spins through `POST /api/sandbox/game-sessions/{token}/spins`
//!   (`spins.rs`). The session token is the credential, as with a real provider's launch URL; a
//!   bearer token may come along, and then it must be the session's owner.
//! - A real-money spin is one `BEGIN IMMEDIATE` transaction: limits, debit of the bet, the
//!   server-side draw (`slot.rs`), credit of the win, the bet and spin rows. Then it is published
//!   (`game:bets#`, `game:spins#`, `wallet:accounts#`) and handed to `rewards::spin_settled`.
//! - The sportsbook (seeded `altenar-sportsbook`) starts with the same call; its session places
//!   bets that stay unsettled until the sportsbook settles them. Those are the unsettled bets of
//!   `GET /api/game/bets?isSettled=false`: a spin's bet settles within its own transaction.
//! - Sessions end when they expire, and with the sign-in they were opened from (sign-out closes
//!   the player's games too).

pub mod history;
pub mod launch;
pub mod slot;
pub mod spins;
pub mod sport_bets;

use sqlx::{FromRow, SqlitePool};

use crate::captcha::CaptchaError;
use crate::clock::NOW;
use crate::limits::LimitError;
use crate::limits::checks::{BetRefusal, PlayRefusal};
use crate::rewards::RewardError;
use crate::wallet::WalletError;

/// How long a game session lasts after its launch.
pub const SESSION_HOURS: i64 = 4;
/// Largest single bet, in minor units: keeps every win (up to 100 times the bet) far from
/// overflow.
pub const MAX_BET: i64 = 1_000_000_000_000;

/// Why play refuses: a launch, a stake, a sportsbook bet or an event's result.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("there is no such game")]
    GameNotFound,
    #[error("the platform is neither mobile nor desktop")]
    InvalidPlatform,
    #[error("the locale is not one")]
    InvalidLocale,
    #[error("the lobby URL is neither a path of this site nor an http(s) URL")]
    InvalidLobbyUrl,
    #[error("the country code is not two letters")]
    InvalidCountry,
    #[error("the game is not from provider {provider:?}")]
    ProviderMismatch { provider: String },
    #[error("the game is not licensed in the visitor's country")]
    GeoRestricted,
    #[error("the player's exclusion or break stops play")]
    Excluded(PlayRefusal),
    #[error("the game has no demo mode")]
    NoDemo,
    #[error("real money needs a signed-in player")]
    SignInForRealMoney,
    #[error("the player has no such account to play from")]
    AccountNotFound,
    #[error("there is no such game session")]
    SessionNotFound,
    #[error("the game session has expired")]
    SessionExpired,
    #[error("the game session is another player's")]
    SessionForeign,
    #[error("the game session's sign-in or account is gone")]
    SessionClosed,
    #[error("a sportsbook session takes no spins")]
    SpinOnSportsbook,
    #[error("a casino session takes no sportsbook bets")]
    BetOnCasino,
    #[error("only a signed-in player's sportsbook session takes bets")]
    BetWithoutSportsbookPlayer,
    #[error("the stake is outside 1 to the largest bet")]
    InvalidStake,
    #[error("the win is negative or too large")]
    InvalidWin,
    #[error("the bet's return is too large")]
    ReturnTooLarge,
    #[error("the balance is lower than the bet")]
    InsufficientFunds,
    #[error("the demo balance is lower than the bet")]
    DemoInsufficientFunds,
    #[error("a limit refuses the bet")]
    BetRefused(BetRefusal),
    /// The stake is above `max_bet` minor units of `currency`, the most `cap` allows.
    #[error("the stake is above {max_bet}, the most the {cap:?} allows")]
    OverMaxBet {
        cap: StakeCap,
        max_bet: i64,
        currency: String,
    },
    #[error("there is no such sportsbook bet")]
    BetNotFound,
    #[error("the bet is settled already")]
    BetSettled,
    #[error("the request id is not one")]
    InvalidRequestId,
    #[error("a bet has too few or too many selections")]
    SelectionCount,
    #[error("an accumulator has two selections of one event")]
    SameEvent,
    #[error("there is no event {event_id}")]
    UnknownEvent { event_id: i64 },
    #[error("the event is over")]
    EventClosed,
    #[error("the event has no such outcome")]
    UnknownOutcome,
    #[error("the odds have changed")]
    OddsChanged,
    #[error("the same request is being placed; place it again")]
    PlaceAgain,
    #[error("the result is not 1, X or 2")]
    InvalidResult,
    #[error("there is no such event")]
    EventNotFound,
    #[error("the event has its result already")]
    EventResulted,
    #[error(transparent)]
    Captcha(#[from] CaptchaError),
    #[error(transparent)]
    Limit(#[from] LimitError),
    #[error(transparent)]
    Reward(#[from] RewardError),
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What caps a stake below [`MAX_BET`].
#[derive(Debug, Clone, Copy)]
pub enum StakeCap {
    /// The max bet of the player's active bonus, on casino games.
    ActiveBonus,
    /// The sportsbook's largest stake (`sport_bets::MAX_STAKE_UNITS`).
    Sportsbook,
}

/// A game session as the spin and page handlers need it.
#[derive(Debug, FromRow)]
pub struct Session {
    pub token: String,
    pub game_id: Option<i64>,
    pub sportsbook_id: Option<i64>,
    pub game_identity: String,
    pub game_name: String,
    pub player_id: Option<i64>,
    pub player_session_id: Option<String>,
    pub account_id: Option<i64>,
    pub currency: String,
    pub subunit_to_unit: i64,
    pub demo_balance: Option<i64>,
    pub lobby_url: Option<String>,
    pub is_expired: bool,
}

impl Session {
    /// What the game shows as the balance: the account's, or the demo session's own.
    pub async fn balance(&self, pool: &SqlitePool) -> Result<i64, sqlx::Error> {
        match (self.account_id, self.demo_balance) {
            (Some(account_id), _) => {
                sqlx::query_scalar("SELECT balance FROM accounts WHERE id = ?")
                    .bind(account_id)
                    .fetch_one(pool)
                    .await
            }
            (None, demo) => Ok(demo.unwrap_or_default()),
        }
    }
}

/// Tokens are 43 characters of base64url; anything much longer is not one.
fn plausible_token(token: &str) -> bool {
    (16..=64).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub async fn session(pool: &SqlitePool, token: &str) -> Result<Option<Session>, sqlx::Error> {
    if !plausible_token(token) {
        return Ok(None);
    }
    sqlx::query_as(&format!(
        "SELECT s.token, s.game_id, s.sportsbook_id,
                COALESCE(g.identity, sb.identity) AS game_identity,
                COALESCE(g.name, sb.name) AS game_name,
                s.player_id, s.player_session_id, s.account_id, s.currency, c.subunit_to_unit,
                s.demo_balance, s.lobby_url, s.expires_at <= {NOW} AS is_expired
         FROM game_sessions s
         JOIN currencies c ON c.code = s.currency
         LEFT JOIN games g ON g.id = s.game_id
         LEFT JOIN sportsbooks sb ON sb.id = s.sportsbook_id
         WHERE s.token = ?"
    ))
    .bind(token)
    .fetch_optional(pool)
    .await
}
