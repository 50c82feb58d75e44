//! What a player's history lists (invoices, spins, bets) can be narrowed to beside their own filters:
//! one currency and a half-open time range `[createdFrom, createdBefore)`.
//!
//! The client turns the player's calendar days (local time) into instants, so the range arrives as RFC 3339
//! with any offset; it is kept in the clock's format (`crate::clock`), UTC with milliseconds, because the
//! stored times compare as text.

use chrono::{DateTime, Datelike, Utc};

/// Why a history filter's value is refused.
#[derive(Debug, thiserror::Error)]
pub enum HistoryFilterError {
    #[error("currency is no currency code")]
    Currency,
    /// `name` is the query parameter.
    #[error("{name} is no RFC 3339 time")]
    NotAnInstant { name: &'static str },
    #[error("{name} is out of range")]
    OutOfRange { name: &'static str },
    #[error("createdFrom is after createdBefore")]
    FromAfterBefore,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    pub currency: Option<String>,
    pub created_from: Option<String>,
    pub created_before: Option<String>,
}

impl HistoryFilter {
    /// Checks the query's values: a currency code (any code: an unknown one matches nothing), and
    /// RFC 3339 instants with `createdFrom` not after `createdBefore`.
    pub fn parse(
        currency: Option<&str>,
        created_from: Option<&str>,
        created_before: Option<&str>,
    ) -> Result<Self, HistoryFilterError> {
        let currency = currency
            .map(|code| {
                let valid = (2..=10).contains(&code.len())
                    && code.starts_with(|c: char| c.is_ascii_uppercase())
                    && code
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
                if valid {
                    Ok(code.to_owned())
                } else {
                    Err(HistoryFilterError::Currency)
                }
            })
            .transpose()?;
        let created_from = created_from
            .map(|v| instant("createdFrom", v))
            .transpose()?;
        let created_before = created_before
            .map(|v| instant("createdBefore", v))
            .transpose()?;
        if let (Some(from), Some(before)) = (&created_from, &created_before)
            && from > before
        {
            return Err(HistoryFilterError::FromAfterBefore);
        }
        Ok(Self {
            currency,
            created_from,
            created_before,
        })
    }

    /// The SQL condition on `{table}.currency` and `{table}.created_at`, its parameters numbered from
    /// `first` (bind them with [`HistoryFilter::bind`] in that order).
    pub fn condition(table: &str, first: usize) -> String {
        let (c, f, b) = (first, first + 1, first + 2);
        format!(
            "(?{c} IS NULL OR {table}.currency = ?{c}) \
             AND (?{f} IS NULL OR {table}.created_at >= ?{f}) \
             AND (?{b} IS NULL OR {table}.created_at < ?{b})"
        )
    }

    /// Binds the condition's three parameters.
    pub fn bind<'q, O>(
        &'q self,
        query: sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments<'q>>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments<'q>> {
        query
            .bind(self.currency.as_deref())
            .bind(self.created_from.as_deref())
            .bind(self.created_before.as_deref())
    }

    /// Binds the condition's three parameters to a scalar query (a count).
    pub fn bind_scalar<'q, O>(
        &'q self,
        query: sqlx::query::QueryScalar<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments<'q>>,
    ) -> sqlx::query::QueryScalar<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments<'q>> {
        query
            .bind(self.currency.as_deref())
            .bind(self.created_from.as_deref())
            .bind(self.created_before.as_deref())
    }
}

/// An RFC 3339 instant as the clock writes times; years outside 1000–9999 would not sort as text.
fn instant(name: &'static str, value: &str) -> Result<String, HistoryFilterError> {
    let parsed = DateTime::parse_from_rfc3339(value)
        .map_err(|_| HistoryFilterError::NotAnInstant { name })?
        .with_timezone(&Utc);
    if !(1000..=9999).contains(&parsed.year()) {
        return Err(HistoryFilterError::OutOfRange { name });
    }
    Ok(parsed.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_with_any_offset_become_the_clocks_format() {
        let filter = HistoryFilter::parse(
            Some("USD"),
            Some("2026-11-01T00:00:00+03:00"),
            Some("2026-11-02T00:00:00.5Z"),
        )
        .unwrap();
        assert_eq!(
            filter,
            HistoryFilter {
                currency: Some("USD".into()),
                created_from: Some("2026-10-31T21:00:00.000Z".into()),
                created_before: Some("2026-11-02T00:00:00.500Z".into()),
            }
        );
        assert_eq!(
            HistoryFilter::parse(None, None, None).unwrap(),
            HistoryFilter::default()
        );
    }

    #[test]
    fn bad_values_are_refused() {
        for (currency, from, before) in [
            (Some("usd"), None, None),
            (Some("U"), None, None),
            (Some("USD'--"), None, None),
            (None, Some("2026-11-01"), None),
            (None, Some("yesterday"), None),
            (None, None, Some("2026-13-01T00:00:00Z")),
            (None, Some("0999-12-31T00:00:00Z"), None),
            (
                None,
                Some("2026-11-02T00:00:00Z"),
                Some("2026-11-01T00:00:00Z"),
            ),
        ] {
            assert!(
                HistoryFilter::parse(currency, from, before).is_err(),
                "{currency:?} {from:?} {before:?}"
            );
        }
    }
}
