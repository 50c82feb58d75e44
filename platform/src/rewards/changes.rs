//! What a rewards change tells the player, gathered inside its transaction and sent after the
//! commit, so a subscriber never sees a state that was rolled back.

use serde::Serialize;
use serde_json::{Value, json};

use crate::bot_events::{BonusState, BotEvents, Notice};
use crate::deps::Deps;
use crate::rewards::RewardError;
use crate::wallet;

pub use crate::db::Tx;

#[derive(Debug, Default)]
pub struct Changes {
    publications: Vec<(String, Value)>,
    balances: Vec<(i64, i64)>,
    /// Where the change's player events for the bot are written, in its transaction.
    bot_events: BotEvents,
    told_the_bot: bool,
}

impl Changes {
    pub fn new(bot_events: BotEvents) -> Self {
        Self {
            bot_events,
            ..Self::default()
        }
    }

    /// Writes a player event for the bot in the change's transaction.
    pub async fn tell_bot(
        &mut self,
        tx: &mut Tx,
        player_id: i64,
        notice: Notice,
    ) -> Result<(), sqlx::Error> {
        self.told_the_bot |= self.bot_events.enqueue(tx, player_id, notice).await?;
        Ok(())
    }

    /// Keeps the bot's expiry reminder of a bonus in step with it (`BotEvents::bonus_changed`).
    pub async fn bonus_changed(
        &mut self,
        tx: &mut Tx,
        player_id: i64,
        bonus: &BonusState<'_>,
    ) -> Result<(), sqlx::Error> {
        self.told_the_bot |= self.bot_events.bonus_changed(tx, player_id, bonus).await?;
        Ok(())
    }

    pub fn publish(&mut self, channel: String, data: Value) {
        self.publications.push((channel, data));
    }

    /// Publishes `{"event": event, key: item}` on `channel` for each item.
    pub fn publish_each<T: Serialize>(
        &mut self,
        channel: &str,
        event: &str,
        key: &str,
        items: &[T],
    ) {
        for item in items {
            let mut data = serde_json::Map::new();
            data.insert("event".to_owned(), Value::from(event));
            data.insert(key.to_owned(), json!(item));
            self.publish(channel.to_owned(), Value::Object(data));
        }
    }

    /// The player's account `account_id` changed balance.
    pub fn balance(&mut self, player_id: i64, account_id: i64) {
        if !self.balances.contains(&(player_id, account_id)) {
            self.balances.push((player_id, account_id));
        }
    }

    pub async fn send(self, deps: &Deps) {
        if self.told_the_bot {
            self.bot_events.wake();
        }
        for (player_id, account_id) in self.balances {
            wallet::publish_balance_change(deps, player_id, account_id).await;
        }
        for (channel, data) in self.publications {
            crate::realtime::publish_logged(deps.realtime.as_ref(), channel, data).await;
        }
    }
}

/// Credits `amount` to the player's account in `currency`, opening one (inactive) if the player
/// has none: a bonus in a currency is paid in that currency. Answers the account credited.
pub async fn credit_currency(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    currency: &str,
    amount: i64,
) -> Result<i64, RewardError> {
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
    Ok(account_id)
}
