//! One-time codes sent by SMS or e-mail. The sandbox "sends" them to its outbox, where people and
//! tests read them; a real platform would hand the same messages to its SMS and mail providers.

use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{FromRow, SqlitePool};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use crate::clock::unix_seconds;

/// A new code for the same purpose and recipient waits this long.
pub const RESEND_AFTER_SECONDS: u64 = 30;
pub const CODE_LIFETIME_SECONDS: u64 = 10 * 60;
pub const MAX_ATTEMPTS: i64 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A phone number's code: sign-in, sign-up, or attaching it to a profile.
    Phone,
    /// An e-mail sign-in code.
    Email,
    /// A link to set a new password.
    PasswordReset,
    /// Confirms an e-mail address of a signed-in player.
    EmailVerify,
    /// The link that confirms the same address, sent with the `EmailVerify` code.
    EmailVerifyLink,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Phone => "phone",
            Self::Email => "email",
            Self::PasswordReset => "password_reset",
            Self::EmailVerify => "email_verify",
            Self::EmailVerifyLink => "email_verify_link",
        }
    }

    fn channel(self) -> &'static str {
        match self {
            Self::Phone => "sms",
            _ => "email",
        }
    }
}

pub fn digest(code: &str) -> String {
    Sha256::digest(code.trim().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Six digits for codes people type; a long random token for codes that travel in links.
/// Why a code is not sent or not accepted.
#[derive(Debug, thiserror::Error)]
pub enum VerificationError {
    /// A code went to the recipient a moment ago; another may go in `wait_seconds`.
    #[error("a code was just sent; another may go in {wait_seconds} seconds")]
    TooSoon { wait_seconds: i64 },
    /// Wrong, expired, used, or guessed wrong too often.
    #[error("the code is wrong or has expired")]
    CodeInvalid,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

fn new_code(purpose: Purpose) -> String {
    let mut rng = rand::thread_rng();
    match purpose {
        Purpose::PasswordReset | Purpose::EmailVerifyLink => (0..32)
            .map(|_| char::from(b"abcdefghijkmnpqrstuvwxyz23456789"[rng.gen_range(0..32)]))
            .collect(),
        _ => format!("{:06}", rng.gen_range(0..1_000_000)),
    }
}

/// Issues a code for `recipient` and puts the message in the outbox; `message` builds the subject
/// and body from the code.
pub async fn send(
    pool: &SqlitePool,
    purpose: Purpose,
    recipient: &str,
    player_id: Option<i64>,
    message: impl FnOnce(&str) -> (String, String),
) -> Result<(), VerificationError> {
    send_with_link(pool, purpose, None, recipient, player_id, |code, _| {
        message(code)
    })
    .await
}

/// Like [`send`], with a second, long code for a link (`link`, e.g. [`Purpose::EmailVerifyLink`])
/// in the same message: the player types the short code or opens the link, whichever is at hand.
pub async fn send_with_link(
    pool: &SqlitePool,
    purpose: Purpose,
    link: Option<Purpose>,
    recipient: &str,
    player_id: Option<i64>,
    message: impl FnOnce(&str, Option<&str>) -> (String, String),
) -> Result<(), VerificationError> {
    let at = unix_seconds();
    let last: Option<i64> = sqlx::query_scalar(
        "SELECT max(created_at) FROM verification_codes WHERE purpose = ? AND recipient = ?",
    )
    .bind(purpose.as_str())
    .bind(recipient)
    .fetch_one(pool)
    .await?;
    if let Some(last) = last {
        let wait = (last + RESEND_AFTER_SECONDS as i64) - at as i64;
        if wait > 0 {
            return Err(VerificationError::TooSoon { wait_seconds: wait });
        }
    }
    let code = new_code(purpose);
    let link_code = link.map(new_code);
    let (subject, body) = message(&code, link_code.as_deref());
    let mut tx = pool.begin().await?;
    for (purpose, code) in std::iter::once((purpose, &code)).chain(link.zip(link_code.as_ref())) {
        sqlx::query(
            "INSERT INTO verification_codes (purpose, recipient, player_id, code_digest, expires_at, created_at)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(purpose.as_str())
        .bind(recipient)
        .bind(player_id)
        .bind(digest(code))
        .bind((at + CODE_LIFETIME_SECONDS) as i64)
        .bind(at as i64)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "INSERT INTO sandbox_outbox (channel, recipient, subject, body, code) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(purpose.channel())
    .bind(recipient)
    .bind(subject)
    .bind(body)
    .bind(&code)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Puts a message without a code in the outbox (a contact form copy, a notice).
pub async fn notify<'e>(
    executor: impl sqlx::SqliteExecutor<'e>,
    channel: &str,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sandbox_outbox (channel, recipient, subject, body) VALUES (?, ?, ?, ?)",
    )
    .bind(channel)
    .bind(recipient)
    .bind(subject)
    .bind(body)
    .execute(executor)
    .await?;
    Ok(())
}

// A message of the sandbox's outbox (no doc comment: it would enter the OpenAPI document).
#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    id: i64,
    channel: String,
    recipient: String,
    subject: String,
    body: String,
    code: Option<String>,
    created_at: String,
}

/// The outbox's latest 50 messages to a phone number or e-mail address (as written: it is
/// normalised here), newest first.
pub async fn outbox(pool: &SqlitePool, to: &str) -> Result<Vec<Message>, sqlx::Error> {
    let to = to.trim();
    let recipient = normalise_phone(to).unwrap_or_else(|| to.to_lowercase());
    sqlx::query_as(
        "SELECT id, channel, recipient, subject, body, code, created_at FROM sandbox_outbox
         WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT 50",
    )
    .bind(recipient)
    .fetch_all(pool)
    .await
}

/// What a used code was issued for.
#[derive(Debug)]
pub struct Redeemed {
    pub recipient: String,
    pub player_id: Option<i64>,
}

fn invalid() -> VerificationError {
    VerificationError::CodeInvalid
}

/// Uses the latest code of `recipient` for `purpose`. Wrong guesses count; after five the code
/// is spent.
pub async fn redeem(
    pool: &SqlitePool,
    purpose: Purpose,
    recipient: &str,
    code: &str,
) -> Result<Redeemed, VerificationError> {
    redeem_gated(pool, purpose, recipient, code, async { Ok(()) }).await
}

/// `redeem`, with `gate` between the code's check and its use: when the gate refuses, a right code
/// stays unused for the next try (a sign-up's captcha, checked once the code is known to be right).
pub async fn redeem_gated<E: From<VerificationError>>(
    pool: &SqlitePool,
    purpose: Purpose,
    recipient: &str,
    code: &str,
    gate: impl Future<Output = Result<(), E>>,
) -> Result<Redeemed, E> {
    let latest: Option<(i64, String, Option<i64>)> = sqlx::query_as(
        "SELECT id, code_digest, player_id FROM verification_codes
         WHERE purpose = ? AND recipient = ? AND used_at IS NULL AND expires_at > ?
           AND attempts < ?
         ORDER BY id DESC LIMIT 1",
    )
    .bind(purpose.as_str())
    .bind(recipient)
    .bind(unix_seconds() as i64)
    .bind(MAX_ATTEMPTS)
    .fetch_optional(pool)
    .await
    .map_err(VerificationError::from)?;
    let Some((id, stored, player_id)) = latest else {
        return Err(invalid().into());
    };
    if !bool::from(stored.as_bytes().ct_eq(digest(code).as_bytes())) {
        sqlx::query("UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ?")
            .bind(id)
            .execute(pool)
            .await
            .map_err(VerificationError::from)?;
        return Err(invalid().into());
    }
    gate.await?;
    let used =
        sqlx::query("UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL")
            .bind(unix_seconds() as i64)
            .bind(id)
            .execute(pool)
            .await
            .map_err(VerificationError::from)?
            .rows_affected();
    if used == 0 {
        return Err(invalid().into());
    }
    Ok(Redeemed {
        recipient: recipient.to_owned(),
        player_id,
    })
}

/// Uses a link code (password reset) found by the code alone.
pub async fn redeem_link(
    pool: &SqlitePool,
    purpose: Purpose,
    code: &str,
) -> Result<Redeemed, VerificationError> {
    let found: Option<(i64, String, Option<i64>)> = sqlx::query_as(
        "UPDATE verification_codes SET used_at = ?1
         WHERE code_digest = ?2 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?1
         RETURNING id, recipient, player_id",
    )
    .bind(unix_seconds() as i64)
    .bind(digest(code))
    .bind(purpose.as_str())
    .fetch_optional(pool)
    .await?;
    let (_, recipient, player_id) = found.ok_or_else(invalid)?;
    Ok(Redeemed {
        recipient,
        player_id,
    })
}

/// A phone number in international format: `+`, then 8 to 17 digits (calling code and national
/// number together); spaces, dashes, dots and brackets people type are dropped.
pub fn normalise_phone(input: &str) -> Option<String> {
    if input.len() > 250 {
        return None;
    }
    let kept: String = input
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')'))
        .collect();
    let digits = kept.strip_prefix('+')?;
    let valid = (8..=17).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    valid.then(|| format!("+{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_normalised_to_international_format() {
        assert_eq!(
            normalise_phone("+55 (11) 98765-4321").as_deref(),
            Some("+5511987654321")
        );
        for bad in [
            "5511987654321",
            "+0123456789",
            "+1234567",
            "+1 555 abc 1234",
            "",
        ] {
            assert_eq!(normalise_phone(bad), None, "{bad}");
        }
    }

    #[test]
    fn link_codes_are_long_and_typed_codes_six_digits() {
        assert_eq!(new_code(Purpose::PasswordReset).len(), 32);
        assert_eq!(new_code(Purpose::EmailVerifyLink).len(), 32);
        let code = new_code(Purpose::Phone);
        assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()));
    }
}
