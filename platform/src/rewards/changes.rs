//! What a rewards change tells the player, gathered inside its transaction and sent after the
//! commit, so a subscriber never sees a state that was rolled back.

use serde_json::Value;
use sqlx::{Sqlite, Transaction};

use crate::AppState;
use crate::routes::wallet;

pub type Tx = Transaction<'static, Sqlite>;

#[derive(Debug, Default)]
pub struct Changes {
    publications: Vec<(String, Value)>,
    balances: Vec<(i64, i64)>,
}

impl Changes {
    pub fn publish(&mut self, channel: String, data: Value) {
        self.publications.push((channel, data));
    }

    /// The player's account `account_id` changed balance.
    pub fn balance(&mut self, player_id: i64, account_id: i64) {
        if !self.balances.contains(&(player_id, account_id)) {
            self.balances.push((player_id, account_id));
        }
    }

    pub async fn send(self, state: &AppState) {
        for (player_id, account_id) in self.balances {
            wallet::publish_balance_change(state, player_id, account_id).await;
        }
        for (channel, data) in self.publications {
            crate::realtime::publish_logged(state.realtime.as_ref(), channel, data).await;
        }
    }
}

/// Now as stored in the rewards tables: ISO 8601 UTC with milliseconds, comparable as text.
pub const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// Credits `amount` to the player's account in `currency`, opening one (inactive) if the player
/// has none: a bonus in a currency is paid in that currency.
pub async fn credit_currency(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<(), crate::ApiError> {
    let existing: Option<i64> =
        sqlx::query_scalar("SELECT id FROM accounts WHERE player_id = ? AND currency = ?")
            .bind(player_id)
            .bind(currency)
            .fetch_optional(&mut **tx)
            .await?;
    let account_id = match existing {
        Some(id) => id,
        None => wallet::create_account(tx, player_id, currency, false).await?,
    };
    wallet::credit(tx, account_id, amount).await?;
    changes.balance(player_id, account_id);
    Ok(())
}
