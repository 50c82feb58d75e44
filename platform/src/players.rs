//! Players: the one way a player is created (every sign-up flow: e-mail, phone, social; a burst
//! of first Telegram sign-ins is created in batches, `telegram::create_players`) and the profile
//! the client knows. The HTTP side is `routes/player/`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};

use crate::auth::sessions::{ClientInfo, LoginTokenError};
use crate::auth::tokens::TokenKeys;
use crate::clock::NOW;
use crate::db::Tx;
use crate::verification::VerificationError;
use crate::wallet::{self, WalletError};
use sign_in::SessionResponse;

pub mod avatars;
pub mod field_rules;
pub mod one_time_codes;
pub mod session_writer;
pub mod sign_in;
pub mod social;
pub mod telegram;

/// Why the players module refuses what was asked: signing in, signing up, changing the profile,
/// linking the ways to sign in.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    #[error("there is no such player")]
    NotFound,
    #[error("no player has this phone number")]
    PhoneUnknown,
    #[error("the phone number is another player's")]
    PhoneTaken,
    #[error("a player signed up with this phone number already")]
    PhoneRegistered,
    #[error("the country or the language is not known")]
    CountryOrLocaleUnknown,
    #[error("the e-mail address is another player's")]
    EmailTaken,
    #[error("the player has no e-mail address")]
    NoEmail,
    #[error("no e-mail address was named for the confirmation")]
    EmailUnnamed,
    #[error("the e-mail address is confirmed already")]
    EmailVerified,
    #[error("the current password is wrong")]
    WrongCurrentPassword,
    #[error("the login or the password is wrong")]
    WrongCredentials,
    #[error("the player is blocked")]
    Blocked,
    #[error("there is no such avatar")]
    AvatarNotFound,
    #[error("the sign-in provider is not offered")]
    ProviderUnknown,
    #[error("the provider's code is unknown, used or expired")]
    SocialCodeInvalid,
    #[error("the social account is linked already")]
    SocialLinked,
    #[error("the Telegram account is another player's")]
    TelegramTaken,
    #[error("this is the player's only way to sign in")]
    LastSignInMethod,
    #[error("the social account is not linked")]
    SocialNotLinked,
    #[error(transparent)]
    Verification(#[from] VerificationError),
    #[error(transparent)]
    LoginToken(#[from] LoginTokenError),
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The player's profile as the client knows it (spec, section 3).
#[derive(Debug, Clone, Serialize, FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: i64,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// The Telegram user id, for messenger players.
    pub tg_user_id: Option<i64>,
    pub language: Option<String>,
    pub country: Option<String>,
    pub locale: String,
    pub freshchat_restore_id: Option<String>,
    pub is_email_verified: bool,
    pub is_phone_verified: bool,
    pub avatar_id: Option<i64>,
    /// `YYYY-MM-DD`.
    pub birthdate: Option<String>,
    /// `male`, `female` or `other`.
    pub gender: Option<String>,
    pub city: Option<String>,
    pub address: Option<String>,
    pub postal_code: Option<String>,
    /// An IANA time zone name (`Europe/Lisbon`); the device's zone when `None`.
    pub time_zone: Option<String>,
    /// The Brazilian taxpayer number (11 digits), asked of players in Brazil.
    #[serde(rename = "cpf_number")]
    pub cpf_number: Option<String>,
    /// First and last name as one, exactly two words.
    pub full_name: Option<String>,
    /// A country code (`BR`).
    pub nationality: Option<String>,
    pub additional_address: Option<String>,
    pub profession: Option<String>,
    pub place_of_birth: Option<String>,
    /// The number of the player's identity document: letters and digits.
    pub personal_id_number: Option<String>,
    pub security_question: Option<String>,
    /// Whether an answer to the security question is stored (the answer itself is never sent back).
    pub has_security_answer: bool,
    pub receive_email_promo: bool,
    pub receive_sms_promo: bool,
    /// Bonus offers (the sign-up's `receiveBonus`).
    pub receive_bonus: bool,
    /// Identity verification through the external service.
    pub verification_status: crate::identity::sumsub::Status,
    /// True only in the response of the sign-in that created the player.
    #[sqlx(default)]
    pub is_newly_registered: bool,
    #[serde(skip)]
    pub is_blocked: bool,
}

/// `SELECT <the profile's columns> FROM players WHERE <condition>`, one list for every lookup.
macro_rules! select_profile_where {
    ($condition:literal) => {
        concat!(
            "SELECT id, email, phone, nickname, first_name, last_name, tg_user_id, language, country,
                    locale, freshchat_restore_id, email_verified_at IS NOT NULL AS is_email_verified,
                    phone_verified_at IS NOT NULL AS is_phone_verified, avatar_id,
                    birthdate, gender, city, address, postal_code, time_zone, cpf_number,
                    full_name, nationality, additional_address, profession, place_of_birth,
                    personal_id_number, security_question,
                    security_answer_hash IS NOT NULL AS has_security_answer,
                    receive_email_promo, receive_sms_promo, receive_bonus, verification_status, is_blocked
             FROM players WHERE ",
            $condition
        )
    };
}
pub(crate) use select_profile_where;

pub async fn load_profile(
    db: impl sqlx::SqliteExecutor<'_>,
    player_id: i64,
) -> Result<Profile, PlayerError> {
    sqlx::query_as(select_profile_where!("id = ?"))
        .bind(player_id)
        .fetch_optional(db)
        .await?
        .ok_or(PlayerError::NotFound)
}

/// The id of the player whose e-mail this is (addresses compare without case), and the address
/// as stored.
pub async fn with_email(
    pool: &SqlitePool,
    email: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, email FROM players WHERE email = ?")
        .bind(email)
        .fetch_optional(pool)
        .await
}

/// Opens a session for the `existing` player, else for the one `create` makes, whose session says
/// so (`isNewlyRegistered`): the sign-in of the flows that sign up on first use (social, Telegram).
pub async fn sign_in_or_sign_up(
    pool: &SqlitePool,
    tokens: &TokenKeys,
    existing: Option<i64>,
    create: impl Future<Output = Result<i64, PlayerError>>,
    client: &ClientInfo,
) -> Result<SessionResponse, PlayerError> {
    let (player_id, created) = match existing {
        Some(id) => (id, false),
        None => (create.await?, true),
    };
    sign_in::open(pool, tokens, player_id, client, created).await
}

/// A player to create, as its sign-up flow checked and shaped it; what a flow does not know
/// stays `None`.
#[derive(Debug, Default)]
pub struct NewPlayer {
    pub email: Option<String>,
    /// The e-mail is proven (a social provider vouched for it).
    pub email_verified: bool,
    pub phone: Option<String>,
    /// The phone number is proven by its code.
    pub phone_verified: bool,
    pub password_hash: Option<String>,
    pub tg_user_id: Option<i64>,
    pub nickname: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub language: Option<String>,
    pub country: Option<String>,
    /// `en` when `None`.
    pub locale: Option<String>,
    pub affiliate_tag: Option<String>,
    pub referrer_player_id: Option<i64>,
    /// The client's device fingerprints at sign-up.
    pub registration_fingerprints: Option<String>,
    /// The promotional opt-ins of the sign-up form.
    pub receive_email_promo: bool,
    pub receive_sms_promo: bool,
    pub receive_bonus: bool,
}

/// The detail of a sign-up that another player has already.
pub enum Taken {
    Email,
    Phone,
}

/// Creates the player of an e-mail or phone sign-up (see `create`) in a transaction of its own;
/// what is taken when the e-mail address or the phone number is another player's.
pub async fn create_signed_up(
    pool: &SqlitePool,
    player: NewPlayer,
    currency: &str,
) -> Result<Result<i64, Taken>, PlayerError> {
    let mut tx = pool.begin().await?;
    let player_id = match create(&mut tx, player, currency).await {
        Ok(Some(id)) => id,
        Ok(None) => return Err(anyhow::anyhow!("a sign-up has no Telegram id").into()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            let phone = e.message().contains("players.phone");
            return Ok(Err(if phone { Taken::Phone } else { Taken::Email }));
        }
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    Ok(Ok(player_id))
}

/// Creates a player with one active account in `currency`, inside the caller's transaction, and
/// answers its id. `None` when a player with the same Telegram user id exists already (two first
/// launches at once: the second finds the first one's row). Other conflicts (an e-mail or phone
/// number taken, an unknown country) are the database's error, for the flow to explain.
pub async fn create(
    tx: &mut Tx,
    player: NewPlayer,
    currency: &str,
) -> Result<Option<i64>, sqlx::Error> {
    let inserted: Option<i64> = sqlx::query_scalar(&format!(
        "INSERT INTO players (email, email_verified_at, phone, phone_verified_at, password_hash,
                              tg_user_id, nickname, first_name, last_name, language, country,
                              locale, affiliate_tag, referrer_player_id, registration_fingerprints,
                              receive_email_promo, receive_sms_promo, receive_bonus)
         VALUES (?, CASE WHEN ? THEN {NOW} END, ?, CASE WHEN ? THEN {NOW} END, ?,
                 ?, ?, ?, ?, ?, ?, COALESCE(?, 'en'), ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tg_user_id) DO NOTHING RETURNING id"
    ))
    .bind(player.email)
    .bind(player.email_verified)
    .bind(player.phone)
    .bind(player.phone_verified)
    .bind(player.password_hash)
    .bind(player.tg_user_id)
    .bind(player.nickname)
    .bind(player.first_name)
    .bind(player.last_name)
    .bind(player.language)
    .bind(player.country)
    .bind(player.locale)
    .bind(player.affiliate_tag)
    .bind(player.referrer_player_id)
    .bind(player.registration_fingerprints)
    .bind(player.receive_email_promo)
    .bind(player.receive_sms_promo)
    .bind(player.receive_bonus)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(id) = inserted {
        wallet::create_account(tx, id, currency, true).await?;
    }
    Ok(inserted)
}

/// A change of the fields a player may change directly: an outer `None` keeps the column, an inner
/// `None` clears it. Values are already checked.
pub struct ProfileChange<'a> {
    pub nickname: Option<Option<&'a str>>,
    pub first_name: Option<Option<&'a str>>,
    pub last_name: Option<Option<&'a str>>,
    pub language: Option<Option<&'a str>>,
    pub country: Option<Option<String>>,
    pub locale: Option<Option<String>>,
    pub freshchat_restore_id: Option<Option<&'a str>>,
    pub birthdate: Option<Option<&'a str>>,
    pub gender: Option<Option<&'a str>>,
    pub city: Option<Option<&'a str>>,
    pub address: Option<Option<&'a str>>,
    pub postal_code: Option<Option<String>>,
    pub time_zone: Option<Option<&'a str>>,
    pub cpf_number: Option<Option<String>>,
    pub full_name: Option<Option<&'a str>>,
    pub nationality: Option<Option<String>>,
    pub additional_address: Option<Option<&'a str>>,
    pub profession: Option<Option<&'a str>>,
    pub place_of_birth: Option<Option<&'a str>>,
    pub personal_id_number: Option<Option<String>>,
    pub security_question: Option<Option<&'a str>>,
    /// The answer's hash (see `auth::passwords`), never the answer.
    pub security_answer_hash: Option<Option<String>>,
    pub receive_email_promo: Option<bool>,
    pub receive_sms_promo: Option<bool>,
}

/// Whether the country is one a player may choose.
pub async fn country_exists(pool: &SqlitePool, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM countries WHERE code = ?)")
        .bind(code)
        .fetch_one(pool)
        .await
}

/// Whether the locale is one the platform offers.
pub async fn locale_exists(pool: &SqlitePool, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM locales WHERE code = ?)")
        .bind(code)
        .fetch_one(pool)
        .await
}

/// Applies the change to the player's profile; returns the profile.
pub async fn change_profile(
    pool: &SqlitePool,
    player_id: i64,
    change: ProfileChange<'_>,
) -> Result<Profile, PlayerError> {
    // Each field binds "was it sent" and its value, so an absent field keeps its column.
    sqlx::query(
        "UPDATE players SET
            nickname = CASE WHEN ?1 THEN ?2 ELSE nickname END,
            first_name = CASE WHEN ?3 THEN ?4 ELSE first_name END,
            last_name = CASE WHEN ?5 THEN ?6 ELSE last_name END,
            language = CASE WHEN ?7 THEN ?8 ELSE language END,
            country = CASE WHEN ?9 THEN ?10 ELSE country END,
            locale = CASE WHEN ?11 THEN ?12 ELSE locale END,
            freshchat_restore_id = CASE WHEN ?13 THEN ?14 ELSE freshchat_restore_id END,
            birthdate = CASE WHEN ?16 THEN ?17 ELSE birthdate END,
            gender = CASE WHEN ?18 THEN ?19 ELSE gender END,
            city = CASE WHEN ?20 THEN ?21 ELSE city END,
            address = CASE WHEN ?22 THEN ?23 ELSE address END,
            postal_code = CASE WHEN ?24 THEN ?25 ELSE postal_code END,
            time_zone = CASE WHEN ?26 THEN ?27 ELSE time_zone END,
            cpf_number = CASE WHEN ?28 THEN ?29 ELSE cpf_number END,
            receive_email_promo = COALESCE(?30, receive_email_promo),
            receive_sms_promo = COALESCE(?31, receive_sms_promo),
            full_name = CASE WHEN ?32 THEN ?33 ELSE full_name END,
            nationality = CASE WHEN ?34 THEN ?35 ELSE nationality END,
            additional_address = CASE WHEN ?36 THEN ?37 ELSE additional_address END,
            profession = CASE WHEN ?38 THEN ?39 ELSE profession END,
            place_of_birth = CASE WHEN ?40 THEN ?41 ELSE place_of_birth END,
            personal_id_number = CASE WHEN ?42 THEN ?43 ELSE personal_id_number END,
            security_question = CASE WHEN ?44 THEN ?45 ELSE security_question END,
            security_answer_hash = CASE WHEN ?46 THEN ?47 ELSE security_answer_hash END
         WHERE id = ?15",
    )
    .bind(change.nickname.is_some())
    .bind(change.nickname.flatten())
    .bind(change.first_name.is_some())
    .bind(change.first_name.flatten())
    .bind(change.last_name.is_some())
    .bind(change.last_name.flatten())
    .bind(change.language.is_some())
    .bind(change.language.flatten())
    .bind(change.country.is_some())
    .bind(change.country.flatten())
    .bind(change.locale.is_some())
    .bind(change.locale.flatten())
    .bind(change.freshchat_restore_id.is_some())
    .bind(change.freshchat_restore_id.flatten())
    .bind(player_id)
    .bind(change.birthdate.is_some())
    .bind(change.birthdate.flatten())
    .bind(change.gender.is_some())
    .bind(change.gender.flatten())
    .bind(change.city.is_some())
    .bind(change.city.flatten())
    .bind(change.address.is_some())
    .bind(change.address.flatten())
    .bind(change.postal_code.is_some())
    .bind(change.postal_code.flatten())
    .bind(change.time_zone.is_some())
    .bind(change.time_zone.flatten())
    .bind(change.cpf_number.is_some())
    .bind(change.cpf_number.flatten())
    .bind(change.receive_email_promo)
    .bind(change.receive_sms_promo)
    .bind(change.full_name.is_some())
    .bind(change.full_name.flatten())
    .bind(change.nationality.is_some())
    .bind(change.nationality.flatten())
    .bind(change.additional_address.is_some())
    .bind(change.additional_address.flatten())
    .bind(change.profession.is_some())
    .bind(change.profession.flatten())
    .bind(change.place_of_birth.is_some())
    .bind(change.place_of_birth.flatten())
    .bind(change.personal_id_number.is_some())
    .bind(change.personal_id_number.flatten())
    .bind(change.security_question.is_some())
    .bind(change.security_question.flatten())
    .bind(change.security_answer_hash.is_some())
    .bind(change.security_answer_hash.flatten())
    .execute(pool)
    .await?;
    load_profile(pool, player_id).await
}
