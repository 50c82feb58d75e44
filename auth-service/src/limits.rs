//! Rate limits: per client address before any work is done, and per Telegram user once their init
//! data checked out (one player cannot hammer the platform from many addresses).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::time::Duration;

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::AuthError;

pub struct RateLimits {
    per_ip: DefaultKeyedRateLimiter<IpAddr>,
    per_user: DefaultKeyedRateLimiter<i64>,
    clock: DefaultClock,
}

impl RateLimits {
    /// Each key may burst its whole minute's allowance, then gets one request per share of it.
    pub fn new(per_ip_per_minute: NonZeroU32, per_user_per_minute: NonZeroU32) -> Self {
        Self {
            per_ip: RateLimiter::keyed(Quota::per_minute(per_ip_per_minute)),
            per_user: RateLimiter::keyed(Quota::per_minute(per_user_per_minute)),
            clock: DefaultClock::default(),
        }
    }

    pub fn check_ip(&self, ip: IpAddr) -> Result<(), AuthError> {
        self.per_ip
            .check_key(&ip)
            .map_err(|not_until| AuthError::RateLimited {
                retry_after: not_until.wait_time_from(self.clock.now()),
            })
    }

    pub fn check_user(&self, telegram_user_id: i64) -> Result<(), AuthError> {
        self.per_user
            .check_key(&telegram_user_id)
            .map_err(|not_until| AuthError::RateLimited {
                retry_after: not_until.wait_time_from(self.clock.now()),
            })
    }

    /// Forgets keys whose allowance is full again, so memory follows recent traffic only.
    pub fn forget_idle(&self) {
        self.per_ip.retain_recent();
        self.per_user.retain_recent();
        self.per_ip.shrink_to_fit();
        self.per_user.shrink_to_fit();
    }
}

/// How often idle keys are forgotten.
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

    #[test]
    fn a_key_over_its_allowance_is_told_when_to_come_back() {
        let limits = RateLimits::new(NonZeroU32::new(2).unwrap(), NonZeroU32::new(1).unwrap());
        let ip = IpAddr::from([10, 0, 0, 1]);
        assert!(limits.check_ip(ip).is_ok());
        assert!(limits.check_ip(ip).is_ok());
        let Err(AuthError::RateLimited { retry_after }) = limits.check_ip(ip) else {
            panic!("the third request in a minute is limited");
        };
        assert!(retry_after > Duration::from_secs(20) && retry_after <= Duration::from_secs(30));
        assert!(limits.check_ip(IpAddr::from([10, 0, 0, 2])).is_ok());
        assert!(limits.check_user(7).is_ok());
        assert!(limits.check_user(7).is_err());
    }
}
