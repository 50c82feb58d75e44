//! Currencies, locales and countries: the reference data every client loads. The HTTP side is
//! `routes/settings.rs`.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Currency {
    code: String,
    #[serde(rename = "type")]
    kind: String,
    symbol: String,
    subunit_to_unit: i64,
    rate: Rate,
    sub_currencies: Vec<SubCurrency>,
    is_enabled: bool,
    is_base: bool,
}

/// The value of one unit in the base currency, as an exact decimal string (never a float).
#[derive(Serialize, ToSchema)]
struct Rate {
    rate: String,
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SubCurrency {
    #[serde(skip)]
    currency_code: String,
    code: String,
    subunit_to_unit: i64,
}

#[derive(FromRow)]
struct CurrencyRow {
    code: String,
    kind: String,
    symbol: String,
    subunit_to_unit: i64,
    rate: String,
    is_enabled: bool,
    is_base: bool,
}

/// Currencies in display order, with their sub-units: only those players may see, or all.
pub async fn currencies(
    pool: &SqlitePool,
    visible_only: bool,
) -> Result<Vec<Currency>, sqlx::Error> {
    let rows: Vec<CurrencyRow> = sqlx::query_as(
        "SELECT code, kind, symbol, subunit_to_unit, rate, is_enabled, is_base
         FROM currencies WHERE is_visible = 1 OR ? = 0 ORDER BY position",
    )
    .bind(visible_only)
    .fetch_all(pool)
    .await?;
    let subs: Vec<SubCurrency> = sqlx::query_as(
        "SELECT currency_code, code, subunit_to_unit FROM sub_currencies ORDER BY code",
    )
    .fetch_all(pool)
    .await?;
    let mut subs_by_currency: HashMap<String, Vec<SubCurrency>> = HashMap::new();
    for sub in subs {
        subs_by_currency
            .entry(sub.currency_code.clone())
            .or_default()
            .push(sub);
    }
    Ok(rows
        .into_iter()
        .map(|row| Currency {
            sub_currencies: subs_by_currency.remove(&row.code).unwrap_or_default(),
            code: row.code,
            kind: row.kind,
            symbol: row.symbol,
            subunit_to_unit: row.subunit_to_unit,
            rate: Rate { rate: row.rate },
            is_enabled: row.is_enabled,
            is_base: row.is_base,
        })
        .collect())
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Locale {
    code: String,
    locale_code: String,
    name: String,
    is_default: bool,
}

/// Locales in display order; exactly one is the default (English).
pub async fn locales(pool: &SqlitePool) -> Result<Vec<Locale>, sqlx::Error> {
    sqlx::query_as("SELECT code, locale_code, name, is_default FROM locales ORDER BY position")
        .fetch_all(pool)
        .await
}

#[derive(Serialize, FromRow, ToSchema)]
pub struct Country {
    code: String,
    name: String,
    locale: String,
}

/// Countries by name, with their default locale.
pub async fn countries(pool: &SqlitePool) -> Result<Vec<Country>, sqlx::Error> {
    sqlx::query_as("SELECT code, name, locale FROM countries ORDER BY name")
        .fetch_all(pool)
        .await
}

/// The default locale of the country `code`, when the country is listed.
pub async fn country_locale(pool: &SqlitePool, code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT locale FROM countries WHERE code = ?")
        .bind(code)
        .fetch_optional(pool)
        .await
}
