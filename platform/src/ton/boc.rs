//! Bags of cells (BOC, base64), the form a TON Connect `sendTransaction` message carries its
//! `payload` in, and a reader of a cell's bits and references in order, as TON's contracts read
//! them. Only ordinary cells of a one-root bag are read, which is all a payment payload is.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};

use super::Address;

const BOC_MAGIC: [u8; 4] = [0xb5, 0xee, 0x9c, 0x72];
/// Longest payload read: a comment or a jetton transfer fits in far less.
const MAX_BOC_BYTES: usize = 4096;
const MAX_CELLS: usize = 64;

/// Why a payload is not one the network reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PayloadError {
    #[error("The payload is not a base64 bag of cells.")]
    NotABoc,
    #[error("The payload is neither a text comment nor a jetton transfer, the payloads read.")]
    Unreadable,
}

struct Cell {
    data: Vec<u8>,
    bits: usize,
    refs: Vec<usize>,
}

/// A decoded bag of cells with one root.
pub struct Boc {
    cells: Vec<Cell>,
    root: usize,
}

/// Reads bytes in order, failing with `NotABoc` past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], PayloadError> {
        let end = self.at.checked_add(count).ok_or(PayloadError::NotABoc)?;
        let taken = self.bytes.get(self.at..end).ok_or(PayloadError::NotABoc)?;
        self.at = end;
        Ok(taken)
    }

    fn number(&mut self, width: usize) -> Result<usize, PayloadError> {
        self.take(width)?
            .iter()
            .try_fold(0usize, |n, &b| {
                n.checked_mul(256).map(|n| n | usize::from(b))
            })
            .ok_or(PayloadError::NotABoc)
    }
}

impl Boc {
    /// Decodes a base64 (standard or URL-safe) bag of cells.
    pub fn decode(payload: &str) -> Result<Self, PayloadError> {
        let payload = payload.trim();
        if payload.len() > MAX_BOC_BYTES * 4 / 3 + 4 {
            return Err(PayloadError::NotABoc);
        }
        let bytes = STANDARD
            .decode(payload)
            .or_else(|_| URL_SAFE.decode(payload))
            .map_err(|_| PayloadError::NotABoc)?;
        Self::read(&bytes)
    }

    fn read(boc: &[u8]) -> Result<Self, PayloadError> {
        let mut reader = Reader { bytes: boc, at: 0 };
        if reader.take(4)? != BOC_MAGIC {
            return Err(PayloadError::NotABoc);
        }
        let flags = reader.take(1)?[0];
        let has_index = flags & 0x80 != 0;
        let size = usize::from(flags & 0x07);
        let offset_bytes = reader.number(1)?;
        if !(1..=4).contains(&size) || !(1..=8).contains(&offset_bytes) {
            return Err(PayloadError::NotABoc);
        }
        let count = reader.number(size)?;
        let roots = reader.number(size)?;
        let _absent = reader.number(size)?;
        let _total_size = reader.number(offset_bytes)?;
        if roots != 1 || count == 0 || count > MAX_CELLS {
            return Err(PayloadError::Unreadable);
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
                return Err(PayloadError::Unreadable);
            }
            let data = reader.take(bits_code.div_ceil(2))?.to_vec();
            let bits = if bits_code % 2 == 0 {
                bits_code / 2 * 8
            } else {
                // The last byte ends with a 1 bit and zeros after the data's last bit.
                let last = *data.last().ok_or(PayloadError::NotABoc)?;
                if last == 0 {
                    return Err(PayloadError::NotABoc);
                }
                (bits_code / 2 + 1) * 8 - (last.trailing_zeros() as usize + 1)
            };
            let refs = (0..refs)
                .map(|_| reader.number(size))
                .collect::<Result<Vec<_>, _>>()?;
            if refs.iter().any(|r| *r <= index || *r >= count) {
                return Err(PayloadError::NotABoc);
            }
            cells.push(Cell { data, bits, refs });
        }
        if root >= count {
            return Err(PayloadError::NotABoc);
        }
        Ok(Self { cells, root })
    }

    /// The root cell, to read from its first bit.
    pub fn root(&self) -> Slice<'_> {
        self.slice(self.root)
    }

    fn slice(&self, cell: usize) -> Slice<'_> {
        Slice {
            boc: self,
            cell,
            bit: 0,
            next_ref: 0,
        }
    }
}

/// A cell being read: its bits and its references, each in order. Reading past either end is
/// `Unreadable`: the payload is not the structure asked for.
pub struct Slice<'a> {
    boc: &'a Boc,
    cell: usize,
    bit: usize,
    next_ref: usize,
}

impl<'a> Slice<'a> {
    fn cell(&self) -> &'a Cell {
        &self.boc.cells[self.cell]
    }

    pub fn remaining_bits(&self) -> usize {
        self.cell().bits - self.bit
    }

    /// An unsigned integer of `width` bits (at most 128), most significant bit first.
    pub fn uint(&mut self, width: usize) -> Result<u128, PayloadError> {
        if width > 128 || width > self.remaining_bits() {
            return Err(PayloadError::Unreadable);
        }
        let data = &self.cell().data;
        let value = (self.bit..self.bit + width).fold(0u128, |value, at| {
            (value << 1) | u128::from((data[at / 8] >> (7 - at % 8)) & 1)
        });
        self.bit += width;
        Ok(value)
    }

    pub fn bit(&mut self) -> Result<bool, PayloadError> {
        Ok(self.uint(1)? == 1)
    }

    /// `Coins` (VarUInteger 16): 4 bits of length in bytes, then the value.
    pub fn coins(&mut self) -> Result<u128, PayloadError> {
        let length = usize::try_from(self.uint(4)?).map_err(|_| PayloadError::Unreadable)?;
        self.uint(length * 8)
    }

    /// `MsgAddressInt` as `addr_std` without anycast, or `addr_none` (`None`).
    pub fn address(&mut self) -> Result<Option<Address>, PayloadError> {
        match self.uint(2)? {
            0b00 => Ok(None),
            0b10 if !self.bit()? => {
                let workchain = i8::from_ne_bytes([u8::try_from(self.uint(8)?).unwrap_or(0)]);
                let mut hash = [0u8; 32];
                for byte in &mut hash {
                    *byte = u8::try_from(self.uint(8)?).unwrap_or(0);
                }
                Ok(Some(Address { workchain, hash }))
            }
            _ => Err(PayloadError::Unreadable),
        }
    }

    /// The next reference, to read from its first bit.
    pub fn reference(&mut self) -> Result<Slice<'a>, PayloadError> {
        let cell = *self
            .cell()
            .refs
            .get(self.next_ref)
            .ok_or(PayloadError::Unreadable)?;
        self.next_ref += 1;
        Ok(self.boc.slice(cell))
    }

    /// The rest as bytes in "snake" form, as wallets write text: this cell's remaining bits, then
    /// those of its one reference, and so on.
    pub fn bytes_tail(mut self) -> Result<Vec<u8>, PayloadError> {
        let mut bytes = Vec::new();
        loop {
            if !self.remaining_bits().is_multiple_of(8)
                || self.cell().refs.len() > self.next_ref + 1
            {
                return Err(PayloadError::Unreadable);
            }
            while self.remaining_bits() > 0 {
                bytes.push(u8::try_from(self.uint(8)?).unwrap_or(0));
            }
            if self.next_ref == self.cell().refs.len() {
                return Ok(bytes);
            }
            self = self.reference()?;
        }
    }
}
