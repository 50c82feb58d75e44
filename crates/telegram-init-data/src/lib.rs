//! Telegram Mini App init data: the signed query string Telegram hands a Mini App
//! (`Telegram.WebApp.initData`), which is the player's only credential when they sign in.
//!
//! ```
//! use telegram_init_data::{InitData, User, Validator, sign};
//!
//! let token = telegram_init_data::SANDBOX_BOT_TOKEN;
//! let now = std::time::SystemTime::now()
//!     .duration_since(std::time::UNIX_EPOCH)
//!     .unwrap()
//!     .as_secs();
//! let raw = sign(&InitData::for_user(User::new(42, "Ada"), now), token);
//! let data = Validator::new(token).validate(&raw).unwrap();
//! assert_eq!(data.user.unwrap().id, 42);
//! assert_eq!(
//!     Validator::new(token).validate(&raw.replace("Ada", "Bob")).unwrap_err().code(),
//!     "init_data_invalid",
//! );
//! ```
//!
//! Services always validate the raw string the client received, never a re-serialised one, and
//! refuse with the error's [`InitDataError::code`]. Nothing here logs: init data and tokens are
//! secrets to whoever handles them.

mod error;
mod parse;
mod sign;
mod validate;

pub use error::InitDataError;
pub use parse::{Chat, InitData, MAX_INIT_DATA_LEN, User, parse};
pub use sign::{bot_id, is_bot_token, sign, sign_pairs, third_party_signature};
pub use validate::{
    DEFAULT_MAX_AGE, TELEGRAM_PRODUCTION_PUBLIC_KEY, TELEGRAM_TEST_PUBLIC_KEY, TelegramEnvironment,
    ThirdPartyValidator, Validator, Verified,
};

/// The token of the sandbox's test bot: the local stack signs and checks init data with it when
/// `TELEGRAM_BOT_TOKEN` is unset. It belongs to no real bot, and production refuses to run with it.
pub const SANDBOX_BOT_TOKEN: &str = "7000000001:AAE-sandbox_test_token_not_for_prod";
