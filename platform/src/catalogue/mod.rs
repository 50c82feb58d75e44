//! The game catalogue: games and their listing, collections, providers, features, artwork, the
//! player's favourites and recent searches. The HTTP side is `routes/games.rs`,
//! `routes/images.rs` and `routes/catalogue/`.

pub mod favorites;
pub mod features;
pub mod games;
pub mod images;
pub mod providers;
pub mod searches;
