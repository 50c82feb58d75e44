//! Launching a game: checks the request, the geo rule and the player's limits, and opens a game
//! session (or the sportsbook's). The HTTP side is `routes/play/launch.rs`.
//!
//! Geo rule: a game that belongs to a collection limited to some countries is licensed only there,
//! so it is playable only from one of the countries of its limited collections, even if an
//! unlimited collection lists it too. The visitor's country is the CDN's country header; the
//! body's `countryCode` counts only when no header came (a client's own claim cannot lift a
//! restriction the CDN's country sets). With neither, a restricted game is refused, as the
//! collections of such a visitor are hidden too.

use base64::Engine;
use rand::RngCore;
use sqlx::{FromRow, SqlitePool};

use super::{PlayError, SESSION_HOURS};
use crate::auth::CurrentPlayer;
use crate::captcha::Verifier;
use crate::clock::NOW_PLUS;
use crate::limits::checks;

/// A demo session starts with this many whole units of virtual money.
const DEMO_BALANCE_UNITS: i64 = 1_000;
const MAX_LOBBY_URL: usize = 2048;

/// The start-game params as the player sent them (spec, section 3).
pub struct Requested<'a> {
    /// Virtual money instead of the player's. Guests can only play demo.
    pub demo_mode: bool,
    /// The account to play from; by default the active one.
    pub account_id: Option<i64>,
    pub locale: Option<&'a str>,
    pub lobby_url: Option<&'a str>,
    /// 1 mobile, 2 desktop.
    pub platform: Option<i64>,
    /// The visitor's country, used only without the CDN's country.
    pub country_code: Option<&'a str>,
    /// The game's provider identity; must match if given.
    pub provider: Option<&'a str>,
    /// The captcha's token, checked when a real-money sportsbook session starts.
    pub captcha: Option<&'a str>,
}

#[derive(FromRow)]
struct Target {
    game_id: Option<i64>,
    sportsbook_id: Option<i64>,
    provider: String,
    has_demo: bool,
}

async fn target(pool: &SqlitePool, id: &str) -> Result<Target, PlayError> {
    let id = id.trim();
    let numeric = id.parse::<i64>().ok();
    let game: Option<Target> = sqlx::query_as(
        "SELECT g.id AS game_id, NULL AS sportsbook_id, p.identity AS provider, g.has_demo
         FROM games g JOIN game_providers p ON p.id = g.provider_id
         WHERE (?1 IS NOT NULL AND g.id = ?1) OR (?1 IS NULL AND g.identity = ?2)",
    )
    .bind(numeric)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    if let Some(game) = game {
        return Ok(game);
    }
    let sportsbook: Option<Target> = sqlx::query_as(
        "SELECT NULL AS game_id, id AS sportsbook_id, provider, 0 AS has_demo
         FROM sportsbooks WHERE identity = ?",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    sportsbook.ok_or(PlayError::GameNotFound)
}

fn valid_locale(locale: &str) -> bool {
    let parts: Vec<&str> = locale.split('-').collect();
    match parts.as_slice() {
        [language] => language.len() == 2 && language.bytes().all(|b| b.is_ascii_alphabetic()),
        [language, region] => {
            language.len() == 2
                && region.len() == 2
                && language
                    .bytes()
                    .chain(region.bytes())
                    .all(|b| b.is_ascii_alphabetic())
        }
        _ => false,
    }
}

/// A path of this site (not `//host`, which leaves it) or an absolute http(s) URL.
fn valid_lobby_url(url: &str) -> bool {
    url.len() <= MAX_LOBBY_URL
        && !url.chars().any(char::is_control)
        && ((url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\"))
            || reqwest::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https")))
}

fn country_code(text: &str) -> Option<String> {
    let text = text.trim();
    (text.len() == 2 && text.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| text.to_ascii_uppercase())
}

/// Whether a game is licensed only in countries other than `country` (see the module comment).
async fn geo_restricted(
    pool: &SqlitePool,
    game_id: i64,
    country: Option<&str>,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_collection_games cg
                        JOIN game_collection_countries cc ON cc.collection_id = cg.collection_id
                        WHERE cg.game_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM game_collection_games cg
                            JOIN game_collection_countries cc ON cc.collection_id = cg.collection_id
                            WHERE cg.game_id = ?1 AND cc.country_code = ?2)",
    )
    .bind(game_id)
    .bind(country)
    .fetch_one(pool)
    .await
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Opens a game session for the game or sportsbook `id` (a numeric id or an identity) and
/// answers its token. `visitor_country` is the CDN's country header.
pub async fn open_session(
    pool: &SqlitePool,
    captcha: &Verifier,
    player: Option<&CurrentPlayer>,
    visitor_country: Option<String>,
    id: &str,
    body: Requested<'_>,
) -> Result<String, PlayError> {
    let target = target(pool, id).await?;
    if let Some(platform) = body.platform
        && !matches!(platform, 1 | 2)
    {
        return Err(PlayError::InvalidPlatform);
    }
    let locale = body
        .locale
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            valid_locale(l)
                .then(|| l.to_ascii_lowercase())
                .ok_or(PlayError::InvalidLocale)
        })
        .transpose()?;
    let lobby_url = body
        .lobby_url
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .map(|u| {
            valid_lobby_url(u)
                .then(|| u.to_owned())
                .ok_or(PlayError::InvalidLobbyUrl)
        })
        .transpose()?;
    let body_country = body
        .country_code
        .filter(|c| !c.trim().is_empty())
        .map(|c| country_code(c).ok_or(PlayError::InvalidCountry))
        .transpose()?;
    if let Some(provider) = body.provider.map(str::trim)
        && !provider.eq_ignore_ascii_case(&target.provider)
    {
        return Err(PlayError::ProviderMismatch {
            provider: provider.to_owned(),
        });
    }
    let country = visitor_country.or(body_country);
    if let Some(game_id) = target.game_id
        && geo_restricted(pool, game_id, country.as_deref()).await?
    {
        return Err(PlayError::GeoRestricted);
    }
    if let Some(player) = player {
        let mut conn = pool.acquire().await?;
        if let Some(refusal) = checks::play_refusal(&mut conn, player.id).await? {
            return Err(PlayError::Excluded(refusal));
        }
    }

    let token = new_token();
    let insert = format!(
        "INSERT INTO game_sessions (token, game_id, sportsbook_id, player_id, player_session_id,
             account_id, currency, demo_balance, locale, lobby_url, platform, country, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, {NOW_PLUS})"
    );
    let (account_id, currency, demo_balance) = if body.demo_mode {
        if !target.has_demo {
            return Err(PlayError::NoDemo);
        }
        // The demo plays in the currency the player would play in, else the base currency.
        let (currency, subunit_to_unit): (String, i64) = sqlx::query_as(
            "SELECT c.code, c.subunit_to_unit FROM currencies c
             WHERE c.code = COALESCE(
                 (SELECT currency FROM accounts WHERE player_id = ? AND is_active = 1),
                 (SELECT code FROM currencies WHERE is_base = 1))",
        )
        .bind(player.map(|p| p.id))
        .fetch_one(pool)
        .await?;
        (
            None,
            currency,
            Some(DEMO_BALANCE_UNITS.saturating_mul(subunit_to_unit)),
        )
    } else {
        let player = player.ok_or(PlayError::SignInForRealMoney)?;
        let account: (i64, String) = sqlx::query_as(
            "SELECT id, currency FROM accounts
             WHERE player_id = ?1 AND is_hidden = 0
               AND ((?2 IS NULL AND is_active = 1) OR id = ?2)",
        )
        .bind(player.id)
        .bind(body.account_id)
        .fetch_optional(pool)
        .await?
        .ok_or(PlayError::AccountNotFound)?;
        (Some(account.0), account.1, None)
    };
    // The sportsbook's session token places bets from the wallet with no further step, for hours:
    // the one moment to tell a person from a script is its start (a game's bets each go through its
    // page). Checked last, as a token is spent by its check (`crate::captcha`; off: passes).
    if target.sportsbook_id.is_some() && !body.demo_mode {
        captcha.check(body.captcha).await?;
    }
    sqlx::query(&insert)
        .bind(&token)
        .bind(target.game_id)
        .bind(target.sportsbook_id)
        .bind(player.map(|p| p.id))
        .bind(player.map(|p| p.session_id.as_str()))
        .bind(account_id)
        .bind(&currency)
        .bind(demo_balance)
        .bind(locale)
        .bind(lobby_url)
        .bind(body.platform)
        .bind(country)
        .bind(format!("+{SESSION_HOURS} hours"))
        .execute(pool)
        .await?;
    Ok(token)
}
