use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use service_kit::{ConfigError, Env, Secret};

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    /// The services' database (`DATABASE_URL`): SQLite by default, PostgreSQL when it says so.
    pub database_url: String,
    /// Where `tg_login` goes once the init data checks out.
    pub platform_url: String,
    /// `TELEGRAM_BOT_TOKEN`, the token the bot runs with; the sandbox's test token when unset
    /// outside production.
    pub bot_token: Secret,
    /// `APP_ENV=production`: a bot token is required and local launches are off.
    pub production: bool,
    /// `INIT_DATA_MAX_AGE_SECS`: older init data is refused (one day).
    pub init_data_max_age: Duration,
    /// `AUTH_UPSTREAM_TIMEOUT_MS`: how long the platform may take to answer (10 s).
    pub upstream_timeout: Duration,
    /// `AUTH_TRUST_FORWARDED_FOR`: the client address is the last `X-Forwarded-For` entry, the
    /// one our own proxy wrote. Only true behind a proxy that sets it.
    pub trust_forwarded_for: bool,
    /// `AUTH_RATE_PER_IP_PER_MINUTE` (120) and `AUTH_RATE_PER_USER_PER_MINUTE` (20).
    pub rate_per_ip_per_minute: NonZeroU32,
    pub rate_per_user_per_minute: NonZeroU32,
    /// `AUTH_RATE_LIMIT_STORE`: `memory` (one process) or `database` (shared by replicas).
    pub rate_limit_store: crate::limits::Store,
    /// `AUTH_MAX_IN_FLIGHT` (16 per CPU core): logins worked on at once, and `AUTH_MAX_WAIT_MS` (50):
    /// how long one more waits for a place; beyond that it is answered 503 `overloaded` with
    /// `Retry-After` instead of queueing (`service_kit::load_shed`).
    pub max_in_flight: service_kit::load_shed::InFlightLimit,
}

/// Logins worked on at once per CPU core. A login is a few hundred microseconds of CPU and a wait
/// for the platform; more in flight than the cores can carry only queue inside the process. On the
/// project's 2-core machine, 32 in flight answered 2,240–2,880 logins/s at 4,000/s offered against
/// 2,590/s at 256, with the answered ones' p99 at 44–127 ms against 267 ms (docs/performance.md,
/// "`tg_login` through the release stack").
const LOGINS_IN_FLIGHT_PER_CORE: usize = 16;
/// How long a login beyond the limit waits for a place: long enough to absorb the bursts of a load
/// the service can carry (with no wait, 32 in flight refused 33–900 logins of 2,000/s runs; with
/// this wait none), short enough that an overloaded service answers quickly.
const MAX_WAIT_MS: u64 = 50;

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let production = env.production()?;
        Ok(Self {
            bind: env.parse_or("AUTH_BIND", SocketAddr::from(([127, 0, 0, 1], 8082)))?,
            database_url: env.string_or("DATABASE_URL", "sqlite://data/services.db"),
            platform_url: env
                .string_or("PLATFORM_URL", "http://127.0.0.1:8081")
                .trim_end_matches('/')
                .to_owned(),
            bot_token: env.telegram_bot_token(production)?,
            production,
            init_data_max_age: Duration::from_secs(env.parse_or("INIT_DATA_MAX_AGE_SECS", 86_400)?),
            upstream_timeout: Duration::from_millis(
                env.parse_or("AUTH_UPSTREAM_TIMEOUT_MS", 10_000)?,
            ),
            trust_forwarded_for: env.flag("AUTH_TRUST_FORWARDED_FOR")?,
            rate_per_ip_per_minute: env.parse_or(
                "AUTH_RATE_PER_IP_PER_MINUTE",
                NonZeroU32::new(120).expect("not zero"),
            )?,
            rate_per_user_per_minute: env.parse_or(
                "AUTH_RATE_PER_USER_PER_MINUTE",
                NonZeroU32::new(20).expect("not zero"),
            )?,
            rate_limit_store: crate::limits::Store::from_env(env)?,
            max_in_flight: service_kit::load_shed::InFlightLimit::from_env(
                env,
                "AUTH_MAX_IN_FLIGHT",
                LOGINS_IN_FLIGHT_PER_CORE * cores(),
            )?
            .with_wait(Duration::from_millis(
                env.parse_or("AUTH_MAX_WAIT_MS", MAX_WAIT_MS)?,
            )),
        })
    }

    /// Local launches (minting init data with the bot's token) exist only outside production.
    pub fn local_launches(&self) -> bool {
        !self.production
    }
}

#[cfg(test)]
mod tests {
    use telegram_init_data::SANDBOX_BOT_TOKEN;

    use super::*;

    #[test]
    fn the_sandbox_uses_the_test_token_and_allows_local_launches() {
        let config = Config::from_env(&Env::default()).unwrap();
        assert_eq!(config.bot_token.expose(), SANDBOX_BOT_TOKEN);
        assert!(config.local_launches());
        assert_eq!(config.init_data_max_age, Duration::from_secs(86_400));
        assert_eq!(config.upstream_timeout, Duration::from_secs(10));
    }

    #[test]
    fn production_without_a_token_refuses_to_start() {
        let err = Config::from_env(&Env::from_pairs([("APP_ENV", "production")])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "TELEGRAM_BOT_TOKEN is required: production (APP_ENV=production) checks init data \
             with the bot's own token"
        );
        let err = Config::from_env(&Env::from_pairs([
            ("APP_ENV", "production"),
            ("TELEGRAM_BOT_TOKEN", SANDBOX_BOT_TOKEN),
        ]))
        .unwrap_err();
        assert!(
            err.to_string().contains("cannot be used in production"),
            "{err}"
        );
    }

    #[test]
    fn production_with_a_token_turns_local_launches_off() {
        let token = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
        let config = Config::from_env(&Env::from_pairs([
            ("APP_ENV", "production"),
            ("TELEGRAM_BOT_TOKEN", token),
        ]))
        .unwrap();
        assert!(!config.local_launches());
        assert_eq!(config.bot_token.expose(), token);
    }

    #[test]
    fn a_malformed_token_is_refused_without_echoing_it() {
        let err =
            Config::from_env(&Env::from_pairs([("TELEGRAM_BOT_TOKEN", "12:s3cret")])).unwrap_err();
        assert!(
            err.to_string().starts_with("TELEGRAM_BOT_TOKEN is invalid"),
            "{err}"
        );
        assert!(!err.to_string().contains("s3cret"));
        let err = Config::from_env(&Env::from_pairs([("APP_ENV", "prod")])).unwrap_err();
        assert!(err.to_string().starts_with("APP_ENV is invalid"), "{err}");
    }
}
