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

/// One `key=value` pair: where its decoded text is (a slice of the raw string when nothing in it
/// was escaped, the common case for all but the JSON objects, or of [`Pairs::decoded`], the one
/// buffer every escaped pair is decoded into), where its `=` is, and the key's first bytes as a
/// number, so that sorting and lookups rarely compare strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair {
    decoded: bool,
    start: usize,
    equals: usize,
    end: usize,
    prefix: u64,
}

impl Pair {
    fn key_len(&self) -> usize {
        self.equals - self.start
    }
}

/// Up to how many pairs are sorted by insertion (quadratic, so not for any number of them).
const SORTED_BY_INSERTION: usize = 16;

/// Decoded pairs, every key once. The check runs on every login, so splitting allocates twice at
/// most (the pair list and one decoding buffer, sized once) and nothing is copied that was not
/// escaped; the typed [`InitData`] is only built when asked for.
#[derive(Debug, Clone)]
pub(crate) struct Pairs<'a> {
    raw: &'a str,
    /// Every escaped pair's decoded text, back to back. Bytes rather than a `String`: each key
    /// and value in it was checked to be UTF-8 as it was decoded (only those in which an escape
    /// made a non-ASCII byte need checking), and checking the whole buffer again would be a
    /// fiftieth of the check.
    decoded: Vec<u8>,
    pairs: Vec<Pair>,
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
        let mut splitter = Splitter {
            bytes: raw.as_bytes(),
            decoded: Vec::new(),
            decoded_len: 0,
            pairs: Vec::with_capacity(12),
            start: 0,
            equals: None,
            decoding: None,
            copied_to: 0,
            high: false,
        };
        // One pass over the string, visiting only the bytes that are not plain (found 64 at a
        // time): split, check and (only in pairs where something is escaped) decode.
        let bytes = raw.as_bytes();
        for from in (0..bytes.len()).step_by(64) {
            let (mut specials, percents) = masks(&bytes[from..bytes.len().min(from + 64)]);
            while specials != 0 {
                let next = specials.trailing_zeros();
                // Most bytes that are not plain are the escapes of the JSON objects, one after
                // the other in a pair already being decoded: they have their own loop.
                if percents >> next & 1 == 1 && splitter.decoding.is_some() {
                    specials = splitter.percents(from, specials, percents)?;
                } else {
                    specials &= specials - 1;
                    splitter.special(from + next as usize)?;
                }
            }
        }
        splitter.end_pair(bytes.len())?;
        let mut decoded = splitter.decoded;
        decoded.truncate(splitter.decoded_len);
        Ok(Self {
            raw,
            decoded,
            pairs: splitter.pairs,
        })
    }

    /// Pairs already decoded (the signer's input), in their order.
    pub(crate) fn from_decoded<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Pairs<'static> {
        let mut out = Pairs {
            raw: "",
            decoded: Vec::new(),
            pairs: Vec::with_capacity(pairs.len()),
        };
        for (key, value) in pairs {
            let start = out.decoded.len();
            out.decoded.extend_from_slice(key.as_ref().as_bytes());
            let equals = out.decoded.len();
            out.decoded.push(b'=');
            out.decoded.extend_from_slice(value.as_ref().as_bytes());
            out.pairs.push(Pair {
                decoded: true,
                start,
                equals,
                end: out.decoded.len(),
                prefix: prefix(key.as_ref().as_bytes()),
            });
        }
        out
    }

    /// The pair's `key=value` line as the data-check string has it.
    #[inline]
    fn line(&self, pair: &Pair) -> &[u8] {
        let text = if pair.decoded {
            &self.decoded[..]
        } else {
            self.raw.as_bytes()
        };
        &text[pair.start..pair.end]
    }

    /// `from..to` of the pair's text: its key or its value.
    #[inline]
    fn text(&self, pair: &Pair, from: usize, to: usize) -> &str {
        if pair.decoded {
            // Checked to be UTF-8 when it was decoded (or a `str` already, from the signer), so
            // the empty default is never taken.
            std::str::from_utf8(&self.decoded[from..to]).unwrap_or_default()
        } else {
            &self.raw[from..to]
        }
    }

    #[inline]
    fn key(&self, pair: &Pair) -> &str {
        self.text(pair, pair.start, pair.equals)
    }

    #[inline]
    fn value(&self, pair: &Pair) -> &str {
        self.text(pair, pair.equals + 1, pair.end)
    }

    /// Every pair, decoded, in their current order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs
            .iter()
            .map(|pair| (self.key(pair), self.value(pair)))
    }

    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        let wanted = prefix(key.as_bytes());
        self.pairs
            .iter()
            .find(|pair| self.is_key(pair, key.as_bytes(), wanted))
            .map(|pair| self.value(pair))
    }

    /// Whether `pair`'s key is `key`, whose [`prefix`] is `key_prefix`. Keys of the same length
    /// with the same prefix are the same key when they are at most eight bytes long, and agree
    /// in their first eight bytes otherwise: at most the rest is compared.
    #[inline]
    fn is_key(&self, pair: &Pair, key: &[u8], key_prefix: u64) -> bool {
        pair.prefix == key_prefix
            && pair.key_len() == key.len()
            && key
                .get(8..)
                .is_none_or(|rest| &self.line(pair)[8..key.len()] == rest)
    }

    /// Sorts the pairs by key, the data-check string's order.
    fn sort(&mut self) {
        let (raw, decoded) = (self.raw.as_bytes(), &self.decoded[..]);
        let key = |pair: &Pair| {
            let text = if pair.decoded { decoded } else { raw };
            &text[pair.start..pair.equals]
        };
        // Keys differ in their first eight bytes but for rare exceptions: numbers, then strings.
        let order = |a: &Pair, b: &Pair| a.prefix.cmp(&b.prefix).then_with(|| key(a).cmp(key(b)));
        if self.pairs.len() <= SORTED_BY_INSERTION {
            // Telegram's dozen pairs: an insertion sort is a few comparisons and moves, where
            // the standard sort's small-sort network costs several times that.
            for sorted in 1..self.pairs.len() {
                let mut at = sorted;
                while at > 0 && order(&self.pairs[at - 1], &self.pairs[at]).is_gt() {
                    self.pairs.swap(at - 1, at);
                    at -= 1;
                }
            }
        } else {
            self.pairs.sort_unstable_by(order);
        }
    }

    /// Hands `sink` the data-check string piece by piece: the `key=value` lines of every pair
    /// but the excluded ones, sorted by key, joined by `\n`. Sorts the pairs in place.
    pub(crate) fn feed_check_string(&mut self, excluded: &[&str], mut sink: impl FnMut(&[u8])) {
        self.sort();
        let mut first = true;
        for pair in &self.pairs {
            if excluded
                .iter()
                .any(|&e| self.is_key(pair, e.as_bytes(), prefix(e.as_bytes())))
            {
                continue;
            }
            if !first {
                sink(b"\n");
            }
            first = false;
            sink(self.line(pair));
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

/// The state of [`Pairs::split`] between two bytes that are not plain.
struct Splitter<'a> {
    bytes: &'a [u8],
    /// Every escaped pair, decoded, back to back: the first `decoded_len` bytes, then room for
    /// the rest (sized once, at the first escape, so that writing a byte is only an index).
    decoded: Vec<u8>,
    decoded_len: usize,
    pairs: Vec<Pair>,
    /// Where the current pair's key starts in the raw string.
    start: usize,
    /// Where the current pair's `=` is (in `decoded` once the pair is being decoded): `None`
    /// while its key is being read.
    equals: Option<usize>,
    /// Where the current pair starts in `decoded`, once something in it was escaped.
    decoding: Option<usize>,
    /// While decoding, how much of the raw pair is in `decoded` already.
    copied_to: usize,
    /// Whether an escape in the current key or value decoded to a non-ASCII byte, so that its
    /// text must be checked to be UTF-8.
    high: bool,
}

impl Splitter<'_> {
    /// Reads the byte at `at`, one of `&`, `=`, `%`, `+` or a refused one.
    #[inline(always)]
    fn special(&mut self, at: usize) -> Result<(), InitDataError> {
        let byte = self.bytes[at];
        match byte {
            b'=' if self.equals.is_none() => self.end_key(at),
            // In a value, `=` is a character like any other (only `&` ends it).
            b'=' => Ok(()),
            // A key cut short before its `=`.
            b'&' if self.equals.is_none() => Err(no_equals()),
            b'&' => self.end_pair(at),
            // A `%` comes here only as its pair's first escape: [`Pairs::split`] hands the
            // others to `percents`.
            b'+' | b'%' => self.unescape(at, byte),
            _ => Err(not_escaped()),
        }
    }

    fn end_key(&mut self, at: usize) -> Result<(), InitDataError> {
        if at == self.start {
            return Err(InitDataError::BadEncoding("a key is empty".to_owned()));
        }
        self.equals = Some(match self.decoding {
            None => at,
            Some(start) => {
                self.copy_to(at + 1);
                let equals = self.decoded_len - 1;
                self.check_utf8(start, equals)?;
                equals
            }
        });
        Ok(())
    }

    /// Ends the current pair at `at` (its `&`, or the string's end).
    fn end_pair(&mut self, at: usize) -> Result<(), InitDataError> {
        let Some(equals) = self.equals else {
            return Err(no_equals());
        };
        let pair = match self.decoding {
            None => Pair {
                decoded: false,
                start: self.start,
                equals,
                end: at,
                prefix: prefix(&self.bytes[self.start..equals]),
            },
            Some(start) => {
                self.copy_to(at);
                self.check_utf8(equals + 1, self.decoded_len)?;
                Pair {
                    decoded: true,
                    start,
                    equals,
                    end: self.decoded_len,
                    prefix: prefix(&self.decoded[start..equals]),
                }
            }
        };
        let key = self.key(&pair);
        if self.pairs.iter().any(|seen| {
            seen.prefix == pair.prefix && seen.key_len() == pair.key_len() && self.key(seen) == key
        }) {
            let key = String::from_utf8_lossy(key).into_owned();
            return Err(InitDataError::DuplicateKey(key));
        }
        self.pairs.push(pair);
        self.start = at + 1;
        self.equals = None;
        self.decoding = None;
        Ok(())
    }

    fn key(&self, pair: &Pair) -> &[u8] {
        let text = if pair.decoded {
            &self.decoded
        } else {
            self.bytes
        };
        &text[pair.start..pair.equals]
    }

    /// Decodes the `+` or `%XX` at `at`, the pair's first escape or a `+`.
    #[inline(always)]
    fn unescape(&mut self, at: usize, byte: u8) -> Result<(), InitDataError> {
        if self.decoding.is_none() {
            if self.decoded.is_empty() {
                // Decoding never lengthens a text: the input's length (and the slack of a
                // 16-byte copy) holds every pair. Every byte is written before it is read, so
                // the filler is arbitrary, but not zero: zeroes would be a `calloc`, which
                // glibc serves without its per-thread cache of freed blocks (allocating and
                // freeing is under 3 % of the check this way, about 6 % with zeroes).
                self.decoded = vec![FILLER; self.bytes.len() + 16];
            }
            let start = self.decoded_len;
            self.decoding = Some(start);
            self.copied_to = self.start;
            self.equals = self.equals.map(|equals| start + (equals - self.start));
        }
        if byte == b'%' {
            return self.percent(at);
        }
        self.copy_to(at);
        self.push(b' ');
        self.copied_to = at + 1;
        Ok(())
    }

    /// Decodes the `%XX` at `at`, a pair's first escape (through [`Splitter::unescape`]); every
    /// later `%` of the pair goes through [`Splitter::percents`].
    #[inline(always)]
    fn percent(&mut self, at: usize) -> Result<(), InitDataError> {
        self.copy_to(at);
        let decoded = escaped_byte(self.bytes, at).ok_or_else(not_hex)?;
        self.high |= !decoded.is_ascii();
        self.push(decoded);
        self.copied_to = at + 3;
        Ok(())
    }

    /// Decodes the `%XX` at the lowest bit of `specials` (a `%` of `percents`, in the block that
    /// starts at `from`) and every one that follows it among the `specials` with nothing else in
    /// between; returns `specials` without their bits. The state lives in registers for the whole
    /// run of escapes (`specials` too: taken by reference, it went through memory every time).
    #[inline(always)]
    fn percents(
        &mut self,
        from: usize,
        mut specials: u64,
        percents: u64,
    ) -> Result<u64, InitDataError> {
        let (bytes, decoded) = (self.bytes, &mut self.decoded[..]);
        let (mut out, mut copied, mut high) = (self.decoded_len, self.copied_to, 0u8);
        loop {
            let at = from + specials.trailing_zeros() as usize;
            specials &= specials - 1;
            copy_run(bytes, copied, at, decoded, out);
            out += at - copied;
            // Checked at each escape, not once for the run: after a bad escape the next `%`
            // may be one of its own digits.
            let byte = escaped_byte(bytes, at).ok_or_else(not_hex)?;
            high |= byte;
            decoded[out] = byte;
            out += 1;
            copied = at + 3;
            // The next byte that is not plain, if it is another `%` (none left: no bit at all).
            if specials & specials.wrapping_neg() & percents == 0 {
                break;
            }
        }
        self.decoded_len = out;
        self.copied_to = copied;
        self.high |= !high.is_ascii();
        Ok(specials)
    }

    #[inline(always)]
    fn push(&mut self, byte: u8) {
        self.decoded[self.decoded_len] = byte;
        self.decoded_len += 1;
    }

    /// Copies the plain bytes from `copied_to` up to `to` onto `decoded`, 16 at a time while
    /// the raw string has 16 more: the runs between escapes are a few bytes long, and a fixed
    /// 16-byte copy is one instruction where a `memcpy` call is dozens. The bytes copied past
    /// `to` are overwritten by the next ones (`decoded` has 16 bytes to spare).
    #[inline(always)]
    fn copy_to(&mut self, to: usize) {
        copy_run(
            self.bytes,
            self.copied_to,
            to,
            &mut self.decoded,
            self.decoded_len,
        );
        self.decoded_len += to - self.copied_to;
        self.copied_to = to;
    }

    /// Checks that `decoded[start..end]`, a key or a value, is UTF-8, if an escape in it may
    /// have made it otherwise.
    fn check_utf8(&mut self, start: usize, end: usize) -> Result<(), InitDataError> {
        if std::mem::take(&mut self.high) && std::str::from_utf8(&self.decoded[start..end]).is_err()
        {
            return Err(not_utf8());
        }
        Ok(())
    }
}

/// The byte the `%XX` at `at` stands for, or `None` if `XX` is not two upper-case hex digits.
#[inline(always)]
fn escaped_byte(bytes: &[u8], at: usize) -> Option<u8> {
    let (high, low) = match bytes.get(at + 1..at + 3) {
        Some(&[high, low]) => (HEX_VALUE[usize::from(high)], HEX_VALUE[usize::from(low)]),
        _ => (NOT_HEX, NOT_HEX),
    };
    // `NOT_HEX` has its high bits set, which no digit's value has.
    ((high | low) <= 0x0F).then_some(high << 4 | low)
}

/// Copies `bytes[from..to]` onto `decoded` at `out` (see [`Splitter::copy_to`]).
#[inline(always)]
fn copy_run(bytes: &[u8], mut from: usize, to: usize, decoded: &mut [u8], mut out: usize) {
    while from < to {
        match (bytes.get(from..from + 16), decoded.get_mut(out..out + 16)) {
            (Some(chunk), Some(into)) => into.copy_from_slice(chunk),
            _ => {
                decoded[out..out + (to - from)].copy_from_slice(&bytes[from..to]);
                return;
            }
        }
        from += 16;
        out += 16;
    }
}

/// What the decoding buffer holds before anything is decoded into it (see [`Splitter::unescape`]).
const FILLER: u8 = b' ';

/// A key's first eight bytes as a big-endian number, zero-padded: numbers compare as the keys
/// do, but for keys that agree in their first eight bytes.
#[inline]
fn prefix(key: &[u8]) -> u64 {
    match key.first_chunk::<8>() {
        Some(eight) => u64::from_be_bytes(*eight),
        // Byte by byte: copying a short key into a zeroed array is a call to `memcpy`.
        None => {
            let packed = key
                .iter()
                .fold(0u64, |packed, &byte| packed << 8 | u64::from(byte));
            // An empty key (the signer takes any) would shift by the whole width.
            packed.checked_shl(8 * (8 - key.len()) as u32).unwrap_or(0)
        }
    }
}

/// Two masks of `block` (at most 64 bytes): bit `i` of the first is set when `block[i]` is not
/// plain (`&`, `=`, `%`, `+`, or a byte outside `!`..`~`), of the second when it is `%`.
fn masks(block: &[u8]) -> (u64, u64) {
    let masks = |block: &[u8; 64]| (special_mask_64(block), percent_mask_64(block));
    match block.try_into() {
        Ok(block) => masks(block),
        Err(_) => {
            let mut padded = [b'a'; 64];
            padded[..block.len()].copy_from_slice(block);
            masks(&padded)
        }
    }
}

/// Written so that the compiler vectorises it (SSE2 on any x86-64: 16 bytes per comparison, no
/// branch), without `unsafe`: the flags are computed byte by byte into an array, then packed
/// eight at a time by a multiplication that gathers the low bit of each byte into the top byte.
#[inline]
fn special_mask_64(block: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (flag, &byte) in flags.iter_mut().zip(block) {
        // Non-short-circuiting `|`: branches would keep the loop from being vectorised. As signed
        // bytes, the controls, the space and every non-ASCII byte are below `!`.
        let special = ((byte as i8) < b'!' as i8)
            | (byte == 0x7F)
            | (byte == b'&')
            | (byte == b'=')
            | (byte == b'%')
            | (byte == b'+');
        *flag = u8::from(special);
    }
    pack(&flags)
}

#[inline]
fn percent_mask_64(block: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (flag, &byte) in flags.iter_mut().zip(block) {
        *flag = u8::from(byte == b'%');
    }
    pack(&flags)
}

/// The mask whose bit `i` is `flags[i]` (each 0 or 1).
#[inline(always)]
fn pack(flags: &[u8; 64]) -> u64 {
    flags
        .chunks_exact(8)
        .enumerate()
        .fold(0, |mask, (i, eight)| {
            let eight = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
            // Bit 8k (byte k's flag) lands on bit 56 + k, and no two products collide.
            mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i)
        })
}

fn no_equals() -> InitDataError {
    InitDataError::BadEncoding("a pair has no '=' between key and value".to_owned())
}

fn not_hex() -> InitDataError {
    InitDataError::BadEncoding("'%' is not followed by two upper-case hex digits".to_owned())
}

fn not_utf8() -> InitDataError {
    InitDataError::BadEncoding("a decoded value is not UTF-8".to_owned())
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

/// Structure only, no signature check: for data already validated, or to read a test fixture.
/// `auth_date` must be present, `hash` need not be.
pub fn parse(raw: &str) -> Result<InitData, InitDataError> {
    let pairs = Pairs::split(raw)?;
    let auth_date = pairs.auth_date()?;
    pairs.into_init_data(auth_date)
}

fn not_escaped() -> InitDataError {
    InitDataError::BadEncoding(
        "a space, control or non-ASCII character is not percent-encoded".to_owned(),
    )
}

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

    /// The straightforward reading the one-pass splitter must agree with: split on `&`, then on
    /// the first `=`, then decode each side byte by byte.
    fn reference(raw: &str) -> Result<Vec<(String, String)>, &'static str> {
        fn decode(text: &str) -> Result<String, &'static str> {
            let mut out = Vec::new();
            let mut bytes = text.bytes();
            while let Some(byte) = bytes.next() {
                out.push(match byte {
                    b'+' => b' ',
                    b'%' => {
                        let mut digit = || match bytes.next() {
                            Some(digit @ (b'0'..=b'9' | b'A'..=b'F')) => {
                                Ok((digit as char).to_digit(16).unwrap_or_default() as u8)
                            }
                            _ => Err("init_data_bad_encoding"),
                        };
                        digit()? << 4 | digit()?
                    }
                    b'!'..=b'~' => byte,
                    _ => return Err("init_data_bad_encoding"),
                });
            }
            String::from_utf8(out).map_err(|_| "init_data_bad_encoding")
        }
        if raw.len() > MAX_INIT_DATA_LEN {
            return Err("init_data_too_large");
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for pair in raw.split('&') {
            let (key, value) = pair.split_once('=').ok_or("init_data_bad_encoding")?;
            let key = decode(key)?;
            if key.is_empty() {
                return Err("init_data_bad_encoding");
            }
            let value = decode(value)?;
            if pairs.iter().any(|(seen, _)| *seen == key) {
                return Err("init_data_duplicate_key");
            }
            pairs.push((key, value));
        }
        Ok(pairs)
    }

    fn split(raw: &str) -> Result<Vec<(String, String)>, &'static str> {
        Pairs::split(raw)
            .map(|pairs| {
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect()
            })
            .map_err(|err| err.code())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        #[test]
        fn the_masks_mark_exactly_the_bytes_that_are_not_plain_and_the_percents(
            block in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::any::<u8>(),
                    proptest::sample::select(b"&=%+ !~\x7f\x80a".to_vec()),
                ],
                0..=64,
            )
        ) {
            let mask = |marked: &dyn Fn(u8) -> bool| {
                block.iter().enumerate().fold(0u64, |mask, (i, &byte)| {
                    mask | u64::from(marked(byte)) << i
                })
            };
            let special = mask(&|byte| !(b'!'..=b'~').contains(&byte) || b"&=%+".contains(&byte));
            proptest::prop_assert_eq!(masks(&block), (special, mask(&|byte| byte == b'%')));
        }

        /// Long enough to cross the 64-byte blocks and the 16-byte copies, dense in escapes,
        /// separators, refused and non-ASCII bytes.
        #[test]
        fn the_splitter_agrees_with_the_straightforward_reading(
            raw in "([a-c]|=|&|%|%[0-9A-Fa-f]{0,2}|%C3%A9|%E2%82|%AC|\\+| |\u{7f}|é|[a-z0-9]{1,20}){0,80}"
        ) {
            proptest::prop_assert_eq!(split(&raw), reference(&raw), "{:?}", raw);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Fewer and more pairs than are sorted by insertion, keys alike in their first eight
        /// bytes or shorter than eight: the data-check string is the pairs sorted by key.
        #[test]
        fn the_check_string_is_the_lines_sorted_by_key(
            keys in proptest::collection::hash_set("(checksum_|chat_)?[a-c_]{1,3}", 0..40),
            excluded in proptest::sample::select(vec!["hash", "chat_a", "a"]),
        ) {
            let pairs: Vec<(String, String)> = keys
                .into_iter()
                .chain(["hash".to_owned()])
                .map(|key| { let value = format!("v{key}"); (key, value) })
                .collect();
            let mut lines: Vec<String> = pairs
                .iter()
                .filter(|(key, _)| key != excluded)
                .map(|(key, value)| format!("{key}={value}"))
                .collect();
            lines.sort_by(|a, b| a.split('=').next().cmp(&b.split('=').next()));
            let mut split = Pairs::from_decoded(&pairs);
            proptest::prop_assert_eq!(split.check_string(&[excluded]), lines.join("\n"));
        }
    }

    #[test]
    fn a_prefix_is_the_first_eight_bytes_zero_padded() {
        assert_eq!(prefix(b""), 0);
        assert_eq!(prefix(b"a"), u64::from(b'a') << 56);
        assert_eq!(prefix(b"hash"), u64::from_be_bytes(*b"hash\0\0\0\0"));
        assert_eq!(prefix(b"auth_dat"), u64::from_be_bytes(*b"auth_dat"));
        assert_eq!(prefix(b"auth_date"), u64::from_be_bytes(*b"auth_dat"));
        let signed = crate::sign_pairs(&[("", "empty key"), ("auth_date", "1")], "1:token");
        assert!(signed.contains("=empty%20key"), "{signed}");
    }

    #[test]
    fn escapes_are_decoded_at_every_position_of_a_long_value() {
        for at in 0..150 {
            let raw = format!(
                "key=a{}%41b+{}&k%5Fb={}",
                "x".repeat(at),
                "y".repeat(150 - at),
                "z".repeat(at)
            );
            let expected = format!("a{}Ab {}", "x".repeat(at), "y".repeat(150 - at));
            let pairs = split(&raw).unwrap();
            assert_eq!(pairs[0], ("key".to_owned(), expected), "{at}");
            assert_eq!(pairs[1], ("k_b".to_owned(), "z".repeat(at)), "{at}");
            for cut in [raw.len() - 1, raw.len() - 2] {
                let _ = split(&raw[..cut]);
            }
            let truncated = format!("key={}%4", "x".repeat(at));
            assert_eq!(split(&truncated), Err("init_data_bad_encoding"));
        }
    }

    #[test]
    fn the_encoder_and_decoder_agree() {
        let text = "Vladislav + - ? \\/ & = % ü 🎰";
        let mut encoded = String::new();
        encode(text, &mut encoded);
        assert_eq!(decode(&encoded).unwrap(), text);
    }
}
