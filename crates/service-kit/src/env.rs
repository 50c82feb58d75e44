//! Configuration read from the environment and validated once, at start-up, with errors that name
//! the variable and say what is wrong in one line. Secret values never appear in errors or logs.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{name} is required: {hint}")]
    Missing { name: String, hint: String },
    #[error("{name} is invalid ({reason})")]
    Invalid { name: String, reason: String },
}

/// A snapshot of environment variables. Tests build one from pairs instead of mutating the
/// process environment, which is shared by every test thread.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: HashMap<String, String>,
}

impl Env {
    pub fn from_process() -> Self {
        Self {
            vars: std::env::vars().collect(),
        }
    }

    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        Self {
            vars: pairs
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        }
    }

    /// The variable's value, with an empty value treated as unset (as `FOO= make run` intends).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars
            .get(name)
            .map(String::as_str)
            .filter(|v| !v.trim().is_empty())
    }

    pub fn string_or(&self, name: &str, default: &str) -> String {
        self.get(name).unwrap_or(default).to_owned()
    }

    pub fn parse_or<T>(&self, name: &str, default: T) -> Result<T, ConfigError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match self.get(name) {
            None => Ok(default),
            Some(raw) => raw
                .trim()
                .parse()
                .map_err(|e: T::Err| ConfigError::Invalid {
                    name: name.to_owned(),
                    reason: format!("{raw:?}: {e}"),
                }),
        }
    }

    pub fn flag(&self, name: &str) -> Result<bool, ConfigError> {
        match self.get(name).map(|v| v.trim().to_ascii_lowercase()) {
            None => Ok(false),
            Some(v) if matches!(v.as_str(), "1" | "true" | "yes" | "on") => Ok(true),
            Some(v) if matches!(v.as_str(), "0" | "false" | "no" | "off") => Ok(false),
            Some(v) => Err(ConfigError::Invalid {
                name: name.to_owned(),
                reason: format!("{v:?} is not one of 1, 0, true, false, yes, no, on, off"),
            }),
        }
    }

    /// A secret: its value is never echoed back in an error.
    pub fn secret(&self, name: &str) -> Option<Secret> {
        self.get(name).map(|v| Secret::new(v.trim()))
    }

    /// `APP_ENV`: `production`, or one of `sandbox` (the default), `development`, `test`.
    pub fn production(&self) -> Result<bool, ConfigError> {
        match self.get("APP_ENV").map(str::trim) {
            None | Some("sandbox" | "development" | "test") => Ok(false),
            Some("production") => Ok(true),
            Some(other) => Err(ConfigError::Invalid {
                name: "APP_ENV".to_owned(),
                reason: format!("{other:?} is not one of production, sandbox, development, test"),
            }),
        }
    }

    /// `TELEGRAM_BOT_TOKEN`, the key of Mini App init data: required in production, where the
    /// sandbox's published test token is refused; the test token otherwise. A malformed token is
    /// refused without echoing it.
    pub fn telegram_bot_token(&self, production: bool) -> Result<Secret, ConfigError> {
        use telegram_init_data::{SANDBOX_BOT_TOKEN, is_bot_token};
        const NAME: &str = "TELEGRAM_BOT_TOKEN";
        let invalid = |reason: &str| ConfigError::Invalid {
            name: NAME.to_owned(),
            reason: reason.to_owned(),
        };
        match self.secret(NAME) {
            None if production => Err(ConfigError::Missing {
                name: NAME.to_owned(),
                hint: "production (APP_ENV=production) checks init data with the bot's own token"
                    .to_owned(),
            }),
            None => Ok(Secret::new(SANDBOX_BOT_TOKEN)),
            Some(token) if !is_bot_token(token.expose()) => Err(invalid(
                "it is not a bot token (expected <digits>:<35 letters, digits, _ or ->)",
            )),
            Some(token) if production && token.expose() == SANDBOX_BOT_TOKEN => Err(invalid(
                "the sandbox's test token cannot be used in production",
            )),
            Some(token) => Ok(token),
        }
    }
}

/// A value that must never be printed: its `Debug` and `Display` are redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_values_count_as_unset() {
        let env = Env::from_pairs([("PORT", "  ")]);
        assert_eq!(env.parse_or::<u16>("PORT", 8080), Ok(8080));
    }

    #[test]
    fn bad_numbers_name_the_variable_and_the_value() {
        let env = Env::from_pairs([("PORT", "80a")]);
        let err = env.parse_or::<u16>("PORT", 8080).unwrap_err();
        assert_eq!(
            err.to_string(),
            "PORT is invalid (\"80a\": invalid digit found in string)"
        );
    }

    #[test]
    fn flags_accept_common_spellings_and_refuse_others() {
        let env = Env::from_pairs([("A", "Yes"), ("B", "off"), ("C", "maybe")]);
        assert_eq!(env.flag("A"), Ok(true));
        assert_eq!(env.flag("B"), Ok(false));
        assert_eq!(env.flag("UNSET"), Ok(false));
        assert!(env.flag("C").is_err());
    }

    #[test]
    fn secrets_never_print() {
        let env = Env::from_pairs([("TOKEN", "123:abc")]);
        let secret = env.secret("TOKEN").expect("set");
        assert_eq!(
            format!("{secret} {secret:?}"),
            "[redacted] Secret([redacted])"
        );
        assert_eq!(secret.expose(), "123:abc");
    }
}
