use std::net::SocketAddr;

use axum::http::HeaderName;
use service_kit::{ConfigError, Env};

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    /// The sandbox's SQLite database (`PLATFORM_DATABASE_URL`).
    pub database_url: String,
    /// The request header carrying the visitor's country as two uppercase letters, set by the
    /// CDN or proxy in front of the platform (Cloudflare's `cf-ipcountry` by default).
    pub country_header: HeaderName,
}

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let country_header = env.string_or("COUNTRY_HEADER", "cf-ipcountry");
        Ok(Self {
            bind: env.parse_or("PLATFORM_BIND", SocketAddr::from(([127, 0, 0, 1], 8081)))?,
            database_url: env.string_or("PLATFORM_DATABASE_URL", "sqlite://data/platform.db"),
            country_header: HeaderName::try_from(country_header.to_ascii_lowercase()).map_err(
                |e| ConfigError::Invalid {
                    name: "COUNTRY_HEADER".to_owned(),
                    reason: format!("{country_header:?}: {e}"),
                },
            )?,
        })
    }
}
