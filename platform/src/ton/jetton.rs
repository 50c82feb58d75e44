//! Jettons (TEP-74), TON's tokens such as USDT: a holder's balance lives in the holder's own jetton
//! wallet contract for that jetton, and a payment is a `transfer` message (opcode `0x0f8a7ea5`)
//! the holder sends to that wallet, which moves the amount to the destination owner's jetton wallet
//! and notifies the destination with the forwarded payload (here, the comment naming an invoice).

use sha2::{Digest, Sha256};

use super::Address;
use super::boc::{PayloadError, Slice};
use super::comment;

/// The opcode of a jetton `transfer` message.
pub const TRANSFER_OP: u128 = 0x0f8a_7ea5;

/// A jetton `transfer` body: `query_id:uint64 amount:Coins destination:MsgAddress
/// response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:Coins
/// forward_payload:(Either Cell ^Cell)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JettonTransfer {
    pub query_id: u64,
    /// In the jetton's units.
    pub amount: u128,
    /// The owner the jettons go to (its jetton wallet receives them).
    pub destination: Address,
    /// Where the unspent toncoin returns, usually the sender.
    pub response_destination: Option<Address>,
    /// Nanotons sent on to the destination with the notification.
    pub forward_ton_amount: u128,
    /// The forwarded payload's text comment; `None` when it is empty or not a comment.
    pub comment: Option<String>,
}

/// The body of a transfer whose opcode has been read.
pub fn transfer_after_opcode(mut body: Slice<'_>) -> Result<JettonTransfer, PayloadError> {
    let query_id = u64::try_from(body.uint(64)?).map_err(|_| PayloadError::Unreadable)?;
    let amount = body.coins()?;
    let destination = body.address()?.ok_or(PayloadError::Unreadable)?;
    let response_destination = body.address()?;
    if body.bit()? {
        body.reference()?;
    }
    let forward_ton_amount = body.coins()?;
    let forward_payload = if body.bit()? { body.reference()? } else { body };
    let comment = if forward_payload.remaining_bits() >= 32 {
        comment::comment_of(forward_payload).ok()
    } else {
        None
    };
    Ok(JettonTransfer {
        query_id,
        amount,
        destination,
        response_destination,
        forward_ton_amount,
        comment,
    })
}

/// The sandbox network's jetton wallet of `owner` for the jetton of `master`: a fixed account
/// derived from both, as the real network derives it from the jetton wallet's code and data. An
/// operator's platform asks the master instead (its `get_wallet_address` get-method).
pub fn wallet_of(owner: &Address, master: &Address) -> Address {
    let hash: [u8; 32] = Sha256::new()
        .chain_update(b"sandbox jetton wallet:")
        .chain_update(master.raw())
        .chain_update(b":")
        .chain_update(owner.raw())
        .finalize()
        .into();
    Address { workchain: 0, hash }
}

#[cfg(test)]
mod tests {
    use super::super::boc::Boc;
    use super::*;

    // Bodies as the client's cell writer (checked against `@ton/core`) serialises them: query id 7,
    // 1 USDT to 0:1212…, change to 0:3434…, no forwarded toncoin; with the comment "inv-7" inline,
    // with no forwarded payload, and cut after the amount.
    const INLINE_COMMENT: &str = "te6cckEBAQEAXgAAuA+KfqUAAAAAAAAABzD0JAgAJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCUADQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0AAAAAAGludi03yn3aPw==";
    const NO_FORWARD_PAYLOAD: &str = "te6cckEBAQEAVQAApg+KfqUAAAAAAAAABzD0JAgAJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCUADQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0ARFiulw==";
    const TRUNCATED: &str = "te6cckEBAQEAEgAAHw+KfqUAAAAAAAAABzD0JAhsPtL1";

    fn account(byte: u8) -> Address {
        Address {
            workchain: 0,
            hash: [byte; 32],
        }
    }

    fn read(payload: &str) -> Result<JettonTransfer, PayloadError> {
        let boc = Boc::decode(payload)?;
        let mut body = boc.root();
        assert_eq!(body.uint(32)?, TRANSFER_OP);
        transfer_after_opcode(body)
    }

    #[test]
    fn reads_a_transfer_with_the_comment_in_a_reference() {
        // `@ton/core`'s serialisation of a transfer of 2.5 USDT to 0:1212…, change to 0:3434…,
        // forwarding 1 nanoton and the comment "dep-1" in a referenced cell.
        let transfer = read(
            "te6cckEBAgEAYgABqA+KfqUAAAAAAAAAADJiWggAJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCUADQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0CAwEAEgAAAABkZXAtMa0SjWo=",
        );
        assert_eq!(
            transfer,
            Ok(JettonTransfer {
                query_id: 0,
                amount: 2_500_000,
                destination: account(0x12),
                response_destination: Some(account(0x34)),
                forward_ton_amount: 1,
                comment: Some("dep-1".to_owned()),
            })
        );
    }

    #[test]
    fn reads_a_comment_inline_and_none_without_one() {
        assert_eq!(
            read(INLINE_COMMENT).map(|t| t.comment),
            Ok(Some("inv-7".to_owned()))
        );
        assert_eq!(
            read(NO_FORWARD_PAYLOAD).map(|t| (t.amount, t.comment)),
            Ok((1_000_000, None))
        );
    }

    #[test]
    fn refuses_a_truncated_body() {
        assert_eq!(read(TRUNCATED), Err(PayloadError::Unreadable));
    }

    #[test]
    fn a_jetton_wallet_is_fixed_per_owner_and_jetton() {
        let wallet = wallet_of(&account(1), &account(2));
        assert_eq!(wallet, wallet_of(&account(1), &account(2)));
        assert_ne!(wallet, wallet_of(&account(2), &account(1)));
        assert_ne!(wallet, wallet_of(&account(1), &account(3)));
    }
}
