//! Field rules of the spec's section 5 that the platform enforces on what it stores. Messages are
//! the spec's default messages, so the client can show them as they are.

use std::collections::BTreeMap;

use crate::players::field_rules::{FieldRule, FieldRules};
use crate::verification::normalise_phone;
use crate::wallet;
use crate::{ApiError, AppState};

pub const PASSWORD_MIN: usize = 8;
pub const NICKNAME_MIN: usize = 3;
pub const NICKNAME_MAX: usize = 24;
pub const NAME_MIN: usize = 2;
/// Names longer than this are not names; the spec sets no maximum, storage needs one.
pub const NAME_MAX: usize = 100;
/// The spec's maximum for `fullName`.
pub const FULL_NAME_MAX: usize = 30;
/// Identity document numbers in use fit in this many letters and digits.
pub const PERSONAL_ID_MAX: usize = 20;

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

    /// Enforces a form scenario (`GET /player/fields/validations`) on what the form sent: a required
    /// field is there (a box ticked), and every rule of the spec's vocabulary it names holds. A field
    /// the form does not carry (`submitted` answers `None`) and a rule the platform does not know are
    /// the client's to check.
    pub fn scenario<'a>(
        &mut self,
        fields: &[FieldRules],
        submitted: impl Fn(&str) -> Option<Submitted<'a>>,
        today: chrono::NaiveDate,
    ) -> &mut Self {
        for field in fields {
            let failure = match submitted(&field.field) {
                None => None,
                Some(Submitted::Flag(ticked)) => {
                    let must =
                        field.is_required || field.rules.iter().any(|r| r.rule == "accepted");
                    (must && !ticked).then(|| "This field must be accepted".to_owned())
                }
                Some(Submitted::Text(text)) => {
                    match text.map(str::trim).filter(|t| !t.is_empty()) {
                        None => field
                            .is_required
                            .then(|| "This field is required".to_owned()),
                        Some(text) => field
                            .rules
                            .iter()
                            .find_map(|rule| broken(rule, text, today)),
                    }
                }
            };
            self.check(&field.field, failure);
        }
        self
    }

    pub fn finish(self) -> Result<(), ApiError> {
        if self.fields.is_empty() {
            Ok(())
        } else {
            Err(ApiError::validation(self.fields))
        }
    }
}

/// A form field as a scenario's rules read it.
pub enum Submitted<'a> {
    /// Typed text; `None` when left out.
    Text(Option<&'a str>),
    /// A check box.
    Flag(bool),
}

/// The message of `rule` when `text` breaks it.
fn broken(rule: &FieldRule, text: &str, today: chrono::NaiveDate) -> Option<String> {
    let amount = rule.value.and_then(|v| usize::try_from(v).ok());
    match (rule.rule.as_str(), amount) {
        ("email", _) => email(text),
        ("minLength", Some(min)) => min_length(text, min),
        ("maxLength", Some(max)) => max_length(text, max),
        ("alpha_dash", _) => (!text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-'))
        .then(|| "Use only letters, digits, underscores and hyphens".to_owned()),
        ("alphaNum", _) => (!text.chars().all(char::is_alphanumeric))
            .then(|| "The value must be alpha-numeric".to_owned()),
        ("countryCode", _) => (!(text.len() == 2 && text.bytes().all(|b| b.is_ascii_alphabetic())))
            .then(|| "Choose a country from the list".to_owned()),
        ("date", _) => date(text),
        ("minAge", Some(years)) => min_age(text, years as i64, today),
        ("phone", _) => phone(text),
        ("cpf_number", _) => cpf_number(text),
        _ => None,
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

/// Players must be at least this old (the spec's `minAge`, years of 365 days).
pub const MIN_AGE_YEARS: i64 = 18;
/// An address line longer than this is not an address.
pub const ADDRESS_MAX: usize = 200;

/// `YYYY-MM-DD`, a real calendar day between the years 1000 and 3000 (the spec's `date`), not in the
/// future, and at least [`MIN_AGE_YEARS`] of 365 days before `today` (the spec's `minAge`).
pub fn birthdate(value: &str, today: chrono::NaiveDate) -> Option<String> {
    date(value).or_else(|| min_age(value, MIN_AGE_YEARS, today))
}

fn calendar_day(value: &str) -> Option<chrono::NaiveDate> {
    let shaped = value.len() == 10
        && value.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    shaped
        .then(|| chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").ok())
        .flatten()
        .filter(|day| (1000..=3000).contains(&chrono::Datelike::year(day)))
}

/// Today's date by the platform's clock, for the rules that count years.
pub fn today() -> Result<chrono::NaiveDate, ApiError> {
    Ok(
        chrono::DateTime::from_timestamp(crate::clock::unix_seconds() as i64, 0)
            .ok_or_else(|| anyhow::anyhow!("the clock is out of chrono's range"))?
            .date_naive(),
    )
}

/// The spec's `date`: `YYYY-MM-DD`, a real calendar day between the years 1000 and 3000.
pub fn date(value: &str) -> Option<String> {
    calendar_day(value)
        .is_none()
        .then(|| "Enter a real date as YYYY-MM-DD".to_owned())
}

/// The spec's `minAge`: a day at least `years` of 365 days before `today` (not a day: no age).
pub fn min_age(value: &str, years: i64, today: chrono::NaiveDate) -> Option<String> {
    let old_enough = calendar_day(value).is_some_and(|day| (today - day).num_days() >= years * 365);
    (!old_enough).then(|| format!("You must be at least {years} years old"))
}

/// A phone number in international format (`verification::normalise_phone`).
pub fn phone(value: &str) -> Option<String> {
    normalise_phone(value)
        .is_none()
        .then(|| "Enter the number in international format, e.g. +44 7700 900123".to_owned())
}

pub fn gender(value: &str) -> Option<String> {
    (!matches!(value, "male" | "female" | "other")).then(|| "Choose one of the options".to_owned())
}

pub fn address(value: &str) -> Option<String> {
    min_length(value, NAME_MIN).or_else(|| max_length(value, ADDRESS_MAX))
}

/// Letters and digits, 3 to 10 of them (every postal code system in use fits).
pub fn postal_code(value: &str) -> Option<String> {
    if !value.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Some("The value must be alpha-numeric".to_owned());
    }
    (!(3..=10).contains(&value.len()))
        .then(|| "Enter a postal code of 3 to 10 characters".to_owned())
}

/// An IANA name as the browser's `Intl` lists them (`Area/City`, `UTC`): the shape is checked, not
/// the zone database, which the client's list comes from.
pub fn time_zone(value: &str) -> Option<String> {
    let shaped = (2..=64).contains(&value.len())
        && value.starts_with(|c: char| c.is_ascii_uppercase())
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+'))
        && !value.contains("//");
    (!shaped).then(|| "Choose a time zone from the list".to_owned())
}

/// The Brazilian taxpayer number (the spec's `cpf_number`): 11 digits, not all equal, with both
/// check digits right.
pub fn cpf_number(value: &str) -> Option<String> {
    let digits: Vec<u32> = value.chars().filter_map(|c| c.to_digit(10)).collect();
    let check = |count: usize| {
        let sum: u32 = digits[..count]
            .iter()
            .zip((2..=count as u32 + 1).rev())
            .map(|(digit, weight)| digit * weight)
            .sum();
        let rest = sum * 10 % 11;
        if rest == 10 { 0 } else { rest }
    };
    let valid = value.len() == 11
        && digits.len() == 11
        && digits.iter().any(|d| *d != digits[0])
        && check(9) == digits[9]
        && check(10) == digits[10];
    (!valid).then(|| "Enter a valid CPF number".to_owned())
}

/// The spec's `fullName`: exactly two words of at least [`NAME_MIN`] characters, at most
/// [`FULL_NAME_MAX`] in all.
pub fn full_name(value: &str) -> Option<String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let two_words = words.len() == 2 && words.iter().all(|w| w.chars().count() >= NAME_MIN);
    (!two_words)
        .then(|| "Enter exactly two words: your first and last name".to_owned())
        .or_else(|| max_length(value, FULL_NAME_MAX))
}

/// An identity document's number (the spec's `personalIdNumber`: at least 2 characters), letters and
/// digits only once the separators people type are dropped.
pub fn personal_id_number(value: &str) -> Option<String> {
    if !value.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Some("The value must be alpha-numeric".to_owned());
    }
    min_length(value, NAME_MIN).or_else(|| max_length(value, PERSONAL_ID_MAX))
}

/// A free-text line of the profile (profession, place of birth, security question and answer).
pub fn text_line(value: &str) -> Option<String> {
    min_length(value, NAME_MIN).or_else(|| max_length(value, NAME_MAX))
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
    fn birthdates_are_real_days_of_adults() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        assert_eq!(birthdate("1990-05-17", today), None);
        for bad in [
            "1990-02-30",
            "1990-13-01",
            "90-05-17",
            "1990/05/17",
            "0999-01-01",
            "abc",
        ] {
            assert!(birthdate(bad, today).is_some(), "{bad}");
        }
        // 18 years of 365 days is 6570 days: a day short is refused, the day itself allowed.
        let adult = today - chrono::Duration::days(6570);
        assert_eq!(birthdate(&adult.to_string(), today), None);
        let minor = today - chrono::Duration::days(6569);
        assert!(birthdate(&minor.to_string(), today).is_some());
        assert!(birthdate("2030-01-01", today).is_some());
    }

    #[test]
    fn cpf_numbers_need_their_check_digits() {
        assert_eq!(cpf_number("52998224725"), None);
        assert_eq!(cpf_number("11144477735"), None);
        for bad in [
            "52998224724",
            "11111111111",
            "5299822472",
            "529982247250",
            "5299822472a",
        ] {
            assert!(cpf_number(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn postal_codes_and_time_zones() {
        assert_eq!(postal_code("SW1A1AA"), None);
        assert_eq!(postal_code("01310"), None);
        assert!(postal_code("12").is_some());
        assert!(postal_code("12 345").is_some());
        assert_eq!(time_zone("America/Sao_Paulo"), None);
        assert_eq!(time_zone("Etc/GMT+3"), None);
        assert_eq!(time_zone("UTC"), None);
        for bad in [
            "",
            "europe/lisbon",
            "Europe//Lisbon",
            "Europe/Lisbon;DROP",
            "<script>",
        ] {
            assert!(time_zone(bad).is_some(), "{bad}");
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
    fn full_names_are_two_words_of_at_most_thirty_characters() {
        assert_eq!(full_name("Ana Souza"), None);
        assert_eq!(full_name("  Ana   Souza "), None);
        for bad in ["Ana", "Ana Maria Souza", "A Souza"] {
            assert!(full_name(bad).is_some(), "{bad}");
        }
        assert_eq!(
            full_name(&format!("Ana {}", "s".repeat(27))),
            Some("The maximum length allowed is 30".to_owned())
        );
    }

    #[test]
    fn personal_id_numbers_are_letters_and_digits() {
        assert_eq!(personal_id_number("AB123456"), None);
        assert!(personal_id_number("A").is_some());
        assert!(personal_id_number("AB 12").is_some());
        assert!(personal_id_number(&"1".repeat(21)).is_some());
    }

    #[test]
    fn passwords_need_eight_characters() {
        assert!(password("1234567").is_some());
        assert_eq!(password("12345678"), None);
    }
}
