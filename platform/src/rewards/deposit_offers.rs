//! Deposit offers: the deposit bonuses offered in a currency (which deposits qualify, by their
//! number and amount), and what a credited deposit issues.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::SettledDeposit;
use super::bonuses::{Grant, issue};
use super::changes::{Changes, Tx};
use crate::rewards::RewardError;

/// A deposit bonus (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositBonus {
    pub id: i64,
    pub name: String,
    pub package: PackageRef,
    /// Which successful deposits qualify: from this ordinal (1 is the first-time deposit) ...
    pub deposit_number_from: i64,
    /// ... to this one; `null`: every later one.
    pub deposit_number_to: Option<i64>,
    pub trigger_conditions: TriggerConditions,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageRef {
    pub id: i64,
    pub name: String,
    /// bonus or freespins.
    #[serde(rename = "type")]
    pub kind: String,
    /// Match bonuses: the share of the deposit given, in percent.
    pub match_percent: Option<i64>,
    pub wager_multiplier: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TriggerConditions {
    pub invoice_amount_items: Vec<InvoiceAmountItem>,
    /// The smallest qualifying deposit in minor units of the base currency, for currencies
    /// without their own item.
    pub base_currency_invoice_amount_from: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceAmountItem {
    pub currency: String,
    /// Minor units of `currency`.
    pub amount_from: i64,
}

#[derive(FromRow)]
struct DepositBonusRow {
    id: i64,
    package_id: i64,
    name: String,
    kind: String,
    match_percent: Option<i64>,
    wager_multiplier: i64,
    deposit_number_from: i64,
    deposit_number_to: Option<i64>,
    base_currency_amount_from: i64,
}

impl DepositBonus {
    /// Whether a deposit of `amount` minor units of `currency` reaches the threshold.
    pub fn amount_qualifies(
        &self,
        rates: &crate::money::rates::Rates,
        currency: &str,
        amount: i64,
    ) -> bool {
        let conditions = &self.trigger_conditions;
        match conditions
            .invoice_amount_items
            .iter()
            .find(|item| item.currency == currency)
        {
            Some(item) => amount >= item.amount_from,
            None => rates.to_base(currency, amount) >= conditions.base_currency_invoice_amount_from,
        }
    }

    pub fn number_qualifies(&self, number: i64) -> bool {
        number >= self.deposit_number_from && self.deposit_number_to.is_none_or(|to| number <= to)
    }
}

/// Every deposit bonus offered in `currency`, in display order.
pub async fn deposit_bonuses(
    conn: &mut SqliteConnection,
    currency: &str,
) -> Result<Vec<DepositBonus>, RewardError> {
    let rows: Vec<DepositBonusRow> = sqlx::query_as(
        "SELECT d.id, d.package_id, p.name, p.kind, p.match_percent, p.wager_multiplier,
                d.deposit_number_from, d.deposit_number_to, d.base_currency_amount_from
         FROM deposit_bonuses d JOIN bonus_packages p ON p.id = d.package_id
         WHERE EXISTS (SELECT 1 FROM bonus_package_currencies c
                       WHERE c.package_id = d.package_id AND c.currency = ?)
         ORDER BY d.position, d.id",
    )
    .bind(currency)
    .fetch_all(&mut *conn)
    .await?;
    let mut offers = Vec::with_capacity(rows.len());
    for row in rows {
        let items: Vec<InvoiceAmountItem> = sqlx::query_as(
            "SELECT currency, amount_from FROM deposit_bonus_currencies
             WHERE deposit_bonus_id = ? ORDER BY currency",
        )
        .bind(row.id)
        .fetch_all(&mut *conn)
        .await?;
        offers.push(DepositBonus {
            id: row.id,
            name: row.name.clone(),
            package: PackageRef {
                id: row.package_id,
                name: row.name,
                kind: row.kind,
                match_percent: row.match_percent,
                wager_multiplier: row.wager_multiplier,
            },
            deposit_number_from: row.deposit_number_from,
            deposit_number_to: row.deposit_number_to,
            trigger_conditions: TriggerConditions {
                invoice_amount_items: items,
                base_currency_invoice_amount_from: row.base_currency_amount_from,
            },
        });
    }
    Ok(offers)
}

/// The ordinal the player's next successful deposit will have.
pub async fn next_deposit_number(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<i64, RewardError> {
    let done: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM invoices WHERE player_id = ? AND type = 'deposit' AND status = 2",
    )
    .bind(player_id)
    .fetch_one(conn)
    .await?;
    Ok(done + 1)
}

/// A credited deposit issues the package of a bonus code waiting for it, or else the first deposit
/// bonus (in display order) that the deposit qualifies for: one bonus per deposit.
pub async fn deposit_settled(
    tx: &mut Tx,
    changes: &mut Changes,
    rates: &crate::money::rates::Rates,
    deposit: &SettledDeposit,
) -> Result<(), RewardError> {
    if super::bonus_codes::issue_waiting(tx, changes, deposit).await? {
        return Ok(());
    }
    for offer in deposit_bonuses(tx, &deposit.currency).await? {
        if offer.number_qualifies(deposit.number)
            && offer.amount_qualifies(rates, &deposit.currency, deposit.amount)
        {
            let grant = Grant {
                player_id: deposit.player_id,
                package_id: offer.package.id,
                currency: &deposit.currency,
                deposit_amount: Some(deposit.amount),
                fixed_amount: None,
                source: "deposit",
                session_id: None,
            };
            if issue(tx, changes, &grant).await?.is_some() {
                break;
            }
        }
    }
    Ok(())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BonusAvailability {
    bonus_id: i64,
    is_available: bool,
    /// Why not: unknown, not_offered_in_currency, not_for_this_deposit.
    reason: Option<&'static str>,
}

/// Whether each of the deposit bonuses `ids` is available to the player's next deposit in
/// `currency`, and why not.
pub async fn availability(
    conn: &mut SqliteConnection,
    player_id: i64,
    currency: &str,
    ids: Vec<i64>,
) -> Result<Vec<BonusAvailability>, RewardError> {
    let number = next_deposit_number(&mut *conn, player_id).await?;
    let offered = deposit_bonuses(&mut *conn, currency).await?;
    let known: Vec<i64> = sqlx::query_scalar("SELECT id FROM deposit_bonuses")
        .fetch_all(&mut *conn)
        .await?;
    Ok(ids
        .into_iter()
        .map(|id| {
            let reason = match offered.iter().find(|offer| offer.id == id) {
                _ if !known.contains(&id) => Some("unknown"),
                None => Some("not_offered_in_currency"),
                Some(offer) if !offer.number_qualifies(number) => Some("not_for_this_deposit"),
                Some(_) => None,
            };
            BonusAvailability {
                bonus_id: id,
                is_available: reason.is_none(),
                reason,
            }
        })
        .collect())
}
