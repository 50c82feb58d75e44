//! The text comment a TON Connect `sendTransaction` message carries as its `payload`: a bag of
//! cells (BOC, base64) whose root cell is the 32-bit opcode 0 followed by UTF-8 text, continued in
//! a chain of one-reference cells when longer than one cell holds. Only that shape is read; any
//! other payload (a jetton transfer, an encrypted comment) is refused, not guessed at.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};

const BOC_MAGIC: [u8; 4] = [0xb5, 0xee, 0x9c, 0x72];
/// Longest payload read: a comment of a few hundred bytes fits in far less.
const MAX_BOC_BYTES: usize = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CommentError {
    #[error("The payload is not a base64 bag of cells.")]
    NotABoc,
    #[error("The payload is not a text comment, the one payload read.")]
    NotAComment,
}

struct Cell {
    data: Vec<u8>,
    bits: usize,
    refs: Vec<usize>,
}

/// Reads bytes in order, failing with `NotABoc` past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], CommentError> {
        let end = self.at.checked_add(count).ok_or(CommentError::NotABoc)?;
        let taken = self.bytes.get(self.at..end).ok_or(CommentError::NotABoc)?;
        self.at = end;
        Ok(taken)
    }

    fn number(&mut self, width: usize) -> Result<usize, CommentError> {
        self.take(width)?
            .iter()
            .try_fold(0usize, |n, &b| {
                n.checked_mul(256).map(|n| n | usize::from(b))
            })
            .ok_or(CommentError::NotABoc)
    }
}

fn cells_of(boc: &[u8]) -> Result<(Vec<Cell>, usize), CommentError> {
    let mut reader = Reader { bytes: boc, at: 0 };
    if reader.take(4)? != BOC_MAGIC {
        return Err(CommentError::NotABoc);
    }
    let flags = reader.take(1)?[0];
    let has_index = flags & 0x80 != 0;
    let size = usize::from(flags & 0x07);
    let offset_bytes = reader.number(1)?;
    if !(1..=4).contains(&size) || !(1..=8).contains(&offset_bytes) {
        return Err(CommentError::NotABoc);
    }
    let count = reader.number(size)?;
    let roots = reader.number(size)?;
    let _absent = reader.number(size)?;
    let _total_size = reader.number(offset_bytes)?;
    if roots != 1 || count == 0 || count > 64 {
        return Err(CommentError::NotAComment);
    }
    let root = reader.number(size)?;
    if has_index {
        reader.take(count * offset_bytes)?;
    }
    let mut cells = Vec::with_capacity(count);
    for index in 0..count {
        let descriptor = reader.take(2)?;
        let (refs, special, bits_code) = (
            usize::from(descriptor[0] & 0x07),
            descriptor[0] & 0xf8 != 0,
            usize::from(descriptor[1]),
        );
        if special || refs > 4 {
            return Err(CommentError::NotAComment);
        }
        let mut data = reader.take(bits_code.div_ceil(2))?.to_vec();
        let bits = if bits_code % 2 == 0 {
            bits_code / 2 * 8
        } else {
            // The last byte ends with a 1 bit and zeros after the data's last bit.
            let last = data.pop().ok_or(CommentError::NotABoc)?;
            if last == 0 {
                return Err(CommentError::NotABoc);
            }
            let padding = last.trailing_zeros() as usize + 1;
            data.push(last);
            (bits_code / 2 + 1) * 8 - padding
        };
        let refs = (0..refs)
            .map(|_| reader.number(size))
            .collect::<Result<Vec<_>, _>>()?;
        if refs.iter().any(|r| *r <= index || *r >= count) {
            return Err(CommentError::NotABoc);
        }
        cells.push(Cell { data, bits, refs });
    }
    if root >= count {
        return Err(CommentError::NotABoc);
    }
    Ok((cells, root))
}

/// The comment text of a base64 BOC payload.
pub fn comment_of_boc(payload: &str) -> Result<String, CommentError> {
    let payload = payload.trim();
    if payload.len() > MAX_BOC_BYTES * 4 / 3 + 4 {
        return Err(CommentError::NotABoc);
    }
    let boc = STANDARD
        .decode(payload)
        .or_else(|_| URL_SAFE.decode(payload))
        .map_err(|_| CommentError::NotABoc)?;
    let (cells, root) = cells_of(&boc)?;
    let mut text = Vec::new();
    let mut at = Some(root);
    while let Some(index) = at {
        let cell = &cells[index];
        if cell.bits % 8 != 0 || cell.refs.len() > 1 {
            return Err(CommentError::NotAComment);
        }
        text.extend_from_slice(&cell.data[..cell.bits / 8]);
        at = cell.refs.first().copied();
    }
    match text.split_first_chunk::<4>() {
        Some(([0, 0, 0, 0], comment)) => {
            String::from_utf8(comment.to_vec()).map_err(|_| CommentError::NotAComment)
        }
        _ => Err(CommentError::NotAComment),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Err(CommentError::NotAComment)
        );
        assert_eq!(comment_of_boc("hello"), Err(CommentError::NotABoc));
        assert_eq!(comment_of_boc(""), Err(CommentError::NotABoc));
        let truncated = &boc(&[(&[0, 0, 0, 0, b'a'], &[])])[..12];
        assert!(comment_of_boc(truncated).is_err());
    }
}
