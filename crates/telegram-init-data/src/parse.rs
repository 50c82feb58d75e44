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

/// Where a decoded key or value is: a slice of the raw string (nothing in it was escaped, the
/// common case) or of [`Pairs::decoded`], the one buffer every escaped text is decoded into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
    decoded: bool,
}

/// Decoded pairs, every key once. The check runs on every login, so splitting allocates twice at
/// most (the pair list and one decoding buffer, sized once) and nothing is copied that was not
/// escaped; the typed [`InitData`] is only built when asked for.
#[derive(Debug, Clone)]
pub(crate) struct Pairs<'a> {
    raw: &'a str,
    decoded: String,
    spans: Vec<(Span, Span)>,
}

impl<'a> Pairs<'a> {
    pub(crate) fn split(raw: &'a str) -> Result<Self, InitDataError> {
        if raw.len() > MAX_INIT_DATA_LEN {
            return Err(InitDataError::TooLarge {
                len: raw.len(),
                max: MAX_INIT_DATA_LEN,
            });
        }
        if raw.is_empty() {
            return Err(InitDataError::BadEncoding("it is empty".to_owned()));
        }
        let mut pairs = Self {
            raw,
            decoded: String::new(),
            spans: Vec::with_capacity(12),
        };
        // One pass over the string: split, check and (only where something is escaped) decode.
        let mut scratch = Vec::new();
        let mut at = 0;
        loop {
            let (key, equals) = pairs.scan(at, Part::Key, &mut scratch)?;
            if key.start == key.end {
                return Err(InitDataError::BadEncoding("a key is empty".to_owned()));
            }
            let (value, end) = pairs.scan(equals + 1, Part::Value, &mut scratch)?;
            let key_text = pairs.text(key);
            if pairs
                .spans
                .iter()
                .any(|(seen, _)| pairs.text(*seen) == key_text)
            {
                return Err(InitDataError::DuplicateKey(key_text.to_owned()));
            }
            pairs.spans.push((key, value));
            if end == raw.len() {
                return Ok(pairs);
            }
            at = end + 1;
        }
    }

    /// Pairs already decoded (the signer's input), in their order.
    pub(crate) fn from_decoded<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Pairs<'static> {
        let mut out = Pairs {
            raw: "",
            decoded: String::new(),
            spans: Vec::with_capacity(pairs.len()),
        };
        for (key, value) in pairs {
            let key = out.push_decoded(key.as_ref());
            let value = out.push_decoded(value.as_ref());
            out.spans.push((key, value));
        }
        out
    }

    fn push_decoded(&mut self, text: &str) -> Span {
        let start = self.decoded.len();
        self.decoded.push_str(text);
        Span {
            start,
            end: self.decoded.len(),
            decoded: true,
        }
    }

    /// Reads a key (up to its `=`) or a value (up to the next `&` or the end) from `start`,
    /// checking every byte; a text with nothing escaped stays a slice of the raw string, one with
    /// escapes is decoded through `scratch` (reused for every text) onto the shared buffer.
    /// Returns the text and where it ended (the `=` or `&`, or the string's length).
    fn scan(
        &mut self,
        start: usize,
        part: Part,
        scratch: &mut Vec<u8>,
    ) -> Result<(Span, usize), InitDataError> {
        let raw = self.raw;
        let bytes = raw.as_bytes();
        let class = match part {
            Part::Key => &KEY_CLASS,
            Part::Value => &VALUE_CLASS,
        };
        let plain_run = bytes[start..]
            .iter()
            .position(|&b| class[usize::from(b)] != PLAIN)
            .unwrap_or(bytes.len() - start);
        let mut at = start + plain_run;
        match bytes.get(at).map(|&b| class[usize::from(b)]) {
            Some(PLUS | PERCENT) => {}
            Some(REFUSED) => return Err(not_escaped()),
            _ => {
                let span = Span {
                    start,
                    end: at,
                    decoded: false,
                };
                return ended(bytes, part, span, at);
            }
        }
        if scratch.capacity() == 0 {
            scratch.reserve_exact(raw.len());
        }
        scratch.clear();
        scratch.extend_from_slice(&bytes[start..at]);
        while let Some(&byte) = bytes.get(at) {
            let decoded = match class[usize::from(byte)] {
                PLAIN => byte,
                PLUS => b' ',
                PERCENT => {
                    let high = bytes
                        .get(at + 1)
                        .map_or(NOT_HEX, |&b| HEX_VALUE[usize::from(b)]);
                    let low = bytes
                        .get(at + 2)
                        .map_or(NOT_HEX, |&b| HEX_VALUE[usize::from(b)]);
                    if high == NOT_HEX || low == NOT_HEX {
                        return Err(InitDataError::BadEncoding(
                            "'%' is not followed by two upper-case hex digits".to_owned(),
                        ));
                    }
                    at += 2;
                    high << 4 | low
                }
                REFUSED => return Err(not_escaped()),
                _ => break,
            };
            scratch.push(decoded);
            at += 1;
        }
        let text = std::str::from_utf8(scratch)
            .map_err(|_| InitDataError::BadEncoding("a decoded value is not UTF-8".to_owned()))?;
        if self.decoded.capacity() == 0 {
            // Decoding never lengthens a text: one buffer the size of the input holds them all.
            self.decoded.reserve_exact(raw.len());
        }
        let span = self.push_decoded(text);
        ended(bytes, part, span, at)
    }

    #[inline]
    fn text(&self, span: Span) -> &str {
        if span.decoded {
            &self.decoded[span.start..span.end]
        } else {
            &self.raw[span.start..span.end]
        }
    }

    /// Every pair, decoded, in their current order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.spans
            .iter()
            .map(|&(key, value)| (self.text(key), self.text(value)))
    }

    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// Hands `sink` the data-check string piece by piece: the `key=value` lines of every pair
    /// but the excluded ones, sorted by key, joined by `\n`. Sorts the pairs in place.
    pub(crate) fn feed_check_string(&mut self, excluded: &[&str], mut sink: impl FnMut(&[u8])) {
        let (raw, decoded) = (self.raw, self.decoded.as_str());
        let text = |span: Span| {
            if span.decoded {
                &decoded[span.start..span.end]
            } else {
                &raw[span.start..span.end]
            }
        };
        self.spans.sort_unstable_by(|a, b| text(a.0).cmp(text(b.0)));
        let mut first = true;
        for &(key, value) in &self.spans {
            let key = text(key);
            if excluded.contains(&key) {
                continue;
            }
            if !first {
                sink(b"\n");
            }
            first = false;
            sink(key.as_bytes());
            sink(b"=");
            sink(text(value).as_bytes());
        }
    }

    /// The data-check string as one string (the signer and the Ed25519 check need it whole).
    pub(crate) fn check_string(&mut self, excluded: &[&str]) -> String {
        let mut out = Vec::with_capacity(self.raw.len() + self.decoded.len());
        self.feed_check_string(excluded, |piece| out.extend_from_slice(piece));
        // Every piece is a whole `str`, so their concatenation is UTF-8.
        String::from_utf8(out).unwrap_or_default()
    }

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
    let digits_only = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit());
    digits_only
        .then(|| raw.parse().ok())
        .flatten()
        .ok_or_else(|| InitDataError::BadEncoding(format!("{key} is not a whole number")))
}

pub(crate) fn object<T: serde::de::DeserializeOwned>(
    key: &str,
    raw: &str,
) -> Result<T, InitDataError> {
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

/// Which side of a `key=value` pair is being read: a key ends at its `=`, a value may hold more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Key,
    Value,
}

/// A key must end at an `=`; a value ends at an `&` or the end.
fn ended(bytes: &[u8], part: Part, span: Span, at: usize) -> Result<(Span, usize), InitDataError> {
    if part == Part::Key && bytes.get(at) != Some(&b'=') {
        return Err(InitDataError::BadEncoding(
            "a pair has no '=' between key and value".to_owned(),
        ));
    }
    Ok((span, at))
}

fn not_escaped() -> InitDataError {
    InitDataError::BadEncoding(
        "a space, control or non-ASCII character is not percent-encoded".to_owned(),
    )
}

/// What each byte of the raw string is to the reader.
const PLAIN: u8 = 0;
const PLUS: u8 = 1;
const PERCENT: u8 = 2;
/// A space, a control character or a non-ASCII byte: never valid unescaped.
const REFUSED: u8 = 3;
/// The end of a key (`=`) or of a value (`&`).
const END: u8 = 4;

const fn class_table(end: u8) -> [u8; 256] {
    let mut class = [REFUSED; 256];
    let mut byte = b'!';
    while byte <= b'~' {
        class[byte as usize] = PLAIN;
        byte += 1;
    }
    class[b'+' as usize] = PLUS;
    class[b'%' as usize] = PERCENT;
    // An `&` ends a key too: a key cut short before its `=` is refused by `ended`.
    class[b'&' as usize] = END;
    class[end as usize] = END;
    class
}

/// In a key, `=` ends it; in a value, `=` is a character like any other (only `&` ends it).
const KEY_CLASS: [u8; 256] = class_table(b'=');
const VALUE_CLASS: [u8; 256] = class_table(b'&');

/// The value of an upper-case hex digit, or `NOT_HEX`.
const NOT_HEX: u8 = 0xFF;
const HEX_VALUE: [u8; 256] = {
    let mut value = [NOT_HEX; 256];
    let mut digit = 0;
    while digit < 10 {
        value[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    let mut letter = 0;
    while letter < 6 {
        value[(b'A' + letter) as usize] = 10 + letter;
        letter += 1;
    }
    value
};

#[cfg(test)]
fn decode(raw: &str) -> Result<String, InitDataError> {
    let pair = format!("k={raw}");
    let pairs = Pairs::split(&pair)?;
    Ok(pairs.get("k").unwrap_or_default().to_owned())
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
