//! Access tokens: HS256 JWTs whose `sub` is the player id, so the same token authenticates the
//! player's API calls and, unchanged, a real Centrifugo's WebSocket connection (which reads `sub`
//! and `exp` and shares the HMAC key). `sid` ties the token to a session that can be closed.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// `{"alg":"HS256","typ":"JWT"}`, the only header these tokens have.
const HEADER: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The player id, as a string (what Centrifugo expects).
    pub sub: String,
    /// The session the token belongs to.
    pub sid: String,
    pub iat: u64,
    pub exp: u64,
}

impl Claims {
    pub fn player_id(&self) -> Option<i64> {
        self.sub.parse().ok()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is malformed")]
    Malformed,
    #[error("the token's signature does not match")]
    BadSignature,
    #[error("the token has expired")]
    Expired,
}

#[derive(Clone)]
pub struct TokenKeys {
    secret: Vec<u8>,
    pub ttl: Duration,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenKeys")
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}

impl TokenKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        Self {
            secret: secret.to_vec(),
            ttl,
        }
    }

    fn mac(&self) -> HmacSha256 {
        HmacSha256::new_from_slice(&self.secret).expect("HMAC takes keys of any length")
    }

    pub fn issue(&self, player_id: i64, session_id: &str, issued_at: u64) -> String {
        let claims = Claims {
            sub: player_id.to_string(),
            sid: session_id.to_owned(),
            iat: issued_at,
            exp: issued_at + self.ttl.as_secs(),
        };
        let payload =
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).expect("claims serialise"));
        let signing_input = format!("{HEADER}.{payload}");
        let mut mac = self.mac();
        mac.update(signing_input.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{signing_input}.{signature}")
    }

    /// The claims of a token signed with these keys, whether or not it has expired: refreshing
    /// accepts expired tokens of open sessions.
    pub fn decode(&self, token: &str) -> Result<Claims, TokenError> {
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Malformed);
        };
        if header != HEADER {
            // Refusing every other header also refuses `alg: none` and key confusion.
            return Err(TokenError::Malformed);
        }
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| TokenError::Malformed)?;
        let mut mac = self.mac();
        mac.update(header.as_bytes());
        mac.update(b".");
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature)
            .map_err(|_| TokenError::BadSignature)?;
        let payload = URL_SAFE_NO_PAD
            .decode(payload)
            .map_err(|_| TokenError::Malformed)?;
        serde_json::from_slice(&payload).map_err(|_| TokenError::Malformed)
    }

    /// The claims of a valid, unexpired token.
    pub fn verify(&self, token: &str, at: u64) -> Result<Claims, TokenError> {
        let claims = self.decode(token)?;
        if claims.exp <= at {
            return Err(TokenError::Expired);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::new(b"test-secret", Duration::from_secs(900))
    }

    #[test]
    fn issued_tokens_verify_until_they_expire() {
        let token = keys().issue(42, "s1", 1_000);
        let claims = keys().verify(&token, 1_899).unwrap();
        assert_eq!(claims.player_id(), Some(42));
        assert_eq!((claims.sid.as_str(), claims.exp), ("s1", 1_900));
        assert_eq!(keys().verify(&token, 1_900), Err(TokenError::Expired));
        assert!(keys().decode(&token).is_ok());
    }

    #[test]
    fn another_key_or_any_changed_byte_is_refused() {
        let token = keys().issue(42, "s1", 1_000);
        let other = TokenKeys::new(b"other", Duration::from_secs(900));
        assert_eq!(other.verify(&token, 1_000), Err(TokenError::BadSignature));
        for i in 0..token.len() {
            let mut bytes = token.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap();
            assert!(keys().verify(&tampered, 1_000).is_err(), "byte {i}");
        }
    }

    #[test]
    fn the_header_is_fixed_so_alg_none_is_refused() {
        let token = keys().issue(42, "s1", 1_000);
        let payload = token.split('.').nth(1).unwrap();
        let none = format!(
            "{}.{payload}.",
            URL_SAFE_NO_PAD.encode(br#"{"alg":"none"}"#)
        );
        assert_eq!(keys().verify(&none, 1_000), Err(TokenError::Malformed));
        assert_eq!(keys().verify("a.b", 1_000), Err(TokenError::Malformed));
    }
}
