//! Real-time publications. Everything that changes state a player watches publishes through one
//! `Publisher`: the sandbox's own hub (Centrifugo's client protocol on
//! `/api/connection/websocket`) or a real Centrifugo's HTTP API in production.

mod centrifugo;
mod connection;
mod hub;
mod protocol;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use service_kit::{ConfigError, Env, Secret};

pub use centrifugo::CentrifugoPublisher;
pub use connection::accept;
pub use hub::{Hub, HubSettings};

pub type PublishFuture = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'static>>;

pub trait Publisher: Send + Sync + 'static {
    /// Publishes `data` to every subscriber of `channel`. A failure is the caller's to log: a
    /// missed publication never undoes the state change that caused it.
    fn publish(&self, channel: String, data: Value) -> PublishFuture;
}

/// What a connect or refresh token says about who is connecting.
pub enum TokenCheck {
    /// A token of the open session `session_id` of a player who is not blocked, good until
    /// `expires_at` (Unix seconds).
    Player {
        player_id: i64,
        session_id: String,
        expires_at: u64,
    },
    /// A token of ours that ran out: the client fetches a new one and tries again.
    Expired,
    /// Not a token of ours, or one of a closed session or a blocked player.
    Refused,
    /// The check itself failed (and was logged).
    Failed,
}

pub type TokenCheckFuture = Pin<Box<dyn Future<Output = TokenCheck> + Send + 'static>>;

/// Checks the tokens connections present. The hub knows channels, not players: the platform's
/// sessions hand it this.
pub trait Tokens: Send + Sync + 'static {
    fn check(&self, token: String) -> TokenCheckFuture;
}

/// The channel names of the spec (section 7), in one place. Every channel but `global:online` is
/// user-limited: `namespace:name#{id}` may be subscribed only by a connection of player `id`.
pub mod channels {
    pub const QUESTS: &str = "retention:quests";
    pub const BONUS_CODES: &str = "bonus:player-bonus-codes";
    pub const BONUSES: &str = "bonus:player-bonuses";
    pub const FREESPINS: &str = "bonus:player-freespins";
    pub const WALLET_ACCOUNTS: &str = "wallet:accounts";
    pub const PAYMENT_INVOICES: &str = "payment:invoices";
    pub const GAME_BETS: &str = "game:bets";
    pub const GAME_SPINS: &str = "game:spins";
    pub const RETENTION_ACCOUNTS: &str = "retention:accounts";
    pub const NOTIFICATIONS: &str = "messenger:notifications";
    pub const PUSHES: &str = "messenger:pushes";

    pub const USER_LIMITED: [&str; 11] = [
        QUESTS,
        BONUS_CODES,
        BONUSES,
        FREESPINS,
        WALLET_ACCOUNTS,
        PAYMENT_INVOICES,
        GAME_BETS,
        GAME_SPINS,
        RETENTION_ACCOUNTS,
        NOTIFICATIONS,
        PUSHES,
    ];

    /// Open to every connection, anonymous ones included.
    pub const GLOBAL_ONLINE: &str = "global:online";

    pub fn of_player(channel: &str, player_id: i64) -> String {
        format!("{channel}#{player_id}")
    }

    pub fn quests(player_id: i64) -> String {
        of_player(QUESTS, player_id)
    }

    pub fn bonus_codes(player_id: i64) -> String {
        of_player(BONUS_CODES, player_id)
    }

    pub fn bonuses(player_id: i64) -> String {
        of_player(BONUSES, player_id)
    }

    pub fn freespins(player_id: i64) -> String {
        of_player(FREESPINS, player_id)
    }

    pub fn wallet_accounts(player_id: i64) -> String {
        of_player(WALLET_ACCOUNTS, player_id)
    }

    pub fn payment_invoices(player_id: i64) -> String {
        of_player(PAYMENT_INVOICES, player_id)
    }

    pub fn game_bets(player_id: i64) -> String {
        of_player(GAME_BETS, player_id)
    }

    pub fn game_spins(player_id: i64) -> String {
        of_player(GAME_SPINS, player_id)
    }

    pub fn retention_accounts(player_id: i64) -> String {
        of_player(RETENTION_ACCOUNTS, player_id)
    }

    pub fn notifications(player_id: i64) -> String {
        of_player(NOTIFICATIONS, player_id)
    }

    pub fn pushes(player_id: i64) -> String {
        of_player(PUSHES, player_id)
    }

    /// Who may subscribe to a channel.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Audience<'a> {
        Everyone,
        /// The `#` part of a user-limited channel: only the player whose id it is.
        Player(&'a str),
        Unknown,
    }

    pub fn audience(channel: &str) -> Audience<'_> {
        if channel == GLOBAL_ONLINE {
            return Audience::Everyone;
        }
        match channel.split_once('#') {
            Some((base, user)) if USER_LIMITED.contains(&base) && !user.is_empty() => {
                Audience::Player(user)
            }
            _ => Audience::Unknown,
        }
    }
}

/// Publishes and logs a failure instead of returning it: for callers whose state change is already
/// committed.
pub async fn publish_logged(publisher: &dyn Publisher, channel: String, data: Value) {
    if let Err(e) = publisher.publish(channel.clone(), data).await {
        tracing::warn!(%channel, error = %format!("{e:#}"), "publication failed");
    }
}

/// Where publications go, from the environment: a real Centrifugo when `CENTRIFUGO_URL` and
/// `CENTRIFUGO_API_KEY` are set, else the sandbox's own hub.
#[derive(Debug, Clone)]
pub struct Settings {
    pub hub: HubSettings,
    pub centrifugo: Option<CentrifugoSettings>,
}

#[derive(Debug, Clone)]
pub struct CentrifugoSettings {
    /// The server API's base URL, without `/api`.
    pub url: String,
    pub api_key: Secret,
}

impl Settings {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let ping_seconds: u64 = env.parse_or("REALTIME_PING_INTERVAL_SECONDS", 25)?;
        if !(1..=600).contains(&ping_seconds) {
            return Err(ConfigError::Invalid {
                name: "REALTIME_PING_INTERVAL_SECONDS".to_owned(),
                reason: format!("{ping_seconds} is outside 1..=600"),
            });
        }
        let centrifugo = match (env.get("CENTRIFUGO_URL"), env.secret("CENTRIFUGO_API_KEY")) {
            (None, None) => None,
            (Some(url), Some(api_key)) => {
                let url = url.trim().trim_end_matches('/').to_owned();
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(ConfigError::Invalid {
                        name: "CENTRIFUGO_URL".to_owned(),
                        reason: format!("{url:?} is not an http:// or https:// URL"),
                    });
                }
                Some(CentrifugoSettings { url, api_key })
            }
            (Some(_), None) => {
                return Err(ConfigError::Missing {
                    name: "CENTRIFUGO_API_KEY".to_owned(),
                    hint: "CENTRIFUGO_URL is set, and publishing to Centrifugo needs its API key"
                        .to_owned(),
                });
            }
            (None, Some(_)) => {
                return Err(ConfigError::Missing {
                    name: "CENTRIFUGO_URL".to_owned(),
                    hint: "CENTRIFUGO_API_KEY is set but not the Centrifugo to publish to"
                        .to_owned(),
                });
            }
        };
        Ok(Self {
            hub: HubSettings {
                ping_interval: Duration::from_secs(ping_seconds),
                ..HubSettings::default()
            },
            centrifugo,
        })
    }

    /// The hub (always served: it is what `/api/connection/websocket` answers locally) and the
    /// publisher the rest of the platform uses.
    pub fn build(&self) -> anyhow::Result<(Hub, Arc<dyn Publisher>)> {
        let hub = Hub::new(self.hub.clone());
        let publisher: Arc<dyn Publisher> = match &self.centrifugo {
            Some(centrifugo) => Arc::new(CentrifugoPublisher::new(
                &centrifugo.url,
                centrifugo.api_key.clone(),
            )?),
            None => Arc::new(hub.clone()),
        };
        Ok((hub, publisher))
    }
}

#[cfg(test)]
mod tests {
    use super::channels::{self, Audience};
    use super::*;

    #[test]
    fn user_limited_channels_name_their_player() {
        assert_eq!(channels::wallet_accounts(42), "wallet:accounts#42");
        assert_eq!(
            channels::audience("wallet:accounts#42"),
            Audience::Player("42")
        );
        assert_eq!(
            channels::audience(&channels::pushes(7)),
            Audience::Player("7")
        );
        assert_eq!(channels::audience("global:online"), Audience::Everyone);
        assert_eq!(channels::audience("wallet:accounts"), Audience::Unknown);
        assert_eq!(channels::audience("wallet:accounts#"), Audience::Unknown);
        assert_eq!(channels::audience("chat:room#42"), Audience::Unknown);
    }

    #[test]
    fn centrifugo_needs_both_url_and_key() {
        let settings = Settings::from_env(&Env::default()).expect("defaults");
        assert!(settings.centrifugo.is_none());
        assert_eq!(settings.hub.ping_interval, Duration::from_secs(25));

        let env = Env::from_pairs([
            ("CENTRIFUGO_URL", "http://centrifugo:8000/"),
            ("CENTRIFUGO_API_KEY", "api-key-of-the-test"),
        ]);
        let settings = Settings::from_env(&env).expect("valid");
        let centrifugo = settings.centrifugo.expect("centrifugo");
        assert_eq!(centrifugo.url, "http://centrifugo:8000");
        assert!(!format!("{centrifugo:?}").contains("api-key-of-the-test"));

        let env = Env::from_pairs([("CENTRIFUGO_URL", "http://centrifugo:8000")]);
        assert!(matches!(
            Settings::from_env(&env),
            Err(ConfigError::Missing { name, .. }) if name == "CENTRIFUGO_API_KEY"
        ));
        let env = Env::from_pairs([("REALTIME_PING_INTERVAL_SECONDS", "0")]);
        assert!(Settings::from_env(&env).is_err());
    }
}
