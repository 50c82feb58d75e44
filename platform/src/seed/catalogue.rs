//! The demo game catalogue: 20 providers, 600 games and the collections of the home page. Names are
//! generated deterministically so every fresh sandbox holds the same catalogue.

use sqlx::{Sqlite, Transaction};

const PROVIDERS: &[&str] = &[
    "Sandbox Studio",
    "Northern Lights Gaming",
    "Red Panda Play",
    "Golden Reel",
    "Blue Ocean Games",
    "Crystal Forge",
    "Neon Arcade",
    "Mountain Peak Studios",
    "Silver Fox Gaming",
    "Jungle Drum",
    "Aurora Live",
    "Velvet Table",
    "Lucky Cat Interactive",
    "Iron Anchor",
    "Starlit Spins",
    "Coral Reef Studios",
    "Thunder Hoof",
    "Sunset Boulevard Games",
    "Quantum Dice",
    "Royal Deck Live",
];

/// Providers that stream live dealers: their table games are live games.
const LIVE_STUDIOS: &[&str] = &["Aurora Live", "Royal Deck Live", "Velvet Table"];

/// The sandbox studio's own titles, first in the catalogue and the most popular.
const SANDBOX_TITLES: &[(&str, &str)] = &[
    ("Lucky Sevens", "slots"),
    ("Dice Duel", "table"),
    ("Rocket Rush", "crash"),
    ("Fruit Cocktail Deluxe", "slots"),
    ("Midnight Roulette", "table"),
    ("Book of Sands", "slots"),
    ("Diamond Mine", "slots"),
    ("Plinko Drop", "crash"),
];

const ADJECTIVES: &[&str] = &[
    "Golden", "Wild", "Mega", "Royal", "Mystic", "Fire", "Lucky", "Ancient", "Frozen", "Crazy",
    "Dragon's", "Sweet", "Super", "Emerald", "Thunder", "Hot", "Cosmic", "Neon", "Silver",
    "Jungle", "Pirate's", "Magic", "Big", "Shining", "Diamond", "Sunny", "Midnight", "Lost",
    "Flaming", "Electric",
];

/// (noun, category); table nouns become live games at live studios.
const NOUNS: &[(&str, &str)] = &[
    ("Fortune", "slots"),
    ("Dragon", "slots"),
    ("Treasure", "slots"),
    ("Gems", "slots"),
    ("Fruits", "slots"),
    ("Pharaoh", "slots"),
    ("Buffalo", "slots"),
    ("Safari", "slots"),
    ("Vikings", "slots"),
    ("Mermaid", "slots"),
    ("Phoenix", "slots"),
    ("Wolf", "slots"),
    ("Panda", "slots"),
    ("Jackpot", "slots"),
    ("Bonanza", "slots"),
    ("Roulette", "table"),
    ("Blackjack", "table"),
    ("Baccarat", "table"),
    ("Rocket", "crash"),
    ("Mines", "crash"),
];

pub const GAMES_TOTAL: usize = 600;

struct Collection {
    identity: &'static str,
    name: &'static str,
    hidden: bool,
    countries: &'static [&'static str],
}

const COLLECTIONS: &[Collection] = &[
    Collection {
        identity: "popular",
        name: "Popular",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "new",
        name: "New",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "slots",
        name: "Slots",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "live-casino",
        name: "Live Casino",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "table-games",
        name: "Table Games",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "crash-games",
        name: "Crash Games",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "jackpots",
        name: "Jackpots",
        hidden: false,
        countries: &[],
    },
    Collection {
        identity: "brazil-hits",
        name: "Brazil Hits",
        hidden: false,
        countries: &["BR", "PT"],
    },
    Collection {
        identity: "staff-picks",
        name: "Staff Picks",
        hidden: true,
        countries: &[],
    },
];

struct Game {
    identity: String,
    name: String,
    provider_id: i64,
    category: &'static str,
    popularity: i64,
    /// Days after 2024-01-01.
    released_day: i64,
}

pub fn slug(name: &str) -> String {
    let mut slug = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() && c != '\'' {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

/// A small deterministic mix, so popularity and release dates look scattered but never change.
fn scatter(i: usize, modulo: i64) -> i64 {
    let mut x = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    (x % modulo as u64) as i64
}

fn games() -> Vec<Game> {
    let live_studio =
        |provider_id: i64| LIVE_STUDIOS.contains(&PROVIDERS[provider_id as usize - 1]);
    let mut games: Vec<Game> = SANDBOX_TITLES
        .iter()
        .enumerate()
        .map(|(i, (name, category))| Game {
            identity: slug(name),
            name: (*name).to_owned(),
            provider_id: 1,
            category,
            popularity: 100_000 - i as i64,
            released_day: 1000 - i as i64 * 40,
        })
        .collect();
    let generated = GAMES_TOTAL - SANDBOX_TITLES.len();
    for i in 0..generated {
        // Adjective i mod 30 with noun (i / 30 + i) mod 20 visits every pair at most once.
        let adjective = ADJECTIVES[i % ADJECTIVES.len()];
        let (noun, noun_category) = NOUNS[(i / ADJECTIVES.len() + i) % NOUNS.len()];
        let provider_id = 2 + (i % (PROVIDERS.len() - 1)) as i64;
        let category = match noun_category {
            "table" if live_studio(provider_id) => "live",
            other => other,
        };
        let name = format!("{adjective} {noun}");
        games.push(Game {
            identity: slug(&name),
            name,
            provider_id,
            category,
            popularity: scatter(i, 10_000),
            released_day: scatter(i + 7919, 1000),
        });
    }
    games
}

/// The game ids (1-based, in insertion order) of each collection, in display order.
fn members(identity: &str, games: &[Game]) -> Vec<i64> {
    let mut by_popularity: Vec<usize> = (0..games.len()).collect();
    by_popularity.sort_by_key(|&i| (-games[i].popularity, i));
    let ranked = |keep: &dyn Fn(&Game) -> bool, limit: usize| -> Vec<i64> {
        by_popularity
            .iter()
            .filter(|&&i| keep(&games[i]))
            .take(limit)
            .map(|&i| i as i64 + 1)
            .collect()
    };
    match identity {
        "popular" => ranked(&|_| true, 24),
        "new" => {
            let mut newest: Vec<usize> = (0..games.len()).collect();
            newest.sort_by_key(|&i| (-games[i].released_day, i));
            newest.into_iter().take(24).map(|i| i as i64 + 1).collect()
        }
        "slots" => ranked(&|g| g.category == "slots", 48),
        "live-casino" => ranked(&|g| g.category == "live", 24),
        "table-games" => ranked(&|g| g.category == "table", 24),
        "crash-games" => ranked(&|g| g.category == "crash", 24),
        "jackpots" => ranked(
            &|g| g.name.contains("Jackpot") || g.name.contains("Treasure"),
            24,
        ),
        "brazil-hits" => ranked(
            &|g| g.name.starts_with("Jungle") || g.name.starts_with("Sunny"),
            16,
        ),
        "staff-picks" => ranked(&|g| g.provider_id == 1, 12),
        _ => Vec::new(),
    }
}

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for (i, name) in PROVIDERS.iter().enumerate() {
        sqlx::query(
            "INSERT INTO game_providers (id, identity, name, position) VALUES (?, ?, ?, ?)",
        )
        .bind(i as i64 + 1)
        .bind(slug(name))
        .bind(name)
        .bind(i as i64)
        .execute(&mut **tx)
        .await?;
    }
    let games = games();
    for (i, game) in games.iter().enumerate() {
        sqlx::query(
            "INSERT INTO games (id, identity, name, provider_id, category, popularity, released_on)
             VALUES (?, ?, ?, ?, ?, ?, date('2024-01-01', '+' || ? || ' days'))",
        )
        .bind(i as i64 + 1)
        .bind(&game.identity)
        .bind(&game.name)
        .bind(game.provider_id)
        .bind(game.category)
        .bind(game.popularity)
        .bind(game.released_day)
        .execute(&mut **tx)
        .await?;
    }
    for (position, collection) in COLLECTIONS.iter().enumerate() {
        let id = position as i64 + 1;
        sqlx::query(
            "INSERT INTO game_collections (id, identity, name, is_hidden, position) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(collection.identity)
        .bind(collection.name)
        .bind(collection.hidden)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
        for country in collection.countries {
            sqlx::query(
                "INSERT INTO game_collection_countries (collection_id, country_code) VALUES (?, ?)",
            )
            .bind(id)
            .bind(country)
            .execute(&mut **tx)
            .await?;
        }
        for (game_position, game_id) in members(collection.identity, &games).into_iter().enumerate()
        {
            sqlx::query(
                "INSERT INTO game_collection_games (collection_id, game_id, position) VALUES (?, ?, ?)",
            )
            .bind(id)
            .bind(game_id)
            .bind(game_position as i64)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_has_600_distinct_games() {
        let games = games();
        assert_eq!(games.len(), GAMES_TOTAL);
        let mut identities: Vec<&str> = games.iter().map(|g| g.identity.as_str()).collect();
        identities.sort_unstable();
        identities.dedup();
        assert_eq!(identities.len(), GAMES_TOTAL);
    }

    #[test]
    fn every_category_and_collection_has_games() {
        let games = games();
        for category in ["slots", "live", "table", "crash"] {
            assert!(games.iter().any(|g| g.category == category), "{category}");
        }
        for collection in COLLECTIONS {
            assert!(
                !members(collection.identity, &games).is_empty(),
                "{}",
                collection.identity
            );
        }
    }

    #[test]
    fn slugs_are_url_safe() {
        assert_eq!(slug("Dragon's Fortune"), "dragons-fortune");
        assert_eq!(slug("Rocket Rush!"), "rocket-rush");
    }
}
