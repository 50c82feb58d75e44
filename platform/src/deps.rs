//! What domain work reaches past its arguments for when it both writes and tells: the sandbox
//! database, and the publisher its committed changes go out through. Start-up builds it (see
//! `AppState::deps`); a function that needs only one of them takes that one.

use std::sync::Arc;

use sqlx::SqlitePool;

use crate::realtime::Publisher;

#[derive(Clone)]
pub struct Deps {
    pub pool: SqlitePool,
    /// Where publications for players go: the sandbox's hub, or Centrifugo in production.
    pub realtime: Arc<dyn Publisher>,
}
