//! Creating invoices, and the checks a deposit passes first.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use serde_json::json;
use sqlx::{FromRow, SqlitePool};

use super::{Direction, INVOICE_SELECT, Invoice, InvoiceRow, crypto};
use crate::ApiError;
use crate::clock::NOW_PLUS;
use crate::deps::Deps;
use crate::history_filter::HistoryFilter;
use crate::limits::checks;
use crate::wallet;

/// Refuses deposits with the spec's `13100` (deposit limit reached) while the player's limits
/// block them: a deposit limit whose current period's successful deposits reached it, or a
/// running self-exclusion or cooling-off (see `crate::limits::checks`).
pub async fn check_deposit_limits(pool: &SqlitePool, player_id: i64) -> Result<(), ApiError> {
    let mut conn = pool.acquire().await?;
    match checks::deposit_refusal(&mut conn, player_id).await? {
        Some(refusal) => Err(refusal.into()),
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

pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::client(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

fn field_error(field: &str, message: &str) -> ApiError {
    ApiError::validation(BTreeMap::from([(field.to_owned(), message.to_owned())]))
}

/// How long an identical pending deposit counts as the same payment asked for twice (a double tap
/// on Pay, a retried request): the second is refused with 409 `duplicate_invoice`. Long enough
/// for a slow network's retry, short enough that a player who means to pay twice can.
pub const DUPLICATE_DEPOSIT_WINDOW_SECONDS: i64 = 30;

const MAX_FIELDS: usize = 16;
const MAX_FIELD_CHARS: usize = 256;

/// Creates a pending invoice: a deposit after the player's deposit limits, a withdrawal holding
/// its amount at once (`insufficient_funds` when the balance is lower). Publishes it, and a
/// withdrawal's balance change, after the commit. TON deposits are paid to `ton_deposit_wallet`.
pub async fn create(
    state: &Deps,
    ton_deposit_wallet: &str,
    player_id: i64,
    direction: Direction,
    requested: Requested<'_>,
) -> Result<Invoice, ApiError> {
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
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| {
        unprocessable(
            "payment_method_unavailable",
            format!(
                "There is no {} method {:?} for {currency}.",
                direction.as_str(),
                requested.payment_method
            ),
        )
    })?;
    if amount < method.min_amount {
        return Err(unprocessable(
            "amount_below_minimum",
            format!(
                "The smallest amount for this method is {} {currency}.",
                crypto::units(method.min_amount, method.subunit_to_unit)
            ),
        ));
    }
    if amount > method.max_amount {
        return Err(unprocessable(
            "amount_above_maximum",
            format!(
                "The largest amount for this method is {} {currency}.",
                crypto::units(method.max_amount, method.subunit_to_unit)
            ),
        ));
    }
    if requested.fields.len() > MAX_FIELDS
        || requested
            .fields
            .iter()
            .any(|(k, v)| k.chars().count() > 64 || v.chars().count() > MAX_FIELD_CHARS)
    {
        return Err(unprocessable(
            "invalid_fields",
            format!("At most {MAX_FIELDS} fields of at most {MAX_FIELD_CHARS} characters."),
        ));
    }
    let withdrawal_address = match (direction, &method.network) {
        (Direction::Withdrawal, Some(network)) => {
            let address = requested
                .fields
                .get("wallet_id")
                .map(|a| a.trim())
                .filter(|a| !a.is_empty())
                .ok_or_else(|| field_error("wallet_id", "Enter the wallet address."))?;
            // TON's addresses are checked in full and kept in the bounceable form TON asks for.
            let address = if crypto::is_ton(network) {
                crate::ton::normalise(address).map_err(|refusal| {
                    ApiError::field_refused(refusal.code(), "wallet_id", refusal.to_string())
                })?
            } else if address
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                address.to_owned()
            } else {
                return Err(field_error("wallet_id", "This is not a wallet address."));
            };
            Some(json!({ "address": address, "network": network }))
        }
        _ => None,
    };
    if direction == Direction::Deposit {
        check_deposit_limits(&state.pool, player_id).await?;
        if let Some(refusal) =
            checks::deposit_amount_refusal(&state.pool, player_id, &currency, amount).await?
        {
            return Err(refusal.into());
        }
    }
    let account_id: i64 = sqlx::query_scalar(
        "SELECT id FROM accounts
         WHERE player_id = ?1 AND currency = ?2 AND is_hidden = 0 AND (?3 IS NULL OR id = ?3)",
    )
    .bind(player_id)
    .bind(&currency)
    .bind(requested.account_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| match requested.account_id {
        Some(_) => ApiError::not_found(
            "account_not_found",
            format!("You have no such {currency} account."),
        ),
        None => unprocessable(
            "account_not_found",
            format!("Open a {currency} account first."),
        ),
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
            .ok_or_else(|| {
                unprocessable(
                    "amount_not_payable",
                    format!("The {network} network cannot carry this amount exactly."),
                )
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
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    if direction == Direction::Deposit {
        refuse_duplicate_deposit(
            &mut tx, player_id, account_id, &requested, amount, &currency,
        )
        .await?;
    }
    if direction == Direction::Withdrawal && !wallet::debit(&mut tx, account_id, amount).await? {
        return Err(unprocessable(
            "insufficient_funds",
            "Your balance is lower than this amount.",
        ));
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

    let invoice = super::invoice_row(&state.pool, &id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("new invoice {id} vanished"))?
        .into_invoice()?;
    super::publish_invoice(state, player_id, &invoice).await;
    if direction == Direction::Withdrawal {
        wallet::publish_balance_change(state, player_id, account_id).await;
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
) -> Result<(), ApiError> {
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
        Some(id) => Err(ApiError::conflict(
            "duplicate_invoice",
            format!(
                "The same deposit was created moments ago (invoice {id}); finish or cancel it first."
            ),
        )),
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
) -> Result<(Vec<Invoice>, i64), ApiError> {
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
