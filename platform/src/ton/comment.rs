//! The text comment a TON Connect `sendTransaction` message carries as its `payload`: a cell
//! whose first 32 bits are the opcode 0, followed by UTF-8 text, continued in a chain of
//! one-reference cells when longer than one cell holds. Any other payload is refused, not guessed
//! at; a jetton transfer is `super::jetton`'s.

use super::boc::{PayloadError, Slice};

/// The comment of a cell whose opcode has been read: the UTF-8 text that follows.
pub fn text_after_opcode(body: Slice<'_>) -> Result<String, PayloadError> {
    String::from_utf8(body.bytes_tail()?).map_err(|_| PayloadError::Unreadable)
}

/// The text of a comment cell, from its opcode on.
pub fn comment_of(mut cell: Slice<'_>) -> Result<String, PayloadError> {
    if cell.uint(32)? != 0 {
        return Err(PayloadError::Unreadable);
    }
    text_after_opcode(cell)
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    use super::super::boc::Boc;

    const BOC_MAGIC: [u8; 4] = [0xb5, 0xee, 0x9c, 0x72];

    fn comment_of_boc(payload: &str) -> Result<String, PayloadError> {
        comment_of(Boc::decode(payload)?.root())
    }

    /// A BOC as `@ton/core` writes one (`beginCell().storeUint(0, 32).storeStringTail(text)
    /// .endCell().toBoc()`: no index, with a CRC32-C), for cells given as (data, refs).
    fn boc(cells: &[(&[u8], &[u8])]) -> String {
        let mut body = Vec::new();
        for (data, refs) in cells {
            body.push(refs.len() as u8);
            body.push((data.len() * 2) as u8);
            body.extend_from_slice(data);
            body.extend_from_slice(refs);
        }
        let mut bytes = BOC_MAGIC.to_vec();
        bytes.extend_from_slice(&[0x41, 0x01, cells.len() as u8, 1, 0, body.len() as u8, 0]);
        bytes.extend_from_slice(&body);
        bytes.extend_from_slice(&[0, 0, 0, 0]);
        STANDARD.encode(bytes)
    }

    #[test]
    fn reads_a_text_comment() {
        let data = [&[0u8, 0, 0, 0][..], b"inv-42"].concat();
        assert_eq!(
            comment_of_boc(&boc(&[(&data, &[])])).as_deref(),
            Ok("inv-42")
        );
    }

    #[test]
    fn reads_a_comment_continued_in_a_second_cell() {
        let head = [&[0u8, 0, 0, 0][..], b"first half, "].concat();
        let payload = boc(&[(&head, &[1]), (b"second half", &[])]);
        assert_eq!(
            comment_of_boc(&payload).as_deref(),
            Ok("first half, second half")
        );
    }

    #[test]
    fn reads_the_sdks_layout_byte_for_byte() {
        // The bytes of `beginCell().storeUint(0, 32).storeStringTail("hello").endCell().toBoc()`:
        // flags 0x41 (CRC32-C, 1-byte sizes), one cell of 9 bytes, the CRC little-endian.
        assert_eq!(
            comment_of_boc("te6cckEBAQEACwAAEgAAAABoZWxsb5oNank=").as_deref(),
            Ok("hello")
        );
    }

    #[test]
    fn refuses_other_payloads() {
        let jetton = [&[0x0fu8, 0x8a, 0x7e, 0xa5][..], &[0; 8]].concat();
        assert_eq!(
            comment_of_boc(&boc(&[(&jetton, &[])])),
            Err(PayloadError::Unreadable)
        );
        assert_eq!(comment_of_boc("hello"), Err(PayloadError::NotABoc));
        assert_eq!(comment_of_boc(""), Err(PayloadError::NotABoc));
        let truncated = &boc(&[(&[0, 0, 0, 0, b'a'], &[])])[..12];
        assert!(comment_of_boc(truncated).is_err());
    }
}
