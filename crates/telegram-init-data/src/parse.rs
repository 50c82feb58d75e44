//! From the raw query string to decoded pairs, and from pairs to the typed [`InitData`].
//!
//! The raw string is split into pairs first and each key and value is URL-decoded afterwards, so
//! an encoded `&` or `=` inside a value never splits it. Decoding is strict on purpose: exactly one
//! spelling of a decoded value is accepted (printable ASCII, `+` for a space, `%XX` with upper-case
//! hex digits, as Telegram and `URLSearchParams` write them), so no byte of a signed string can be
//! changed without changing what the signature covers.

use serde::{Deserialize, Serialize};

use crate::InitDataError;

/// The most bytes of raw init data accepted; Telegram's are far shorter.
pub const MAX_INIT_DATA_LEN: usize = 4096;

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

/// Decoded pairs in their original order, every key once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pairs(pub(crate) Vec<(String, String)>);

impl Pairs {
    pub(crate) fn split(raw: &str) -> Result<Self, InitDataError> {
        if raw.len() > MAX_INIT_DATA_LEN {
            return Err(InitDataError::TooLarge {
                len: raw.len(),
                max: MAX_INIT_DATA_LEN,
            });
        }
        if raw.is_empty() {
            return Err(InitDataError::BadEncoding("it is empty".to_owned()));
        }
        let mut pairs: Vec<(String, String)> = Vec::with_capacity(12);
        for segment in raw.split('&') {
            let Some((key, value)) = segment.split_once('=') else {
                return Err(InitDataError::BadEncoding(
                    "a pair has no '=' between key and value".to_owned(),
                ));
            };
            let key = decode(key)?;
            if key.is_empty() {
                return Err(InitDataError::BadEncoding("a key is empty".to_owned()));
            }
            if pairs.iter().any(|(seen, _)| *seen == key) {
                return Err(InitDataError::DuplicateKey(key));
            }
            pairs.push((key, decode(value)?));
        }
        Ok(Self(pairs))
    }

    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `key=value` lines of every pair but the excluded ones, sorted by key, joined by `\n`.
    pub(crate) fn check_string(&self, excluded: &[&str]) -> String {
        let mut kept: Vec<&(String, String)> = self
            .0
            .iter()
            .filter(|(k, _)| !excluded.contains(&k.as_str()))
            .collect();
        kept.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut out =
            String::with_capacity(self.0.iter().map(|(k, v)| k.len() + v.len() + 2).sum());
        for (i, (key, value)) in kept.into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(key);
            out.push('=');
            out.push_str(value);
        }
        out
    }

    pub(crate) fn auth_date(&self) -> Result<u64, InitDataError> {
        let raw = self
            .get("auth_date")
            .ok_or(InitDataError::MissingAuthDate)?;
        number("auth_date", raw)
    }

    pub(crate) fn into_init_data(self, auth_date: u64) -> Result<InitData, InitDataError> {
        let mut data = InitData::new(auth_date);
        for (key, value) in self.0 {
            match key.as_str() {
                "user" => data.user = Some(object("user", &value)?),
                "receiver" => data.receiver = Some(object("receiver", &value)?),
                "chat" => data.chat = Some(object("chat", &value)?),
                "chat_type" => data.chat_type = Some(value),
                "chat_instance" => data.chat_instance = Some(value),
                "start_param" => data.start_param = Some(value),
                "query_id" => data.query_id = Some(value),
                "can_send_after" => data.can_send_after = Some(number("can_send_after", &value)?),
                "hash" => data.hash = Some(value),
                "signature" => data.signature = Some(value),
                _ => {}
            }
        }
        Ok(data)
    }
}

fn number(key: &str, raw: &str) -> Result<u64, InitDataError> {
    let digits_only = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit());
    digits_only
        .then(|| raw.parse().ok())
        .flatten()
        .ok_or_else(|| InitDataError::BadEncoding(format!("{key} is not a whole number")))
}

fn object<T: serde::de::DeserializeOwned>(key: &str, raw: &str) -> Result<T, InitDataError> {
    serde_json::from_str(raw)
        .map_err(|_| InitDataError::BadEncoding(format!("{key} is not the expected JSON object")))
}

/// Structure only, no signature check: for data already validated, or to read a test fixture.
/// `auth_date` must be present, `hash` need not be.
pub fn parse(raw: &str) -> Result<InitData, InitDataError> {
    let pairs = Pairs::split(raw)?;
    let auth_date = pairs.auth_date()?;
    pairs.into_init_data(auth_date)
}

fn decode(raw: &str) -> Result<String, InitDataError> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let high = bytes.get(i + 1).copied().and_then(upper_hex);
                let low = bytes.get(i + 2).copied().and_then(upper_hex);
                match (high, low) {
                    (Some(high), Some(low)) => out.push(high << 4 | low),
                    _ => {
                        return Err(InitDataError::BadEncoding(
                            "'%' is not followed by two upper-case hex digits".to_owned(),
                        ));
                    }
                }
                i += 2;
            }
            b'!'..=b'~' => out.push(bytes[i]),
            _ => {
                return Err(InitDataError::BadEncoding(
                    "a space, control or non-ASCII character is not percent-encoded".to_owned(),
                ));
            }
        }
        i += 1;
    }
    String::from_utf8(out)
        .map_err(|_| InitDataError::BadEncoding("a decoded value is not UTF-8".to_owned()))
}

fn upper_hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Percent-encodes `value` the way `encodeURIComponent` does, so the decoder above reads it back.
pub(crate) fn encode(value: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &byte in value.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0x0F)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(raw: &str) -> &'static str {
        parse(raw).unwrap_err().code()
    }

    #[test]
    fn values_are_decoded_after_the_split() {
        let data = parse("auth_date=5&start_param=a%26b%3Dc+d").unwrap();
        assert_eq!(data.start_param.as_deref(), Some("a&b=c d"));
        assert_eq!(data.auth_date, 5);
    }

    #[test]
    fn malformed_input_gets_distinct_codes() {
        assert_eq!(code(""), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&&x=1"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%7b"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%7"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=a b"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&x=%FF"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=x1"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&user=%7B%7D"), "init_data_bad_encoding");
        assert_eq!(code("auth_date=1&auth_date=1"), "init_data_duplicate_key");
        assert_eq!(code("auth_date=1&auth%5Fdate=1"), "init_data_duplicate_key");
        assert_eq!(code("query_id=1"), "init_data_missing_auth_date");
        let long = format!("auth_date=1&x={}", "a".repeat(MAX_INIT_DATA_LEN));
        assert_eq!(code(&long), "init_data_too_large");
    }

    #[test]
    fn the_encoder_and_decoder_agree() {
        let text = "Vladislav + - ? \\/ & = % ü 🎰";
        let mut encoded = String::new();
        encode(text, &mut encoded);
        assert_eq!(decode(&encoded).unwrap(), text);
    }
}
