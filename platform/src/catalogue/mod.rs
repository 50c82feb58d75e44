//! The game catalogue: games and their listing, collections, providers, features, artwork, the
//! player's favourites and recent searches. The HTTP side is `routes/games.rs`,
//! `routes/images.rs` and `routes/catalogue/`.

pub mod favorites;
pub mod features;
pub mod games;
pub mod images;
pub mod providers;
pub mod searches;

/// Why the catalogue refuses what the player asked.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("there is no such game")]
    GameNotFound,
    #[error("there is no provider {asked:?}")]
    ProviderNotFound { asked: String },
    #[error("the player keeps as many favourite games as they may")]
    FavoritesFull,
    #[error("the search is empty")]
    SearchEmpty,
    #[error("the search is too short")]
    SearchTooShort,
    #[error("the search is too long")]
    SearchTooLong,
    #[error("the {0:?} filter names too many values")]
    TooManyFilterValues(Filter),
    #[error("there is no {filter:?} {identity:?}")]
    UnknownIdentity { filter: Filter, identity: String },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What a listing's filter names by identity.
#[derive(Debug, Clone, Copy)]
pub enum Filter {
    Collection,
    Provider,
    Feature,
}

impl Filter {
    fn table(self) -> &'static str {
        match self {
            Self::Collection => "game_collections",
            Self::Provider => "game_providers",
            Self::Feature => "game_features",
        }
    }
}
