#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

fn currencies(body: &Value) -> Vec<(String, i64)> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["currency"].as_str().unwrap().to_owned(),
                a["status"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Opens a BTC account for the player of `token` (asked for in lower case: the currency is
/// normalised); its JSON.
async fn open_btc_account(platform: &common::TestPlatform, token: &str) -> Value {
    let (status, btc) = platform
        .post(
            "/api/wallet/accounts",
            Some(token),
            Some(json!({"currency": "btc"})),
        )
        .await;
    assert_eq!(status, 201, "{btc}");
    btc
}

#[tokio::test]
async fn accounts_are_created_switched_and_hidden_with_exactly_one_active() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;

    let btc = open_btc_account(&platform, &token).await;
    assert_eq!(
        (btc["currency"].as_str(), btc["status"].as_i64()),
        (Some("BTC"), Some(2))
    );

    let (status, body) = platform
        .post(
            "/api/wallet/accounts",
            Some(&token),
            Some(json!({"currency": "BTC"})),
        )
        .await;
    common::assert_refused(status, &body, 409, "account_exists");
    for unavailable in ["LTC", "UAH", "XXX"] {
        let (status, body) = platform
            .post(
                "/api/wallet/accounts",
                Some(&token),
                Some(json!({"currency": unavailable})),
            )
            .await;
        common::assert_refused(status, &body, 400, "currency_unavailable");
    }

    let btc_id = btc["id"].as_i64().unwrap();
    let (status, switched) = platform
        .call(
            Method::PUT,
            &format!("/api/wallet/accounts/{btc_id}/switch-account"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        currencies(&switched),
        [("BTC".to_owned(), 1), ("USD".to_owned(), 2)]
    );

    let (status, body) = platform
        .call(
            Method::PUT,
            &format!("/api/wallet/accounts/{btc_id}/hide"),
            Some(&token),
            None,
        )
        .await;
    common::assert_refused(status, &body, 409, "account_active");

    let usd_id = switched["data"][1]["id"].as_i64().unwrap();
    let (status, hidden) = platform
        .call(
            Method::PUT,
            &format!("/api/wallet/accounts/{usd_id}/hide"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(currencies(&hidden), [("BTC".to_owned(), 1)]);

    // Opening a hidden currency again brings the same account back.
    let (status, usd) = platform
        .post(
            "/api/wallet/accounts",
            Some(&token),
            Some(json!({"currency": "USD"})),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(usd["id"].as_i64(), Some(usd_id));
}

#[tokio::test]
async fn another_players_account_is_not_found() {
    let platform = common::spawn().await;
    let (_, ann) = platform.player("ann@example.com", "USD").await;
    let (_, bob) = platform.player("bob@example.com", "USD").await;
    let (_, accounts) = platform
        .call(Method::GET, "/api/wallet/accounts", Some(&ann), None)
        .await;
    let ann_account = accounts["data"][0]["id"].as_i64().unwrap();
    for path in ["switch-account", "hide"] {
        let (status, body) = platform
            .call(
                Method::PUT,
                &format!("/api/wallet/accounts/{ann_account}/{path}"),
                Some(&bob),
                None,
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("account_not_found")),
            "{path}"
        );
    }
}

#[tokio::test]
async fn converted_balances_are_exact_minor_units_of_the_base_currency() {
    let platform = common::spawn().await;
    let (id, token) = platform.player("cid@example.com", "EUR").await;
    platform
        .post(
            "/api/wallet/accounts",
            Some(&token),
            Some(json!({"currency": "BTC"})),
        )
        .await;
    let pool = platform.pool().await;
    sqlx::query("UPDATE accounts SET balance = CASE currency WHEN 'EUR' THEN 199 ELSE 50000000 END WHERE player_id = ?")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = platform
        .call(
            Method::GET,
            "/api/wallet/accounts/converted",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["baseCurrency"], "USD");
    // 1.99 EUR at 1.08 is 2.14 USD (rounded down); 0.5 BTC at 95000 is 47500.00 USD.
    assert_eq!(body["accounts"][0]["baseCurrencyBalance"], 214);
    assert_eq!(body["accounts"][1]["baseCurrencyBalance"], 4_750_000);
    assert_eq!(body["baseCurrencyTotalBalance"], 4_750_214);
}

/// Switches racing each other all succeed and leave exactly one active account: each transaction
/// takes the write lock before its read (a deferred one answered 500 "database is locked" when
/// another switch committed between its read and its write).
#[tokio::test]
async fn concurrent_switches_all_succeed_with_exactly_one_active() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("racer@example.com", "USD").await;
    let btc = open_btc_account(&platform, &token).await;
    let (_, accounts) = platform
        .call(Method::GET, "/api/wallet/accounts", Some(&token), None)
        .await;
    let ids: Vec<i64> = accounts["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|account| account["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{btc}");
    let switches = (0..40).map(|i| {
        let (platform, token, id) = (&platform, &token, ids[i % 2]);
        async move {
            platform
                .call(
                    Method::PUT,
                    &format!("/api/wallet/accounts/{id}/switch-account"),
                    Some(token),
                    None,
                )
                .await
                .0
        }
    });
    let statuses = futures_util::future::join_all(switches).await;
    assert!(statuses.iter().all(|&status| status == 200), "{statuses:?}");
    let (_, accounts) = platform
        .call(Method::GET, "/api/wallet/accounts", Some(&token), None)
        .await;
    let active = accounts["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|account| account["status"].as_i64() == Some(1))
        .count();
    assert_eq!(active, 1, "{accounts}");
}
