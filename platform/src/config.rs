use std::net::SocketAddr;
use std::time::Duration;

use axum::http::HeaderName;
use service_kit::{ConfigError, Env, Secret};

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    /// The sandbox's SQLite database (`PLATFORM_DATABASE_URL`).
    pub database_url: String,
    /// The request header carrying the visitor's country as two uppercase letters, set by the
    /// CDN or proxy in front of the platform (Cloudflare's `cf-ipcountry` by default).
    pub country_header: HeaderName,
    /// `RESTRICTED_COUNTRIES`: the countries (two-letter codes, comma-separated) where the operator
    /// offers no real-money play; a visitor from one is told so (`GET /api/settings/geo`). By
    /// default the countries the spec leaves out of the country options; `none` for none.
    pub restricted_countries: Vec<String>,
    /// `PLATFORM_JWT_SECRET`: the HMAC key of access tokens (shared with Centrifugo in
    /// production). Without it the sandbox generates one and keeps it in its database, so tokens
    /// survive restarts.
    pub jwt_secret: Option<Secret>,
    /// `ACCESS_TOKEN_TTL_SECONDS`: access token lifetime (15 minutes).
    pub access_token_ttl: Duration,
    /// `TG_BOT_SERVICE_KEY`: the key the bot presents on `PUT /api/tg-bot/users`. Without it that
    /// call is refused.
    pub bot_service_key: Option<Secret>,
    /// `TELEGRAM_BOT_TOKEN`: the key of Mini App init data on `tg_login`; the sandbox's test
    /// bot token when unset, except with `APP_ENV=production`, which refuses to start without a
    /// real one (the same rule as the auth service's).
    pub telegram_bot_token: Secret,
    /// The real-time hub's timings and, with `CENTRIFUGO_URL` and `CENTRIFUGO_API_KEY`, the
    /// Centrifugo that publications go to instead of the hub.
    pub realtime: crate::realtime::Settings,
    /// Who may use the sandbox's controls (`APP_ENV`, `SANDBOX_OPERATOR_KEY`): see
    /// `crate::sandbox_control`.
    pub sandbox_controls: crate::sandbox_control::SandboxControls,
    /// `PUBLIC_URL`: where the client is served (`https://casino.example`), the start of the links
    /// e-mails carry (password reset, e-mail confirmation). Required with `APP_ENV=production`:
    /// without it the sandbox takes the request's `Origin`, which anyone can set, so a reset link
    /// could be made to point elsewhere.
    pub public_url: Option<String>,
    /// Who checks the captcha of the forms that carry one (`CAPTCHA_PROVIDER` and its settings):
    /// see `crate::captcha`.
    pub captcha: crate::captcha::Settings,
    /// Where player events go (`BOT_EVENTS_URL`, `BOT_EVENTS_SECRET`): see `crate::bot_events`.
    /// Off without the URL.
    pub bot_events: Option<crate::bot_events::Hook>,
    /// `TON_DEPOSIT_WALLET`: the operator's TON wallet that every TON and USDT-on-TON deposit is
    /// paid to, in any written form, main network; kept bounceable. The sandbox's default is
    /// [`SANDBOX_TON_DEPOSIT_WALLET`].
    pub ton_deposit_wallet: String,
}

/// The sandbox's TON deposit wallet: a valid address of an account no one holds (its hash is the
/// SHA-256 of "sandbox TON deposit wallet"), which only the stand-in network pays.
pub const SANDBOX_TON_DEPOSIT_WALLET: &str = "EQADwcRReDmdvE_rAVziu492qWj1zpZssp0blPLNQ0OHRWtP";

impl Config {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let country_header = env.string_or("COUNTRY_HEADER", "cf-ipcountry");
        let ttl_seconds: u64 = env.parse_or("ACCESS_TOKEN_TTL_SECONDS", 900)?;
        if !(30..=86_400).contains(&ttl_seconds) {
            return Err(ConfigError::Invalid {
                name: "ACCESS_TOKEN_TTL_SECONDS".to_owned(),
                reason: format!("{ttl_seconds} is outside 30..=86400"),
            });
        }
        let restricted_countries = restricted_countries(&env.string_or(
            "RESTRICTED_COUNTRIES",
            &DEFAULT_RESTRICTED_COUNTRIES.join(","),
        ))?;
        let production = env.production()?;
        let telegram_bot_token = env.telegram_bot_token(production)?;
        let public_url = env
            .get("PUBLIC_URL")
            .map(|url| url.trim().trim_end_matches('/').to_owned());
        match &public_url {
            Some(url)
                if !(url.starts_with("https://") || url.starts_with("http://"))
                    || url.contains(['?', '#', ' ']) =>
            {
                return Err(ConfigError::Invalid {
                    name: "PUBLIC_URL".to_owned(),
                    reason: format!("{url:?} is not an http(s) origin"),
                });
            }
            None if production => {
                return Err(ConfigError::Invalid {
                    name: "PUBLIC_URL".to_owned(),
                    reason: "is required in production (the links e-mails carry start with it)"
                        .to_owned(),
                });
            }
            _ => {}
        }
        let ton_deposit_wallet = env.get("TON_DEPOSIT_WALLET").map_or_else(
            || Ok(SANDBOX_TON_DEPOSIT_WALLET.to_owned()),
            |wallet| {
                crate::ton::normalise(wallet).map_err(|refusal| ConfigError::Invalid {
                    name: "TON_DEPOSIT_WALLET".to_owned(),
                    reason: format!("{wallet:?}: {refusal}"),
                })
            },
        )?;
        Ok(Self {
            ton_deposit_wallet,
            bot_events: crate::bot_events::Hook::from_env(env)?,
            captcha: crate::captcha::Settings::from_env(env, production)?,
            public_url,
            jwt_secret: env.secret("PLATFORM_JWT_SECRET"),
            access_token_ttl: Duration::from_secs(ttl_seconds),
            bot_service_key: env.secret("TG_BOT_SERVICE_KEY"),
            telegram_bot_token,
            realtime: crate::realtime::Settings::from_env(env)?,
            sandbox_controls: crate::sandbox_control::SandboxControls::from_env(env)?,
            bind: env.parse_or("PLATFORM_BIND", SocketAddr::from(([127, 0, 0, 1], 8081)))?,
            database_url: env.string_or("PLATFORM_DATABASE_URL", "sqlite://data/platform.db"),
            restricted_countries,
            country_header: HeaderName::try_from(country_header.to_ascii_lowercase()).map_err(
                |e| ConfigError::Invalid {
                    name: "COUNTRY_HEADER".to_owned(),
                    reason: format!("{country_header:?}: {e}"),
                },
            )?,
        })
    }
}

/// The spec's countries that country options leave out (section 5): where the operator does not
/// serve real money.
const DEFAULT_RESTRICTED_COUNTRIES: [&str; 8] = ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"];

fn restricted_countries(list: &str) -> Result<Vec<String>, ConfigError> {
    if list.trim().eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .map(|code| {
            if code.len() == 2 && code.bytes().all(|b| b.is_ascii_alphabetic()) {
                Ok(code.to_ascii_uppercase())
            } else {
                Err(ConfigError::Invalid {
                    name: "RESTRICTED_COUNTRIES".to_owned(),
                    reason: format!("{code:?} is not a two-letter country code"),
                })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use sha2::Digest;

    use super::*;

    #[test]
    fn restricted_countries_are_two_letter_codes() {
        let config = Config::from_env(&Env::default()).unwrap();
        assert_eq!(config.restricted_countries, DEFAULT_RESTRICTED_COUNTRIES);
        let config =
            Config::from_env(&Env::from_pairs([("RESTRICTED_COUNTRIES", " de, at ,")])).unwrap();
        assert_eq!(config.restricted_countries, ["DE", "AT"]);
        let config =
            Config::from_env(&Env::from_pairs([("RESTRICTED_COUNTRIES", "none")])).unwrap();
        assert!(config.restricted_countries.is_empty());
        assert!(Config::from_env(&Env::from_pairs([("RESTRICTED_COUNTRIES", "DEU")])).is_err());
    }

    #[test]
    fn the_sandbox_checks_init_data_with_the_test_token() {
        let config = Config::from_env(&Env::default()).unwrap();
        assert_eq!(
            config.telegram_bot_token.expose(),
            telegram_init_data::SANDBOX_BOT_TOKEN
        );
    }

    #[test]
    fn the_ton_deposit_wallet_is_configured_checked_and_kept_bounceable() {
        let sandbox = Config::from_env(&Env::default()).unwrap();
        assert_eq!(sandbox.ton_deposit_wallet, SANDBOX_TON_DEPOSIT_WALLET);
        let hash: [u8; 32] = sha2::Sha256::digest(b"sandbox TON deposit wallet").into();
        assert_eq!(
            crate::ton::Address { workchain: 0, hash }.bounceable(),
            SANDBOX_TON_DEPOSIT_WALLET
        );
        let raw = "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8";
        let config = Config::from_env(&Env::from_pairs([("TON_DEPOSIT_WALLET", raw)])).unwrap();
        assert_eq!(
            config.ton_deposit_wallet,
            "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N"
        );
        for refused in [
            "EQCD39VS5jcptHL8",
            "kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqKYH",
        ] {
            let err =
                Config::from_env(&Env::from_pairs([("TON_DEPOSIT_WALLET", refused)])).unwrap_err();
            assert!(err.to_string().contains("TON_DEPOSIT_WALLET"), "{err}");
        }
    }

    #[test]
    fn production_refuses_to_start_without_a_real_bot_token() {
        let err = Config::from_env(&Env::from_pairs([("APP_ENV", "production")])).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("TELEGRAM_BOT_TOKEN is required"),
            "{err}"
        );
        let err = Config::from_env(&Env::from_pairs([
            ("APP_ENV", "production"),
            ("TELEGRAM_BOT_TOKEN", telegram_init_data::SANDBOX_BOT_TOKEN),
        ]))
        .unwrap_err();
        assert!(
            err.to_string().contains("cannot be used in production"),
            "{err}"
        );
        let token = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
        let err = Config::from_env(&Env::from_pairs([
            ("APP_ENV", "production"),
            ("TELEGRAM_BOT_TOKEN", token),
        ]))
        .unwrap_err();
        assert!(err.to_string().contains("PUBLIC_URL"), "{err}");
        let config = Config::from_env(&Env::from_pairs([
            ("APP_ENV", "production"),
            ("TELEGRAM_BOT_TOKEN", token),
            ("PUBLIC_URL", "https://casino.example/"),
        ]))
        .unwrap();
        assert_eq!(config.telegram_bot_token.expose(), token);
        assert_eq!(config.public_url.as_deref(), Some("https://casino.example"));
    }
}
