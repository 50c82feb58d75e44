//! Decoded pairs as the check reads them: each a slice of the raw string or of one decoding
//! buffer, found by a number made of its key's first bytes.

/// One `key=value` pair: where its decoded text is (a slice of the raw string when nothing in it
/// was escaped, the common case for all but the JSON objects, or of [`Pairs::decoded`], the one
/// buffer every escaped pair is decoded into), where its `=` is, and the key's first bytes as a
/// number, so that sorting and lookups rarely compare strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pair {
    pub(super) decoded: bool,
    pub(super) start: usize,
    pub(super) equals: usize,
    pub(super) end: usize,
    pub(super) prefix: u64,
}

impl Pair {
    pub(super) fn key_len(&self) -> usize {
        self.equals - self.start
    }
}

/// Decoded pairs, every key once. The check runs on every login, so splitting allocates twice at
/// most (the pair list and one decoding buffer, sized once) and nothing is copied that was not
/// escaped; the typed [`InitData`](super::InitData) is only built when asked for.
#[derive(Debug, Clone)]
pub(crate) struct Pairs<'a> {
    pub(super) raw: &'a str,
    /// Every escaped pair's decoded text, back to back. Bytes rather than a `String`: each key
    /// and value in it was checked to be UTF-8 as it was decoded (only those in which an escape
    /// made a non-ASCII byte need checking), and checking the whole buffer again would be a
    /// fiftieth of the check.
    pub(super) decoded: Vec<u8>,
    pub(super) pairs: Vec<Pair>,
}

impl<'a> Pairs<'a> {
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
    pub(super) fn line(&self, pair: &Pair) -> &[u8] {
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
    pub(super) fn is_key(&self, pair: &Pair, key: &[u8], key_prefix: u64) -> bool {
        pair.prefix == key_prefix
            && pair.key_len() == key.len()
            && key
                .get(8..)
                .is_none_or(|rest| &self.line(pair)[8..key.len()] == rest)
    }
}

/// A key's first eight bytes as a big-endian number, zero-padded: numbers compare as the keys
/// do, but for keys that agree in their first eight bytes.
#[inline]
pub(super) fn prefix(key: &[u8]) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
