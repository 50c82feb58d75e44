//! The auth service: the gate that checks Telegram Mini App init data before a `tg_login` reaches
//! the platform. Its own records (the login audit) live in the services' database
//! (`migrations/`).

pub mod audit;
pub mod config;
pub mod error;
pub mod limits;
pub mod metrics;
pub mod platform;
pub mod routes;

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::http::{Method, Uri};
use axum::middleware;
use axum::routing::get;
use sqlx::AnyPool;
use telegram_init_data::Validator;
use tokio_util::sync::CancellationToken;

pub use config::Config;
pub use error::AuthError;

#[derive(Clone)]
pub struct AppState {
    pub pool: AnyPool,
    pub config: Arc<Config>,
    pub validator: Arc<Validator>,
    pub limits: Arc<limits::RateLimits>,
    pub metrics: Arc<metrics::Metrics>,
    pub audit: audit::AuditLog,
    pub platform: platform::Platform,
}

impl AppState {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let pool = service_kit::db::connect_services("DATABASE_URL", &config.database_url).await?;
        let validator =
            Validator::new(config.bot_token.expose()).with_max_age(Some(config.init_data_max_age));
        let limits = Arc::new(match config.rate_limit_store {
            limits::Store::Memory => limits::RateLimits::new(
                config.rate_per_ip_per_minute,
                config.rate_per_user_per_minute,
            ),
            limits::Store::Database => limits::RateLimits::shared(
                pool.clone(),
                config.rate_per_ip_per_minute,
                config.rate_per_user_per_minute,
            ),
        });
        let forgetful = Arc::downgrade(&limits);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(limits::FORGET_IDLE_EVERY);
            every.tick().await;
            loop {
                every.tick().await;
                let Some(limits) = forgetful.upgrade() else {
                    break;
                };
                limits.forget_idle().await;
            }
        });
        let platform = platform::Platform::new(&config.platform_url, config.upstream_timeout)
            .context("the platform client")?;
        Ok(Self {
            audit: audit::AuditLog::start(pool.clone()),
            pool,
            validator: Arc::new(validator),
            limits,
            metrics: Arc::new(metrics::Metrics::default()),
            platform,
            config: Arc::new(config),
        })
    }
}

pub fn app(state: AppState) -> Router {
    let router = Router::new()
        .merge(routes::login::router())
        .merge(routes::sandbox::router())
        .route("/metrics", get(metrics::metrics))
        .merge(service_kit::health::database_router(state.pool.clone()))
        .fallback(not_found)
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            metrics::count_requests,
        ))
        .layer(middleware::from_fn_with_state(
            state.config.max_in_flight.clone(),
            service_kit::load_shed::shed_load,
        ))
        .with_state(state);
    service_kit::http::with_standard_layers(router)
}

async fn not_found(method: Method, uri: Uri) -> AuthError {
    AuthError::RouteNotFound(format!("{method} {}", uri.path()))
}

/// Runs the auth service on its own until Ctrl-C or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    let state = AppState::build(config).await?;
    let listener = service_kit::serve::bind(bind, "the auth service", "AUTH_BIND").await?;
    let shutdown = CancellationToken::new();
    service_kit::shutdown::cancel_on_signal(shutdown.clone());
    tracing::info!(address = %bind, "auth service listening");
    service_kit::serve::serve(listener, app(state), shutdown)
        .await
        .context("auth service server")
}
