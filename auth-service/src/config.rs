use std::net::SocketAddr;

use service_kit::{ConfigError, Env};

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    /// The services' database (`DATABASE_URL`): SQLite by default, PostgreSQL when it says so.
    pub database_url: String,
    /// Where `tg_login` goes once the init data checks out.
    pub platform_url: String,
}

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        Ok(Self {
            bind: env.parse_or("AUTH_BIND", SocketAddr::from(([127, 0, 0, 1], 8082)))?,
            database_url: env.string_or("DATABASE_URL", "sqlite://data/services.db"),
            platform_url: env
                .string_or("PLATFORM_URL", "http://127.0.0.1:8081")
                .trim_end_matches('/')
                .to_owned(),
        })
    }
}
