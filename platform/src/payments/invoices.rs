//! Creating invoices, and the checks a deposit passes first.

use std::collections::BTreeMap;

use serde_json::json;
use sqlx::{FromRow, SqlitePool};

use super::{Direction, INVOICE_SELECT, Invoice, InvoiceRow, crypto};
use crate::clock::NOW_PLUS;
use crate::deps::Deps;
use crate::history_filter::HistoryFilter;
use crate::limits::LimitError;
use crate::limits::checks::{self, DepositRefusal};
use crate::ton::AddressError;
use crate::wallet::{self, WalletError};

/// Why an invoice is not created.
#[derive(Debug, thiserror::Error)]
pub enum InvoiceError {
    #[error("there is no {} method {method:?} for {currency}", direction.as_str())]
    MethodUnavailable {
        direction: Direction,
        method: String,
        currency: String,
    },
    /// `minimum` in whole units of `currency`, as the player reads it.
    #[error("the smallest amount for this method is {minimum} {currency}")]
    BelowMinimum { minimum: String, currency: String },
    /// `maximum` in whole units of `currency`, as the player reads it.
    #[error("the largest amount for this method is {maximum} {currency}")]
    AboveMaximum { maximum: String, currency: String },
    #[error("too many fields, or too long ones")]
    TooManyFields,
    #[error("the withdrawal names no wallet address")]
    NoWalletAddress,
    #[error("the wallet address is not one")]
    BadWalletAddress,
    #[error("the TON wallet address is refused: {0}")]
    TonAddress(AddressError),
    #[error("a limit refuses the deposit")]
    DepositRefused(DepositRefusal),
    /// The account the player named is not theirs in this currency.
    #[error("the player has no such {currency} account")]
    AccountNotFound { currency: String },
    #[error("the player has no {currency} account")]
    NoAccount { currency: String },
    #[error("the {network} network cannot carry this amount exactly")]
    AmountNotPayable { network: String },
    #[error("the balance is lower than the amount")]
    InsufficientFunds,
    /// The same deposit is pending as `invoice_id`, created moments ago.
    #[error("the same deposit is pending as invoice {invoice_id}")]
    Duplicate { invoice_id: String },
    #[error(transparent)]
    Limit(#[from] LimitError),
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Refuses deposits while the player's limits block them: a deposit limit whose current period's
/// successful deposits reached it, or a running self-exclusion or cooling-off (see
/// `crate::limits::checks`).
pub async fn check_deposit_limits(pool: &SqlitePool, player_id: i64) -> Result<(), InvoiceError> {
    let mut conn = pool.acquire().await?;
    match checks::deposit_refusal(&mut conn, player_id).await? {
        Some(refusal) => Err(InvoiceError::DepositRefused(refusal)),
        None => Ok(()),
    }
}

/// An invoice the player asks for.
pub struct Requested<'a> {
    /// A method id, `provider.deposit|withdrawal.name`.
    pub payment_method: &'a str,
    /// Minor units, positive.
    pub amount: i64,
    pub currency: &'a str,
    /// The account to credit or debit; by default the player's account in `currency`.
    pub account_id: Option<i64>,
    /// What the method asks the player for; crypto withdrawals need `wallet_id` (the address).
    pub fields: &'a BTreeMap<String, String>,
}

#[derive(FromRow)]
struct MethodLimits {
    kind: String,
    network: Option<String>,
    min_amount: i64,
    max_amount: i64,
    subunit_to_unit: i64,
}

/// How long an identical pending deposit counts as the same payment asked for twice (a double tap
/// on Pay, a retried request): the second is refused as a duplicate. Long enough
/// for a slow network's retry, short enough that a player who means to pay twice can.
pub const DUPLICATE_DEPOSIT_WINDOW_SECONDS: i64 = 30;

pub const MAX_FIELDS: usize = 16;
pub const MAX_FIELD_CHARS: usize = 256;

/// Creates a pending invoice: a deposit after the player's deposit limits, a withdrawal holding
/// its amount at once (refused when the balance is lower). Publishes it, and a
/// withdrawal's balance change, after the commit. TON deposits are paid to `ton_deposit_wallet`.
pub async fn create(
    deps: &Deps,
    ton_deposit_wallet: &str,
    player_id: i64,
    direction: Direction,
    requested: Requested<'_>,
) -> Result<Invoice, InvoiceError> {
    let amount = requested.amount;
    let currency = requested.currency.trim().to_ascii_uppercase();
    let method: MethodLimits = sqlx::query_as(
        "SELECT m.kind, m.network, c.min_amount, c.max_amount, cur.subunit_to_unit
         FROM payment_methods m
         JOIN payment_method_currencies c ON c.method_id = m.id
         JOIN currencies cur ON cur.code = c.currency AND cur.is_enabled = 1
         WHERE m.id = ? AND m.direction = ? AND c.currency = ?",
    )
    .bind(requested.payment_method)
    .bind(direction.as_str())
    .bind(&currency)
    .fetch_optional(&deps.pool)
    .await?
    .ok_or_else(|| InvoiceError::MethodUnavailable {
        direction,
        method: requested.payment_method.to_owned(),
        currency: currency.clone(),
    })?;
    if amount < method.min_amount {
        return Err(InvoiceError::BelowMinimum {
            minimum: crypto::units(method.min_amount, method.subunit_to_unit),
            currency,
        });
    }
    if amount > method.max_amount {
        return Err(InvoiceError::AboveMaximum {
            maximum: crypto::units(method.max_amount, method.subunit_to_unit),
            currency,
        });
    }
    if requested.fields.len() > MAX_FIELDS
        || requested
            .fields
            .iter()
            .any(|(k, v)| k.chars().count() > 64 || v.chars().count() > MAX_FIELD_CHARS)
    {
        return Err(InvoiceError::TooManyFields);
    }
    let withdrawal_address = match (direction, &method.network) {
        (Direction::Withdrawal, Some(network)) => {
            let address = requested
                .fields
                .get("wallet_id")
                .map(|a| a.trim())
                .filter(|a| !a.is_empty())
                .ok_or(InvoiceError::NoWalletAddress)?;
            // TON's addresses are checked in full and kept in the bounceable form TON asks for.
            let address = if crypto::is_ton(network) {
                crate::ton::normalise(address).map_err(InvoiceError::TonAddress)?
            } else if address
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                address.to_owned()
            } else {
                return Err(InvoiceError::BadWalletAddress);
            };
            Some(json!({ "address": address, "network": network }))
        }
        _ => None,
    };
    if direction == Direction::Deposit {
        check_deposit_limits(&deps.pool, player_id).await?;
        if let Some(refusal) =
            checks::deposit_amount_refusal(&deps.pool, player_id, &currency, amount).await?
        {
            return Err(InvoiceError::DepositRefused(refusal));
        }
    }
    let account_id: i64 = sqlx::query_scalar(
        "SELECT id FROM accounts
         WHERE player_id = ?1 AND currency = ?2 AND is_hidden = 0 AND (?3 IS NULL OR id = ?3)",
    )
    .bind(player_id)
    .bind(&currency)
    .bind(requested.account_id)
    .fetch_optional(&deps.pool)
    .await?
    .ok_or_else(|| {
        let currency = currency.clone();
        match requested.account_id {
            Some(_) => InvoiceError::AccountNotFound { currency },
            None => InvoiceError::NoAccount { currency },
        }
    })?;

    let id = uuid::Uuid::new_v4().to_string();
    let public_data = match (direction, &method.network) {
        (Direction::Deposit, Some(network)) => Some(
            crypto::deposit_public_data(
                &id,
                network,
                amount,
                method.subunit_to_unit,
                ton_deposit_wallet,
            )
            .ok_or_else(|| InvoiceError::AmountNotPayable {
                network: network.clone(),
            })?,
        ),
        (Direction::Withdrawal, Some(_)) => withdrawal_address,
        _ if method.kind == "cash" => Some(json!({
            "reference": format!("AG-{}", &id[..8].to_ascii_uppercase()),
            "instructions": "Quote this reference to your cash agent; the agent confirms the payment.",
        })),
        _ => None,
    };
    let page_token = (direction == Direction::Deposit && super::uses_payment_page(&method.kind))
        .then(super::new_page_token);
    let fields = (!requested.fields.is_empty())
        .then(|| serde_json::to_string(&requested.fields))
        .transpose()
        .map_err(|e| anyhow::anyhow!("invoice fields: {e}"))?;

    // IMMEDIATE: the duplicate check and the hold run under the write lock, so two requests at
    // once see each other.
    let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
    if direction == Direction::Deposit {
        refuse_duplicate_deposit(
            &mut tx, player_id, account_id, &requested, amount, &currency,
        )
        .await?;
    }
    if direction == Direction::Withdrawal && !wallet::debit(&mut tx, account_id, amount).await? {
        return Err(InvoiceError::InsufficientFunds);
    }
    sqlx::query(
        "INSERT INTO invoices (id, player_id, account_id, type, method_id, amount, currency,
             public_data, fields, page_token)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&id)
    .bind(player_id)
    .bind(account_id)
    .bind(direction.as_str())
    .bind(requested.payment_method)
    .bind(amount)
    .bind(&currency)
    .bind(public_data.map(|d| d.to_string()))
    .bind(fields)
    .bind(page_token)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;

    let invoice = super::invoice_row(&deps.pool, &id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("new invoice {id} vanished"))?
        .into_invoice()?;
    super::publish_invoice(deps, player_id, &invoice).await;
    if direction == Direction::Withdrawal {
        wallet::publish_balance_change(deps, player_id, account_id).await;
    }
    Ok(invoice)
}

/// Refuses a deposit identical (method, amount, currency, account) to a pending one the player
/// created in the last [`DUPLICATE_DEPOSIT_WINDOW_SECONDS`]: the same Pay sent twice. Withdrawals
/// are not checked here: each one holds its amount under the balance guard, so a second one is a
/// second payout the balance must cover, and the client confirms every withdrawal first.
async fn refuse_duplicate_deposit(
    tx: &mut sqlx::Transaction<'static, sqlx::Sqlite>,
    player_id: i64,
    account_id: i64,
    requested: &Requested<'_>,
    amount: i64,
    currency: &str,
) -> Result<(), InvoiceError> {
    let earlier: Option<String> = sqlx::query_scalar(&format!(
        "SELECT id FROM invoices
         WHERE player_id = ? AND account_id = ? AND type = 'deposit' AND status = 1
           AND method_id = ? AND amount = ? AND currency = ? AND created_at >= {NOW_PLUS}
         ORDER BY rowid DESC LIMIT 1"
    ))
    .bind(player_id)
    .bind(account_id)
    .bind(requested.payment_method)
    .bind(amount)
    .bind(currency)
    .bind(format!("-{DUPLICATE_DEPOSIT_WINDOW_SECONDS} seconds"))
    .fetch_optional(&mut **tx)
    .await?;
    match earlier {
        Some(invoice_id) => Err(InvoiceError::Duplicate { invoice_id }),
        None => Ok(()),
    }
}

/// A page of the player's invoices, newest first, optionally of one direction and status and narrowed
/// to a currency and time range, and how many there are in all.
pub async fn page_of(
    pool: &SqlitePool,
    player_id: i64,
    direction: Option<Direction>,
    status: Option<i64>,
    narrowed: &HistoryFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Invoice>, i64), InvoiceError> {
    let filter = format!(
        "i.player_id = ?1 AND (?2 IS NULL OR i.type = ?2) AND (?3 IS NULL OR i.status = ?3) AND {}",
        HistoryFilter::condition("i", 4)
    );
    let count = format!("SELECT COUNT(*) FROM invoices i WHERE {filter}");
    let total: i64 = narrowed
        .bind_scalar(
            sqlx::query_scalar(&count)
                .bind(player_id)
                .bind(direction.map(Direction::as_str))
                .bind(status),
        )
        .fetch_one(pool)
        .await?;
    let select =
        format!("{INVOICE_SELECT} WHERE {filter} ORDER BY i.rowid DESC LIMIT ?7 OFFSET ?8");
    let rows: Vec<InvoiceRow> = narrowed
        .bind(
            sqlx::query_as(&select)
                .bind(player_id)
                .bind(direction.map(Direction::as_str))
                .bind(status),
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await?;
    let invoices = rows
        .into_iter()
        .map(InvoiceRow::into_invoice)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((invoices, total))
}
