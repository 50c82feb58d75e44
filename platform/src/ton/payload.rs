//! What a TON Connect message's `payload` can be for a payment: a text comment (toncoin sent with
//! the comment naming an invoice), or a jetton transfer (the comment in its forwarded payload).

use super::boc::{Boc, PayloadError};
use super::comment;
use super::jetton::{self, JettonTransfer};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payload {
    Comment(String),
    JettonTransfer(JettonTransfer),
}

/// Reads a base64 BOC payload by its opcode: 0 is a comment, `0x0f8a7ea5` a jetton transfer.
pub fn read(payload: &str) -> Result<Payload, PayloadError> {
    let boc = Boc::decode(payload)?;
    let mut body = boc.root();
    match body.uint(32)? {
        0 => comment::text_after_opcode(body).map(Payload::Comment),
        jetton::TRANSFER_OP => jetton::transfer_after_opcode(body).map(Payload::JettonTransfer),
        _ => Err(PayloadError::Unreadable),
    }
}
