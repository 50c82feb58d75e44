//! The data-check string both signatures cover: every pair's `key=value` line but the excluded
//! ones, sorted by key, joined by `\n`.

use super::pairs::{Pair, Pairs, prefix};

/// Up to how many pairs are sorted by insertion (quadratic, so not for any number of them).
const SORTED_BY_INSERTION: usize = 16;

impl Pairs<'_> {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
