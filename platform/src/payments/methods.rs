//! The payment methods offered in a region, grouped, manual agents first. The HTTP side is
//! `routes/payment/methods.rs`.

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

use super::Direction;

#[derive(Debug, FromRow)]
struct MethodRow {
    id: String,
    name: String,
    display_name: String,
    kind: String,
    group_name: String,
    network: Option<String>,
    fee_percent: String,
    currency: String,
    min_amount: i64,
    max_amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fee {
    /// Percent of the amount, an exact decimal.
    percent: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    /// `provider.deposit|withdrawal.name`.
    id: String,
    name: String,
    display_name: String,
    currency: String,
    min_amount: i64,
    max_amount: i64,
    /// What the provider charges, for display: the platform credits and debits exactly the
    /// invoice's amount.
    fee: Fee,
    /// card, bank, cash (manual agents), wallet or crypto.
    kind: String,
    /// Crypto methods: the network their addresses live on.
    #[serde(skip_serializing_if = "Option::is_none")]
    network: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    name: String,
    payment_methods: Vec<PaymentMethod>,
}

/// The methods of `direction` taking `currency` (all without it) in `country`, in groups.
pub async fn offered(
    pool: &SqlitePool,
    direction: Direction,
    currency: Option<&str>,
    country: Option<&str>,
) -> Result<Vec<Group>, sqlx::Error> {
    // Without a known region only the methods offered everywhere are listed.
    let rows: Vec<MethodRow> = sqlx::query_as(
        "SELECT m.id, m.name, m.display_name, m.kind, m.group_name, m.network, m.fee_percent,
                c.currency, c.min_amount, c.max_amount
         FROM payment_methods m
         JOIN payment_method_currencies c ON c.method_id = m.id
         JOIN currencies cur ON cur.code = c.currency AND cur.is_enabled = 1
         WHERE m.direction = ?1 AND (?2 IS NULL OR c.currency = ?2)
           AND (NOT EXISTS (SELECT 1 FROM payment_method_countries r WHERE r.method_id = m.id)
                OR EXISTS (SELECT 1 FROM payment_method_countries r
                           WHERE r.method_id = m.id AND r.country = ?3))
         ORDER BY m.group_position, m.position, cur.position",
    )
    .bind(direction.as_str())
    .bind(currency)
    .bind(country)
    .fetch_all(pool)
    .await?;
    let mut groups: Vec<Group> = Vec::new();
    for row in rows {
        let method = PaymentMethod {
            id: row.id,
            name: row.name,
            display_name: row.display_name,
            currency: row.currency,
            min_amount: row.min_amount,
            max_amount: row.max_amount,
            fee: Fee {
                percent: row.fee_percent,
            },
            kind: row.kind,
            network: row.network,
        };
        match groups.last_mut() {
            Some(group) if group.name == row.group_name => group.payment_methods.push(method),
            _ => groups.push(Group {
                name: row.group_name,
                payment_methods: vec![method],
            }),
        }
    }
    Ok(groups)
}
