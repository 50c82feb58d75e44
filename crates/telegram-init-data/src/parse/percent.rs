//! Percent-encoding as Telegram and `URLSearchParams` write it: `%XX` with upper-case hex digits.

use crate::InitDataError;

/// The byte the `%XX` at `at` stands for, or `None` if `XX` is not two upper-case hex digits.
#[inline(always)]
pub(super) fn escaped_byte(bytes: &[u8], at: usize) -> Option<u8> {
    let (high, low) = match bytes.get(at + 1..at + 3) {
        Some(&[high, low]) => (HEX_VALUE[usize::from(high)], HEX_VALUE[usize::from(low)]),
        _ => (NOT_HEX, NOT_HEX),
    };
    // `NOT_HEX` has its high bits set, which no digit's value has.
    ((high | low) <= 0x0F).then_some(high << 4 | low)
}

pub(super) fn not_hex() -> InitDataError {
    InitDataError::BadEncoding("'%' is not followed by two upper-case hex digits".to_owned())
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

/// Percent-encodes `value` the way `encodeURIComponent` does, so that the splitter reads it back.
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
    use crate::parse::Pairs;

    fn decode(raw: &str) -> Result<String, InitDataError> {
        let pair = format!("k={raw}");
        let pairs = Pairs::split(&pair)?;
        Ok(pairs.get("k").unwrap_or_default().to_owned())
    }

    #[test]
    fn the_encoder_and_decoder_agree() {
        let text = "Vladislav + - ? \\/ & = % ü 🎰";
        let mut encoded = String::new();
        encode(text, &mut encoded);
        assert_eq!(decode(&encoded).unwrap(), text);
    }
}
