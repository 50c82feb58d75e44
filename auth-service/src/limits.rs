//! Rate limits: per client address before any work is done, and per Telegram user once their init
//! data checked out (one player cannot hammer the platform from many addresses).
//!
//! Two stores, chosen by `AUTH_RATE_LIMIT_STORE`: `memory` (the default, a GCRA limiter in this
//! process: right for one process, but N replicas would each allow the limit) and `database`, counts
//! per minute in the services' database (`auth_rate_limits`, SQLite or PostgreSQL), which every
//! replica shares, so the fleet together allows the limit. The shared count is a fixed window: at a
//! window's edge a client can reach the limit twice within a few seconds, never more within one window.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use service_kit::{ConfigError, Env};
use sqlx::AnyPool;

use crate::AuthError;

/// Where the counts live (`AUTH_RATE_LIMIT_STORE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    Memory,
    Database,
}

impl Store {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        match env.string_or("AUTH_RATE_LIMIT_STORE", "memory").trim() {
            "memory" => Ok(Self::Memory),
            "database" => Ok(Self::Database),
            other => Err(ConfigError::Invalid {
                name: "AUTH_RATE_LIMIT_STORE".to_owned(),
                reason: format!("{other:?} is not memory or database"),
            }),
        }
    }
}

const WINDOW_SECONDS: u64 = 60;

enum Backend {
    Memory(Box<InProcess>),
    Shared(AnyPool),
}

struct InProcess {
    per_ip: DefaultKeyedRateLimiter<IpAddr>,
    per_user: DefaultKeyedRateLimiter<i64>,
    clock: DefaultClock,
}

pub struct RateLimits {
    per_ip_per_minute: NonZeroU32,
    per_user_per_minute: NonZeroU32,
    backend: Backend,
}

impl RateLimits {
    /// Limits kept in this process.
    pub fn new(per_ip_per_minute: NonZeroU32, per_user_per_minute: NonZeroU32) -> Self {
        Self {
            per_ip_per_minute,
            per_user_per_minute,
            backend: Backend::Memory(Box::new(InProcess {
                per_ip: RateLimiter::keyed(Quota::per_minute(per_ip_per_minute)),
                per_user: RateLimiter::keyed(Quota::per_minute(per_user_per_minute)),
                clock: DefaultClock::default(),
            })),
        }
    }

    /// Limits counted in the database every replica shares.
    pub fn shared(
        pool: AnyPool,
        per_ip_per_minute: NonZeroU32,
        per_user_per_minute: NonZeroU32,
    ) -> Self {
        Self {
            per_ip_per_minute,
            per_user_per_minute,
            backend: Backend::Shared(pool),
        }
    }

    pub async fn check_ip(&self, ip: IpAddr) -> Result<(), AuthError> {
        match &self.backend {
            Backend::Memory(memory) => {
                memory
                    .per_ip
                    .check_key(&ip)
                    .map_err(|not_until| AuthError::RateLimited {
                        retry_after: not_until.wait_time_from(memory.clock.now()),
                    })
            }
            Backend::Shared(pool) => count(pool, &format!("ip:{ip}"), self.per_ip_per_minute).await,
        }
    }

    pub async fn check_user(&self, telegram_user_id: i64) -> Result<(), AuthError> {
        match &self.backend {
            Backend::Memory(memory) => {
                memory
                    .per_user
                    .check_key(&telegram_user_id)
                    .map_err(|not_until| AuthError::RateLimited {
                        retry_after: not_until.wait_time_from(memory.clock.now()),
                    })
            }
            Backend::Shared(pool) => {
                count(
                    pool,
                    &format!("user:{telegram_user_id}"),
                    self.per_user_per_minute,
                )
                .await
            }
        }
    }

    /// Drops what no longer limits anyone: idle keys in memory, past windows in the database.
    pub async fn forget_idle(&self) {
        match &self.backend {
            Backend::Memory(memory) => {
                memory.per_ip.retain_recent();
                memory.per_user.retain_recent();
                memory.per_ip.shrink_to_fit();
                memory.per_user.shrink_to_fit();
            }
            Backend::Shared(pool) => {
                let (window, _) = current_window();
                if let Err(error) =
                    sqlx::query("DELETE FROM auth_rate_limits WHERE window_start < $1")
                        .bind(window)
                        .execute(pool)
                        .await
                {
                    tracing::warn!(%error, "cannot prune past rate-limit windows");
                }
            }
        }
    }
}

/// This minute's window (its start, in seconds since the epoch) and the time left in it.
fn current_window() -> (i64, Duration) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let start = now.as_secs() / WINDOW_SECONDS * WINDOW_SECONDS;
    let left = Duration::from_secs(start + WINDOW_SECONDS).saturating_sub(now);
    (i64::try_from(start).unwrap_or(i64::MAX), left)
}

/// Counts one request of `key` in this minute's shared window; over `limit`, a 429 until the window
/// ends. When the database cannot count, the request goes through (logged): a limiter that fails
/// closed would turn a database hiccup into an outage of every login.
async fn count(pool: &AnyPool, key: &str, limit: NonZeroU32) -> Result<(), AuthError> {
    let (window, left) = current_window();
    let hits: Result<i64, sqlx::Error> = sqlx::query_scalar(
        "INSERT INTO auth_rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = auth_rate_limits.hits + 1
         RETURNING hits",
    )
    .bind(key)
    .bind(window)
    .fetch_one(pool)
    .await;
    match hits {
        Ok(hits) if hits > i64::from(limit.get()) => {
            Err(AuthError::RateLimited { retry_after: left })
        }
        Ok(_) => Ok(()),
        Err(error) => {
            tracing::warn!(%error, "cannot count a request against its rate limit; letting it through");
            Ok(())
        }
    }
}

pub const FORGET_IDLE_EVERY: Duration = Duration::from_secs(60);

/// The client's address: the peer, or behind our own proxy the last `X-Forwarded-For` entry
/// (earlier entries are whatever the client claimed and cannot be trusted).
pub fn client_ip(headers: &HeaderMap, peer: SocketAddr, trust_forwarded_for: bool) -> IpAddr {
    if trust_forwarded_for
        && let Some(last) = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
        && let Ok(ip) = last.trim().parse()
    {
        return ip;
    }
    peer.ip()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_forwarded_address_is_the_client_only_behind_our_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "6.6.6.6, 10.0.0.7".parse().unwrap());
        let peer = SocketAddr::from(([127, 0, 0, 1], 4000));
        assert_eq!(client_ip(&headers, peer, true).to_string(), "10.0.0.7");
        assert_eq!(client_ip(&headers, peer, false).to_string(), "127.0.0.1");
        assert_eq!(
            client_ip(&HeaderMap::new(), peer, true).to_string(),
            "127.0.0.1"
        );
    }

    #[tokio::test]
    async fn a_key_over_its_allowance_is_told_when_to_come_back() {
        let limits = RateLimits::new(NonZeroU32::new(2).unwrap(), NonZeroU32::new(1).unwrap());
        let ip = IpAddr::from([10, 0, 0, 1]);
        assert!(limits.check_ip(ip).await.is_ok());
        assert!(limits.check_ip(ip).await.is_ok());
        let Err(AuthError::RateLimited { retry_after }) = limits.check_ip(ip).await else {
            panic!("the third request in a minute is limited");
        };
        assert!(retry_after > Duration::from_secs(20) && retry_after <= Duration::from_secs(30));
        assert!(limits.check_ip(IpAddr::from([10, 0, 0, 2])).await.is_ok());
        assert!(limits.check_user(7).await.is_ok());
        assert!(limits.check_user(7).await.is_err());
    }

    #[test]
    fn the_store_is_memory_unless_the_database_is_asked_for() {
        assert_eq!(
            Store::from_env(&Env::from_pairs([])).unwrap(),
            Store::Memory
        );
        let env = Env::from_pairs([("AUTH_RATE_LIMIT_STORE", "database")]);
        assert_eq!(Store::from_env(&env).unwrap(), Store::Database);
        assert!(Store::from_env(&Env::from_pairs([("AUTH_RATE_LIMIT_STORE", "redis")])).is_err());
    }
}
