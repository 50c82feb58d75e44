//! What a redeemed one-time code does to a player: signs them in (phone or e-mail), attaches a
//! phone, proves a phone sign-up's number, sets a password from a reset link, confirms an e-mail; and the
//! password change beside them. The codes themselves are `crate::verification`; the HTTP side is
//! `routes/player/one_time_codes.rs`.

use sqlx::SqlitePool;

use crate::auth::passwords;
use crate::auth::sessions::{self, ClientInfo};
use crate::auth::tokens::TokenKeys;
use crate::clock::NOW;
use crate::db::refused_if_unique;
use crate::players::sign_in::{self, SessionResponse};
use crate::players::{self, PlayerError, Profile};
use crate::verification::{self, Purpose, VerificationError};

/// A player's phone code attaches the (normalised) phone to their profile.
pub async fn attach_phone(
    pool: &SqlitePool,
    player_id: i64,
    phone: &str,
    code: &str,
) -> Result<Profile, PlayerError> {
    verification::redeem(pool, Purpose::Phone, phone, code).await?;
    sqlx::query(&format!(
        "UPDATE players SET phone = ?, phone_verified_at = {NOW}
                 WHERE id = ?"
    ))
    .bind(phone)
    .bind(player_id)
    .execute(pool)
    .await
    .map_err(|e| refused_if_unique(e, PlayerError::PhoneTaken))?;
    players::load_profile(pool, player_id).await
}

/// A guest's phone code opens a session for the player with that (normalised) phone.
pub async fn sign_in_with_phone(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    phone: &str,
    code: &str,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    verification::redeem(pool, Purpose::Phone, phone, code).await?;
    let player: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE phone = ?")
        .bind(phone)
        .fetch_optional(pool)
        .await?;
    let player_id = player.ok_or(PlayerError::PhoneUnknown)?;
    sign_in::open(pool, tokens, player_id, client, false).await
}

/// A guest's e-mail code opens a session for the player it was sent to.
pub async fn sign_in_with_email(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    email: &str,
    code: &str,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let redeemed =
        verification::redeem(pool, Purpose::Email, &email.trim().to_lowercase(), code).await?;
    let player_id = redeemed
        .player_id
        .ok_or_else(|| anyhow::anyhow!("e-mail sign-in codes name their player"))?;
    sign_in::open(pool, tokens, player_id, client, false).await
}

/// Spends the code that proves a phone sign-up's (normalised) number, once `gate` (the sign-up's
/// captcha) passes; a number already in use is a validation failure of `phone`. The code stays
/// unspent when either refuses. The gate refuses in the caller's terms, which the players' own
/// refusals convert into.
pub async fn claim_phone<E: From<PlayerError> + From<VerificationError>>(
    pool: &SqlitePool,
    phone: &str,
    code: &str,
    gate: impl Future<Output = Result<(), E>>,
) -> Result<(), E> {
    let taken: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM players WHERE phone = ?)")
        .bind(phone)
        .fetch_one(pool)
        .await
        .map_err(PlayerError::from)?;
    if taken {
        return Err(PlayerError::PhoneRegistered.into());
    }
    verification::redeem_gated(pool, Purpose::Phone, phone, code, gate).await?;
    Ok(())
}

/// Changes the password after checking the current one; every other session is closed, the
/// current one (`session_id`) stays.
pub async fn change_password(
    pool: &SqlitePool,
    player_id: i64,
    session_id: &str,
    current_password: String,
    new_password: String,
) -> Result<(), PlayerError> {
    let stored: Option<String> =
        sqlx::query_scalar("SELECT password_hash FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_one(pool)
            .await?;
    let current_ok = match stored {
        Some(stored) => passwords::verify(current_password, stored).await?,
        None => false,
    };
    if !current_ok {
        return Err(PlayerError::WrongCurrentPassword);
    }
    set_password(pool, player_id, new_password, Some(session_id)).await
}

/// Sets the new password from a reset link's code and closes every session of the account.
pub async fn reset_password(
    pool: &SqlitePool,
    code: &str,
    password: String,
) -> Result<(), PlayerError> {
    let redeemed = verification::redeem_link(pool, Purpose::PasswordReset, code).await?;
    let player_id = redeemed
        .player_id
        .ok_or_else(|| anyhow::anyhow!("reset codes name their player"))?;
    set_password(pool, player_id, password, None).await
}

/// Stores a new password and closes the player's sessions: all of them, or all but `keep` (the
/// one that made the change). Old tokens stop working at once.
async fn set_password(
    pool: &SqlitePool,
    player_id: i64,
    password: String,
    keep: Option<&str>,
) -> Result<(), PlayerError> {
    let hash = passwords::hash(password).await?;
    let mut tx = pool.begin().await?;
    sqlx::query("UPDATE players SET password_hash = ? WHERE id = ?")
        .bind(hash)
        .bind(player_id)
        .execute(&mut *tx)
        .await?;
    sessions::close_all_but(&mut tx, player_id, keep).await?;
    tx.commit().await?;
    Ok(())
}

/// Sends the code that confirms `email` (already checked) as the player's, unless another account
/// uses it; the message's link starts with `origin` (the client's public address).
pub async fn send_email_verify_code(
    pool: &SqlitePool,
    player_id: i64,
    email: &str,
    origin: &str,
) -> Result<(), PlayerError> {
    let owner: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE email = ?")
        .bind(email)
        .fetch_optional(pool)
        .await?;
    if owner.is_some_and(|id| id != player_id) {
        return Err(PlayerError::EmailTaken);
    }
    send_verify_code(pool, player_id, email, origin).await
}

/// Sends the confirmation code for the profile's current e-mail again.
pub async fn resend_email_verify_code(
    pool: &SqlitePool,
    player_id: i64,
    origin: &str,
) -> Result<(), PlayerError> {
    let profile = players::load_profile(pool, player_id).await?;
    let Some(email) = profile.email else {
        return Err(PlayerError::NoEmail);
    };
    if profile.is_email_verified {
        return Err(PlayerError::EmailVerified);
    }
    send_verify_code(pool, player_id, &email, origin).await
}

async fn send_verify_code(
    pool: &SqlitePool,
    player_id: i64,
    email: &str,
    origin: &str,
) -> Result<(), PlayerError> {
    verification::send_with_link(
        pool,
        Purpose::EmailVerify,
        Some(Purpose::EmailVerifyLink),
        &email.to_lowercase(),
        Some(player_id),
        |code, link| {
            let link = link
                .map(|link| format!(" Or open {origin}/verify/{link} to confirm it at once."))
                .unwrap_or_default();
            (
                "Confirm your e-mail".to_owned(),
                format!(
                    "{code} is your code to confirm this e-mail address.{link} It expires in 10 minutes."
                ),
            )
        },
    )
    .await?;
    Ok(())
}

/// Confirms the address a confirmation link was sent to (the link's code alone says whose it is) and
/// answers it; the link works once, within the code's lifetime.
pub async fn confirm_email_by_link(pool: &SqlitePool, link: &str) -> Result<String, PlayerError> {
    let redeemed = verification::redeem_link(pool, Purpose::EmailVerifyLink, link).await?;
    let player_id = redeemed
        .player_id
        .ok_or_else(|| anyhow::anyhow!("an e-mail confirmation link without its player"))?;
    store_verified_email(pool, player_id, &redeemed.recipient).await?;
    Ok(redeemed.recipient)
}

async fn store_verified_email(
    pool: &SqlitePool,
    player_id: i64,
    email: &str,
) -> Result<(), PlayerError> {
    sqlx::query(&format!(
        "UPDATE players SET email = ?, email_verified_at = {NOW} WHERE id = ?"
    ))
    .bind(email)
    .bind(player_id)
    .execute(pool)
    .await
    .map_err(|e| refused_if_unique(e, PlayerError::EmailTaken))?;
    Ok(())
}

/// Confirms `email` (the profile's current one when `None`) with its code and stores it as the
/// player's verified e-mail.
pub async fn confirm_email(
    pool: &SqlitePool,
    player_id: i64,
    email: Option<String>,
    code: &str,
) -> Result<Profile, PlayerError> {
    let email = match email {
        Some(email) => email.trim().to_lowercase(),
        None => sqlx::query_scalar::<_, Option<String>>("SELECT email FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_one(pool)
            .await?
            .map(|e| e.to_lowercase())
            .ok_or(PlayerError::EmailUnnamed)?,
    };
    let redeemed = verification::redeem(pool, Purpose::EmailVerify, &email, code).await?;
    if redeemed.player_id != Some(player_id) {
        return Err(VerificationError::CodeInvalid.into());
    }
    store_verified_email(pool, player_id, &redeemed.recipient).await?;
    players::load_profile(pool, player_id).await
}
