//! Field rules of the spec's section 5 that the platform enforces on what it stores. Messages are
//! the spec's default messages, so the client can show them as they are.

use std::collections::BTreeMap;

use crate::wallet;
use crate::{ApiError, AppState};

pub const PASSWORD_MIN: usize = 8;
pub const NICKNAME_MIN: usize = 3;
pub const NICKNAME_MAX: usize = 24;
pub const NAME_MIN: usize = 2;
/// Names longer than this are not names; the spec sets no maximum, storage needs one.
pub const NAME_MAX: usize = 100;

/// Collects one message per failing field.
#[derive(Default)]
pub struct Checks {
    fields: BTreeMap<String, String>,
}

impl Checks {
    pub fn check(&mut self, field: &str, failure: Option<String>) -> &mut Self {
        if let Some(message) = failure {
            self.fields.entry(field.to_owned()).or_insert(message);
        }
        self
    }

    /// The terms every sign-up checks: accepted, and the wallet's first currency offered (the
    /// base currency when none is asked for). Answers the currency when it is.
    pub async fn sign_up_terms(
        &mut self,
        state: &AppState,
        agreements: bool,
        currency: Option<&str>,
    ) -> Result<Option<String>, ApiError> {
        self.check(
            "agreements",
            (!agreements).then(|| "The terms must be accepted".to_owned()),
        );
        let currency = wallet::offered_currency(&state.pool, currency).await?;
        self.check(
            "currency",
            currency
                .is_none()
                .then(|| "This currency is not available".to_owned()),
        );
        Ok(currency)
    }

    pub fn finish(self) -> Result<(), ApiError> {
        if self.fields.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self.fields))
        }
    }
}

/// An e-mail address as typed (trimmed), or 422 with the `email` field's message.
pub fn checked_email(typed: &str) -> Result<String, ApiError> {
    let email = typed.trim().to_owned();
    let mut checks = Checks::default();
    checks.check("email", self::email(&email));
    checks.finish()?;
    Ok(email)
}

pub fn email(value: &str) -> Option<String> {
    let valid = value.len() <= 254
        && !value.chars().any(char::is_whitespace)
        && value.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        });
    (!valid).then(|| "Value is not a valid email address".to_owned())
}

pub fn password(value: &str) -> Option<String> {
    min_length(value, PASSWORD_MIN)
        .or_else(|| (value.len() > 128).then(|| "The maximum length allowed is 128".to_owned()))
}

pub fn nickname(value: &str) -> Option<String> {
    min_length(value, NICKNAME_MIN)
        .or_else(|| max_length(value, NICKNAME_MAX))
        .or_else(|| {
            (!value
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-'))
            .then(|| "Use only letters, digits, underscores and hyphens".to_owned())
        })
}

pub fn name(value: &str) -> Option<String> {
    min_length(value, NAME_MIN).or_else(|| max_length(value, NAME_MAX))
}

/// A two-letter language code, lowercase (spec: languageCode).
pub fn language(value: &str) -> Option<String> {
    (!(value.len() == 2 && value.bytes().all(|b| b.is_ascii_lowercase())))
        .then(|| "Use a two-letter language code".to_owned())
}

pub fn min_length(value: &str, min: usize) -> Option<String> {
    (value.chars().count() < min)
        .then(|| format!("This field should be at least {min} characters long"))
}

pub fn max_length(value: &str, max: usize) -> Option<String> {
    (value.chars().count() > max).then(|| format!("The maximum length allowed is {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert_eq!(email("player@example.com"), None);
        for bad in [
            "",
            "a@b",
            "@example.com",
            "a@.com",
            "a b@example.com",
            "a@b@c.com",
            "a@b..com",
        ] {
            assert!(email(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn nicknames_follow_the_spec() {
        assert_eq!(nickname("lucky_7-ace"), None);
        assert_eq!(
            nickname("ab"),
            Some("This field should be at least 3 characters long".to_owned())
        );
        assert_eq!(
            nickname(&"a".repeat(25)),
            Some("The maximum length allowed is 24".to_owned())
        );
        assert!(nickname("no spaces").is_some());
    }

    #[test]
    fn passwords_need_eight_characters() {
        assert!(password("1234567").is_some());
        assert_eq!(password("12345678"), None);
    }
}
