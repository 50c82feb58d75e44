//! Arbitrary input never panics the parser or the validators: it always ends in a typed error
//! (or, for `parse`, in data), and never validates without the token.

use proptest::prelude::*;
use telegram_init_data::{InitDataError, SANDBOX_BOT_TOKEN, Validator, parse};

const CODES: [&str; 8] = [
    "init_data_too_large",
    "init_data_bad_encoding",
    "init_data_duplicate_key",
    "init_data_missing_hash",
    "init_data_missing_signature",
    "init_data_missing_auth_date",
    "init_data_invalid",
    "init_data_expired",
];

fn typed(err: &InitDataError) -> bool {
    CODES.contains(&err.code()) && !err.to_string().is_empty()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_end_in_a_typed_error(bytes in proptest::collection::vec(any::<u8>(), 0..5000)) {
        let raw = String::from_utf8_lossy(&bytes);
        if let Err(err) = parse(&raw) {
            prop_assert!(typed(&err));
        }
        let validated = Validator::new(SANDBOX_BOT_TOKEN).validate(&raw);
        prop_assert!(validated.as_ref().is_err_and(typed));
    }

    #[test]
    fn query_shaped_strings_end_in_a_typed_error(raw in "([a-z_%0-9A-F+]{0,12}=[a-zA-Z0-9%+{}\":,_-]{0,40}&?){0,12}") {
        if let Err(err) = parse(&raw) {
            prop_assert!(typed(&err));
        }
        let validated = Validator::new(SANDBOX_BOT_TOKEN).validate(&raw);
        prop_assert!(validated.as_ref().is_err_and(typed));
    }
}
