//! A player's invoice statistics: counts and sums per type, status and currency. The HTTP side is
//! `routes/payment/invoices.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsRow {
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    direction: String,
    status: i64,
    currency: String,
    count: i64,
    /// Minor units of `currency`.
    amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statistics {
    data: Vec<StatisticsRow>,
    /// Successful deposits so far: the `number` of the latest one.
    deposits_count: i64,
}

/// The player's invoices counted and summed per type, status and currency.
pub async fn of_player(pool: &SqlitePool, player_id: i64) -> Result<Statistics, sqlx::Error> {
    let rows: Vec<StatisticsRow> = sqlx::query_as(
        "SELECT type, status, currency, COUNT(*) AS count, SUM(amount) AS amount
         FROM invoices WHERE player_id = ?
         GROUP BY type, status, currency ORDER BY type, status, currency",
    )
    .bind(player_id)
    .fetch_all(pool)
    .await?;
    let deposits_count: i64 = rows
        .iter()
        .filter(|r| r.direction == "deposit" && r.status == super::STATUS_SUCCESS)
        .map(|r| r.count)
        .sum();
    Ok(Statistics {
        data: rows,
        deposits_count,
    })
}
