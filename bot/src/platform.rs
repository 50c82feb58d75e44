//! The platform's messenger-user endpoint: `PUT /api/tg-bot/users` with `X-Service-Key`, 1 to
//! 100 users per call, answered with `{"synced": n}`.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use service_kit::{ErrorBody, Secret};

use crate::storage::BotUser;

pub const SERVICE_KEY_HEADER: &str = "X-Service-Key";
const USERS_PATH: &str = "/api/tg-bot/users";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlatformUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub is_premium: bool,
    pub ref_id: Option<String>,
    pub affiliate_tag: Option<String>,
    pub is_blocked: bool,
}

impl From<&BotUser> for PlatformUser {
    fn from(user: &BotUser) -> Self {
        Self {
            id: user.profile.telegram_id,
            first_name: user.profile.first_name.clone(),
            last_name: user.profile.last_name.clone(),
            username: user.profile.username.clone(),
            language_code: user.profile.language_code.clone(),
            is_premium: user.profile.is_premium,
            ref_id: user.attribution.ref_id.clone(),
            affiliate_tag: user.attribution.affiliate_tag.clone(),
            is_blocked: user.is_blocked,
        }
    }
}

#[derive(Serialize)]
struct UsersRequest<'a> {
    users: &'a [PlatformUser],
}

#[derive(Deserialize)]
struct UsersResponse {
    synced: u64,
}

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SyncError {
    #[error("the platform is unreachable: {0}")]
    Unreachable(String),
    #[error("the platform refused the users ({status} {code}): {message}")]
    Refused {
        status: u16,
        code: String,
        message: String,
    },
    #[error("the platform answered {status} with an unexpected body")]
    Unexpected { status: u16 },
}

impl SyncError {
    /// The users themselves were refused (not the key, not the platform's health): pushing them
    /// one by one finds which.
    pub fn is_invalid_users(&self) -> bool {
        matches!(self, Self::Refused { status: 400, .. })
    }
}

#[derive(Clone)]
pub struct PlatformClient {
    http: reqwest::Client,
    users_url: String,
    service_key: Secret,
}

impl PlatformClient {
    pub fn new(platform_url: &str, service_key: Secret) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .build()?;
        Ok(Self {
            http,
            users_url: format!("{}{USERS_PATH}", platform_url.trim_end_matches('/')),
            service_key,
        })
    }

    /// Creates or updates these users on the platform; returns how many it synced.
    pub async fn put_users(&self, users: &[PlatformUser]) -> Result<u64, SyncError> {
        let response = self
            .http
            .put(&self.users_url)
            .header(SERVICE_KEY_HEADER, self.service_key.expose())
            .json(&UsersRequest { users })
            .send()
            .await
            .map_err(|e| SyncError::Unreachable(error_chain(&e)))?;
        let status = response.status().as_u16();
        let body = response
            .bytes()
            .await
            .map_err(|e| SyncError::Unreachable(error_chain(&e)))?;
        if (200..300).contains(&status) {
            return serde_json::from_slice::<UsersResponse>(&body)
                .map(|r| r.synced)
                .map_err(|_| SyncError::Unexpected { status });
        }
        match serde_json::from_slice::<ErrorBody>(&body) {
            Ok(error) => Err(SyncError::Refused {
                status,
                code: error.code,
                message: error.message,
            }),
            Err(_) => Err(SyncError::Unexpected { status }),
        }
    }
}

/// The error and its causes on one line ("error sending request: connection refused").
fn error_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
