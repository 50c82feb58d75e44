//! Wallet accounts: one per currency, exactly one active, balances in integer minor units.

use axum::extract::State;
use axum::routing::{get, put};
use axum::{Json as JsonResponse, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::{FromRow, Sqlite, SqlitePool, Transaction};

use crate::auth::CurrentPlayer;
use crate::extract::{Json, Path};
use crate::money::{self, Rate};
use crate::{ApiError, AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/wallet/accounts", get(list).post(create))
        .route("/api/wallet/accounts/converted", get(converted))
        .route("/api/wallet/accounts/{id}/switch-account", put(switch))
        .route("/api/wallet/accounts/{id}/hide", put(hide))
}

/// Status 1 is the active account (spec, section 3); the others have status 2.
pub const STATUS_ACTIVE: i64 = 1;

#[derive(Debug, Clone, Serialize, FromRow)]
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

pub async fn accounts_of(pool: &SqlitePool, player_id: i64) -> Result<Vec<Account>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE player_id = ? AND is_hidden = 0
         ORDER BY is_active DESC, id"
    ))
    .bind(player_id)
    .fetch_all(pool)
    .await?)
}

/// The currency code if players may open accounts in it (enabled and visible), else `None`.
/// Without a code: the base currency.
pub async fn offered_currency(
    pool: &SqlitePool,
    code: Option<&str>,
) -> Result<Option<String>, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT code FROM currencies
         WHERE is_enabled = 1 AND is_visible = 1 AND (code = ?1 OR (?1 IS NULL AND is_base = 1))",
    )
    .bind(code.map(str::to_ascii_uppercase))
    .fetch_optional(pool)
    .await?)
}

pub async fn create_account(
    tx: &mut Transaction<'static, Sqlite>,
    player_id: i64,
    currency: &str,
    active: bool,
) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO accounts (player_id, currency, is_active) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(player_id)
    .bind(currency)
    .bind(active)
    .fetch_one(&mut **tx)
    .await?)
}

async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<Value>, ApiError> {
    let accounts = accounts_of(&state.pool, player.id).await?;
    Ok(JsonResponse(json!({ "data": accounts })))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConvertedAccount {
    #[serde(flatten)]
    account: Account,
    /// The balance in minor units of the base currency, rounded down.
    base_currency_balance: i64,
}

/// Accounts with their balances converted to the base currency, and the total (spec: converted
/// accounts add `baseCurrencyTotalBalance`).
async fn converted(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<Value>, ApiError> {
    let accounts = accounts_of(&state.pool, player.id).await?;
    let rates: Vec<(String, i64, String, bool)> =
        sqlx::query_as("SELECT code, subunit_to_unit, rate, is_base FROM currencies")
            .fetch_all(&state.pool)
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
        converted.push(ConvertedAccount {
            account,
            base_currency_balance: in_base,
        });
    }
    Ok(JsonResponse(json!({
        "accounts": converted,
        "baseCurrency": base_currency,
        "baseCurrencyTotalBalance": total,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewAccount {
    currency: String,
}

async fn create(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<NewAccount>,
) -> Result<(axum::http::StatusCode, JsonResponse<Account>), ApiError> {
    let Some(currency) = offered_currency(&state.pool, Some(body.currency.trim())).await? else {
        return Err(ApiError::bad_request(
            "currency_unavailable",
            "Accounts cannot be opened in this currency.",
        ));
    };
    let mut tx = state.pool.begin().await?;
    // A hidden account of the same currency comes back instead of a second one.
    let existing: Option<(i64, bool)> =
        sqlx::query_as("SELECT id, is_hidden FROM accounts WHERE player_id = ? AND currency = ?")
            .bind(player.id)
            .bind(&currency)
            .fetch_optional(&mut *tx)
            .await?;
    let has_active: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE player_id = ? AND is_active = 1)",
    )
    .bind(player.id)
    .fetch_one(&mut *tx)
    .await?;
    let id = match existing {
        Some((_, false)) => {
            return Err(ApiError::conflict(
                "account_exists",
                format!("You already have a {currency} account."),
            ));
        }
        Some((id, true)) => {
            sqlx::query("UPDATE accounts SET is_hidden = 0 WHERE id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            id
        }
        None => create_account(&mut tx, player.id, &currency, !has_active).await?,
    };
    tx.commit().await?;
    let account = account_of(&state.pool, player.id, id).await?;
    Ok((axum::http::StatusCode::CREATED, JsonResponse(account)))
}

async fn account_of(pool: &SqlitePool, player_id: i64, id: i64) -> Result<Account, ApiError> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ? AND player_id = ? AND is_hidden = 0"
    ))
    .bind(id)
    .bind(player_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found("account_not_found", "There is no such account."))
}

/// Makes one account the active one; the previously active account becomes inactive in the same
/// transaction, so there is never a moment with two or none.
async fn switch(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<Value>, ApiError> {
    let mut tx = state.pool.begin().await?;
    let target: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM accounts WHERE id = ? AND player_id = ? AND is_hidden = 0",
    )
    .bind(id)
    .bind(player.id)
    .fetch_optional(&mut *tx)
    .await?;
    if target.is_none() {
        return Err(ApiError::not_found(
            "account_not_found",
            "There is no such account.",
        ));
    }
    sqlx::query(
        "UPDATE accounts SET is_active = 0 WHERE player_id = ? AND is_active = 1 AND id != ?",
    )
    .bind(player.id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE accounts SET is_active = 1 WHERE id = ?")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let accounts = accounts_of(&state.pool, player.id).await?;
    Ok(JsonResponse(json!({ "data": accounts })))
}

/// Hides an account from the player's lists. The active account cannot be hidden (switch first),
/// and neither can one holding money, which would otherwise seem lost.
async fn hide(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<JsonResponse<Value>, ApiError> {
    let account = account_of(&state.pool, player.id, id).await?;
    if account.status == STATUS_ACTIVE {
        return Err(ApiError::conflict(
            "account_active",
            "The active account cannot be hidden. Switch to another account first.",
        ));
    }
    if account.balance > 0 {
        return Err(ApiError::conflict(
            "account_not_empty",
            "An account with money in it cannot be hidden.",
        ));
    }
    sqlx::query("UPDATE accounts SET is_hidden = 1 WHERE id = ? AND player_id = ?")
        .bind(id)
        .bind(player.id)
        .execute(&state.pool)
        .await?;
    let accounts = accounts_of(&state.pool, player.id).await?;
    Ok(JsonResponse(json!({ "data": accounts })))
}
