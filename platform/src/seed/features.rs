//! Game features (step `catalogue-v2`): what a game offers beyond its reels, for the games filter.
//! Which game has which follows from its name, category and id, so every sandbox agrees.

use sqlx::{Sqlite, Transaction};

const FEATURES: &[(&str, &str)] = &[
    ("megaways", "Megaways"),
    ("jackpot", "Jackpot"),
    ("bonus-buy", "Bonus Buy"),
    ("free-spins", "Free Spins"),
    ("cascading-reels", "Cascading Reels"),
    ("hold-and-win", "Hold and Win"),
    ("multiplier", "Multipliers"),
    ("live-dealer", "Live Dealer"),
];

/// The features of one game, by identity.
fn features_of(id: i64, name: &str, category: &str) -> Vec<&'static str> {
    let mut features = Vec::new();
    let slots = category == "slots";
    if slots && (name.starts_with("Mega") || id % 9 == 0) {
        features.push("megaways");
    }
    if name.contains("Jackpot") || name.contains("Treasure") || (slots && id % 13 == 0) {
        features.push("jackpot");
    }
    if slots && id % 3 == 0 {
        features.push("bonus-buy");
    }
    if slots && (id % 2 == 0 || name.contains("Book")) {
        features.push("free-spins");
    }
    if slots
        && (["Gems", "Fruits", "Bonanza"]
            .iter()
            .any(|n| name.contains(n))
            || id % 7 == 0)
    {
        features.push("cascading-reels");
    }
    if slots
        && ["Buffalo", "Dragon", "Panda", "Diamond"]
            .iter()
            .any(|n| name.contains(n))
    {
        features.push("hold-and-win");
    }
    if category == "crash" || (slots && id % 5 == 1) {
        features.push("multiplier");
    }
    if category == "live" {
        features.push("live-dealer");
    }
    features
}

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for (position, (identity, name)) in FEATURES.iter().enumerate() {
        sqlx::query("INSERT INTO game_features (id, identity, name, position) VALUES (?, ?, ?, ?)")
            .bind(position as i64 + 1)
            .bind(identity)
            .bind(name)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
    }
    let games: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, name, category FROM games ORDER BY id")
            .fetch_all(&mut **tx)
            .await?;
    for (id, name, category) in games {
        for feature in features_of(id, &name, &category) {
            sqlx::query(
                "INSERT INTO game_feature_games (game_id, feature_id)
                 SELECT ?, id FROM game_features WHERE identity = ?",
            )
            .bind(id)
            .bind(feature)
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
    fn features_follow_the_game() {
        assert!(features_of(3, "Mega Fortune", "slots").contains(&"megaways"));
        assert!(features_of(3, "Mega Fortune", "slots").contains(&"bonus-buy"));
        assert_eq!(features_of(10, "Golden Roulette", "live"), ["live-dealer"]);
        assert_eq!(features_of(11, "Wild Mines", "crash"), ["multiplier"]);
        assert!(features_of(4, "Lucky Jackpot", "slots").contains(&"jackpot"));
    }
}
