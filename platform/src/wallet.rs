//! The wallet ledger: accounts (one per currency, exactly one active, balances in integer minor
//! units), the credits and debits that move money inside a caller's transaction, and the
//! publication of a balance change. The HTTP side is `routes/wallet.rs`.

use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, SqliteConnection, SqlitePool};
use utoipa::ToSchema;

use crate::db::Tx;
use crate::deps::Deps;
use crate::money::{self, Rate};

/// Why the wallet refuses what the player asked.
#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    #[error("there is no such account")]
    AccountNotFound,
    #[error("accounts cannot be opened in this currency")]
    CurrencyUnavailable,
    #[error("the player already has a {currency} account")]
    AccountExists { currency: String },
    #[error("the active account cannot be hidden")]
    AccountActive,
    #[error("an account with money in it cannot be hidden")]
    AccountNotEmpty,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Status 1 is the active account (spec, section 3); the others have status 2.
pub const STATUS_ACTIVE: i64 = 1;

#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub id: i64,
    pub currency: String,
    /// Minor units of `currency`.
    pub balance: i64,
    pub status: i64,
}

const ACCOUNT_COLUMNS: &str =
    "id, currency, balance, CASE WHEN is_active = 1 THEN 1 ELSE 2 END AS status";

/// The player's visible accounts, the active one first.
pub async fn accounts_of(pool: &SqlitePool, player_id: i64) -> Result<Vec<Account>, WalletError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE player_id = ? AND is_hidden = 0
         ORDER BY is_active DESC, id"
    ))
    .bind(player_id)
    .fetch_all(pool)
    .await?)
}

/// One of the player's visible accounts.
pub async fn account_of(
    pool: &SqlitePool,
    player_id: i64,
    id: i64,
) -> Result<Account, WalletError> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ? AND player_id = ? AND is_hidden = 0"
    ))
    .bind(id)
    .bind(player_id)
    .fetch_optional(pool)
    .await?
    .ok_or(WalletError::AccountNotFound)
}

/// The currency code if players may open accounts in it (enabled and visible), else `None`.
/// Without a code: the base currency.
pub async fn offered_currency(
    db: impl sqlx::SqliteExecutor<'_>,
    code: Option<&str>,
) -> Result<Option<String>, WalletError> {
    Ok(sqlx::query_scalar(
        "SELECT code FROM currencies
         WHERE is_enabled = 1 AND is_visible = 1 AND (code = ?1 OR (?1 IS NULL AND is_base = 1))",
    )
    .bind(code.map(str::to_ascii_uppercase))
    .fetch_optional(db)
    .await?)
}

pub async fn create_account(
    tx: &mut Tx,
    player_id: i64,
    currency: &str,
    active: bool,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO accounts (player_id, currency, is_active) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(player_id)
    .bind(currency)
    .bind(active)
    .fetch_one(&mut **tx)
    .await
}

/// Gives each of these new players its active account in `currency`, in the transaction `conn` is
/// in: one statement however many players.
pub async fn create_accounts(
    conn: &mut SqliteConnection,
    player_ids: &[i64],
    currency: &str,
) -> Result<(), sqlx::Error> {
    let ids = serde_json::to_string(player_ids).map_err(|e| sqlx::Error::Encode(e.into()))?;
    sqlx::query(
        "INSERT INTO accounts (player_id, currency, is_active)
         SELECT value, ?, 1 FROM json_each(?)",
    )
    .bind(currency)
    .bind(ids)
    .execute(conn)
    .await?;
    Ok(())
}

/// Opens an account in another currency (or brings a hidden one back); the first account a
/// player holds is the active one.
pub async fn open_account(
    pool: &SqlitePool,
    player_id: i64,
    currency: &str,
) -> Result<Account, WalletError> {
    let Some(currency) = offered_currency(pool, Some(currency.trim())).await? else {
        return Err(WalletError::CurrencyUnavailable);
    };
    // IMMEDIATE: the reads below decide the writes. A deferred transaction that read first fails
    // with "database is locked" (SQLITE_BUSY_SNAPSHOT, no busy wait) when another write commits
    // between its read and its write.
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    // A hidden account of the same currency comes back instead of a second one.
    let existing: Option<(i64, bool)> =
        sqlx::query_as("SELECT id, is_hidden FROM accounts WHERE player_id = ? AND currency = ?")
            .bind(player_id)
            .bind(&currency)
            .fetch_optional(&mut *tx)
            .await?;
    let has_active: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE player_id = ? AND is_active = 1)",
    )
    .bind(player_id)
    .fetch_one(&mut *tx)
    .await?;
    let id = match existing {
        Some((_, false)) => {
            return Err(WalletError::AccountExists { currency });
        }
        Some((id, true)) => {
            sqlx::query("UPDATE accounts SET is_hidden = 0 WHERE id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            id
        }
        None => create_account(&mut tx, player_id, &currency, !has_active).await?,
    };
    tx.commit().await?;
    account_of(pool, player_id, id).await
}

/// Makes one account the active one; the previously active account becomes inactive in the same
/// transaction, so there is never a moment with two or none. Answers the accounts afterwards.
pub async fn switch_active(
    pool: &SqlitePool,
    player_id: i64,
    id: i64,
) -> Result<Vec<Account>, WalletError> {
    // IMMEDIATE, as in `open_account`: a read decides the writes (CI saw the deferred one's 500).
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    let target: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM accounts WHERE id = ? AND player_id = ? AND is_hidden = 0",
    )
    .bind(id)
    .bind(player_id)
    .fetch_optional(&mut *tx)
    .await?;
    if target.is_none() {
        return Err(WalletError::AccountNotFound);
    }
    sqlx::query(
        "UPDATE accounts SET is_active = 0 WHERE player_id = ? AND is_active = 1 AND id != ?",
    )
    .bind(player_id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE accounts SET is_active = 1 WHERE id = ?")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    accounts_of(pool, player_id).await
}

/// Hides an account from the player's lists. The active account cannot be hidden (switch first),
/// and neither can one holding money, which would otherwise seem lost. Answers the accounts
/// afterwards.
pub async fn hide(pool: &SqlitePool, player_id: i64, id: i64) -> Result<Vec<Account>, WalletError> {
    let account = account_of(pool, player_id, id).await?;
    if account.status == STATUS_ACTIVE {
        return Err(WalletError::AccountActive);
    }
    if account.balance > 0 {
        return Err(WalletError::AccountNotEmpty);
    }
    sqlx::query("UPDATE accounts SET is_hidden = 1 WHERE id = ? AND player_id = ?")
        .bind(id)
        .bind(player_id)
        .execute(pool)
        .await?;
    accounts_of(pool, player_id).await
}

/// The player's accounts with their balances in the base currency (rounded down), and the total.
pub struct InBaseCurrency {
    pub base_currency: String,
    /// Each account with its balance in minor units of the base currency.
    pub accounts: Vec<(Account, i64)>,
    /// Minor units of the base currency.
    pub total: i64,
}

pub async fn in_base_currency(
    pool: &SqlitePool,
    player_id: i64,
) -> Result<InBaseCurrency, WalletError> {
    let accounts = accounts_of(pool, player_id).await?;
    let rates: Vec<(String, i64, String, bool)> =
        sqlx::query_as("SELECT code, subunit_to_unit, rate, is_base FROM currencies")
            .fetch_all(pool)
            .await?;
    let base = rates
        .iter()
        .find(|(.., is_base)| *is_base)
        .ok_or_else(|| anyhow::anyhow!("no base currency is configured"))?;
    let base_currency = base.0.clone();
    let base_subunit = base.1;
    let mut total: i64 = 0;
    let mut converted = Vec::with_capacity(accounts.len());
    for account in accounts {
        let (_, subunit, rate, _) = rates
            .iter()
            .find(|(code, ..)| *code == account.currency)
            .ok_or_else(|| anyhow::anyhow!("account currency {} is unknown", account.currency))?;
        let rate = Rate::parse(rate)
            .ok_or_else(|| anyhow::anyhow!("rate of {} is not a decimal", account.currency))?;
        let in_base = money::convert(account.balance, *subunit, rate, base_subunit);
        total = total.saturating_add(in_base);
        converted.push((account, in_base));
    }
    Ok(InBaseCurrency {
        base_currency,
        accounts: converted,
        total,
    })
}

/// Adds `amount` minor units to an account, inside the caller's transaction.
pub async fn credit(tx: &mut Tx, account_id: i64, amount: i64) -> Result<(), WalletError> {
    let updated = sqlx::query("UPDATE accounts SET balance = balance + ? WHERE id = ?")
        .bind(amount)
        .bind(account_id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if updated != 1 {
        return Err(anyhow::anyhow!("account {account_id} to credit does not exist").into());
    }
    Ok(())
}

/// Takes `amount` minor units from an account if it holds that much, inside the caller's
/// transaction; `false` (and nothing changed) if it does not. The check and the change are one
/// statement, so concurrent debits can never both pass the same balance.
pub async fn debit(tx: &mut Tx, account_id: i64, amount: i64) -> Result<bool, WalletError> {
    Ok(
        sqlx::query("UPDATE accounts SET balance = balance - ?1 WHERE id = ?2 AND balance >= ?1")
            .bind(amount)
            .bind(account_id)
            .execute(&mut **tx)
            .await?
            .rows_affected()
            == 1,
    )
}

/// Tells the player's connections about a balance change, after its transaction committed:
/// `wallet:accounts#{playerId}` gets `{"account": <the changed account>, "accounts": [<all visible
/// accounts, active first>]}`.
pub async fn publish_balance_change(deps: &Deps, player_id: i64, account_id: i64) {
    let accounts = match accounts_of(&deps.pool, player_id).await {
        Ok(accounts) => accounts,
        Err(e) => {
            tracing::warn!(error = %e, "accounts to publish could not be read");
            return;
        }
    };
    let account = accounts.iter().find(|a| a.id == account_id);
    crate::realtime::publish_logged(
        deps.realtime.as_ref(),
        crate::realtime::channels::wallet_accounts(player_id),
        json!({ "account": account, "accounts": accounts }),
    )
    .await;
}
