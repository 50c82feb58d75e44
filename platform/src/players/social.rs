//! Social sign-in: the provider's one-time codes, the player a social identity signs in as (a new
//! one when it is unknown), and the player's linked accounts. The sandbox is its own provider. The
//! HTTP side, with the consent page, is `routes/player/social.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection, SqlitePool};

use crate::auth::sessions::ClientInfo;
use crate::auth::tokens::TokenKeys;
use crate::clock::unix_seconds;
use crate::db::refused_if_unique;
use crate::players::sign_in::SessionResponse;
use crate::players::{self, NewPlayer, PlayerError, Profile};
use crate::verification::digest;
use crate::wallet;

pub const PROVIDERS: &[&str] = &["google", "facebook", "apple"];
const CODE_LIFETIME_SECONDS: u64 = 5 * 60;

pub fn known_provider(provider: &str) -> Result<&'static str, PlayerError> {
    PROVIDERS
        .iter()
        .find(|p| **p == provider)
        .copied()
        .ok_or(PlayerError::ProviderUnknown)
}

struct Identity {
    provider: &'static str,
    subject: String,
    email: String,
    display_name: String,
}

async fn redeem(
    pool: &SqlitePool,
    provider: &'static str,
    code: &str,
) -> Result<Identity, PlayerError> {
    let found: Option<(String, String, String)> = sqlx::query_as(
        "UPDATE sandbox_oauth_codes SET used_at = ?1
         WHERE code_digest = ?2 AND provider = ?3 AND used_at IS NULL AND expires_at > ?1
         RETURNING subject, email, display_name",
    )
    .bind(unix_seconds() as i64)
    .bind(digest(code))
    .bind(provider)
    .fetch_optional(pool)
    .await?;
    let (subject, email, display_name) = found.ok_or(PlayerError::SocialCodeInvalid)?;
    Ok(Identity {
        provider,
        subject,
        email,
        display_name,
    })
}

/// What a new player signing up through a provider brings along.
pub struct SignUp {
    pub locale: Option<String>,
    pub affiliate_tag: Option<String>,
}

/// Redeems the provider's `code` and opens a session for the player the identity is linked to, for
/// a new player too (`isNewlyRegistered`).
pub async fn sign_in(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    provider: &'static str,
    code: &str,
    sign_up: SignUp,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let identity = redeem(pool, provider, code).await?;
    let linked: Option<i64> = sqlx::query_scalar(
        "SELECT player_id FROM social_connections WHERE provider = ? AND subject = ?",
    )
    .bind(identity.provider)
    .bind(&identity.subject)
    .fetch_optional(pool)
    .await?;
    let create = create_player(pool, &identity, sign_up);
    players::sign_in_or_sign_up(pool, tokens, linked, create, client).await
}

/// A new player from a social identity. Their e-mail is taken over only when no account uses it:
/// an existing account is joined by linking from inside it, never by a matching address.
async fn create_player(
    pool: &SqlitePool,
    identity: &Identity,
    sign_up: SignUp,
) -> Result<i64, PlayerError> {
    let currency = wallet::offered_currency(pool, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no base currency is offered"))?;
    let locale: String = sqlx::query_scalar(
        "SELECT code FROM locales WHERE code = ?1 UNION ALL SELECT code FROM locales WHERE is_default = 1 LIMIT 1",
    )
    .bind(sign_up.locale.map(|l| l.to_ascii_lowercase()))
    .fetch_one(pool)
    .await?;
    // The write lock first: the e-mail check reads, then the insert writes (see `unlink`).
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let email_free: bool =
        sqlx::query_scalar("SELECT NOT EXISTS (SELECT 1 FROM players WHERE email = ?)")
            .bind(&identity.email)
            .fetch_one(&mut *tx)
            .await?;
    let new_player = NewPlayer {
        email: email_free.then(|| identity.email.clone()),
        email_verified: email_free,
        first_name: Some(identity.display_name.chars().take(100).collect()),
        locale: Some(locale),
        affiliate_tag: sign_up.affiliate_tag.map(|t| t.chars().take(100).collect()),
        ..NewPlayer::default()
    };
    let player_id = players::create(&mut tx, new_player, &currency)
        .await?
        .ok_or_else(|| anyhow::anyhow!("a social sign-up has no Telegram id"))?;
    insert_connection(&mut tx, player_id, identity).await?;
    tx.commit().await?;
    Ok(player_id)
}

/// A social account linked to the player.
#[derive(Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialConnection {
    provider: String,
    #[schema(required = true)]
    email: Option<String>,
    #[schema(required = true)]
    display_name: Option<String>,
    created_at: String,
}

/// The player's linked social accounts, oldest first.
pub async fn connections(
    pool: &SqlitePool,
    player_id: i64,
) -> Result<Vec<SocialConnection>, sqlx::Error> {
    sqlx::query_as(
        "SELECT provider, email, display_name, created_at FROM social_connections
         WHERE player_id = ? ORDER BY created_at, provider",
    )
    .bind(player_id)
    .fetch_all(pool)
    .await
}

async fn insert_connection(
    conn: &mut SqliteConnection,
    player_id: i64,
    identity: &Identity,
) -> Result<(), PlayerError> {
    sqlx::query(
        "INSERT INTO social_connections (provider, subject, player_id, email, display_name) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(identity.provider)
    .bind(&identity.subject)
    .bind(player_id)
    .bind(&identity.email)
    .bind(&identity.display_name)
    .execute(conn)
    .await
    .map_err(|e| refused_if_unique(e, PlayerError::SocialLinked))?;
    Ok(())
}

/// Redeems the provider's `code` and links its identity to the player; returns their connections.
pub async fn link(
    pool: &SqlitePool,
    player_id: i64,
    provider: &'static str,
    code: &str,
) -> Result<Vec<SocialConnection>, PlayerError> {
    let identity = redeem(pool, provider, code).await?;
    let mut conn = pool.acquire().await?;
    insert_connection(&mut conn, player_id, &identity).await?;
    Ok(connections(pool, player_id).await?)
}

/// Unlinks one provider (`telegram` too), unless it is the player's only way to sign in.
pub async fn unlink(
    pool: &SqlitePool,
    player_id: i64,
    social_type: &str,
) -> Result<(), PlayerError> {
    // The write lock before the count: two deferred unlinks would both read two ways to sign in,
    // and the later writer fails with SQLITE_BUSY_SNAPSHOT (a 500) instead of being told no.
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let (has_password, has_phone, has_telegram, links): (bool, bool, bool, i64) = sqlx::query_as(
        "SELECT password_hash IS NOT NULL, phone IS NOT NULL, tg_user_id IS NOT NULL,
                (SELECT count(*) FROM social_connections WHERE player_id = players.id)
         FROM players WHERE id = ?",
    )
    .bind(player_id)
    .fetch_one(&mut *tx)
    .await?;
    if social_type == "telegram" {
        if !(has_password || has_phone || links > 0) {
            return Err(PlayerError::LastSignInMethod);
        }
        let cleared = sqlx::query(
            "UPDATE players SET tg_user_id = NULL WHERE id = ? AND tg_user_id IS NOT NULL",
        )
        .bind(player_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cleared == 0 {
            return Err(PlayerError::SocialNotLinked);
        }
    } else {
        let others = links - 1 + i64::from(has_telegram);
        if !(has_password || has_phone || others > 0) {
            return Err(PlayerError::LastSignInMethod);
        }
        let removed =
            sqlx::query("DELETE FROM social_connections WHERE player_id = ? AND provider = ?")
                .bind(player_id)
                .bind(social_type)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if removed == 0 {
            return Err(PlayerError::SocialNotLinked);
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Links a (validated) Telegram user to the player; returns their profile.
pub async fn link_telegram(
    pool: &SqlitePool,
    player_id: i64,
    tg_user_id: i64,
) -> Result<Profile, PlayerError> {
    sqlx::query("UPDATE players SET tg_user_id = ? WHERE id = ?")
        .bind(tg_user_id)
        .bind(player_id)
        .execute(pool)
        .await
        .map_err(|e| refused_if_unique(e, PlayerError::TelegramTaken))?;
    players::load_profile(pool, player_id).await
}

/// The sandbox provider's consent: a one-time code for the identity the player chose. The same
/// e-mail at the same provider is the same person, as with a real provider.
pub async fn issue_code(
    pool: &SqlitePool,
    provider: &'static str,
    email: &str,
    name: &str,
) -> Result<String, sqlx::Error> {
    let code = uuid::Uuid::new_v4().simple().to_string();
    let subject = format!("sandbox-{}", &digest(&format!("{provider}:{email}"))[..16]);
    sqlx::query(
        "INSERT INTO sandbox_oauth_codes (code_digest, provider, subject, email, display_name, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(digest(&code))
    .bind(provider)
    .bind(subject)
    .bind(email)
    .bind(name)
    .bind((unix_seconds() + CODE_LIFETIME_SECONDS) as i64)
    .execute(pool)
    .await?;
    Ok(code)
}
