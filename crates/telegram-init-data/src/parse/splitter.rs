//! From the raw string to [`Pairs`] in one pass: split, checked and (only in the pairs where
//! something is escaped) decoded together.

use super::MAX_INIT_DATA_LEN;
use super::masks::masks;
use super::pairs::{Pair, Pairs, prefix};
use super::percent::{escaped_byte, not_hex};
use crate::InitDataError;

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

fn no_equals() -> InitDataError {
    InitDataError::BadEncoding("a pair has no '=' between key and value".to_owned())
}

fn not_utf8() -> InitDataError {
    InitDataError::BadEncoding("a decoded value is not UTF-8".to_owned())
}

fn not_escaped() -> InitDataError {
    InitDataError::BadEncoding(
        "a space, control or non-ASCII character is not percent-encoded".to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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

        /// Long enough to cross the 64-byte blocks and the 16-byte copies, dense in escapes,
        /// separators, refused and non-ASCII bytes.
        #[test]
        fn the_splitter_agrees_with_the_straightforward_reading(
            raw in "([a-c]|=|&|%|%[0-9A-Fa-f]{0,2}|%C3%A9|%E2%82|%AC|\\+| |\u{7f}|é|[a-z0-9]{1,20}){0,80}"
        ) {
            proptest::prop_assert_eq!(split(&raw), reference(&raw), "{:?}", raw);
        }
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
}
