//! The outbox (`bot_outbox`, see `migrations/`): every accepted event once, and what became of it.
//! Replicas share it: a pending row is claimed with a lease before it is sent, at most one row per
//! chat at a time and none before the chat's pace allows (`bot_chat_pace`), and the send is
//! recorded with the chat's next allowed time in one transaction.

use std::time::Duration;

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::events::Event;
use crate::storage::now_ms;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepted {
    New,
    /// An event with this id was accepted before; nothing changed.
    Duplicate,
}

/// A claimed event, to be sent or dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub event_id: String,
    pub telegram_id: i64,
    pub body: String,
    pub occurred_at_ms: i64,
    pub valid_until_ms: Option<i64>,
    /// Claims so far, this one included.
    pub attempts: i64,
    /// The staff broadcast this row carries (`crate::broadcast`); `None` for a platform event.
    pub broadcast_id: Option<i64>,
}

/// The two kinds of rows the sender claims separately, so that it can give each its share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    Events,
    Broadcasts,
}

impl Lane {
    fn condition(self, alias: &str) -> String {
        match self {
            Self::Events => format!("{alias}.broadcast_id IS NULL"),
            Self::Broadcasts => format!("{alias}.broadcast_id IS NOT NULL"),
        }
    }
}

/// What became of an event, for tests and staff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub state: String,
    pub outcome: Option<String>,
    pub attempts: i64,
}

#[derive(Clone)]
pub struct Outbox {
    pool: AnyPool,
    /// PostgreSQL: concurrent claims skip each other's rows (`FOR UPDATE SKIP LOCKED`).
    postgres: bool,
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

impl Outbox {
    pub fn new(pool: AnyPool) -> Self {
        let postgres = pool
            .connect_options()
            .database_url
            .scheme()
            .starts_with("postgres");
        Self { pool, postgres }
    }

    /// Stores an event once by id. Its `cancels` drop the pending events of the same player with
    /// those keys that occurred no later, and are kept so that such an event arriving afterwards is
    /// dropped as it is stored. A cancellation is stored as dropped: it sends nothing itself.
    pub async fn accept(&self, event: &Event, body: &str) -> Result<Accepted, sqlx::Error> {
        let now = now_ms();
        let kind = event.notice.kind().map_or("cancel", |kind| kind.as_str());
        let (state, outcome) = match event.notice.kind() {
            Some(_) => ("pending", None),
            None => ("dropped", Some("cancellation")),
        };
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO bot_outbox (event_id, kind, telegram_id, body, occurred_at_ms, \
                 valid_until_ms, cancel_key, received_at_ms, state, next_attempt_at_ms, outcome) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10) \
             ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(&event.id)
        .bind(kind)
        .bind(event.telegram_id)
        .bind(body)
        .bind(event.occurred_at_ms)
        .bind(event.valid_until_ms)
        .bind(&event.key)
        .bind(now)
        .bind(state)
        .bind(outcome)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            tx.commit().await?;
            return Ok(Accepted::Duplicate);
        }
        for key in &event.cancels {
            sqlx::query(
                "INSERT INTO bot_outbox_cancels (telegram_id, cancel_key, cancelled_at_ms) \
                 VALUES ($1, $2, $3) \
                 ON CONFLICT (telegram_id, cancel_key) DO UPDATE SET cancelled_at_ms = \
                     CASE WHEN excluded.cancelled_at_ms > bot_outbox_cancels.cancelled_at_ms \
                     THEN excluded.cancelled_at_ms ELSE bot_outbox_cancels.cancelled_at_ms END",
            )
            .bind(event.telegram_id)
            .bind(key)
            .bind(event.occurred_at_ms)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE bot_outbox SET state = 'dropped', outcome = 'superseded', \
                     claimed_until_ms = NULL, finished_at_ms = $1 \
                 WHERE telegram_id = $2 AND cancel_key = $3 AND state = 'pending' \
                   AND occurred_at_ms <= $4",
            )
            .bind(now)
            .bind(event.telegram_id)
            .bind(key)
            .bind(event.occurred_at_ms)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(key) = &event.key {
            sqlx::query(
                "UPDATE bot_outbox SET state = 'dropped', outcome = 'superseded', finished_at_ms = $1 \
                 WHERE event_id = $2 AND state = 'pending' AND EXISTS (SELECT 1 FROM bot_outbox_cancels c \
                     WHERE c.telegram_id = $3 AND c.cancel_key = $4 AND c.cancelled_at_ms >= $5)",
            )
            .bind(now)
            .bind(&event.id)
            .bind(event.telegram_id)
            .bind(key)
            .bind(event.occurred_at_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Accepted::New)
    }

    /// Claims up to `limit` rows of `lane` due now for [`lease`]: per chat only the lane's earliest
    /// pending one, and only when none of the chat's rows is claimed and the chat's pace allows.
    /// Replicas claiming at once never take the same row nor two rows of one chat, and a player's
    /// event never waits behind a broadcast.
    pub async fn claim(
        &self,
        limit: usize,
        lease: Duration,
        lane: Lane,
    ) -> Result<Vec<Claimed>, sqlx::Error> {
        let now = now_ms();
        let skip_held = if self.postgres {
            " FOR UPDATE SKIP LOCKED"
        } else {
            ""
        };
        let free = "(claimed_until_ms IS NULL OR claimed_until_ms <= $2)";
        let (own_lane, same_lane) = (lane.condition("o"), lane.condition("p"));
        // The rows are picked once, in a materialized step: as a subquery of the UPDATE, PostgreSQL's
        // generic plan (a prepared statement's, from its sixth run) may scan it again for every row
        // it updates, and each scan skips the rows just claimed and locks the next ones: a claim of
        // 20 would take a broadcast's whole backlog, and the rows beyond the 20 sent would wait for
        // their lease.
        let sql = format!(
            "WITH picked AS MATERIALIZED ( \
                 SELECT o.event_id FROM bot_outbox o \
                 WHERE o.state = 'pending' AND o.next_attempt_at_ms <= $2 AND {own_lane} \
                   AND (o.claimed_until_ms IS NULL OR o.claimed_until_ms <= $2) \
                   AND NOT EXISTS (SELECT 1 FROM bot_outbox p \
                       WHERE p.telegram_id = o.telegram_id AND p.state = 'pending' \
                         AND p.event_id <> o.event_id \
                         AND (p.claimed_until_ms > $2 OR ({same_lane} \
                              AND (p.received_at_ms < o.received_at_ms \
                                   OR (p.received_at_ms = o.received_at_ms AND p.event_id < o.event_id))))) \
                   AND NOT EXISTS (SELECT 1 FROM bot_chat_pace c \
                       WHERE c.telegram_id = o.telegram_id AND c.next_send_at_ms > $2) \
                 ORDER BY o.next_attempt_at_ms, o.received_at_ms LIMIT $3{skip_held}) \
             UPDATE bot_outbox SET claimed_until_ms = $1, attempts = attempts + 1 \
             WHERE event_id IN (SELECT event_id FROM picked) AND state = 'pending' AND {free} \
             RETURNING event_id, telegram_id, body, occurred_at_ms, valid_until_ms, attempts, \
                 broadcast_id"
        );
        let rows = sqlx::query(&sql)
            .bind(now.saturating_add(millis(lease)))
            .bind(now)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(claimed).collect()
    }

    /// Records that Telegram accepted the event's message, and when the chat may get the next.
    pub async fn record_sent(
        &self,
        row: &Claimed,
        message_id: i64,
        chat_interval: Duration,
    ) -> Result<(), sqlx::Error> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE bot_outbox SET state = 'sent', outcome = NULL, claimed_until_ms = NULL, \
                 telegram_message_id = $1, finished_at_ms = $2 WHERE event_id = $3",
        )
        .bind(message_id)
        .bind(now)
        .bind(&row.event_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO bot_chat_pace (telegram_id, next_send_at_ms) VALUES ($1, $2) \
             ON CONFLICT (telegram_id) DO UPDATE SET next_send_at_ms = excluded.next_send_at_ms",
        )
        .bind(row.telegram_id)
        .bind(now.saturating_add(millis(chat_interval)))
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// Records that the event will not be sent, and why.
    pub async fn record_dropped(&self, row: &Claimed, reason: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE bot_outbox SET state = 'dropped', outcome = $1, claimed_until_ms = NULL, \
                 finished_at_ms = $2 WHERE event_id = $3 AND state = 'pending'",
        )
        .bind(reason)
        .bind(now_ms())
        .bind(&row.event_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Leaves the event pending until `after` from now (`why` kept for staff), or releases a claim
    /// that was not used when `after` is zero.
    pub async fn retry_after(
        &self,
        row: &Claimed,
        after: Duration,
        why: Option<&str>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE bot_outbox SET claimed_until_ms = NULL, next_attempt_at_ms = $1, \
                 outcome = COALESCE($2, outcome) WHERE event_id = $3 AND state = 'pending'",
        )
        .bind(now_ms().saturating_add(millis(after)))
        .bind(why)
        .bind(&row.event_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn status(&self, event_id: &str) -> Result<Option<Status>, sqlx::Error> {
        let row =
            sqlx::query("SELECT state, outcome, attempts FROM bot_outbox WHERE event_id = $1")
                .bind(event_id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|row| {
            Ok(Status {
                state: row.try_get("state")?,
                outcome: row.try_get("outcome")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .transpose()
    }

    /// Removes finished events older than `age` (the ids a redelivery could repeat are long past).
    pub async fn prune(&self, age: Duration) -> Result<u64, sqlx::Error> {
        Ok(
            sqlx::query("DELETE FROM bot_outbox WHERE state <> 'pending' AND received_at_ms < $1")
                .bind(now_ms().saturating_sub(millis(age)))
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }
}

fn claimed(row: &AnyRow) -> Result<Claimed, sqlx::Error> {
    Ok(Claimed {
        event_id: row.try_get("event_id")?,
        telegram_id: row.try_get("telegram_id")?,
        body: row.try_get("body")?,
        occurred_at_ms: row.try_get("occurred_at_ms")?,
        valid_until_ms: row.try_get("valid_until_ms")?,
        attempts: row.try_get("attempts")?,
        broadcast_id: row.try_get("broadcast_id")?,
    })
}
