//! What domain work reaches past its arguments for when it both writes and tells: the sandbox
//! database, the publisher its committed changes go out through, and the queue of player events
//! for the bot. Start-up builds it (see `AppState::deps`); a function that needs only one of them
//! takes that one.

use std::sync::Arc;

use sqlx::SqlitePool;

use crate::bot_events::BotEvents;
use crate::realtime::Publisher;

#[derive(Clone)]
pub struct Deps {
    pub pool: SqlitePool,
    /// Where publications for players go: the sandbox's hub, or Centrifugo in production.
    pub realtime: Arc<dyn Publisher>,
    /// Where player events for the bot are written (off without the bot's hook).
    pub bot_events: BotEvents,
}
