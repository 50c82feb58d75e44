//! The auth service: the gate that checks Telegram Mini App init data before a `tg_login` reaches
//! the platform. Its own records live in the services' database (`migrations/`).

pub mod config;
pub mod error;

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::http::{Method, Uri};
use sqlx::AnyPool;
use tokio_util::sync::CancellationToken;

pub use config::Config;
pub use error::AuthError;

#[derive(Clone)]
pub struct AppState {
    pub pool: AnyPool,
    pub config: Arc<Config>,
}

impl AppState {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let pool = service_kit::db::connect_services("DATABASE_URL", &config.database_url).await?;
        Ok(Self {
            pool,
            config: Arc::new(config),
        })
    }
}

pub fn app(state: AppState) -> Router {
    let pool = state.pool.clone();
    let readiness = move || {
        let pool = pool.clone();
        async move { service_kit::health::database_answers(&pool).await }
    };
    let router = Router::new()
        .merge(service_kit::health::router(readiness))
        .fallback(not_found)
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
