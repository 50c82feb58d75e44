//! The catalogues' refusals: a game, provider, sport or event that does not exist, a search or
//! filter that does not parse, a full list of favourites.

use crate::ApiError;
use crate::catalogue::favorites::MAX_FAVORITES;
use crate::catalogue::games::{MAX_FILTER_VALUES, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS};
use crate::catalogue::{CatalogueError, Filter};
use crate::sport::SportError;

/// 400 `invalid_search`, `unknown_*` for a filter; 404 for what is not there.
impl From<CatalogueError> for ApiError {
    fn from(error: CatalogueError) -> Self {
        let filter_names = |filter| match filter {
            Filter::Collection => ("unknown_collection", "collection"),
            Filter::Provider => ("unknown_provider", "provider"),
            Filter::Feature => ("unknown_feature", "feature"),
        };
        match error {
            CatalogueError::GameNotFound => {
                Self::not_found("game_not_found", "There is no such game.")
            }
            CatalogueError::ProviderNotFound { asked } => Self::not_found(
                "provider_not_found",
                format!("There is no provider {asked:?}."),
            ),
            CatalogueError::FavoritesFull => Self::conflict(
                "favorites_limit_reached",
                format!("You can keep up to {MAX_FAVORITES} favourite games. Remove one first."),
            ),
            CatalogueError::SearchEmpty => {
                Self::bad_request("invalid_search", "Type something to search for.")
            }
            CatalogueError::SearchTooShort => Self::bad_request(
                "invalid_search",
                format!("Type at least {SEARCH_MIN_CHARS} characters to search."),
            ),
            CatalogueError::SearchTooLong => Self::bad_request(
                "invalid_search",
                format!("A search is at most {SEARCH_MAX_CHARS} characters."),
            ),
            CatalogueError::TooManyFilterValues(filter) => {
                let (code, what) = filter_names(filter);
                Self::bad_request(
                    code,
                    format!("Filter by at most {MAX_FILTER_VALUES} {what}s at once."),
                )
            }
            CatalogueError::UnknownIdentity { filter, identity } => {
                let (code, what) = filter_names(filter);
                Self::bad_request(code, format!("There is no {what} {identity:?}."))
            }
            CatalogueError::Database(e) => e.into(),
            CatalogueError::Internal(e) => e.into(),
        }
    }
}

impl From<SportError> for ApiError {
    fn from(error: SportError) -> Self {
        match error {
            SportError::SportNotFound => {
                Self::not_found("sport_not_found", "There is no such sport.")
            }
            SportError::EventNotFound => {
                Self::not_found("event_not_found", "There is no such event.")
            }
            SportError::Database(e) => e.into(),
        }
    }
}
