//! One WebSocket of `/api/connection/websocket`, from its connect command to its close.
//!
//! The connect command carries the player's session token (the same HS256 JWT as the API's bearer
//! token, which a real Centrifugo verifies with the shared key). A connect without a token is
//! accepted as anonymous, as Centrifugo does with `allow_anonymous_connect_without_token`: the web
//! client shows the online count before sign-in, so an anonymous connection may subscribe to
//! `global:online` and to nothing else.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until};

use super::channels::{self, Audience};
use super::hub::{Hub, Outbox};
use super::protocol::{self, ChannelRequest, Command, Disconnect, Method, ReplyError};
use super::{TokenCheck, Tokens};

/// Frames bigger than this are refused: commands are small.
const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Queued publications sent together in one frame, separated by newlines.
const MAX_BATCH: usize = 32;

/// Serves the upgraded socket, checking its tokens with `tokens`.
pub fn accept(upgrade: WebSocketUpgrade, hub: Hub, tokens: Arc<dyn Tokens>) -> Response {
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| serve(hub, tokens, socket))
}

/// Who is connected: a player, or an anonymous visitor.
struct Identity {
    player_id: Option<i64>,
    session_id: Option<String>,
    /// Unix seconds when the token runs out; the client refreshes it before that.
    expires_at: Option<u64>,
}

struct Connection {
    tokens: Arc<dyn Tokens>,
    hub: Hub,
    id: u64,
    client: String,
    identity: Option<Identity>,
    subscriptions: HashSet<String>,
    outbox: Arc<Outbox>,
    /// Set while a ping waits for its pong.
    pong_due: Option<Instant>,
}

/// What one command does to the connection.
enum Outcome {
    Reply(Value),
    Nothing,
    Close(Disconnect),
}

async fn serve(hub: Hub, tokens: Arc<dyn Tokens>, mut socket: WebSocket) {
    if hub.shutdown().is_cancelled() {
        close(&mut socket, Disconnect::SHUTDOWN).await;
        return;
    }
    let (outbox, frames) = Outbox::new(hub.settings().queue_capacity);
    let mut connection = Connection {
        id: hub.next_connection_id(),
        client: uuid::Uuid::new_v4().to_string(),
        hub,
        tokens,
        identity: None,
        subscriptions: HashSet::new(),
        outbox,
        pong_due: None,
    };
    let connected = connection.run(&mut socket, frames).await;
    connection.leave();
    if connected {
        connection.hub.disconnected();
    }
}

impl Connection {
    /// Runs until the socket ends; true when the client had connected.
    async fn run(&mut self, socket: &mut WebSocket, mut frames: mpsc::Receiver<Utf8Bytes>) -> bool {
        let settings = self.hub.settings().clone();
        let mut ping = tokio::time::interval_at(
            Instant::now() + settings.ping_interval,
            settings.ping_interval,
        );
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The futures every turn of the loop waits on are made once: with thousands of
        // connections, re-registering each with its token or timer per frame would cost more than
        // the frame.
        let outbox = Arc::clone(&self.outbox);
        let shutdown = self.hub.shutdown().clone();
        let shutting_down = shutdown.cancelled();
        let kicked = outbox.kicked();
        let stale = sleep_until(Instant::now() + settings.connect_timeout);
        let no_pong = sleep_until(Instant::now());
        let expired = sleep_until(Instant::now());
        tokio::pin!(shutting_down, kicked, stale, no_pong, expired);
        let mut expires_at = None;
        loop {
            let connected = self.identity.is_some();
            let token_expiry = self.identity.as_ref().and_then(|i| i.expires_at);
            if token_expiry != expires_at {
                expires_at = token_expiry;
                if let Some(at) = self.close_at_expiry() {
                    expired.as_mut().reset(at);
                }
            }
            let disconnect = tokio::select! {
                () = &mut shutting_down => Some(Disconnect::SHUTDOWN),
                reason = &mut kicked => Some(reason),
                () = &mut stale, if !connected => Some(Disconnect::STALE),
                () = &mut no_pong, if self.pong_due.is_some() => Some(Disconnect::NO_PONG),
                () = &mut expired, if expires_at.is_some() => Some(Disconnect::EXPIRED),
                _ = ping.tick(), if connected => {
                    if self.pong_due.is_none() {
                        let due = Instant::now() + settings.pong_timeout;
                        self.pong_due = Some(due);
                        no_pong.as_mut().reset(due);
                    }
                    send(socket, protocol::PING.into()).await.err()
                }
                Some(frame) = frames.recv() => {
                    send(socket, batch(frame, &mut frames)).await.err()
                }
                message = socket.recv() => match message {
                    Some(Ok(Message::Text(text))) => self.handle_frame(socket, &text).await,
                    Some(Ok(Message::Binary(_))) => Some(Disconnect::BAD_REQUEST),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return connected,
                },
            };
            if let Some(disconnect) = disconnect {
                close(socket, disconnect).await;
                return self.identity.is_some();
            }
        }
    }

    /// Handles every command of a frame and sends their replies together in one frame.
    async fn handle_frame(&mut self, socket: &mut WebSocket, text: &str) -> Option<Disconnect> {
        let Ok(commands) = protocol::parse_frame(text) else {
            return Some(Disconnect::BAD_REQUEST);
        };
        let mut replies = Vec::new();
        let mut disconnect = None;
        for command in commands {
            match self.handle(command).await {
                Outcome::Reply(reply) => replies.push(reply.to_string()),
                Outcome::Nothing => {}
                Outcome::Close(reason) => {
                    disconnect = Some(reason);
                    break;
                }
            }
        }
        if !replies.is_empty()
            && let Err(closed) = send(socket, replies.join("\n").into()).await
        {
            return Some(closed);
        }
        disconnect
    }

    async fn handle(&mut self, command: Command) -> Outcome {
        let id = command.id;
        let method = command.method();
        if self.identity.is_none() {
            return match method {
                Method::Connect(connect) => self.connect(id, &connect.token).await,
                // Anything before a successful connect is a protocol error, as in Centrifugo.
                _ => Outcome::Close(Disconnect::BAD_REQUEST),
            };
        }
        let result = match method {
            Method::Pong => {
                self.pong_due = None;
                return Outcome::Nothing;
            }
            Method::Send => return Outcome::Nothing,
            Method::Connect(_) => return Outcome::Close(Disconnect::BAD_REQUEST),
            Method::Refresh(refresh) => return self.refresh(id, &refresh.token).await,
            Method::Subscribe(request) => {
                self.subscribe(request).map(|()| ("subscribe", json!({})))
            }
            Method::Unsubscribe(request) => {
                self.unsubscribe(&request.channel);
                Ok(("unsubscribe", json!({})))
            }
            Method::Publish => Err(ReplyError::PERMISSION_DENIED),
            Method::NotAvailable => Err(ReplyError::NOT_AVAILABLE),
            Method::Unknown => Err(ReplyError::METHOD_NOT_FOUND),
        };
        if id == 0 {
            // Nobody waits for a reply without an id.
            return Outcome::Nothing;
        }
        Outcome::Reply(match result {
            Ok((method, body)) => protocol::reply(id, method, body),
            Err(error) => protocol::error_reply(id, error),
        })
    }

    async fn connect(&mut self, id: u32, token: &str) -> Outcome {
        let identity = if token.is_empty() {
            Identity {
                player_id: None,
                session_id: None,
                expires_at: None,
            }
        } else {
            match self.authenticate(token).await {
                Ok(identity) => identity,
                Err(refusal) => return refusal.outcome(id),
            }
        };
        let mut result = json!({
            "client": self.client,
            "version": env!("CARGO_PKG_VERSION"),
            "ping": self.hub.settings().ping_interval.as_secs().max(1),
            "pong": true,
        });
        add_expiry(&mut result, identity.expires_at);
        self.identity = Some(identity);
        self.hub.connected();
        Outcome::Reply(protocol::reply(id, "connect", result))
    }

    /// A new token for the same player and session, before the old one runs out.
    async fn refresh(&mut self, id: u32, token: &str) -> Outcome {
        let Some(current) = &self.identity else {
            return Outcome::Close(Disconnect::BAD_REQUEST);
        };
        if current.player_id.is_none() {
            return Outcome::Reply(protocol::error_reply(id, ReplyError::BAD_REQUEST));
        }
        let (player_id, session_id) = (current.player_id, current.session_id.clone());
        let identity = match self.authenticate(token).await {
            Ok(identity) => identity,
            Err(refusal) => return refusal.outcome(id),
        };
        if identity.player_id != player_id || identity.session_id != session_id {
            return Outcome::Close(Disconnect::INVALID_TOKEN);
        }
        let mut result = json!({ "client": self.client, "version": env!("CARGO_PKG_VERSION") });
        add_expiry(&mut result, identity.expires_at);
        self.identity = Some(identity);
        Outcome::Reply(protocol::reply(id, "refresh", result))
    }

    /// The identity of a token: an expired token gets error 109 (the client fetches a new one and
    /// retries), any other bad token, a closed session or a blocked player close the socket for
    /// good (3500), as Centrifugo answers tokens it cannot verify.
    async fn authenticate(&self, token: &str) -> Result<Identity, Refusal> {
        match self.tokens.check(token.to_owned()).await {
            TokenCheck::Player {
                player_id,
                session_id,
                expires_at,
            } => Ok(Identity {
                player_id: Some(player_id),
                session_id: Some(session_id),
                expires_at: Some(expires_at),
            }),
            TokenCheck::Expired => Err(Refusal::Reply(ReplyError::TOKEN_EXPIRED)),
            TokenCheck::Refused => Err(Refusal::Close(Disconnect::INVALID_TOKEN)),
            TokenCheck::Failed => Err(Refusal::Reply(ReplyError::INTERNAL)),
        }
    }

    fn subscribe(&mut self, request: ChannelRequest) -> Result<(), ReplyError> {
        let channel = request.channel;
        if channel.is_empty() {
            return Err(ReplyError::BAD_REQUEST);
        }
        let player_id = self.identity.as_ref().and_then(|i| i.player_id);
        match channels::audience(&channel) {
            Audience::Unknown => return Err(ReplyError::UNKNOWN_CHANNEL),
            Audience::Everyone => {}
            Audience::Player(user) => {
                if player_id.map(|id| id.to_string()).as_deref() != Some(user) {
                    return Err(ReplyError::PERMISSION_DENIED);
                }
            }
        }
        if self.subscriptions.contains(&channel) {
            return Err(ReplyError::ALREADY_SUBSCRIBED);
        }
        if self.subscriptions.len() >= self.hub.settings().max_subscriptions {
            return Err(ReplyError::LIMIT_EXCEEDED);
        }
        self.hub.subscribe(&channel, self.id, &self.outbox);
        self.subscriptions.insert(channel);
        Ok(())
    }

    fn unsubscribe(&mut self, channel: &str) {
        if self.subscriptions.remove(channel) {
            self.hub.unsubscribe(channel, self.id);
        }
    }

    /// When an expired connection that did not refresh is closed.
    fn close_at_expiry(&self) -> Option<Instant> {
        let expires_at = self.identity.as_ref()?.expires_at?;
        let left = Duration::from_secs(expires_at.saturating_sub(crate::clock::unix_seconds()));
        Some(Instant::now() + left + self.hub.settings().expired_close_delay)
    }

    fn leave(&mut self) {
        for channel in std::mem::take(&mut self.subscriptions) {
            self.hub.unsubscribe(&channel, self.id);
        }
    }
}

/// `expires` and `ttl` (seconds left) make the client refresh its token in time.
fn add_expiry(result: &mut Value, expires_at: Option<u64>) {
    if let Some(expires_at) = expires_at {
        result["expires"] = Value::Bool(true);
        result["ttl"] = json!(
            expires_at
                .saturating_sub(crate::clock::unix_seconds())
                .max(1)
        );
    }
}

/// Why a token was not accepted.
enum Refusal {
    Reply(ReplyError),
    Close(Disconnect),
}

impl Refusal {
    fn outcome(self, id: u32) -> Outcome {
        match self {
            Self::Reply(error) => Outcome::Reply(protocol::error_reply(id, error)),
            Self::Close(disconnect) => Outcome::Close(disconnect),
        }
    }
}

/// The frame already taken plus whatever else is queued, up to `MAX_BATCH`, in one frame.
fn batch(first: Utf8Bytes, frames: &mut mpsc::Receiver<Utf8Bytes>) -> Utf8Bytes {
    let Ok(second) = frames.try_recv() else {
        return first;
    };
    let mut joined = String::with_capacity(first.len() * 2 + 1);
    joined.push_str(first.as_str());
    joined.push('\n');
    joined.push_str(second.as_str());
    for _ in 2..MAX_BATCH {
        let Ok(next) = frames.try_recv() else { break };
        joined.push('\n');
        joined.push_str(next.as_str());
    }
    joined.into()
}

async fn send(socket: &mut WebSocket, frame: Utf8Bytes) -> Result<(), Disconnect> {
    // A failed write means the peer is gone: end quietly, there is nobody to tell.
    socket
        .send(Message::Text(frame))
        .await
        .map_err(|_| Disconnect::SHUTDOWN)
}

async fn close(socket: &mut WebSocket, disconnect: Disconnect) {
    let frame = CloseFrame {
        code: disconnect.code,
        reason: disconnect.reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}
