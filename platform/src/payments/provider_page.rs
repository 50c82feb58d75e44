//! What the sandbox provider's payment page shows of an invoice (the page itself, HTML, is
//! `routes/payment/sandbox.rs`).

use sqlx::SqlitePool;

use super::{InvoiceRow, crypto};

/// The paying method's display name, and the amount as the page writes it (`12.50 USD`).
pub async fn method_and_amount(
    pool: &SqlitePool,
    row: &InvoiceRow,
) -> Result<(String, String), sqlx::Error> {
    let subunit_to_unit: i64 =
        sqlx::query_scalar("SELECT subunit_to_unit FROM currencies WHERE code = ?")
            .bind(&row.currency)
            .fetch_one(pool)
            .await?;
    let method: String =
        sqlx::query_scalar("SELECT display_name FROM payment_methods WHERE id = ?")
            .bind(&row.method_id)
            .fetch_one(pool)
            .await?;
    let amount = format!(
        "{} {}",
        crypto::units(row.amount, subunit_to_unit),
        row.currency
    );
    Ok((method, amount))
}

/// The invoice's status now (after a settle lost a race to another).
pub async fn current_status(pool: &SqlitePool, id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT status FROM invoices WHERE id = ?")
        .bind(id)
        .fetch_one(pool)
        .await
}
