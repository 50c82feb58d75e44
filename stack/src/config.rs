use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use service_kit::{ConfigError, Env, Secret};

#[derive(Debug, Clone)]
pub struct Config {
    /// `HOST` and `PORT`: where players reach the product (127.0.0.1:8080).
    pub listen: SocketAddr,
    /// `DATA_DIR`: the SQLite files of the sandbox and the services (`./data`).
    pub data_dir: PathBuf,
    /// `STATIC_DIR`: the miniapp's production build (`./miniapp/dist`).
    pub static_dir: PathBuf,
    /// `DATABASE_URL`: the services' database (SQLite under `DATA_DIR`, or PostgreSQL).
    pub database_url: String,
    /// The embedded sandbox platform (`PLATFORM_DATABASE_URL`, `COUNTRY_HEADER`), on a free
    /// loopback port.
    pub platform: platform::Config,
    /// `PLATFORM_URL`: an operator's platform to use instead of the embedded sandbox.
    pub external_platform_url: Option<String>,
    /// `TELEGRAM_BOT_TOKEN`: the bot runs only when it is set.
    pub telegram_bot_token: Option<Secret>,
    /// The Telegram bot, run in-process when `TELEGRAM_BOT_TOKEN` is set. Its database and
    /// platform URL are the stack's, set at start; with the embedded platform, that platform
    /// sends it the players' events (`docs/bot-events.md`), signed with `BOT_EVENTS_SECRET` or a
    /// key made for the run.
    pub bot: Option<bot::Config>,
    /// Without `MINIAPP_URL`, the bot's buttons open the stack's own address.
    pub bot_opens_the_stack: bool,
    /// The auth service (`TELEGRAM_BOT_TOKEN` or the sandbox's test token, `APP_ENV`, its rate
    /// limits), on a free loopback port behind the edge; its platform URL is set at start.
    pub auth: auth_service::Config,
    /// Hosts added to the app shell's Content-Security-Policy (`crate::security_headers`).
    pub csp: crate::security_headers::ExtraSources,
    /// `EDGE_MAX_IN_FLIGHT` (1024): requests the edge works on at once; more are answered 503
    /// `overloaded` with `Retry-After` (`service_kit::load_shed`).
    pub max_in_flight: service_kit::load_shed::InFlightLimit,
}

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let host: IpAddr = env.parse_or("HOST", IpAddr::V4(Ipv4Addr::LOCALHOST))?;
        let port: u16 = env.parse_or("PORT", 8080)?;
        let data_dir = PathBuf::from(env.string_or("DATA_DIR", "data"));
        let external_platform_url = env
            .get("PLATFORM_URL")
            .map(|url| url.trim().trim_end_matches('/').to_owned());
        if let Some(url) = &external_platform_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(ConfigError::Invalid {
                name: "PLATFORM_URL".to_owned(),
                reason: format!("{url:?} is not an http:// or https:// URL"),
            });
        }
        let database_url = env.string_or(
            "DATABASE_URL",
            &format!("sqlite://{}/services.db", data_dir.display()),
        );
        // The bot and the sandbox share one service key; without `TG_BOT_SERVICE_KEY` each run
        // makes its own.
        let bot_service_key = env
            .secret("TG_BOT_SERVICE_KEY")
            .unwrap_or_else(|| Secret::new(uuid::Uuid::new_v4().simple().to_string()));
        let bot = match env.get("TELEGRAM_BOT_TOKEN") {
            None => None,
            Some(_) => {
                let mut bot = bot::Config {
                    bind: env.parse_or("BOT_BIND", crate::INTERNAL)?,
                    ..bot::Config::with_service_key(env, bot_service_key.clone())?
                };
                // The embedded platform tells the embedded bot its players' events; without
                // `BOT_EVENTS_SECRET` each run makes the key they share.
                if external_platform_url.is_none() && bot.events_secret.is_none() {
                    let key = format!(
                        "{}{}",
                        uuid::Uuid::new_v4().simple(),
                        uuid::Uuid::new_v4().simple()
                    );
                    bot.events_secret = Some(Secret::new(key));
                }
                Some(bot)
            }
        };
        Ok(Self {
            listen: SocketAddr::new(host, port),
            static_dir: PathBuf::from(env.string_or("STATIC_DIR", "miniapp/dist")),
            csp: crate::security_headers::ExtraSources::from_env(env)?,
            max_in_flight: service_kit::load_shed::InFlightLimit::from_env(
                env,
                "EDGE_MAX_IN_FLIGHT",
                1024,
            )?,
            auth: auth_service::Config {
                bind: crate::INTERNAL,
                database_url: database_url.clone(),
                // The edge appends the player's address to X-Forwarded-For.
                trust_forwarded_for: true,
                ..auth_service::Config::from_env(env)?
            },
            database_url,
            platform: platform::Config {
                bind: crate::INTERNAL,
                bot_service_key: Some(bot_service_key),
                database_url: env.string_or(
                    "PLATFORM_DATABASE_URL",
                    &format!("sqlite://{}/platform.db", data_dir.display()),
                ),
                // The product as it runs here shows the sandbox's captcha on the forms that carry
                // one, unless told otherwise.
                captcha: if env.get("CAPTCHA_PROVIDER").is_none() && !env.production()? {
                    platform::captcha::Settings::Sandbox
                } else {
                    platform::captcha::Settings::from_env(env, env.production()?)?
                },
                ..platform::Config::from_env(env)?
            },
            external_platform_url,
            telegram_bot_token: env.secret("TELEGRAM_BOT_TOKEN"),
            bot,
            bot_opens_the_stack: env.get("MINIAPP_URL").is_none(),
            data_dir,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_keep_everything_under_the_data_folder() {
        let config = Config::from_env(&Env::from_pairs([("DATA_DIR", "/tmp/x")])).expect("valid");
        assert_eq!(config.listen, SocketAddr::from(([127, 0, 0, 1], 8080)));
        assert_eq!(config.database_url, "sqlite:///tmp/x/services.db");
        assert_eq!(config.platform.database_url, "sqlite:///tmp/x/platform.db");
        assert_eq!(config.platform.bind.ip().to_string(), "127.0.0.1");
        assert!(config.telegram_bot_token.is_none());
        assert_eq!(
            config.auth.bot_token.expose(),
            telegram_init_data::SANDBOX_BOT_TOKEN
        );
        assert!(config.auth.local_launches());
    }

    #[test]
    fn a_platform_url_must_be_http() {
        let err = Config::from_env(&Env::from_pairs([("PLATFORM_URL", "ftp://x")])).unwrap_err();
        assert!(
            err.to_string().starts_with("PLATFORM_URL is invalid"),
            "{err}"
        );
    }
}
