//! Moving broadcasts along: each tick, for every broadcast being sent, the next players are added
//! to the outbox (the sender sends them within its share of the rate), the author's message shows
//! the progress at most once per `progress_every`, and the report comes when no player is left.
//! Every step is a guarded database update, so replicas can all run this without doing anything
//! twice.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::MessageId;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::{Broadcast, Broadcasts, Counts};
use crate::TelegramBot;

pub struct Driver {
    pub broadcasts: Broadcasts,
    pub telegram: TelegramBot,
    pub progress_every: Duration,
    /// How many of a broadcast's rows wait in the outbox at most: enough for a few seconds of
    /// sending, few enough that a claim never scans a broadcast's whole audience.
    pub backlog: i64,
    /// The sender's: woken when players were added.
    pub wake: Arc<Notify>,
    /// Tells the sender whether a broadcast is being sent.
    pub broadcasting: Arc<AtomicBool>,
}

impl Driver {
    pub async fn run(self, shutdown: CancellationToken) {
        let tick =
            (self.progress_every / 4).clamp(Duration::from_millis(20), Duration::from_millis(500));
        loop {
            tokio::select! {
                () = shutdown.cancelled() => break,
                () = tokio::time::sleep(tick) => {}
            }
            if let Err(e) = self.step().await {
                tracing::warn!(error = %e, "cannot move the broadcasts along");
            }
        }
    }

    async fn step(&self) -> Result<(), sqlx::Error> {
        let every_ms = i64::try_from(self.progress_every.as_millis()).unwrap_or(i64::MAX);
        let sending = self.broadcasts.sending().await?;
        self.broadcasting
            .store(!sending.is_empty(), Ordering::Relaxed);
        for broadcast in sending {
            if self.broadcasts.top_up(&broadcast, self.backlog).await? > 0 {
                self.wake.notify_one();
            }
            if let Some(counts) = self.broadcasts.finish(&broadcast).await? {
                tracing::info!(
                    broadcast = broadcast.id,
                    sent = counts.sent,
                    blocked = counts.blocked,
                    failed = counts.failed,
                    "a broadcast was sent"
                );
                let report = report(broadcast.id, counts);
                self.edit(&broadcast, report.clone()).await;
                let chat = ChatId(broadcast.staff_id);
                if let Err(e) = self.telegram.send_message(chat, report).await {
                    tracing::warn!(error = %e, "cannot send a broadcast's report");
                }
            } else if self
                .broadcasts
                .progress_turn(broadcast.id, every_ms)
                .await?
            {
                let counts = self.broadcasts.counts(broadcast.id).await?;
                self.edit(&broadcast, progress(&broadcast, counts)).await;
            }
        }
        Ok(())
    }

    async fn edit(&self, broadcast: &Broadcast, text: String) {
        let Some(message) = broadcast.progress_message_id else {
            return;
        };
        let chat = ChatId(broadcast.staff_id);
        if let Err(e) = self
            .telegram
            .edit_message_text(chat, MessageId(message), text)
            .await
        {
            tracing::warn!(error = %e, "cannot update a broadcast's progress message");
        }
    }
}

pub fn progress(broadcast: &Broadcast, counts: Counts) -> String {
    format!(
        "Broadcast {}: {} of {} done ({} sent, {} blocked, {} failed)…",
        broadcast.id,
        counts.done(),
        broadcast.total.max(counts.done()),
        counts.sent,
        counts.blocked,
        counts.failed
    )
}

pub fn report(id: i64, counts: Counts) -> String {
    let mut text = format!(
        "Broadcast {id} finished: {} sent, {} blocked, {} failed.",
        counts.sent, counts.blocked, counts.failed
    );
    if counts.skipped > 0 {
        text.push_str(&format!(
            " {} turned messages off while it was being sent and did not get it.",
            counts.skipped
        ));
    }
    text
}
