//! Sending the outbox within Telegram's limits. The per-chat pace (one message a second) is kept
//! in the database by the claims (`crate::outbox`), so it holds across replicas; the overall rate
//! (30 a second) is this process's [`Pacer`]; a 429 pauses this process's sending for its
//! `retry_after` and puts the event back for then. Staff broadcasts (`crate::broadcast`) go through
//! the same outbox, claimed after the events and within their [`broadcast_share`] of the rate.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo};
use teloxide::{ApiError, RequestError};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use url::Url;

use crate::broadcast::{self, Broadcasts};
use crate::events::Event;
use crate::launch::screen_url;
use crate::notices;
use crate::outbox::{Claimed, Lane, Outbox};
use crate::preferences::{PreferenceStore, Preferences};
use crate::storage::{BotUser, Users, now_ms};
use crate::sync::{Backoff, Syncer};
use crate::texts::Language;

/// An event older than this is no longer news: it is dropped, not sent late.
pub const MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);
/// How long one send may take before it counts as failed (well within the claim's lease).
const SEND_TIMEOUT: Duration = Duration::from_secs(30);
/// The most events claimed at once.
const CLAIM_BATCH: usize = 30;
/// Retries after a network failure: 5 s, doubling, at most 10 minutes.
const RETRY: Backoff = Backoff {
    first: Duration::from_secs(5),
    max: Duration::from_secs(600),
};

/// Telegram's limits for messages: `per_window` in any `window` overall, and one per chat each
/// `chat_interval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub per_window: usize,
    pub window: Duration,
    pub chat_interval: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            per_window: 30,
            window: Duration::from_secs(1),
            chat_interval: Duration::from_secs(1),
        }
    }
}

/// The overall rate: `per_window` slots, each free again one `window` after the answer to the
/// request it was used for. A request starts only after an earlier one on its slot was answered
/// a window before, so Telegram never receives more than `per_window` in any window, however its
/// answers are delayed.
#[derive(Clone)]
pub struct Pacer {
    slots: Arc<Semaphore>,
    window: Duration,
    paused_until: Arc<Mutex<Option<Instant>>>,
}

/// The right to make one request now.
pub struct Slot {
    permit: OwnedSemaphorePermit,
    window: Duration,
    /// A slot of another pacer the same request takes too (a broadcast's share).
    also: Option<Box<Slot>>,
}

impl Slot {
    /// The request was made and answered: the slot is free again a window from now.
    pub fn used(self) {
        let Self {
            permit,
            window,
            also,
        } = self;
        tokio::spawn(async move {
            tokio::time::sleep(window).await;
            drop(permit);
        });
        if let Some(also) = also {
            also.used();
        }
    }

    /// This slot and `other` for one request.
    pub fn with(mut self, other: Slot) -> Slot {
        self.also = Some(Box::new(other));
        self
    }
}

impl Pacer {
    pub fn new(limits: Limits) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(limits.per_window.max(1))),
            window: limits.window,
            paused_until: Arc::default(),
        }
    }

    /// Waits for a free slot and for any pause to end.
    pub async fn acquire(&self) -> Slot {
        loop {
            if let Some(until) = self.paused_until() {
                tokio::time::sleep_until(until).await;
            }
            let permit = self
                .slots
                .clone()
                .acquire_owned()
                .await
                .expect("the pacer's semaphore is never closed");
            if self.paused_until().is_none() {
                return Slot {
                    permit,
                    window: self.window,
                    also: None,
                };
            }
        }
    }

    /// A free slot now, if there is one and sending is not paused.
    pub fn try_acquire(&self) -> Option<Slot> {
        if self.paused_until().is_some() {
            return None;
        }
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        Some(Slot {
            permit,
            window: self.window,
            also: None,
        })
    }

    /// Stops all sending for `duration` (Telegram's `retry_after`).
    pub fn pause(&self, duration: Duration) {
        let until = Instant::now() + duration;
        let mut paused = self.paused_until.lock().expect("pacer lock");
        if paused.is_none_or(|current| current < until) {
            *paused = Some(until);
        }
    }

    fn paused_until(&self) -> Option<Instant> {
        let mut paused = self.paused_until.lock().expect("pacer lock");
        match *paused {
            Some(until) if until > Instant::now() => Some(until),
            _ => {
                *paused = None;
                None
            }
        }
    }
}

/// Delivers the outbox: claims due events, drops those no longer to be sent, sends the rest.
#[derive(Clone)]
pub struct Sender {
    pub outbox: Outbox,
    pub users: Users,
    pub syncer: Syncer,
    pub preferences: PreferenceStore,
    /// A Bot API client of its own, without teloxide's throttling: this module paces and retries.
    pub telegram: Bot,
    pub miniapp_url: Url,
    pub limits: Limits,
    pub lease: Duration,
    /// Woken when an event is accepted, so it goes out without waiting for the next poll.
    pub wake: Arc<Notify>,
    pub pacer: Pacer,
    /// The part of `pacer`'s rate broadcasts may use ([`broadcast_share`]): a broadcast row takes
    /// a slot of both.
    pub broadcast_share: Pacer,
    pub broadcasts: Broadcasts,
    /// Set by the broadcast driver while a broadcast is being sent: without one, no round pays
    /// for a second claim.
    pub broadcasting: Arc<AtomicBool>,
}

/// A broadcast's share of the overall rate: two thirds. Events are claimed first each round and
/// may use every slot, but a broadcast keeps the slots it took for a whole window; holding back a
/// third means a player's event (a deposit, a payout) always finds a slot at once, even in the
/// middle of a broadcast to every player, while the broadcast still goes at 20 a second (about
/// 70,000 players an hour) on Telegram's 30.
pub fn broadcast_share(limits: Limits) -> Limits {
    Limits {
        per_window: (limits.per_window * 2 / 3).max(1),
        ..limits
    }
}

impl Sender {
    /// Sends until `shutdown`, then lets the sends in flight finish and record their results.
    pub async fn run(self, shutdown: CancellationToken) {
        let poll = (self.limits.chat_interval / 4)
            .clamp(Duration::from_millis(5), Duration::from_millis(250));
        let mut in_flight = JoinSet::new();
        let mut pruned_at = Instant::now();
        loop {
            while in_flight.try_join_next().is_some() {}
            let first = tokio::select! {
                () = shutdown.cancelled() => break,
                slot = self.pacer.acquire() => slot,
            };
            let mut slots = vec![first];
            while slots.len() < CLAIM_BATCH
                && let Some(slot) = self.pacer.try_acquire()
            {
                slots.push(slot);
            }
            let claimed = self.claim(slots.len(), Lane::Events).await;
            let mut slots = slots.into_iter();
            let mut work: Vec<(Claimed, Slot)> = claimed.into_iter().zip(&mut slots).collect();
            let shared: Vec<Slot> = slots
                .map_while(|slot| self.broadcast_share.try_acquire().map(|s| slot.with(s)))
                .collect();
            if !shared.is_empty() && self.broadcasting.load(Ordering::Relaxed) {
                let claimed = self.claim(shared.len(), Lane::Broadcasts).await;
                work.extend(claimed.into_iter().zip(shared));
            }
            if work.is_empty() {
                if pruned_at.elapsed() > Duration::from_secs(3600) {
                    pruned_at = Instant::now();
                    if let Err(e) = self.outbox.prune(MAX_AGE * 7).await {
                        tracing::warn!(error = %e, "cannot prune the outbox");
                    }
                }
                tokio::select! {
                    () = shutdown.cancelled() => break,
                    () = self.wake.notified() => {}
                    () = tokio::time::sleep(poll) => {}
                }
                continue;
            }
            for (row, slot) in work {
                let sender = self.clone();
                in_flight.spawn(async move {
                    let event_id = row.event_id.clone();
                    if let Err(e) = sender.deliver(row, slot).await {
                        tracing::error!(error = %e, event_id, "cannot record an event's delivery; it is retried when its claim ends");
                    }
                });
            }
        }
        while in_flight.join_next().await.is_some() {}
    }

    async fn claim(&self, limit: usize, lane: Lane) -> Vec<Claimed> {
        match self.outbox.claim(limit, self.lease, lane).await {
            Ok(claimed) => claimed,
            Err(e) => {
                tracing::warn!(error = %e, ?lane, "cannot claim messages to send");
                Vec::new()
            }
        }
    }

    async fn deliver(&self, row: Claimed, slot: Slot) -> Result<(), sqlx::Error> {
        let prepared = match row.broadcast_id {
            Some(id) => self.broadcast_message(&row, id).await?,
            None => self.event_message(&row).await?,
        };
        let (text, button) = match prepared {
            Ok(message) => message,
            Err(reason) => return self.drop_event(&row, &reason).await,
        };
        let request = self
            .telegram
            .send_message(ChatId(row.telegram_id), text)
            .reply_markup(InlineKeyboardMarkup::new([[button]]))
            .send();
        let answer = tokio::time::timeout(SEND_TIMEOUT, request).await;
        slot.used();
        match answer {
            Ok(Ok(sent)) => {
                // Which replica sent an event, for whoever traces one player's message.
                tracing::info!(event_id = %row.event_id, "player message sent");
                self.outbox
                    .record_sent(&row, i64::from(sent.id.0), self.limits.chat_interval)
                    .await
            }
            Ok(Err(RequestError::RetryAfter(after))) => {
                let after = after.duration();
                tracing::warn!(retry_after = ?after, "Telegram asked the bot to slow down");
                self.pacer.pause(after);
                self.outbox
                    .retry_after(&row, after, Some("rate limited (429)"))
                    .await
            }
            Ok(Err(RequestError::Api(e))) if forbidden(&e) => {
                tracing::info!(
                    telegram_id = row.telegram_id,
                    "the player blocked the bot; no more messages to them"
                );
                match self.users.mark_blocked(row.telegram_id).await? {
                    Some(user) => self.syncer.sync_in_background(user),
                    // Reached through write access only: that access is gone.
                    None => {
                        self.preferences
                            .set_write_access(row.telegram_id, false)
                            .await?;
                    }
                }
                self.drop_event(&row, "blocked").await
            }
            Ok(Err(RequestError::Api(e))) => {
                self.drop_event(&row, &format!("refused by Telegram: {e}"))
                    .await
            }
            Ok(Err(e)) => self.retry_later(&row, &e.to_string()).await,
            Err(_) => self.retry_later(&row, "no answer from Telegram").await,
        }
    }

    /// The event's message and button, or why it is not to be sent.
    async fn event_message(&self, row: &Claimed) -> Result<Prepared, sqlx::Error> {
        let now = now_ms();
        let event = match Event::parse(row.body.as_bytes()) {
            Ok(event) => event,
            Err(e) => return Ok(Err(format!("unreadable: {e}"))),
        };
        let max_age = i64::try_from(MAX_AGE.as_millis()).unwrap_or(i64::MAX);
        if now.saturating_sub(row.occurred_at_ms) > max_age {
            return Ok(Err("too_old".to_owned()));
        }
        if row.valid_until_ms.is_some_and(|until| until < now) {
            return Ok(Err("expired".to_owned()));
        }
        let (user, preferences) = match self.recipient(row).await? {
            Ok(recipient) => recipient,
            Err(reason) => return Ok(Err(reason.to_owned())),
        };
        let Some(kind) = event.notice.kind() else {
            return Ok(Err("cancellation".to_owned()));
        };
        if !preferences.wants(kind) {
            return Ok(Err("kind_off".to_owned()));
        }
        let language = Language::from_code(
            event.locale.as_deref().or(user
                .as_ref()
                .and_then(|user| user.profile.language_code.as_deref())),
        );
        let Some(message) = notices::render(&event.notice, language) else {
            return Ok(Err("cancellation".to_owned()));
        };
        let attribution = user.map(|user| user.attribution).unwrap_or_default();
        let url = screen_url(&self.miniapp_url, &attribution, Some(message.screen));
        let button = InlineKeyboardButton::web_app(message.button, WebAppInfo { url });
        Ok(Ok((message.text, button)))
    }

    /// The broadcast's text in the player's language, with the launch button.
    async fn broadcast_message(&self, row: &Claimed, id: i64) -> Result<Prepared, sqlx::Error> {
        // A broadcast goes to the players who started the bot.
        let user = match self.recipient(row).await? {
            Ok((Some(user), _)) => user,
            Ok((None, _)) => return Ok(Err("not_started".to_owned())),
            Err(reason) => return Ok(Err(reason.to_owned())),
        };
        let Some(broadcast) = self.broadcasts.get(id).await? else {
            return Ok(Err("unknown broadcast".to_owned()));
        };
        let language = Language::from_code(user.profile.language_code.as_deref());
        let url = screen_url(&self.miniapp_url, &user.attribution, None);
        Ok(Ok(broadcast::player_message(&broadcast, language, url)))
    }

    /// The player the row is for and their choices, or why nothing is sent to them: they never
    /// started the bot, blocked it, or turned messages off.
    /// Who the row is for, unless they cannot or do not want to be written to: a player who started
    /// the bot, or one who let it write to them from the Mini App (then with no stored user).
    async fn recipient(
        &self,
        row: &Claimed,
    ) -> Result<Result<(Option<BotUser>, Preferences), &'static str>, sqlx::Error> {
        let user = self.users.get(row.telegram_id).await?;
        let preferences = self.preferences.get(row.telegram_id).await?;
        if user.is_none() && !preferences.write_access {
            return Ok(Err("not_started"));
        }
        if user.as_ref().is_some_and(|user| user.is_blocked) {
            return Ok(Err("blocked"));
        }
        if !preferences.all {
            return Ok(Err("opted_out"));
        }
        Ok(Ok((user, preferences)))
    }

    async fn drop_event(&self, row: &Claimed, reason: &str) -> Result<(), sqlx::Error> {
        tracing::info!(event_id = row.event_id, reason, "event dropped, not sent");
        self.outbox.record_dropped(row, reason).await
    }

    async fn retry_later(&self, row: &Claimed, error: &str) -> Result<(), sqlx::Error> {
        let delay = RETRY.delay(row.attempts);
        tracing::warn!(event_id = row.event_id, error, retry_in = ?delay, "sending an event failed");
        self.outbox.retry_after(row, delay, Some(error)).await
    }
}

/// A message's text and button, or why it is dropped.
type Prepared = Result<(String, InlineKeyboardButton), String>;

/// Telegram's 403s: the player blocked the bot, deleted their account, or never started it.
fn forbidden(error: &ApiError) -> bool {
    error.to_string().starts_with("Forbidden")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limits_are_telegrams() {
        let limits = Limits::default();
        assert_eq!(limits.per_window, 30);
        assert_eq!(limits.window, Duration::from_secs(1));
        assert_eq!(limits.chat_interval, Duration::from_secs(1));
    }

    #[tokio::test(start_paused = true)]
    async fn the_pacer_allows_30_requests_a_second_however_long_they_take() {
        let pacer = Pacer::new(Limits::default());
        let start = Instant::now();
        let mut starts = Vec::new();
        for i in 0..95u64 {
            let slot = pacer.acquire().await;
            starts.push(start.elapsed());
            // Answers take 0 to 40 ms.
            tokio::time::sleep(Duration::from_millis(i % 5 * 10)).await;
            slot.used();
        }
        for (i, at) in starts.iter().enumerate().skip(30) {
            assert!(
                *at >= starts[i - 30] + Duration::from_secs(1),
                "request {i} at {at:?}"
            );
        }
        assert!(starts[94] < Duration::from_secs(4), "{:?}", starts[94]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_pause_holds_every_request() {
        let pacer = Pacer::new(Limits::default());
        pacer.pause(Duration::from_secs(3));
        assert!(pacer.try_acquire().is_none());
        let start = Instant::now();
        drop(pacer.acquire().await);
        assert!(start.elapsed() >= Duration::from_secs(3));
        assert!(pacer.try_acquire().is_some());
    }
}
