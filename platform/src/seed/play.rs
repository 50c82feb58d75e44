//! The sportsbook the client starts through the play call (spec, section 3: start-game params,
//! provider `altenar`). It is not a casino game, so it sits in its own table, in no collection.

use sqlx::{Sqlite, Transaction};

pub const SPORTSBOOK_IDENTITY: &str = "altenar-sportsbook";

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sportsbooks (identity, name, provider) VALUES (?, 'Sportsbook', 'altenar')",
    )
    .bind(SPORTSBOOK_IDENTITY)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
