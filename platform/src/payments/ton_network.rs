//! The sandbox's stand-in for the TON network and the platform's watcher of it.
//!
//! A wallet's transfer lands in the simulated ledger (`ton_transfers`) and the watcher looks at it
//! at once, as an operator's chain indexer reports each transfer reaching the operator's wallet:
//! - a transfer to the deposit wallet whose comment is a pending TON or USDT-on-TON deposit's, in
//!   that invoice's asset and for its exact amount, settles the invoice through `super::settle`
//!   (the path every deposit takes, so the balance rises live);
//! - anything else settles nothing and stays in the ledger as unmatched, with its reason, for
//!   staff to see and refund: an unknown or missing comment, a wrong amount, asset or destination,
//!   or an invoice already settled (a second payment of the same invoice).
//!
//! A jetton (USDT) is paid as on the real network: the wallet sends toncoin for the fees to the
//! sender's own jetton wallet with a jetton `transfer` body (`crate::ton::jetton`), and the
//! stand-in network carries it out, so the ledger records the jettons arriving at the transfer's
//! destination with its forwarded comment. [`jetton_wallet`] is the lookup of that wallet a client
//! needs first.
//!
//! An operator's platform does the same from its indexer: one call of [`observe`] per transfer it
//! sees, once the transfer is final.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use super::{CryptoDeposit, InvoicePublicData, Outcome, STATUS_PENDING, SettleError, crypto};
use crate::deps::Deps;
use crate::ton::boc::PayloadError;
use crate::ton::jetton::{self, JettonTransfer};
use crate::ton::payload::{self, Payload};
use crate::ton::{self, AddressError, units};

/// The asset column of a toncoin transfer.
const TONCOIN: &str = "TON";
/// The jettons the stand-in network carries, by master.
const JETTONS: &[&str] = &[ton::USDT_MASTER];

/// A transfer as a wallet sends it: toncoin (`amount` in nanotons) or a jetton (`jetton`, its
/// master's address, and `jettonAmount` in its units), with a text comment as `payload`, or the
/// base64 bag of cells of a TON Connect message as `payloadBoc`: a text comment, or a jetton
/// `transfer` sent with toncoin for its fees to the sender's own jetton wallet.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SentTransfer {
    /// The sender's address, either form.
    pub from: String,
    /// The destination, either form: the deposit wallet of the invoice's `publicData.address`.
    pub to: String,
    /// Toncoin: nanotons, an integer string.
    #[schema(pattern = "^[0-9]+$")]
    pub amount: Option<String>,
    /// A jetton transfer: the jetton's master contract.
    pub jetton: Option<String>,
    /// A jetton transfer: the jetton's units, an integer string.
    #[schema(pattern = "^[0-9]+$")]
    pub jetton_amount: Option<String>,
    /// The transfer's text comment.
    pub payload: Option<String>,
    /// Instead of `payload`: the base64 BOC of a TON Connect `sendTransaction` message's
    /// payload, a text comment or a jetton `transfer` (TEP-74).
    pub payload_boc: Option<String>,
}

/// Why a sent transfer is not one the network takes.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error("{field}: {refusal}")]
    Address {
        field: &'static str,
        refusal: AddressError,
    },
    #[error("{field} is not an integer string above zero")]
    Amount { field: &'static str },
    #[error("a transfer is toncoin (amount) or a jetton (jetton and jettonAmount), not both")]
    Asset,
    #[error("the comment is in payload or payloadBoc, not both")]
    TwoPayloads,
    #[error(transparent)]
    Payload(#[from] PayloadError),
    #[error("the jetton is not one the network carries")]
    UnknownJetton,
    #[error("a jetton transfer goes to the sender's own jetton wallet")]
    NotAJettonWallet,
    #[error("the toncoin sent does not cover the toncoin the jetton transfer forwards")]
    JettonFees,
    #[error(transparent)]
    Settle(#[from] SettleError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// A transfer in the ledger and what the watcher made of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordedTransfer {
    pub id: i64,
    pub from: String,
    pub to: String,
    /// Toncoin: nanotons; `null` for a jetton.
    #[schema(pattern = "^[0-9]+$")]
    pub amount: Option<String>,
    /// A jetton's master; `null` for toncoin.
    pub jetton: Option<String>,
    /// A jetton's units; `null` for toncoin.
    #[schema(pattern = "^[0-9]+$")]
    pub jetton_amount: Option<String>,
    /// The text comment, if any.
    pub payload: Option<String>,
    /// `received` (not yet matched), `settled` (it paid `invoiceId`) or `unmatched`.
    pub status: String,
    /// Unmatched: `unknown_comment`, `wrong_amount`, `wrong_asset`, `wrong_destination` or
    /// `invoice_not_pending`.
    pub reason: Option<String>,
    /// The invoice its comment names, when there is one.
    pub invoice_id: Option<String>,
    pub created_at: String,
}

#[derive(FromRow)]
struct TransferRow {
    id: i64,
    from_address: String,
    to_address: String,
    asset: String,
    amount: String,
    comment: Option<String>,
    status: String,
    reason: Option<String>,
    invoice_id: Option<String>,
    created_at: String,
}

impl From<TransferRow> for RecordedTransfer {
    fn from(row: TransferRow) -> Self {
        let (amount, jetton, jetton_amount) = if row.asset == TONCOIN {
            (Some(row.amount), None, None)
        } else {
            (None, Some(row.asset), Some(row.amount))
        };
        Self {
            id: row.id,
            from: row.from_address,
            to: row.to_address,
            amount,
            jetton,
            jetton_amount,
            payload: row.comment,
            status: row.status,
            reason: row.reason,
            invoice_id: row.invoice_id,
            created_at: row.created_at,
        }
    }
}

const TRANSFER_COLUMNS: &str =
    "id, from_address, to_address, asset, amount, comment, status, reason, invoice_id, created_at";

/// A sent transfer read and checked: addresses normalised, the amount an integer.
struct Transfer {
    from: String,
    to: String,
    asset: String,
    amount: u128,
    comment: Option<String>,
}

fn account(field: &'static str, text: &str) -> Result<ton::Address, TransferError> {
    ton::main_network(text).map_err(|refusal| TransferError::Address { field, refusal })
}

fn address(field: &'static str, text: &str) -> Result<String, TransferError> {
    account(field, text).map(|account| account.bounceable())
}

fn amount(field: &'static str, text: &str) -> Result<u128, TransferError> {
    units::parse_integer(text)
        .filter(|a| *a > 0)
        .ok_or(TransferError::Amount { field })
}

/// The jetton wallet of `owner` for the jetton of `master` on the stand-in network: where the
/// owner's jetton transfers are sent (bounceable).
pub fn jetton_wallet(owner: &str, master: &str) -> Result<String, TransferError> {
    let owner = account("owner", owner)?;
    let master = account("master", master)?;
    if !JETTONS.contains(&master.bounceable().as_str()) {
        return Err(TransferError::UnknownJetton);
    }
    Ok(jetton::wallet_of(&owner, &master).bounceable())
}

impl SentTransfer {
    fn read(&self) -> Result<Transfer, TransferError> {
        let payload = match (&self.payload, &self.payload_boc) {
            (Some(_), Some(_)) => return Err(TransferError::TwoPayloads),
            (Some(text), None) => Some(Payload::Comment(text.clone())),
            (None, Some(boc)) => Some(payload::read(boc)?),
            (None, None) => None,
        };
        let comment = match payload {
            Some(Payload::JettonTransfer(transfer)) => return self.carried_out(transfer),
            Some(Payload::Comment(comment)) => Some(comment),
            None => None,
        };
        let (asset, amount) = match (&self.amount, &self.jetton, &self.jetton_amount) {
            (Some(nanotons), None, None) => (TONCOIN.to_owned(), amount("amount", nanotons)?),
            (None, Some(master), Some(units)) => {
                (address("jetton", master)?, amount("jettonAmount", units)?)
            }
            _ => return Err(TransferError::Asset),
        };
        Ok(Transfer {
            from: address("from", &self.from)?,
            to: address("to", &self.to)?,
            asset,
            amount,
            comment: comment.filter(|c| !c.is_empty()),
        })
    }

    /// A jetton `transfer` sent to the sender's jetton wallet, as that wallet carries it out: the
    /// jettons go from the sender to the body's destination, with the forwarded comment.
    fn carried_out(&self, transfer: JettonTransfer) -> Result<Transfer, TransferError> {
        let (Some(nanotons), None, None) = (&self.amount, &self.jetton, &self.jetton_amount) else {
            return Err(TransferError::Asset);
        };
        if amount("amount", nanotons)? <= transfer.forward_ton_amount {
            return Err(TransferError::JettonFees);
        }
        if transfer.amount == 0 {
            return Err(TransferError::Amount {
                field: "payloadBoc",
            });
        }
        let from = address("from", &self.from)?;
        let to = address("to", &self.to)?;
        let master = JETTONS
            .iter()
            .find(|master| jetton_wallet(&from, master).is_ok_and(|wallet| wallet == to))
            .ok_or(TransferError::NotAJettonWallet)?;
        Ok(Transfer {
            from,
            to: transfer.destination.bounceable(),
            asset: (*master).to_owned(),
            amount: transfer.amount,
            comment: transfer.comment.filter(|c| !c.is_empty()),
        })
    }
}

/// The invoice a transfer pays, or why none: `Err((reason, the invoice its comment names))`.
async fn payee(
    pool: &SqlitePool,
    transfer: &Transfer,
) -> Result<Result<String, (&'static str, Option<String>)>, sqlx::Error> {
    let Some(comment) = &transfer.comment else {
        return Ok(Err(("unknown_comment", None)));
    };
    let row = super::invoice_row(pool, comment).await?;
    let expected = row.as_ref().and_then(|row| {
        let data = serde_json::from_str(row.public_data.as_deref()?).ok()?;
        match data {
            InvoicePublicData::CryptoDeposit(deposit)
                if row.direction == "deposit"
                    && crypto::is_ton(&deposit.network)
                    && deposit.comment.as_ref() == Some(comment) =>
            {
                Some((row.id.clone(), row.status, deposit))
            }
            _ => None,
        }
    });
    let Some((invoice_id, status, deposit)) = expected else {
        return Ok(Err(("unknown_comment", None)));
    };
    let CryptoDeposit {
        address,
        amount,
        jetton_master,
        jetton_amount,
        ..
    } = deposit;
    let (asset, due) = match (jetton_master, jetton_amount) {
        (Some(master), Some(units)) => (master, units),
        _ => (TONCOIN.to_owned(), amount.unwrap_or_default()),
    };
    let reason = if status != STATUS_PENDING {
        Some("invoice_not_pending")
    } else if transfer.asset != asset {
        Some("wrong_asset")
    } else if transfer.to != address {
        Some("wrong_destination")
    } else if units::parse_integer(&due) != Some(transfer.amount) {
        Some("wrong_amount")
    } else {
        None
    };
    Ok(match reason {
        Some(reason) => Err((reason, Some(invoice_id))),
        None => Ok(invoice_id),
    })
}

/// Records a transfer in the ledger and has the watcher match it: an exact payment of a pending
/// invoice settles it (once; a repeat stays unmatched), anything else is kept as unmatched.
pub async fn observe(deps: &Deps, sent: &SentTransfer) -> Result<RecordedTransfer, TransferError> {
    let transfer = sent.read()?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO ton_transfers (from_address, to_address, asset, amount, comment)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(&transfer.from)
    .bind(&transfer.to)
    .bind(&transfer.asset)
    .bind(transfer.amount.to_string())
    .bind(&transfer.comment)
    .fetch_one(&deps.pool)
    .await?;
    let (reason, invoice_id) = match payee(&deps.pool, &transfer).await? {
        Ok(invoice_id) => match super::settle(deps, &invoice_id, Outcome::Success, None).await {
            Ok(_) => (None, Some(invoice_id)),
            // Another transfer settled it first.
            Err(SettleError::AlreadySettled { .. }) => {
                (Some("invoice_not_pending"), Some(invoice_id))
            }
            Err(other) => return Err(other.into()),
        },
        Err((reason, invoice_id)) => (Some(reason), invoice_id),
    };
    let row: TransferRow = sqlx::query_as(&format!(
        "UPDATE ton_transfers
         SET status = CASE WHEN ?1 IS NULL THEN 'settled' ELSE 'unmatched' END,
             reason = ?1, invoice_id = ?2
         WHERE id = ?3
         RETURNING {TRANSFER_COLUMNS}"
    ))
    .bind(reason)
    .bind(invoice_id)
    .bind(id)
    .fetch_one(&deps.pool)
    .await?;
    Ok(row.into())
}

/// The ledger's latest transfers, newest first, optionally of one status: what staff look at
/// for payments that reached the wallet but paid no invoice.
pub async fn transfers(
    pool: &SqlitePool,
    status: Option<&str>,
    limit: i64,
) -> Result<Vec<RecordedTransfer>, sqlx::Error> {
    let rows: Vec<TransferRow> = sqlx::query_as(&format!(
        "SELECT {TRANSFER_COLUMNS} FROM ton_transfers
         WHERE ?1 IS NULL OR status = ?1 ORDER BY id DESC LIMIT ?2"
    ))
    .bind(status)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(RecordedTransfer::from).collect())
}
