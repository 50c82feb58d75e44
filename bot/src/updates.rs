//! Each Telegram update is handled once, however often it arrives (`bot_updates`, see
//! `migrations/`): Telegram redelivers a webhook update it did not see acknowledged, and with two
//! replicas behind one webhook the second delivery can reach the other replica. The replicas share
//! the services' database, where the first to record an update's id wins.

use sqlx::AnyPool;

use crate::storage::now_ms;

/// Telegram keeps an undelivered update for 24 hours; ids are kept a day longer.
const KEPT_MS: i64 = 2 * 24 * 60 * 60 * 1000;
/// One update in this many prunes the old ids (cheap enough to do inline, rare enough not to matter).
const PRUNE_EVERY: i64 = 500;

#[derive(Clone)]
pub struct UpdateLog {
    pool: AnyPool,
}

impl UpdateLog {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// Records the update; `true` for its first delivery, `false` when some replica already took it.
    pub async fn first_delivery(&self, update_id: i64) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        let inserted = sqlx::query(
            "INSERT INTO bot_updates (update_id, received_at) VALUES ($1, $2)
             ON CONFLICT (update_id) DO NOTHING",
        )
        .bind(update_id)
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1;
        if inserted && update_id % PRUNE_EVERY == 0 {
            sqlx::query("DELETE FROM bot_updates WHERE received_at < $1")
                .bind(now - KEPT_MS)
                .execute(&self.pool)
                .await?;
        }
        Ok(inserted)
    }
}
