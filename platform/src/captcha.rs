//! Captcha checks on the forms that carry one (spec section 3: the hidden `captcha` field; section 9:
//! the enterprise action `frontend_form`). Which provider checks the tokens is configuration:
//!
//! - `CAPTCHA_PROVIDER=off` (the default): forms carry no captcha and none is asked for.
//! - `sandbox`: the sandbox's stand-in (its widget, `/sandbox/captcha/api.js`, mints tokens that say
//!   whether the check passed, so tests and people trying the product can make it fail on demand).
//!   Refused with `APP_ENV=production`.
//! - `recaptcha`: Google reCAPTCHA (v2 or enterprise score keys): each token goes to
//!   `CAPTCHA_VERIFY_URL` (Google's `siteverify` by default) with `CAPTCHA_SECRET`; it passes when
//!   the answer says success, for our action if it names one, with a score of at least
//!   `CAPTCHA_MIN_SCORE` (0.5) if it has one.

use std::time::Duration;

use anyhow::Context;
use serde::Deserialize;
use service_kit::{ConfigError, Env, Secret};

/// The action the client's invisible captcha names (spec section 9).
pub const ACTION: &str = "frontend_form";

/// What a passing token of the sandbox widget starts with (a failing one starts `sandbox.fail.`).
pub const SANDBOX_PASS: &str = "sandbox.pass.";

const GOOGLE_SITEVERIFY: &str = "https://www.google.com/recaptcha/api/siteverify";
const TIMEOUT: Duration = Duration::from_secs(5);
/// Longer tokens are no provider's (reCAPTCHA's are ~2 KB).
const MAX_TOKEN: usize = 8_192;

#[derive(Debug, Clone)]
pub enum Settings {
    Off,
    Sandbox,
    Recaptcha {
        secret: Secret,
        verify_url: String,
        /// Tenths of the 0–1 score: 5 is Google's suggested 0.5.
        min_score_tenths: u8,
    },
}

impl Settings {
    pub fn from_env(env: &Env, production: bool) -> Result<Self, ConfigError> {
        let invalid = |name: &str, reason: String| ConfigError::Invalid {
            name: name.to_owned(),
            reason,
        };
        match env.string_or("CAPTCHA_PROVIDER", "off").as_str() {
            "off" => Ok(Self::Off),
            "sandbox" if production => Err(invalid(
                "CAPTCHA_PROVIDER",
                "the sandbox's captcha accepts any ticked box: not in production".to_owned(),
            )),
            "sandbox" => Ok(Self::Sandbox),
            "recaptcha" => {
                let secret = env.secret("CAPTCHA_SECRET").ok_or_else(|| {
                    invalid(
                        "CAPTCHA_SECRET",
                        "is required with CAPTCHA_PROVIDER=recaptcha".to_owned(),
                    )
                })?;
                let verify_url = env.string_or("CAPTCHA_VERIFY_URL", GOOGLE_SITEVERIFY);
                if !verify_url.starts_with("https://")
                    && !verify_url.starts_with("http://127.0.0.1")
                {
                    return Err(invalid(
                        "CAPTCHA_VERIFY_URL",
                        format!("{verify_url:?} is not an https address"),
                    ));
                }
                let min_score: f64 = env.parse_or("CAPTCHA_MIN_SCORE", 0.5)?;
                if !(0.0..=1.0).contains(&min_score) {
                    return Err(invalid(
                        "CAPTCHA_MIN_SCORE",
                        format!("{min_score} is outside 0..=1"),
                    ));
                }
                Ok(Self::Recaptcha {
                    secret,
                    verify_url,
                    // A setting between 0 and 1 in steps the provider reports (0.1).
                    min_score_tenths: (min_score * 10.0).round() as u8,
                })
            }
            other => Err(invalid(
                "CAPTCHA_PROVIDER",
                format!("{other:?} is not off, sandbox or recaptcha"),
            )),
        }
    }
}

/// Checks captcha tokens as configured.
pub struct Verifier {
    settings: Settings,
    client: reqwest::Client,
}

/// A `siteverify` answer (reCAPTCHA v2 and enterprise score keys alike).
#[derive(Deserialize)]
struct SiteVerify {
    success: bool,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    action: Option<String>,
}

/// Why a form's captcha does not pass.
#[derive(Debug, thiserror::Error)]
pub enum CaptchaError {
    #[error("the captcha token is missing or did not pass")]
    Refused,
    #[error("the captcha provider could not check the token")]
    Unavailable,
}

impl Verifier {
    pub fn new(settings: Settings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .context("building the captcha HTTP client")?;
        Ok(Self { settings, client })
    }

    /// Whether forms must carry a captcha token.
    pub fn asks(&self) -> bool {
        !matches!(self.settings, Settings::Off)
    }

    /// Passes when no captcha is configured or `token` passes the provider's check; a missing or
    /// failed token is refused, and a provider that cannot be reached is unavailable.
    pub async fn check(&self, token: Option<&str>) -> Result<(), CaptchaError> {
        let token = match (&self.settings, token.map(str::trim)) {
            (Settings::Off, _) => return Ok(()),
            (_, None | Some("")) => return Err(CaptchaError::Refused),
            (_, Some(token)) if token.len() > MAX_TOKEN => return Err(CaptchaError::Refused),
            (_, Some(token)) => token,
        };
        match &self.settings {
            Settings::Off => Ok(()),
            Settings::Sandbox if token.starts_with(SANDBOX_PASS) => Ok(()),
            Settings::Sandbox => Err(CaptchaError::Refused),
            Settings::Recaptcha {
                secret,
                verify_url,
                min_score_tenths,
            } => {
                let answer = self.site_verify(verify_url, secret, token).await?;
                let action_ok = answer
                    .action
                    .as_deref()
                    .is_none_or(|action| action == ACTION);
                let score_ok = answer
                    .score
                    .is_none_or(|score| score * 10.0 + 1e-9 >= f64::from(*min_score_tenths));
                if answer.success && action_ok && score_ok {
                    Ok(())
                } else {
                    Err(CaptchaError::Refused)
                }
            }
        }
    }

    async fn site_verify(
        &self,
        url: &str,
        secret: &Secret,
        token: &str,
    ) -> Result<SiteVerify, CaptchaError> {
        let unavailable = |error: &dyn std::fmt::Display| {
            tracing::warn!(%error, "the captcha provider could not check a token");
            CaptchaError::Unavailable
        };
        let response = self
            .client
            .post(url)
            .form(&[("secret", secret.expose()), ("response", token)])
            .send()
            .await
            .map_err(|error| unavailable(&error))?;
        if !response.status().is_success() {
            return Err(unavailable(&format!("status {}", response.status())));
        }
        response.json().await.map_err(|error| unavailable(&error))
    }
}
