use std::collections::HashSet;
use std::net::SocketAddr;
use std::time::Duration;

use service_kit::{ConfigError, Env, Secret};
use teloxide::adaptors::throttle::Limits;
use url::Url;

#[derive(Debug, Clone)]
pub struct Config {
    /// `TELEGRAM_BOT_TOKEN`: the bot's token from @BotFather.
    pub token: Secret,
    /// `TELEGRAM_API_URL`: the Bot API server (Telegram's own unless set; tests use a fake one).
    pub telegram_api_url: Option<Url>,
    /// `BOT_BIND`: the bot's own HTTP server (health routes and, in webhook mode, the webhook).
    pub bind: SocketAddr,
    /// `DATABASE_URL`: the services' database, SQLite by default, PostgreSQL when it says so.
    pub database_url: String,
    /// `PLATFORM_URL`: where users are synced (`PUT /api/tg-bot/users`).
    pub platform_url: String,
    /// `TG_BOT_SERVICE_KEY`: the key the platform expects in `X-Service-Key`.
    pub service_key: Secret,
    /// `MINIAPP_URL`: the Mini App's public URL, opened by the launch and menu buttons.
    pub miniapp_url: Url,
    /// `BOT_STAFF_IDS`: Telegram user ids allowed to run the support commands.
    pub staff_ids: HashSet<u64>,
    /// `BOT_WEBHOOK_URL` (webhook mode when set; long polling otherwise) and its secret.
    pub webhook: Option<Webhook>,
    /// How long one `getUpdates` call waits for updates in polling mode.
    pub polling_timeout: Duration,
    /// `BOT_SYNC_RETRY_SECONDS`: the first delay before a failed sync is retried; it doubles
    /// with each failure up to `sync_retry_max`.
    pub sync_retry_first: Duration,
    pub sync_retry_max: Duration,
    /// Telegram's flood limits, which the bot keeps to before Telegram has to say 429.
    pub rate_limits: Limits,
    /// `BOT_EVENTS_SECRET`: the key the platform signs its events with (`docs/bot-events.md`); the
    /// events hook is off without it.
    pub events_secret: Option<Secret>,
    /// The player messages' limits: `BOT_MESSAGES_PER_SECOND` overall (30, Telegram's limit, by
    /// default; with several replicas give each its share) and one a second per chat.
    pub message_limits: crate::sender::Limits,
    /// How long a replica keeps an event it claimed before another may send it.
    pub outbox_lease: Duration,
    /// How often at most a broadcast's progress message is edited.
    pub broadcast_progress_every: Duration,
}

/// The shortest events secret accepted: 32 bytes, HMAC-SHA256's own size.
const MIN_EVENTS_SECRET: usize = 32;

#[derive(Debug, Clone)]
pub struct Webhook {
    pub url: Url,
    /// `BOT_WEBHOOK_SECRET`: Telegram sends it back in `X-Telegram-Bot-Api-Secret-Token`. Every
    /// replica behind one webhook must share it; a random one is made when it is unset.
    pub secret: Secret,
}

/// Users per `PUT /api/tg-bot/users` call: the most the platform accepts.
pub const SYNC_BATCH_SIZE: usize = 100;

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let service_key = env
            .secret("TG_BOT_SERVICE_KEY")
            .ok_or(ConfigError::Missing {
                name: "TG_BOT_SERVICE_KEY".to_owned(),
                hint: "the key the platform expects from the bot in X-Service-Key".to_owned(),
            })?;
        Self::with_service_key(env, service_key)
    }

    /// The configuration with a service key from elsewhere (the local stack makes one per run
    /// and gives it to the sandbox platform too).
    pub fn with_service_key(env: &Env, service_key: Secret) -> Result<Self, ConfigError> {
        let token = env
            .secret("TELEGRAM_BOT_TOKEN")
            .ok_or(ConfigError::Missing {
                name: "TELEGRAM_BOT_TOKEN".to_owned(),
                hint: "the bot's token from @BotFather".to_owned(),
            })?;
        let webhook = match env.get("BOT_WEBHOOK_URL") {
            None => None,
            Some(raw) => Some(Webhook {
                url: https_url("BOT_WEBHOOK_URL", raw)?,
                secret: match env.secret("BOT_WEBHOOK_SECRET") {
                    Some(secret) => webhook_secret(secret)?,
                    None => Secret::new(uuid::Uuid::new_v4().simple().to_string()),
                },
            }),
        };
        Ok(Self {
            token,
            telegram_api_url: env
                .get("TELEGRAM_API_URL")
                .map(|raw| http_url("TELEGRAM_API_URL", raw))
                .transpose()?,
            bind: env.parse_or("BOT_BIND", SocketAddr::from(([127, 0, 0, 1], 8083)))?,
            database_url: env.string_or("DATABASE_URL", "sqlite://data/services.db"),
            platform_url: http_url(
                "PLATFORM_URL",
                &env.string_or("PLATFORM_URL", "http://127.0.0.1:8081"),
            )?
            .as_str()
            .trim_end_matches('/')
            .to_owned(),
            service_key,
            miniapp_url: http_url(
                "MINIAPP_URL",
                &env.string_or("MINIAPP_URL", "http://127.0.0.1:8080/"),
            )?,
            staff_ids: staff_ids(env.get("BOT_STAFF_IDS").unwrap_or_default())?,
            webhook,
            polling_timeout: Duration::from_secs(10),
            sync_retry_first: Duration::from_secs(env.parse_or("BOT_SYNC_RETRY_SECONDS", 30)?),
            sync_retry_max: Duration::from_secs(3600),
            rate_limits: Limits::default(),
            events_secret: env
                .secret("BOT_EVENTS_SECRET")
                .map(events_secret)
                .transpose()?,
            message_limits: crate::sender::Limits {
                per_window: messages_per_second(env)?,
                ..crate::sender::Limits::default()
            },
            outbox_lease: Duration::from_secs(60),
            broadcast_progress_every: Duration::from_secs(3),
        })
    }
}

fn http_url(name: &str, raw: &str) -> Result<Url, ConfigError> {
    let invalid = |reason: String| ConfigError::Invalid {
        name: name.to_owned(),
        reason,
    };
    let url = Url::parse(raw.trim()).map_err(|e| invalid(format!("{raw:?}: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid(format!(
            "{raw:?} is not an http:// or https:// URL"
        )));
    }
    Ok(url)
}

fn https_url(name: &str, raw: &str) -> Result<Url, ConfigError> {
    let url = http_url(name, raw)?;
    if url.scheme() != "https" {
        return Err(ConfigError::Invalid {
            name: name.to_owned(),
            reason: format!("{raw:?}: Telegram only calls https:// webhooks"),
        });
    }
    Ok(url)
}

/// Telegram accepts 1 to 256 characters of `A-Z`, `a-z`, `0-9`, `_` and `-`.
fn webhook_secret(secret: Secret) -> Result<Secret, ConfigError> {
    let value = secret.expose();
    let valid = (1..=256).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if valid {
        Ok(secret)
    } else {
        Err(ConfigError::Invalid {
            name: "BOT_WEBHOOK_SECRET".to_owned(),
            reason: "use 1 to 256 characters of A-Z, a-z, 0-9, _ and -".to_owned(),
        })
    }
}

fn events_secret(secret: Secret) -> Result<Secret, ConfigError> {
    if secret.expose().len() >= MIN_EVENTS_SECRET {
        Ok(secret)
    } else {
        Err(ConfigError::Invalid {
            name: "BOT_EVENTS_SECRET".to_owned(),
            reason: format!("use at least {MIN_EVENTS_SECRET} characters"),
        })
    }
}

fn messages_per_second(env: &Env) -> Result<usize, ConfigError> {
    let limit = crate::sender::Limits::default().per_window;
    let value: usize = env.parse_or("BOT_MESSAGES_PER_SECOND", limit)?;
    if (1..=limit).contains(&value) {
        Ok(value)
    } else {
        Err(ConfigError::Invalid {
            name: "BOT_MESSAGES_PER_SECOND".to_owned(),
            reason: format!("use 1 to {limit}, Telegram's limit"),
        })
    }
}

fn staff_ids(raw: &str) -> Result<HashSet<u64>, ConfigError> {
    raw.split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(|id| {
            id.parse().map_err(|_| ConfigError::Invalid {
                name: "BOT_STAFF_IDS".to_owned(),
                reason: format!("{id:?} is not a Telegram user id"),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REQUIRED: [(&str, &str); 2] = [
        ("TELEGRAM_BOT_TOKEN", "123:abc"),
        ("TG_BOT_SERVICE_KEY", "key"),
    ];

    fn with(extra: &[(&'static str, &'static str)]) -> Result<Config, ConfigError> {
        Config::from_env(&Env::from_pairs(REQUIRED.iter().chain(extra).copied()))
    }

    #[test]
    fn defaults_poll_and_talk_to_the_local_platform() {
        let config = with(&[]).expect("valid");
        assert!(config.webhook.is_none());
        assert!(config.staff_ids.is_empty());
        assert_eq!(config.platform_url, "http://127.0.0.1:8081");
        assert_eq!(config.miniapp_url.as_str(), "http://127.0.0.1:8080/");
    }

    #[test]
    fn the_token_is_required_and_never_printed() {
        let err = Config::with_service_key(&Env::default(), Secret::new("key")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("TELEGRAM_BOT_TOKEN is required")
        );
        let config = with(&[]).expect("valid");
        assert!(!format!("{config:?}").contains("123:abc"));
    }

    #[test]
    fn staff_ids_are_a_comma_separated_list() {
        let config = with(&[("BOT_STAFF_IDS", " 7, 42 ,")]).expect("valid");
        assert_eq!(config.staff_ids, HashSet::from([7, 42]));
        let err = with(&[("BOT_STAFF_IDS", "7,@alice")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "BOT_STAFF_IDS is invalid (\"@alice\" is not a Telegram user id)"
        );
    }

    #[test]
    fn webhooks_must_be_https_with_a_valid_secret() {
        assert!(with(&[("BOT_WEBHOOK_URL", "http://x/hook")]).is_err());
        assert!(
            with(&[
                ("BOT_WEBHOOK_URL", "https://x/hook"),
                ("BOT_WEBHOOK_SECRET", "no spaces")
            ])
            .is_err()
        );
        let config = with(&[("BOT_WEBHOOK_URL", "https://x/telegram/webhook")]).expect("valid");
        let webhook = config.webhook.expect("webhook mode");
        assert_eq!(webhook.url.path(), "/telegram/webhook");
        assert_eq!(webhook.secret.expose().len(), 32);
    }

    #[test]
    fn the_events_secret_is_long_enough_and_never_printed() {
        assert!(with(&[]).expect("valid").events_secret.is_none());
        let err = with(&[("BOT_EVENTS_SECRET", "short")]).unwrap_err();
        assert!(err.to_string().starts_with("BOT_EVENTS_SECRET is invalid"));
        let secret = "s3cret-s3cret-s3cret-s3cret-s3cret";
        let config = with(&[("BOT_EVENTS_SECRET", secret)]).expect("valid");
        assert_eq!(
            config.events_secret.as_ref().map(Secret::expose),
            Some(secret)
        );
        assert!(!format!("{config:?}").contains(secret));
    }

    #[test]
    fn messages_keep_to_telegrams_rate() {
        assert_eq!(with(&[]).expect("valid").message_limits.per_window, 30);
        let config = with(&[("BOT_MESSAGES_PER_SECOND", "15")]).expect("valid");
        assert_eq!(config.message_limits.per_window, 15);
        assert!(with(&[("BOT_MESSAGES_PER_SECOND", "31")]).is_err());
        assert!(with(&[("BOT_MESSAGES_PER_SECOND", "0")]).is_err());
    }
}
