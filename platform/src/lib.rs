//! The sandbox platform: the embedded default upstream of the client. It serves the platform API of
//! the client spec (section 7) from SQLite with demo content, so the product runs end to end on a
//! machine with nothing external. Operators replace it with their own platform.

pub mod auth;
pub mod bot_events;
pub mod captcha;
pub mod catalogue;
pub mod clock;
pub mod config;
pub mod content;
pub mod db;
pub mod deps;
pub mod error;
pub mod history_filter;
pub mod html;
pub mod identity;
pub mod limits;
pub mod listing_cache;
pub mod money;
pub mod notifications;
pub mod openapi;
pub mod paging;
pub mod payments;
pub mod pixel;
pub mod play;
pub mod players;
pub mod realtime;
pub mod referrals;
pub mod rewards;
pub mod route_rules;
pub mod routes;
pub mod sandbox_control;
pub mod seed;
pub mod settings;
pub mod sport;
pub mod ton;
pub mod verification;
pub mod wallet;

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use sqlx::SqlitePool;
use tokio_util::sync::CancellationToken;

pub use config::Config;
pub use error::ApiError;

#[derive(Clone)]
pub struct AppState {
    pub pool: SqlitePool,
    pub config: Arc<Config>,
    pub tokens: Arc<auth::tokens::TokenKeys>,
    /// Writes returning players' session rows, many sign-ins per commit.
    pub sessions: players::session_writer::SessionWriter,
    /// Where publications for players go: the hub below, or Centrifugo in production.
    pub realtime: Arc<dyn realtime::Publisher>,
    /// The sandbox's own real-time server on `/api/connection/websocket`.
    pub hub: realtime::Hub,
    /// Game listing answers, valid as long as the process runs (see the module).
    pub listings: Arc<listing_cache::ListingCache>,
    /// Checks the captcha of the forms that carry one.
    pub captcha: Arc<captcha::Verifier>,
    /// Player events for the bot: on when `BOT_EVENTS_URL` is set.
    pub bot_events: bot_events::BotEvents,
}

impl AppState {
    /// What the domain functions that write and publish are handed.
    pub fn deps(&self) -> deps::Deps {
        deps::Deps {
            pool: self.pool.clone(),
            realtime: Arc::clone(&self.realtime),
            bot_events: self.bot_events.clone(),
        }
    }

    /// Opens (creating, migrating and seeding on first start) the sandbox database.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let pool = db::connect(&config.database_url).await?;
        seed::run(&pool).await?;
        let secret = match &config.jwt_secret {
            Some(secret) => secret.expose().as_bytes().to_vec(),
            None => db::sandbox_jwt_secret(&pool).await?,
        };
        let tokens = auth::tokens::TokenKeys::new(&secret, config.access_token_ttl);
        let (hub, realtime) = config.realtime.build()?;
        let captcha = Arc::new(captcha::Verifier::new(config.captcha.clone())?);
        let sessions = players::session_writer::SessionWriter::start(&pool);
        let bot_events = bot_events::BotEvents::new(config.bot_events.is_some());
        Ok(Self {
            bot_events,
            captcha,
            sessions,
            pool,
            config: Arc::new(config),
            tokens: Arc::new(tokens),
            realtime,
            hub,
            listings: Arc::default(),
        })
    }
}

/// Request bodies over this are refused with 413 (the client's own response cap is the same).
pub const MAX_BODY_BYTES: usize = 512 * 1024;

pub fn app(state: AppState) -> Router {
    let router = Router::new()
        .merge(routes::router())
        .merge(service_kit::health::database_router(state.pool.clone()))
        .fallback(routes::not_found)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state);
    service_kit::http::with_standard_layers(router)
}

/// How often the sandbox sportsbook's keeper results finished events and keeps the book alive.
const BOOK_KEEPER_PERIOD: std::time::Duration = std::time::Duration::from_secs(30);

/// Starts the platform's background work (the sandbox sportsbook's keeper and, with the bot's
/// hook, the delivery of player events) until `shutdown`.
pub fn start_background(state: &AppState, shutdown: CancellationToken) {
    if let (Some(hook), Some(wake)) = (&state.config.bot_events, state.bot_events.waker()) {
        tokio::spawn(bot_events::delivery::run(
            state.pool.clone(),
            hook.clone(),
            wake,
            shutdown.clone(),
        ));
    }
    tokio::spawn(play::sport_bets::keep_book(
        state.deps(),
        BOOK_KEEPER_PERIOD,
        shutdown,
    ));
}

/// Serves the platform on `listener` until `shutdown`, when the realtime hub closes its sockets
/// too. The hub is armed at once; the server runs when the future is awaited or spawned.
pub fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    shutdown: CancellationToken,
) -> impl std::future::Future<Output = std::io::Result<()>> {
    state.hub.close_on(shutdown.clone());
    service_kit::serve::serve(listener, app(state), shutdown)
}

/// Runs the platform on its own until Ctrl-C or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    let state = AppState::build(config).await?;
    let listener = service_kit::serve::bind(bind, "the platform", "PLATFORM_BIND").await?;
    let shutdown = CancellationToken::new();
    service_kit::shutdown::cancel_on_signal(shutdown.clone());
    start_background(&state, shutdown.clone());
    let hub = state.hub.clone();
    tracing::info!(address = %bind, "platform listening");
    serve(state, listener, shutdown)
        .await
        .context("platform server")?;
    // Axum's graceful shutdown does not wait for upgraded sockets: let the hub's close frames out.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), hub.closed()).await;
    Ok(())
}
