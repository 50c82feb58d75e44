//! Locales, currencies and countries of the sandbox.

use sqlx::{Sqlite, Transaction};

/// (code, BCP 47 code, own name); English is the default locale.
const LOCALES: &[(&str, &str, &str)] = &[
    ("en", "en-US", "English"),
    ("ru", "ru-RU", "Русский"),
    ("es", "es-ES", "Español"),
    ("pt-br", "pt-BR", "Português (Brasil)"),
];

struct Currency {
    code: &'static str,
    crypto: bool,
    symbol: &'static str,
    subunit_to_unit: i64,
    rate_in_usd: &'static str,
    enabled: bool,
    visible: bool,
    sub_currencies: &'static [(&'static str, i64)],
}

const fn fiat(code: &'static str, symbol: &'static str, rate_in_usd: &'static str) -> Currency {
    Currency {
        code,
        crypto: false,
        symbol,
        subunit_to_unit: 100,
        rate_in_usd,
        enabled: true,
        visible: true,
        sub_currencies: &[],
    }
}

/// USD is the base currency. BTC and ETH carry their 1000:1 display unit (mBTC, mETH); crypto keeps
/// 8 decimals (ETH included, so balances fit comfortably in 64-bit minor units).
const CURRENCIES: &[Currency] = &[
    fiat("USD", "$", "1"),
    fiat("EUR", "€", "1.08"),
    fiat("BRL", "R$", "0.18"),
    fiat("RUB", "₽", "0.011"),
    fiat("INR", "₹", "0.012"),
    fiat("UZS", "soʻm", "0.000079"),
    Currency {
        enabled: false,
        visible: false,
        ..fiat("UAH", "₴", "0.024")
    },
    Currency {
        code: "BTC",
        crypto: true,
        symbol: "₿",
        subunit_to_unit: 100_000_000,
        rate_in_usd: "95000",
        enabled: true,
        visible: true,
        sub_currencies: &[("mBTC", 100_000)],
    },
    Currency {
        code: "ETH",
        crypto: true,
        symbol: "Ξ",
        subunit_to_unit: 100_000_000,
        rate_in_usd: "3400",
        enabled: true,
        visible: true,
        sub_currencies: &[("mETH", 100_000)],
    },
    Currency {
        code: "USDT",
        crypto: true,
        symbol: "₮",
        subunit_to_unit: 1_000_000,
        rate_in_usd: "1",
        enabled: true,
        visible: true,
        sub_currencies: &[],
    },
    Currency {
        code: "TON",
        crypto: true,
        symbol: "TON",
        subunit_to_unit: 1_000_000_000,
        rate_in_usd: "5.2",
        enabled: true,
        visible: true,
        sub_currencies: &[],
    },
    Currency {
        code: "LTC",
        crypto: true,
        symbol: "Ł",
        subunit_to_unit: 100_000_000,
        rate_in_usd: "85",
        enabled: true,
        visible: false,
        sub_currencies: &[],
    },
];

/// (ISO code, English name, locale).
const COUNTRIES: &[(&str, &str, &str)] = &[
    ("AR", "Argentina", "es"),
    ("AM", "Armenia", "ru"),
    ("AU", "Australia", "en"),
    ("AT", "Austria", "en"),
    ("AW", "Aruba", "en"),
    ("AZ", "Azerbaijan", "ru"),
    ("BD", "Bangladesh", "en"),
    ("BO", "Bolivia", "es"),
    ("BR", "Brazil", "pt-br"),
    ("CA", "Canada", "en"),
    ("CL", "Chile", "es"),
    ("CO", "Colombia", "es"),
    ("CR", "Costa Rica", "es"),
    ("CW", "Curaçao", "en"),
    ("CY", "Cyprus", "en"),
    ("DE", "Germany", "en"),
    ("EC", "Ecuador", "es"),
    ("EE", "Estonia", "en"),
    ("ES", "Spain", "es"),
    ("FI", "Finland", "en"),
    ("FR", "France", "en"),
    ("GB", "United Kingdom", "en"),
    ("GE", "Georgia", "ru"),
    ("GT", "Guatemala", "es"),
    ("IE", "Ireland", "en"),
    ("IN", "India", "en"),
    ("JP", "Japan", "en"),
    ("KG", "Kyrgyzstan", "ru"),
    ("KZ", "Kazakhstan", "ru"),
    ("LT", "Lithuania", "en"),
    ("LV", "Latvia", "en"),
    ("MD", "Moldova", "ru"),
    ("MF", "Saint Martin", "en"),
    ("MX", "Mexico", "es"),
    ("NG", "Nigeria", "en"),
    ("NL", "Netherlands", "en"),
    ("NO", "Norway", "en"),
    ("NZ", "New Zealand", "en"),
    ("PA", "Panama", "es"),
    ("PE", "Peru", "es"),
    ("PL", "Poland", "en"),
    ("PT", "Portugal", "pt-br"),
    ("PY", "Paraguay", "es"),
    ("RS", "Serbia", "en"),
    ("SE", "Sweden", "en"),
    ("TH", "Thailand", "en"),
    ("TJ", "Tajikistan", "ru"),
    ("TR", "Türkiye", "en"),
    ("UM", "United States Minor Outlying Islands", "en"),
    ("US", "United States", "en"),
    ("UY", "Uruguay", "es"),
    ("UZ", "Uzbekistan", "ru"),
    ("VE", "Venezuela", "es"),
    ("VN", "Vietnam", "en"),
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for (position, (code, locale_code, name)) in LOCALES.iter().enumerate() {
        sqlx::query(
            "INSERT INTO locales (code, locale_code, name, is_default, position) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(code)
        .bind(locale_code)
        .bind(name)
        .bind(position == 0)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
    }
    for (position, c) in CURRENCIES.iter().enumerate() {
        sqlx::query(
            "INSERT INTO currencies (code, kind, symbol, subunit_to_unit, rate, is_enabled, is_visible, is_base, position)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(c.code)
        .bind(if c.crypto { "crypto" } else { "fiat" })
        .bind(c.symbol)
        .bind(c.subunit_to_unit)
        .bind(c.rate_in_usd)
        .bind(c.enabled)
        .bind(c.visible)
        .bind(c.code == "USD")
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
        for (code, subunit_to_unit) in c.sub_currencies {
            sqlx::query(
                "INSERT INTO sub_currencies (currency_code, code, subunit_to_unit) VALUES (?, ?, ?)",
            )
            .bind(c.code)
            .bind(code)
            .bind(subunit_to_unit)
            .execute(&mut **tx)
            .await?;
        }
    }
    for (code, name, locale) in COUNTRIES {
        sqlx::query("INSERT INTO countries (code, name, locale) VALUES (?, ?, ?)")
            .bind(code)
            .bind(name)
            .bind(locale)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
