//! Checking that init data comes from Telegram: the first-party HMAC made with the bot's token, or
//! the third-party Ed25519 signature made with Telegram's own key, then its freshness.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ed25519_dalek::{Signature, VerifyingKey};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq as _;

use crate::parse::{Pairs, object};
use crate::{InitData, InitDataError, User};

pub(crate) type HmacSha256 = Hmac<Sha256>;

/// How old init data may be by default: Telegram's own libraries use one day too.
pub const DEFAULT_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);

/// Telegram's Ed25519 public key for third-party validation of production data (hex).
pub const TELEGRAM_PRODUCTION_PUBLIC_KEY: &str =
    "e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d";
/// Telegram's Ed25519 public key for data of its test environment (hex).
pub const TELEGRAM_TEST_PUBLIC_KEY: &str =
    "40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec";

/// The HMAC keyed with `HMAC-SHA256(key "WebAppData", bot_token)`: the first-party secret.
pub(crate) fn keyed_mac(bot_token: &str) -> HmacSha256 {
    let mut derive =
        HmacSha256::new_from_slice(b"WebAppData").expect("HMAC takes keys of any length");
    derive.update(bot_token.as_bytes());
    let secret = derive.finalize().into_bytes();
    HmacSha256::new_from_slice(&secret).expect("HMAC takes keys of any length")
}

/// First-party validation with the bot's token: what a bot's own backend does.
#[derive(Clone)]
pub struct Validator {
    keyed: HmacSha256,
    max_age: Option<Duration>,
}

impl fmt::Debug for Validator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Validator")
            .field("secret", &"[redacted]")
            .field("max_age", &self.max_age)
            .finish()
    }
}

impl Validator {
    /// A validator for data of the bot with `bot_token`, refusing data older than a day.
    pub fn new(bot_token: &str) -> Self {
        Self {
            keyed: keyed_mac(bot_token),
            max_age: Some(DEFAULT_MAX_AGE),
        }
    }

    /// The oldest data accepted; `None` accepts any age (only for fixed test vectors).
    pub fn with_max_age(mut self, max_age: Option<Duration>) -> Self {
        self.max_age = max_age;
        self
    }

    /// Checks the signature and the age, then types every field: see [`Validator::verify`] for
    /// the check alone.
    pub fn validate(&self, raw: &str) -> Result<InitData, InitDataError> {
        self.verify(raw)?.into_init_data()
    }

    /// As [`Validator::validate`], with `now` as the current time.
    pub fn validate_at(&self, raw: &str, now: SystemTime) -> Result<InitData, InitDataError> {
        self.verify_at(raw, now)?.into_init_data()
    }

    /// The check alone: structure, signature and age, with nothing typed yet. What a service on
    /// the login path calls; it types only what it reads (see [`Verified::user`]).
    pub fn verify<'a>(&self, raw: &'a str) -> Result<Verified<'a>, InitDataError> {
        self.verify_at(raw, SystemTime::now())
    }

    /// As [`Validator::verify`], with `now` as the current time.
    pub fn verify_at<'a>(
        &self,
        raw: &'a str,
        now: SystemTime,
    ) -> Result<Verified<'a>, InitDataError> {
        let mut pairs = Pairs::split(raw)?;
        let hash = pairs.get("hash").ok_or(InitDataError::MissingHash)?;
        let expected = decode_hash(hash)?;
        let auth_date = pairs.auth_date()?;
        let mut mac = self.keyed.clone();
        // Fed piece by piece: the data-check string is never built.
        pairs.feed_check_string(&["hash"], |piece| mac.update(piece));
        if !same_digest(&mac.finalize().into_bytes().into(), &expected) {
            return Err(InitDataError::Invalid);
        }
        check_age(auth_date, now, self.max_age)?;
        Ok(Verified { pairs, auth_date })
    }
}

/// Init data whose signature and age have been checked, its fields still as the raw string has
/// them (borrowed where nothing was escaped). Typing is left to whoever reads them, so the check
/// costs the same however large the user object is.
#[derive(Clone)]
pub struct Verified<'a> {
    pairs: Pairs<'a>,
    auth_date: u64,
}

impl fmt::Debug for Verified<'_> {
    /// Keys only: the values are the player's credential.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verified")
            .field("auth_date", &self.auth_date)
            .field(
                "keys",
                &self.pairs.iter().map(|(k, _)| k).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Verified<'_> {
    /// Unix time, in seconds, at which the data was signed.
    pub fn auth_date(&self) -> u64 {
        self.auth_date
    }

    /// A field's decoded value, as signed.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.get(key)
    }

    /// The typed `user`, if the data has one; a `user` that is not the expected JSON object is
    /// refused as [`InitDataError::BadEncoding`], as [`Validator::validate`] refuses it.
    pub fn user(&self) -> Result<Option<User>, InitDataError> {
        self.get("user").map(|raw| object("user", raw)).transpose()
    }

    /// Every field typed.
    pub fn into_init_data(self) -> Result<InitData, InitDataError> {
        self.pairs.into_init_data(self.auth_date)
    }
}

/// Which of Telegram's keys signed third-party data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TelegramEnvironment {
    Production,
    Test,
}

impl TelegramEnvironment {
    pub fn public_key(self) -> VerifyingKey {
        let hex_key = match self {
            Self::Production => TELEGRAM_PRODUCTION_PUBLIC_KEY,
            Self::Test => TELEGRAM_TEST_PUBLIC_KEY,
        };
        let mut bytes = [0; 32];
        hex::decode_to_slice(hex_key, &mut bytes).expect("the published keys are 32 hex bytes");
        VerifyingKey::from_bytes(&bytes).expect("the published keys are valid Ed25519 points")
    }
}

/// Third-party validation: anyone who knows the bot's id checks Telegram's Ed25519 signature,
/// without the bot's token.
#[derive(Debug, Clone)]
pub struct ThirdPartyValidator {
    bot_id: u64,
    key: VerifyingKey,
    max_age: Option<Duration>,
}

impl ThirdPartyValidator {
    /// Data of bot `bot_id` signed by Telegram in `environment`.
    pub fn telegram(bot_id: u64, environment: TelegramEnvironment) -> Self {
        Self::with_key(bot_id, environment.public_key())
    }

    /// Data signed with another key: tests sign with a key of their own.
    pub fn with_key(bot_id: u64, key: VerifyingKey) -> Self {
        Self {
            bot_id,
            key,
            max_age: Some(DEFAULT_MAX_AGE),
        }
    }

    pub fn with_max_age(mut self, max_age: Option<Duration>) -> Self {
        self.max_age = max_age;
        self
    }

    pub fn validate(&self, raw: &str) -> Result<InitData, InitDataError> {
        self.validate_at(raw, SystemTime::now())
    }

    pub fn validate_at(&self, raw: &str, now: SystemTime) -> Result<InitData, InitDataError> {
        let mut pairs = Pairs::split(raw)?;
        let signature = pairs
            .get("signature")
            .ok_or(InitDataError::MissingSignature)?;
        let signature = decode_signature(signature)?;
        let auth_date = pairs.auth_date()?;
        let message = third_party_message(self.bot_id, &mut pairs);
        self.key
            .verify_strict(message.as_bytes(), &signature)
            .map_err(|_| InitDataError::Invalid)?;
        check_age(auth_date, now, self.max_age)?;
        pairs.into_init_data(auth_date)
    }
}

pub(crate) fn third_party_message(bot_id: u64, pairs: &mut Pairs<'_>) -> String {
    format!(
        "{bot_id}:WebAppData\n{}",
        pairs.check_string(&["hash", "signature"])
    )
}

/// Whether two digests are equal, in constant time: the differences of their 64-bit words are
/// gathered without a branch, and only the gathered word goes through `subtle`'s optimisation
/// barrier (`Mac::verify_slice` puts each of the 32 bytes through it: 3 % of the check).
fn same_digest(actual: &[u8; 32], expected: &[u8; 32]) -> bool {
    let difference = actual.chunks_exact(8).zip(expected.chunks_exact(8)).fold(
        0u64,
        |difference, (actual, expected)| {
            let word = |bytes: &[u8]| u64::from_ne_bytes(bytes.try_into().expect("8 bytes"));
            difference | (word(actual) ^ word(expected))
        },
    );
    bool::from(difference.ct_eq(&0))
}

fn decode_hash(hash: &str) -> Result<[u8; 32], InitDataError> {
    let invalid = || InitDataError::BadEncoding("hash is not 64 lower-case hex digits".to_owned());
    let digits: &[u8; 64] = hash.as_bytes().try_into().map_err(|_| invalid())?;
    // Each digit's value, and whether any is not a digit, computed without a branch or a table
    // so that the compiler vectorises it (16 digits per instruction instead of a lookup each).
    let mut values = [0u8; 64];
    let mut bad = 0u8;
    for (value, &digit) in values.iter_mut().zip(digits) {
        let (decimal, letter) = (digit.wrapping_sub(b'0'), digit.wrapping_sub(b'a'));
        let (is_decimal, is_letter) = (decimal < 10, letter < 6);
        *value = if is_decimal {
            decimal
        } else {
            letter.wrapping_add(10)
        };
        bad |= u8::from(!(is_decimal | is_letter));
    }
    if bad != 0 {
        return Err(invalid());
    }
    let mut bytes = [0; 32];
    for (byte, pair) in bytes.iter_mut().zip(values.chunks_exact(2)) {
        *byte = pair[0] << 4 | pair[1];
    }
    Ok(bytes)
}

fn decode_signature(signature: &str) -> Result<Signature, InitDataError> {
    let bad = || {
        InitDataError::BadEncoding(
            "signature is not 64 bytes of base64url without padding".to_owned(),
        )
    };
    let bytes = URL_SAFE_NO_PAD.decode(signature).map_err(|_| bad())?;
    let bytes: [u8; 64] = bytes.try_into().map_err(|_| bad())?;
    Ok(Signature::from_bytes(&bytes))
}

fn check_age(
    auth_date: u64,
    now: SystemTime,
    max_age: Option<Duration>,
) -> Result<(), InitDataError> {
    let Some(max_age) = max_age else {
        return Ok(());
    };
    let now = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let age = now.saturating_sub(Duration::from_secs(auth_date));
    if age > max_age {
        return Err(InitDataError::Expired { age, max_age });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_exactly_64_lower_case_hex_digits() {
        let lower = "0123456789abcdef".repeat(4);
        assert_eq!(hex::encode(decode_hash(&lower).unwrap()), lower);
        for byte in 0..=u8::MAX {
            let digit = char::from(byte);
            for at in [0, 31, 63] {
                let mut hash = lower.clone().into_bytes();
                hash[at] = byte;
                let decoded = String::from_utf8(hash)
                    .ok()
                    .and_then(|hash| decode_hash(&hash).ok());
                let expected = matches!(digit, '0'..='9' | 'a'..='f');
                assert_eq!(decoded.is_some(), expected, "{byte:#04x} at {at}");
                if let Some(decoded) = decoded {
                    let nibble = digit.to_digit(16).unwrap_or_default() as u8;
                    let byte = decoded[at / 2];
                    let got = if at % 2 == 0 { byte >> 4 } else { byte & 0x0F };
                    assert_eq!(got, nibble, "{digit} at {at}");
                }
            }
        }
        for len in [0, 62, 63, 65, 128] {
            assert_eq!(
                decode_hash(&"a".repeat(len)).unwrap_err().code(),
                "init_data_bad_encoding"
            );
        }
    }
}
