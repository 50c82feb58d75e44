//! From the raw query string to decoded pairs, and from pairs to the typed [`InitData`].
//!
//! The raw string is split into pairs first and each key and value is URL-decoded afterwards, so
//! an encoded `&` or `=` inside a value never splits it. Decoding is strict on purpose: exactly one
//! spelling of a decoded value is accepted (printable ASCII, `+` for a space, `%XX` with upper-case
//! hex digits, as Telegram and `URLSearchParams` write them), so no byte of a signed string can be
//! changed without changing what the signature covers.
//!
//! [`splitter`] makes the [`Pairs`] (finding the bytes to look at with [`masks`], decoding with
//! [`percent`]), [`check_string`] writes what the signatures cover, [`fields`] reads the typed data.

mod check_string;
mod fields;
mod masks;
mod pairs;
mod percent;
mod splitter;

pub(crate) use fields::object;
pub use fields::{Chat, InitData, User};
pub(crate) use pairs::Pairs;
pub(crate) use percent::encode;

use crate::InitDataError;

/// The most bytes of raw init data accepted; Telegram's are far shorter.
pub const MAX_INIT_DATA_LEN: usize = 4096;

/// Structure only, no signature check: for data already validated, or to read a test fixture.
/// `auth_date` must be present, `hash` need not be.
pub fn parse(raw: &str) -> Result<InitData, InitDataError> {
    let pairs = Pairs::split(raw)?;
    let auth_date = pairs.auth_date()?;
    pairs.into_init_data(auth_date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(raw: &str) -> &'static str {
        parse(raw).unwrap_err().code()
    }

    #[test]
    fn values_are_decoded_after_the_split() {
        let data = parse("auth_date=5&start_param=a%26b%3Dc+d").unwrap();
        assert_eq!(data.start_param.as_deref(), Some("a&b=c d"));
        assert_eq!(data.auth_date, 5);
    }

    #[test]
    fn malformed_input_gets_distinct_codes() {
        assert_eq!(code(""), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&&x=1"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%7b"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%7"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=a b"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%FF"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=x1"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&user=%7B%7D"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&auth_date=1"), "init_data_duplicate_key");
        assert_eq!(code("auth_date=1&auth%5Fdate=1"), "init_data_duplicate_key");
        assert_eq!(code("query_id=1"), "init_data_missing_auth_date");
        let long = format!("auth_date=1&x={}", "a".repeat(MAX_INIT_DATA_LEN));
        assert_eq!(code(&long), "init_data_too_large");
    }
}
