//! Conversions to the base currency, for amounts that are compared or summed across currencies
//! (deposit thresholds, loyalty points, quest wagers, bonus totals), and between two currencies
//! (a limit counts play in every currency).

use std::collections::HashMap;

use crate::money::{self, Rate};

pub struct Rates {
    pub base: String,
    pub base_symbol: String,
    base_subunit: i64,
    currencies: HashMap<String, (i64, Rate)>,
}

impl Rates {
    /// Every configured currency's rate. Failing to read them is the platform's fault, never the
    /// player's.
    pub async fn load<'e>(executor: impl sqlx::SqliteExecutor<'e>) -> anyhow::Result<Self> {
        let rows: Vec<(String, String, i64, String, bool)> =
            sqlx::query_as("SELECT code, symbol, subunit_to_unit, rate, is_base FROM currencies")
                .fetch_all(executor)
                .await?;
        let (base, base_symbol, base_subunit) = rows
            .iter()
            .find(|row| row.4)
            .map(|row| (row.0.clone(), row.1.clone(), row.2))
            .ok_or_else(|| anyhow::anyhow!("no base currency is configured"))?;
        let mut currencies = HashMap::with_capacity(rows.len());
        for (code, _, subunit, rate, _) in rows {
            let rate = Rate::parse(&rate)
                .ok_or_else(|| anyhow::anyhow!("rate of {code} is not a decimal"))?;
            currencies.insert(code, (subunit, rate));
        }
        Ok(Self {
            base,
            base_symbol,
            base_subunit,
            currencies,
        })
    }

    /// `amount` minor units of `currency` in minor units of the base currency, rounded down;
    /// 0 for a currency that is not configured.
    pub fn to_base(&self, currency: &str, amount: i64) -> i64 {
        self.currencies.get(currency).map_or(0, |(subunit, rate)| {
            money::convert(amount, *subunit, *rate, self.base_subunit)
        })
    }

    /// `amount` minor units of `from` in minor units of `to`, rounded down; unchanged when they are
    /// the same currency, 0 when either is not configured.
    pub fn convert(&self, from: &str, to: &str, amount: i64) -> i64 {
        if from == to {
            return amount;
        }
        match (self.currencies.get(from), self.currencies.get(to)) {
            (Some(&from), Some(&to)) => money::convert_between(amount, from, to),
            _ => 0,
        }
    }

    /// Minor units of the base currency in one unit of it.
    pub fn base_subunit(&self) -> i64 {
        self.base_subunit
    }
}
