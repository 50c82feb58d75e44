//! The refusals of the site's pages and lists: content, history filters, the sandbox's pixel.

use crate::ApiError;
use crate::content::{ContentError, Kind};
use crate::history_filter::HistoryFilterError;
use crate::pixel::BeaconError;

/// 404 with the kind's own code; 400 `invalid_locale`.
impl From<ContentError> for ApiError {
    fn from(error: ContentError) -> Self {
        match error {
            ContentError::NotFound(kind) => {
                let (code, message) = match kind {
                    Kind::Page => ("page_not_found", "There is no such page."),
                    Kind::Faq => ("question_not_found", "There is no such question."),
                    Kind::Bonus => ("bonus_page_not_found", "There is no such bonus page."),
                    Kind::Welcome => ("welcome_package_not_found", "There is no welcome package."),
                };
                Self::not_found(code, message)
            }
            ContentError::InvalidLocale { written } => Self::bad_request(
                "invalid_locale",
                format!("{written:?} is not a locale such as en or pt-br."),
            ),
            ContentError::Database(e) => e.into(),
        }
    }
}

/// 400 `invalid_query`, as for any other query that does not parse.
impl From<HistoryFilterError> for ApiError {
    fn from(error: HistoryFilterError) -> Self {
        let message = match error {
            HistoryFilterError::Currency => "currency is a currency code, e.g. USD.".to_owned(),
            HistoryFilterError::NotAnInstant { name } => {
                format!("{name} is an RFC 3339 time, e.g. 2026-11-01T00:00:00Z.")
            }
            HistoryFilterError::OutOfRange { name } => format!("{name} is out of range."),
            HistoryFilterError::FromAfterBefore => "createdFrom is after createdBefore.".to_owned(),
        };
        Self::bad_request("invalid_query", message)
    }
}

/// 422 naming the field.
impl From<BeaconError> for ApiError {
    fn from(error: BeaconError) -> Self {
        match error {
            BeaconError::Invalid { field, rule } => Self::invalid_field(field, rule),
            BeaconError::Database(e) => e.into(),
        }
    }
}
