//! The sandbox's payment providers and their methods, per currency and region, named with the
//! spec's popular payment method names. Limits are minor units of each currency.

// Fiat amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

use sqlx::{Sqlite, Transaction};

struct Method {
    provider: &'static str,
    name: &'static str,
    display_name: &'static str,
    kind: &'static str,
    /// `None`: both directions.
    only: Option<&'static str>,
    network: Option<&'static str>,
    fee_percent: &'static str,
    /// (currency, min, max) in minor units.
    currencies: &'static [(&'static str, i64, i64)],
    /// Empty: offered everywhere.
    countries: &'static [&'static str],
}

/// Groups in display order: manual agents first (spec, section 9).
const GROUPS: &[(&str, &str)] = &[
    ("cash", "Cash agents"),
    ("card", "Cards"),
    ("wallet", "E-wallets"),
    ("bank", "Bank transfer"),
    ("crypto", "Crypto"),
];

const FIAT_LIMITS: &[(&str, i64, i64)] = &[
    ("USD", 10_00, 5_000_00),
    ("EUR", 10_00, 5_000_00),
    ("BRL", 50_00, 25_000_00),
    ("RUB", 1_000_00, 500_000_00),
    ("INR", 1_000_00, 500_000_00),
    ("UZS", 100_000_00, 60_000_000_00),
];

const CIS_AND_ASIA: &[&str] = &["UZ", "KZ", "KG", "TJ", "AZ", "AM", "GE", "IN", "BD", "TR"];
const LATIN_AMERICA: &[&str] = &[
    "AR", "BO", "BR", "CL", "CO", "CR", "EC", "GT", "MX", "PA", "PE", "PY", "UY", "VE",
];
const BANK_REGIONS: &[&str] = &[
    "AT", "BR", "CY", "DE", "EE", "ES", "FI", "FR", "GB", "IE", "LT", "LV", "NL", "NO", "PL", "PT",
    "SE", "US",
];

const fn method(
    provider: &'static str,
    name: &'static str,
    display_name: &'static str,
    kind: &'static str,
    currencies: &'static [(&'static str, i64, i64)],
) -> Method {
    Method {
        provider,
        name,
        display_name,
        kind,
        only: None,
        network: None,
        fee_percent: "0",
        currencies,
        countries: &[],
    }
}

const fn crypto(
    name: &'static str,
    display_name: &'static str,
    network: &'static str,
    currency: &'static [(&'static str, i64, i64)],
) -> Method {
    Method {
        network: Some(network),
        ..method("cryptowallet", name, display_name, "crypto", currency)
    }
}

const METHODS: &[Method] = &[
    Method {
        countries: CIS_AND_ASIA,
        ..method(
            "cashagent",
            "cashAgent",
            "Cash agent",
            "cash",
            &[
                ("USD", 5_00, 1_000_00),
                ("UZS", 50_000_00, 12_000_000_00),
                ("INR", 500_00, 100_000_00),
                ("RUB", 500_00, 100_000_00),
            ],
        )
    },
    method("card", "visa", "Visa", "card", FIAT_LIMITS),
    method("card", "masterCard", "Mastercard", "card", FIAT_LIMITS),
    Method {
        only: Some("deposit"),
        ..method(
            "card",
            "gpay",
            "Google Pay",
            "card",
            &[
                ("USD", 10_00, 5_000_00),
                ("EUR", 10_00, 5_000_00),
                ("BRL", 50_00, 25_000_00),
            ],
        )
    },
    Method {
        countries: &["UZ"],
        ..method(
            "card",
            "uzcard",
            "Uzcard",
            "card",
            &[("UZS", 10_000_00, 60_000_000_00)],
        )
    },
    Method {
        fee_percent: "1.5",
        ..method(
            "ewallet",
            "skrill",
            "Skrill",
            "wallet",
            &[("USD", 10_00, 10_000_00), ("EUR", 10_00, 10_000_00)],
        )
    },
    Method {
        fee_percent: "1.5",
        ..method(
            "ewallet",
            "neteller",
            "Neteller",
            "wallet",
            &[("USD", 10_00, 10_000_00), ("EUR", 10_00, 10_000_00)],
        )
    },
    method(
        "ewallet",
        "jeton",
        "Jeton",
        "wallet",
        &[("USD", 10_00, 10_000_00), ("EUR", 10_00, 10_000_00)],
    ),
    Method {
        countries: LATIN_AMERICA,
        ..method(
            "ewallet",
            "astroPay",
            "AstroPay",
            "wallet",
            &[("USD", 5_00, 5_000_00), ("BRL", 25_00, 25_000_00)],
        )
    },
    Method {
        countries: BANK_REGIONS,
        ..method(
            "bank",
            "bankTransfer",
            "Bank transfer",
            "bank",
            &[
                ("USD", 50_00, 50_000_00),
                ("EUR", 50_00, 50_000_00),
                ("BRL", 250_00, 250_000_00),
            ],
        )
    },
    crypto(
        "bitcoin",
        "Bitcoin",
        "Bitcoin",
        &[("BTC", 10_000, 100_000_000)],
    ),
    crypto(
        "ethereum",
        "Ethereum",
        "Ethereum",
        &[("ETH", 100_000, 1_000_000_000)],
    ),
    crypto(
        "tether",
        "Tether (ERC-20)",
        "Ethereum (ERC-20)",
        &[("USDT", 5_000_000, 50_000_000_000)],
    ),
    crypto(
        "tron",
        "Tether (TRC-20)",
        "TRON (TRC-20)",
        &[("USDT", 1_000_000, 50_000_000_000)],
    ),
    crypto(
        "toncoin",
        "Toncoin",
        "TON",
        &[("TON", 1_000_000_000, 10_000_000_000_000)],
    ),
];

/// Methods added after the first release, placed after `METHODS`.
const ADDED_ON_TON: &[Method] = &[crypto(
    "tetherTon",
    "Tether (TON)",
    crate::payments::crypto::TON_JETTON_NETWORK,
    &[("USDT", 1_000_000, 50_000_000_000)],
)];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    insert(tx, METHODS, 0).await
}

/// USDT on TON, paid with TON Connect like toncoin.
pub async fn seed_usdt_on_ton(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    insert(tx, ADDED_ON_TON, METHODS.len()).await
}

async fn insert(
    tx: &mut Transaction<'static, Sqlite>,
    methods: &[Method],
    first_position: usize,
) -> Result<(), sqlx::Error> {
    for direction in ["deposit", "withdrawal"] {
        for (position, m) in methods.iter().enumerate() {
            let position = first_position + position;
            if m.only.is_some_and(|only| only != direction) {
                continue;
            }
            let group_position = GROUPS
                .iter()
                .position(|(kind, _)| *kind == m.kind)
                .expect("every kind has a group");
            let id = format!("{}.{direction}.{}", m.provider, m.name);
            sqlx::query(
                "INSERT INTO payment_methods (id, provider, direction, name, display_name, kind,
                     group_name, group_position, position, network, fee_percent)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&id)
            .bind(m.provider)
            .bind(direction)
            .bind(m.name)
            .bind(m.display_name)
            .bind(m.kind)
            .bind(GROUPS[group_position].1)
            .bind(group_position as i64)
            .bind(position as i64)
            .bind(m.network)
            .bind(m.fee_percent)
            .execute(&mut **tx)
            .await?;
            for (currency, min, max) in m.currencies {
                sqlx::query(
                    "INSERT INTO payment_method_currencies (method_id, currency, min_amount, max_amount)
                     VALUES (?, ?, ?, ?)",
                )
                .bind(&id)
                .bind(currency)
                .bind(min)
                .bind(max)
                .execute(&mut **tx)
                .await?;
            }
            for country in m.countries {
                sqlx::query(
                    "INSERT INTO payment_method_countries (method_id, country) VALUES (?, ?)",
                )
                .bind(&id)
                .bind(country)
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    Ok(())
}
