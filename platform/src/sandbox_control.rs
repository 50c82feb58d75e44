//! Who may use the sandbox's controls: the routes that settle invoices and sportsbook bets, read
//! the outbox of one-time codes, mint auto-login links, and the stand-in payment and sign-in pages.
//! Each of them can mint money or take over an account, so a public deployment of the stand-in
//! must not serve them to anyone: with `APP_ENV=production` they answer 404 (as if absent) unless
//! `SANDBOX_OPERATOR_KEY` is set, and then only to requests carrying that key in
//! `x-sandbox-operator-key`. Outside production they are open, as the demo and the tests need.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use service_kit::{ConfigError, Env, Secret};
use subtle::ConstantTimeEq;

use crate::{ApiError, AppState};

/// The header an operator sends the key in.
pub const OPERATOR_KEY_HEADER: &str = "x-sandbox-operator-key";

#[derive(Debug, Clone)]
pub enum SandboxControls {
    /// Not production: anyone may use them.
    Open,
    /// Production with `SANDBOX_OPERATOR_KEY`: only with the key.
    OperatorKey(Secret),
    /// Production without a key: they do not exist.
    Off,
}

impl SandboxControls {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        let key = env.secret("SANDBOX_OPERATOR_KEY");
        if let Some(key) = &key
            && key.expose().len() < 16
        {
            return Err(ConfigError::Invalid {
                name: "SANDBOX_OPERATOR_KEY".to_owned(),
                reason: "must be at least 16 characters".to_owned(),
            });
        }
        Ok(match (env.production()?, key) {
            (false, _) => Self::Open,
            (true, Some(key)) => Self::OperatorKey(key),
            (true, None) => Self::Off,
        })
    }
}

/// A request allowed to use a sandbox control: take it as an argument of every control handler.
#[derive(Debug, Clone, Copy)]
pub struct SandboxControl;

impl FromRequestParts<AppState> for SandboxControl {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match &state.config.sandbox_controls {
            SandboxControls::Open => Ok(Self),
            SandboxControls::Off => Err(ApiError::not_found(
                "route_not_found",
                format!(
                    "There is no {} {} on this platform.",
                    parts.method,
                    parts.uri.path()
                ),
            )),
            SandboxControls::OperatorKey(key) => {
                let sent = parts
                    .headers
                    .get(OPERATOR_KEY_HEADER)
                    .map(|value| value.as_bytes())
                    .unwrap_or_default();
                if bool::from(sent.ct_eq(key.expose().as_bytes())) {
                    Ok(Self)
                } else {
                    Err(ApiError::forbidden(
                        "operator_key_required",
                        format!(
                            "This sandbox control needs the operator key in {OPERATOR_KEY_HEADER}."
                        ),
                    ))
                }
            }
        }
    }
}
