//! The typed init data: the fields Telegram writes, read from the decoded pairs (keys this crate
//! does not know are left to the signature check) and turned back into pairs for the signer.

use serde::{Deserialize, Serialize};

use super::Pairs;
use crate::InitDataError;

/// A Telegram user as the init data describes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub id: i64,
    pub first_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language_code: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_bot: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_premium: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub added_to_attachment_menu: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub allows_write_to_pm: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_url: Option<String>,
}

impl User {
    pub fn new(id: i64, first_name: impl Into<String>) -> Self {
        Self {
            id,
            first_name: first_name.into(),
            last_name: None,
            username: None,
            language_code: None,
            is_bot: false,
            is_premium: false,
            added_to_attachment_menu: false,
            allows_write_to_pm: false,
            photo_url: None,
        }
    }
}

/// The chat a Mini App was opened from through an attachment menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_url: Option<String>,
}

/// Init data, typed. Keys this type does not know are still covered by the signature check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitData {
    /// Unix time, in seconds, at which Telegram signed the data.
    pub auth_date: u64,
    pub user: Option<User>,
    pub receiver: Option<User>,
    pub chat: Option<Chat>,
    pub chat_type: Option<String>,
    pub chat_instance: Option<String>,
    pub start_param: Option<String>,
    pub query_id: Option<String>,
    pub can_send_after: Option<u64>,
    /// The first-party HMAC, as 64 lower-case hex digits.
    pub hash: Option<String>,
    /// The third-party Ed25519 signature, base64url without padding.
    pub signature: Option<String>,
}

impl InitData {
    /// Init data signed at `auth_date`, with nothing else set.
    pub fn new(auth_date: u64) -> Self {
        Self {
            auth_date,
            user: None,
            receiver: None,
            chat: None,
            chat_type: None,
            chat_instance: None,
            start_param: None,
            query_id: None,
            can_send_after: None,
            hash: None,
            signature: None,
        }
    }

    /// Init data for `user`, signed at `auth_date`, with nothing else set.
    pub fn for_user(user: User, auth_date: u64) -> Self {
        Self {
            user: Some(user),
            ..Self::new(auth_date)
        }
    }

    /// The pairs this data is made of, `hash` left out, in the order Telegram writes them.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::with_capacity(10);
        if let Some(query_id) = &self.query_id {
            pairs.push(("query_id", query_id.clone()));
        }
        if let Some(user) = &self.user {
            pairs.push(("user", json(user)));
        }
        if let Some(receiver) = &self.receiver {
            pairs.push(("receiver", json(receiver)));
        }
        if let Some(chat) = &self.chat {
            pairs.push(("chat", json(chat)));
        }
        if let Some(chat_instance) = &self.chat_instance {
            pairs.push(("chat_instance", chat_instance.clone()));
        }
        if let Some(chat_type) = &self.chat_type {
            pairs.push(("chat_type", chat_type.clone()));
        }
        if let Some(start_param) = &self.start_param {
            pairs.push(("start_param", start_param.clone()));
        }
        if let Some(can_send_after) = self.can_send_after {
            pairs.push(("can_send_after", can_send_after.to_string()));
        }
        pairs.push(("auth_date", self.auth_date.to_string()));
        if let Some(signature) = &self.signature {
            pairs.push(("signature", signature.clone()));
        }
        pairs
    }
}

/// The nested objects hold only strings, numbers and booleans: their JSON cannot fail.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Pairs<'_> {
    pub(crate) fn auth_date(&self) -> Result<u64, InitDataError> {
        let raw = self
            .get("auth_date")
            .ok_or(InitDataError::MissingAuthDate)?;
        number("auth_date", raw)
    }

    pub(crate) fn into_init_data(self, auth_date: u64) -> Result<InitData, InitDataError> {
        let mut data = InitData::new(auth_date);
        for (key, value) in self.iter() {
            match key {
                "user" => data.user = Some(object("user", value)?),
                "receiver" => data.receiver = Some(object("receiver", value)?),
                "chat" => data.chat = Some(object("chat", value)?),
                "chat_type" => data.chat_type = Some(value.to_owned()),
                "chat_instance" => data.chat_instance = Some(value.to_owned()),
                "start_param" => data.start_param = Some(value.to_owned()),
                "query_id" => data.query_id = Some(value.to_owned()),
                "can_send_after" => data.can_send_after = Some(number("can_send_after", value)?),
                "hash" => data.hash = Some(value.to_owned()),
                "signature" => data.signature = Some(value.to_owned()),
                _ => {}
            }
        }
        Ok(data)
    }
}

fn number(key: &str, raw: &str) -> Result<u64, InitDataError> {
    let mut digits = raw.bytes();
    let first = digits.next().filter(u8::is_ascii_digit);
    first
        .and_then(|first| {
            digits.try_fold(u64::from(first - b'0'), |number, digit| {
                let digit = digit.is_ascii_digit().then(|| u64::from(digit - b'0'))?;
                number.checked_mul(10)?.checked_add(digit)
            })
        })
        .ok_or_else(|| InitDataError::BadEncoding(format!("{key} is not a whole number")))
}

pub(crate) fn object<T: serde::de::DeserializeOwned>(
    key: &str,
    raw: &str,
) -> Result<T, InitDataError> {
    serde_json::from_str(raw)
        .map_err(|_| InitDataError::BadEncoding(format!("{key} is not the expected JSON object")))
}
