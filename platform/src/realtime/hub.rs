//! The sandbox's own real-time hub: the connections of `/api/connection/websocket`, who is
//! subscribed to what, and in-memory fan-out. A publication is serialised once and offered to each
//! subscriber's bounded queue without waiting: a subscriber whose queue is full is disconnected as
//! slow (it reconnects and reloads), so one stalled client never holds up a publisher or the others.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock, Weak};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};
use tokio_util::sync::CancellationToken;

use super::protocol::{self, Disconnect};
use super::{PublishFuture, Publisher, channels};

#[derive(Debug, Clone)]
pub struct HubSettings {
    /// How often the server pings each connection (the `ping` of the connect reply).
    pub ping_interval: Duration,
    /// How long after a ping the client's pong may take before the connection is closed.
    pub pong_timeout: Duration,
    /// How long a new socket may take to send its connect command.
    pub connect_timeout: Duration,
    /// How long an expired connection may take to refresh its token before it is closed.
    pub expired_close_delay: Duration,
    /// Frames waiting for one connection; more means the client is too slow.
    pub queue_capacity: usize,
    pub max_subscriptions: usize,
    /// `global:online` is published at most this often.
    pub online_interval: Duration,
}

impl Default for HubSettings {
    /// Centrifugo's defaults where it has them.
    fn default() -> Self {
        Self {
            ping_interval: Duration::from_secs(25),
            pong_timeout: Duration::from_secs(8),
            connect_timeout: Duration::from_secs(10),
            expired_close_delay: Duration::from_secs(25),
            queue_capacity: 256,
            max_subscriptions: 128,
            online_interval: Duration::from_secs(1),
        }
    }
}

/// A connection's side of the hub: where its frames go, and how the hub disconnects it.
pub(super) struct Outbox {
    frames: mpsc::Sender<Utf8Bytes>,
    kicked: CancellationToken,
    reason: OnceLock<Disconnect>,
}

impl Outbox {
    pub(super) fn new(capacity: usize) -> (Arc<Self>, mpsc::Receiver<Utf8Bytes>) {
        let (frames, receiver) = mpsc::channel(capacity);
        let outbox = Self {
            frames,
            kicked: CancellationToken::new(),
            reason: OnceLock::new(),
        };
        (Arc::new(outbox), receiver)
    }

    fn offer(&self, frame: Utf8Bytes) {
        match self.frames.try_send(frame) {
            Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => {}
            Err(mpsc::error::TrySendError::Full(_)) => self.kick(Disconnect::SLOW),
        }
    }

    fn kick(&self, reason: Disconnect) {
        let _ = self.reason.set(reason);
        self.kicked.cancel();
    }

    /// Resolves with the reason once the hub has disconnected this connection.
    pub(super) async fn kicked(&self) -> Disconnect {
        self.kicked.cancelled().await;
        self.reason.get().copied().unwrap_or(Disconnect::SHUTDOWN)
    }
}

struct Inner {
    settings: HubSettings,
    subscribers: RwLock<HashMap<String, HashMap<u64, Arc<Outbox>>>>,
    next_id: AtomicU64,
    online: watch::Sender<usize>,
    shutdown: CancellationToken,
}

#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub")
            .field("online", &self.online())
            .finish_non_exhaustive()
    }
}

impl Hub {
    /// A hub with its `global:online` publisher running (inside a Tokio runtime).
    pub fn new(settings: HubSettings) -> Self {
        let (online, counts) = watch::channel(0);
        let hub = Self {
            inner: Arc::new(Inner {
                settings,
                subscribers: RwLock::default(),
                next_id: AtomicU64::new(1),
                online,
                shutdown: CancellationToken::new(),
            }),
        };
        tokio::spawn(publish_online_counts(Arc::downgrade(&hub.inner), counts));
        hub
    }

    pub fn settings(&self) -> &HubSettings {
        &self.inner.settings
    }

    /// Connected clients (that completed their connect command), anonymous ones included.
    pub fn online(&self) -> usize {
        *self.inner.online.borrow()
    }

    /// Connections subscribed to `channel`.
    pub fn subscribers(&self, channel: &str) -> usize {
        let subscribers = self.inner.subscribers.read().expect("hub lock");
        subscribers.get(channel).map_or(0, HashMap::len)
    }

    /// Closes every open socket (code 3001, "shutdown": clients reconnect later) once `shutdown`
    /// is cancelled, and refuses new ones from then on. Axum's graceful shutdown does not wait for
    /// upgraded connections, so without this they would stay open until the process exits.
    pub fn close_on(&self, shutdown: CancellationToken) {
        let hub = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            shutdown.cancelled().await;
            if let Some(inner) = hub.upgrade() {
                inner.shutdown.cancel();
            }
        });
    }

    /// Resolves when every socket has been closed after shutdown.
    pub async fn closed(&self) {
        let mut counts = self.inner.online.subscribe();
        let _ = counts.wait_for(|online| *online == 0).await;
    }

    pub(super) fn shutdown(&self) -> &CancellationToken {
        &self.inner.shutdown
    }

    pub(super) fn next_connection_id(&self) -> u64 {
        self.inner.next_id.fetch_add(1, Ordering::Relaxed)
    }

    pub(super) fn connected(&self) {
        self.inner.online.send_modify(|online| *online += 1);
    }

    pub(super) fn disconnected(&self) {
        self.inner
            .online
            .send_modify(|online| *online = online.saturating_sub(1));
    }

    pub(super) fn subscribe(&self, channel: &str, connection: u64, outbox: &Arc<Outbox>) {
        let mut subscribers = self.inner.subscribers.write().expect("hub lock");
        subscribers
            .entry(channel.to_owned())
            .or_default()
            .insert(connection, Arc::clone(outbox));
    }

    pub(super) fn unsubscribe(&self, channel: &str, connection: u64) {
        let mut subscribers = self.inner.subscribers.write().expect("hub lock");
        if let Some(connections) = subscribers.get_mut(channel) {
            connections.remove(&connection);
            if connections.is_empty() {
                subscribers.remove(channel);
            }
        }
    }

    /// Offers one publication to every subscriber of `channel`, never waiting on any of them.
    pub fn deliver(&self, channel: &str, data: &Value) {
        deliver(&self.inner, channel, data);
    }
}

fn deliver(inner: &Inner, channel: &str, data: &Value) {
    let subscribers = inner.subscribers.read().expect("hub lock");
    let Some(connections) = subscribers.get(channel) else {
        return;
    };
    let frame = Utf8Bytes::from(protocol::publication(channel, data));
    for outbox in connections.values() {
        outbox.offer(frame.clone());
    }
}

impl Publisher for Hub {
    fn publish(&self, channel: String, data: Value) -> PublishFuture {
        self.deliver(&channel, &data);
        Box::pin(std::future::ready(Ok(())))
    }
}

/// Publishes the connection count to `global:online` when it changes, at most once per
/// `online_interval`, until the hub is dropped or shut down.
async fn publish_online_counts(hub: Weak<Inner>, mut counts: watch::Receiver<usize>) {
    loop {
        if counts.changed().await.is_err() {
            return;
        }
        let online = *counts.borrow_and_update();
        let Some(inner) = hub.upgrade() else { return };
        if inner.shutdown.is_cancelled() {
            return;
        }
        deliver(
            &inner,
            channels::GLOBAL_ONLINE,
            &json!({ "online": online }),
        );
        let interval = inner.settings.online_interval;
        drop(inner);
        tokio::time::sleep(interval).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_disconnects_its_connection_as_slow_without_blocking() {
        let hub = Hub::new(HubSettings::default());
        let (slow, _frames_never_read) = Outbox::new(2);
        let (fast, mut fast_frames) = Outbox::new(8);
        hub.subscribe("wallet:accounts#1", 1, &slow);
        hub.subscribe("wallet:accounts#1", 2, &fast);
        for n in 0..3 {
            hub.publish("wallet:accounts#1".to_owned(), json!({ "n": n }))
                .await
                .expect("published");
        }
        assert_eq!(slow.kicked().await, Disconnect::SLOW);
        for n in 0..3 {
            let frame = fast_frames.recv().await.expect("frame");
            assert!(
                frame.as_str().contains(&format!("{{\"n\":{n}}}")),
                "{frame}"
            );
        }
        assert!(!fast.kicked.is_cancelled());
    }

    #[tokio::test]
    async fn unsubscribed_connections_get_nothing() {
        let hub = Hub::new(HubSettings::default());
        let (outbox, mut frames) = Outbox::new(8);
        hub.subscribe("game:bets#1", 7, &outbox);
        hub.unsubscribe("game:bets#1", 7);
        hub.deliver("game:bets#1", &json!({}));
        assert!(frames.try_recv().is_err());
        assert!(hub.inner.subscribers.read().expect("lock").is_empty());
    }
}
