//! Payments: invoices, their settlement and the sandbox's payment providers. The HTTP side is
//! `routes/payment/`.
//!
//! The spec shows neither the invoice bodies nor the providers' side, so this is what a real
//! platform does, kept small:
//! - A deposit is pending until its provider settles it. Card, e-wallet and bank methods send the
//!   player to the provider's payment page (here the sandbox's own, `/sandbox/payments/{id}`);
//!   crypto methods show an address and a QR payload; cash agents show a reference to quote. The
//!   provider's confirmation is `POST /api/sandbox/invoices/{id}/settle` (see `sandbox.rs`). TON
//!   and USDT-on-TON deposits are settled by the watcher of the stand-in TON network
//!   (`ton_network`), when a transfer with the invoice's comment and exact amount arrives.
//! - A withdrawal takes (holds) its amount from the account at once; success lets it go, failure
//!   or the player's decline returns it.
//! - Settling is exactly once: the pending → settled change and the money move are one
//!   transaction guarded by `status = 1`, so a repeated or concurrent settle changes nothing.
//! - Every invoice change is published on `payment:invoices#{playerId}` as
//!   `{"event": "invoice.deposit.updated" | "invoice.withdrawal.updated", "invoice": {...}}`, every
//!   balance change on `wallet:accounts#{playerId}` (see `wallet::publish_balance_change`), both
//!   after the transaction commits.

pub mod crypto;
pub mod invoices;
pub mod methods;
pub mod provider_page;
pub mod statistics;
pub mod ton_network;

use base64::Engine;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use crate::bot_events::{Amount, DeclineReason, Notice};
use crate::clock::NOW;
use crate::deps::Deps;
use crate::wallet::{self, WalletError};

/// Why an invoice is not settled.
#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error("there is no such invoice")]
    InvoiceNotFound,
    #[error("the invoice is already settled (status {status})")]
    AlreadySettled { status: i64 },
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Invoice statuses (spec, section 4).
pub const STATUS_PENDING: i64 = 1;
pub const STATUS_SUCCESS: i64 = 2;
pub const STATUS_FAILURE: i64 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Deposit,
    Withdrawal,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Deposit => "deposit",
            Self::Withdrawal => "withdrawal",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "deposit" => Some(Self::Deposit),
            "withdrawal" => Some(Self::Withdrawal),
            _ => None,
        }
    }

    /// The event of the spec under which the client receives changes of such invoices.
    pub fn event(self) -> &'static str {
        match self {
            Self::Deposit => "invoice.deposit.updated",
            Self::Withdrawal => "invoice.withdrawal.updated",
        }
    }
}

/// Kinds whose deposits go through the provider's payment page.
pub fn uses_payment_page(kind: &str) -> bool {
    matches!(kind, "card" | "wallet" | "bank")
}

/// The sandbox provider's payment page of an invoice.
pub fn payment_page_path(invoice_id: &str) -> String {
    format!("/sandbox/payments/{invoice_id}")
}

/// The per-invoice token the payment page's form must send back.
pub fn new_page_token() -> String {
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[derive(Debug, FromRow)]
pub struct InvoiceRow {
    pub id: String,
    pub player_id: i64,
    pub account_id: i64,
    #[sqlx(rename = "type")]
    pub direction: String,
    pub method_id: String,
    pub method_name: String,
    pub method_kind: String,
    pub status: i64,
    pub amount: i64,
    pub currency: String,
    pub number: Option<i64>,
    pub public_data: Option<String>,
    pub page_token: Option<String>,
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub const INVOICE_SELECT: &str = "SELECT i.id, i.player_id, i.account_id, i.type, i.method_id,
        m.name AS method_name, m.kind AS method_kind, i.status, i.amount, i.currency, i.number,
        i.public_data, i.page_token, i.failure_reason, i.created_at, i.updated_at
    FROM invoices i JOIN payment_methods m ON m.id = i.method_id";

/// An invoice as the player sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    pub id: String,
    /// deposit or withdrawal.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub direction: &'static str,
    /// 1 pending, 2 success, 3 failure.
    pub status: i64,
    /// Minor units of `currency`.
    pub amount: i64,
    pub currency: String,
    /// Deposits: the ordinal among the player's successful deposits (1 is the first-time
    /// deposit), set when the deposit succeeds; `null` before and for everything else. The
    /// client's only use of it is the analytics event of a successful deposit (ftd, dep2...), so
    /// failed or abandoned attempts must not count.
    pub number: Option<i64>,
    pub payment_method: String,
    pub payment_method_name: String,
    pub account_id: i64,
    /// Crypto and cash-agent invoices: what the player needs to pay or be paid; else `null`.
    #[schema(required = true)]
    pub public_data: Option<InvoicePublicData>,
    /// Where to send the player to pay: the provider's page, while a deposit through a card-like
    /// method is pending; else `null`.
    pub redirect_url: Option<String>,
    /// The real-time event under which this invoice's changes arrive.
    #[schema(value_type = String)]
    pub event: &'static str,
    /// Failures: `declined_by_player` or `declined_by_provider`.
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// What the player needs to pay or to be paid, as `invoices::create` stores it: one of three
/// shapes, each refusing the others' fields so that exactly one matches.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum InvoicePublicData {
    CryptoDeposit(CryptoDeposit),
    CryptoWithdrawal(CryptoWithdrawal),
    CashAgent(CashAgentReference),
}

/// A crypto deposit: where to send the coins (`crypto::deposit_public_data`). On TON's networks
/// (`TON`, `TON (jetton)`) it also says the exact transfer a wallet sends: the amount in the
/// network's units as an integer string and the comment, so a TON Connect wallet is asked for it
/// without the player typing anything.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CryptoDeposit {
    /// Where to send: on TON, the bounceable user-friendly form (`EQ…`).
    pub address: String,
    pub network: String,
    /// The payload of the QR code to show: a payment URI, or the bare address.
    pub qr: String,
    /// TON's networks: the text comment the transfer must carry; it identifies the invoice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// `TON`: the exact amount in nanotons (10^9 to the toncoin), an integer string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(pattern = "^[0-9]+$")]
    pub amount: Option<String>,
    /// `TON (jetton)`: the jetton's master contract (USDT's), bounceable user-friendly form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jetton_master: Option<String>,
    /// `TON (jetton)`: the exact amount in the jetton's units (USDT: 10^6 to the dollar), an
    /// integer string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(pattern = "^[0-9]+$")]
    pub jetton_amount: Option<String>,
}

/// A crypto withdrawal: the address the player gave, on the method's network.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CryptoWithdrawal {
    pub address: String,
    pub network: String,
}

/// A cash agent's payment: the reference to quote to the agent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CashAgentReference {
    pub reference: String,
    pub instructions: String,
}

impl InvoiceRow {
    fn direction(&self) -> anyhow::Result<Direction> {
        Direction::parse(&self.direction)
            .ok_or_else(|| anyhow::anyhow!("invoice {} has type {:?}", self.id, self.direction))
    }

    pub fn into_invoice(self) -> anyhow::Result<Invoice> {
        let direction = self.direction()?;
        let public_data = self
            .public_data
            .as_deref()
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| anyhow::anyhow!("public data of invoice {}: {e}", self.id))?;
        let redirect_url = (direction == Direction::Deposit
            && self.status == STATUS_PENDING
            && uses_payment_page(&self.method_kind))
        .then(|| payment_page_path(&self.id));
        Ok(Invoice {
            id: self.id,
            direction: direction.as_str(),
            status: self.status,
            amount: self.amount,
            currency: self.currency,
            number: self.number,
            payment_method: self.method_id,
            payment_method_name: self.method_name,
            account_id: self.account_id,
            public_data,
            redirect_url,
            event: direction.event(),
            failure_reason: self.failure_reason,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

pub async fn invoice_row(pool: &SqlitePool, id: &str) -> Result<Option<InvoiceRow>, sqlx::Error> {
    sqlx::query_as(&format!("{INVOICE_SELECT} WHERE i.id = ?"))
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// Publishes an invoice's change to its player, after the change committed.
pub async fn publish_invoice(deps: &Deps, player_id: i64, invoice: &Invoice) {
    crate::realtime::publish_logged(
        deps.realtime.as_ref(),
        crate::realtime::channels::payment_invoices(player_id),
        json!({ "event": invoice.event, "invoice": invoice }),
    )
    .await;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Success,
    DeclinedByProvider,
    DeclinedByPlayer,
}

/// What the player's bot chat hears of a settlement: a credited deposit, a paid or declined
/// withdrawal. A failed deposit and a withdrawal the player took back are their own doing.
fn told_to_the_bot(
    invoice_id: &str,
    direction: &str,
    outcome: Outcome,
    minor: i64,
    currency: String,
) -> Option<Notice> {
    let invoice_id = invoice_id.to_owned();
    let amount = Amount { minor, currency };
    match (direction, outcome) {
        ("deposit", Outcome::Success) => Some(Notice::DepositCredited { invoice_id, amount }),
        ("withdrawal", Outcome::Success) => Some(Notice::WithdrawalPaid { invoice_id, amount }),
        ("withdrawal", Outcome::DeclinedByProvider) => Some(Notice::WithdrawalDeclined {
            invoice_id,
            amount,
            reason: DeclineReason::Provider,
        }),
        _ => None,
    }
}

/// Settles a pending invoice once: a deposit's success credits its account, a withdrawal's failure
/// returns its held amount; a withdrawal's success and a deposit's failure move no money. With
/// `player_id`, only that player's invoice is found. A settled invoice is refused and nothing
/// changes.
pub async fn settle(
    deps: &Deps,
    invoice_id: &str,
    outcome: Outcome,
    player_id: Option<i64>,
) -> Result<Invoice, SettleError> {
    let (status, reason) = match outcome {
        Outcome::Success => (STATUS_SUCCESS, None),
        Outcome::DeclinedByProvider => (STATUS_FAILURE, Some("declined_by_provider")),
        Outcome::DeclinedByPlayer => (STATUS_FAILURE, Some("declined_by_player")),
    };
    // IMMEDIATE takes the write lock first, so the status guard below sees every earlier settle.
    let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
    let settled: Option<(i64, i64, String, i64, String)> = sqlx::query_as(&format!(
        "UPDATE invoices SET
             status = ?1,
             failure_reason = ?2,
             number = CASE WHEN ?1 = 2 AND type = 'deposit' THEN
                 (SELECT COUNT(*) + 1 FROM invoices AS earlier
                  WHERE earlier.player_id = invoices.player_id AND earlier.type = 'deposit'
                    AND earlier.status = 2)
                 END,
             updated_at = {NOW}
         WHERE id = ?3 AND status = 1 AND (?4 IS NULL OR player_id = ?4)
         RETURNING player_id, account_id, type, amount, currency"
    ))
    .bind(status)
    .bind(reason)
    .bind(invoice_id)
    .bind(player_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((owner, account_id, direction, amount, currency)) = settled else {
        drop(tx);
        let row = invoice_row(&deps.pool, invoice_id)
            .await?
            .filter(|row| player_id.is_none_or(|p| p == row.player_id))
            .ok_or(SettleError::InvoiceNotFound)?;
        return Err(SettleError::AlreadySettled { status: row.status });
    };
    let moves_money = match (direction.as_str(), status) {
        ("deposit", STATUS_SUCCESS) | ("withdrawal", STATUS_FAILURE) => true,
        ("deposit" | "withdrawal", _) => false,
        _ => return Err(anyhow::anyhow!("invoice {invoice_id} has type {direction:?}").into()),
    };
    if moves_money {
        wallet::credit(&mut tx, account_id, amount).await?;
    }
    let told = match told_to_the_bot(invoice_id, &direction, outcome, amount, currency) {
        Some(notice) => deps.bot_events.enqueue(&mut tx, owner, notice).await?,
        None => false,
    };
    tx.commit().await?;
    if told {
        deps.bot_events.wake();
    }

    let invoice = invoice_row(&deps.pool, invoice_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("settled invoice {invoice_id} vanished"))?
        .into_invoice()?;
    publish_invoice(deps, owner, &invoice).await;
    if moves_money {
        wallet::publish_balance_change(deps, owner, account_id).await;
    }
    if direction == "deposit" && status == STATUS_SUCCESS {
        let deposit = crate::rewards::SettledDeposit {
            invoice_id: invoice_id.to_owned(),
            player_id: owner,
            account_id,
            currency: invoice.currency.clone(),
            amount,
            number: invoice.number.unwrap_or(1),
        };
        crate::rewards::deposit_settled(deps, &deposit, |tx, changes, deposit| {
            Box::pin(crate::referrals::deposit_settled(tx, changes, deposit))
        })
        .await;
    }
    Ok(invoice)
}
