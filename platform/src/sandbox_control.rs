//! Who may use the sandbox's controls: the routes that settle invoices and sportsbook bets, read
//! the outbox of one-time codes, mint auto-login links, and the stand-in payment and sign-in pages.
//! Each of them can mint money or take over an account, so a public deployment of the stand-in
//! must not serve them to anyone: with `APP_ENV=production` they answer 404 (as if absent) unless
//! `SANDBOX_OPERATOR_KEY` is set, and then only to requests carrying that key in
//! `x-sandbox-operator-key`. Outside production they are open, as the demo and the tests need.
//! The routes check it with their `SandboxControl` extractor.

use service_kit::{ConfigError, Env, Secret};

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
