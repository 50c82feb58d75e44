//! Payment methods, invoices and the sandbox providers over real HTTP against a fresh database,
//! including the money invariants under concurrency.

// Fiat amounts are written units_cents (`10_00` is 10.00).
#![allow(clippy::inconsistent_digit_grouping)]

use crate::common;
use crate::common::next_json;

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::TestPlatform;

/// The spec's popular payment method names, plus `toncoin` and `tetherTon` for the direct TON
/// wallet the spec asks for without naming it (toncoin and USDT on TON).
const METHOD_NAMES: &[&str] = &[
    "bitcoin",
    "ethereum",
    "tether",
    "tron",
    "visa",
    "gpay",
    "masterCard",
    "cashAgent",
    "uzcard",
    "neteller",
    "astroPay",
    "bankTransfer",
    "skrill",
    "jeton",
    "toncoin",
    "tetherTon",
];

async fn methods(platform: &TestPlatform, path: &str, headers: &[(&str, &str)]) -> Value {
    let (status, body) = platform.get_with(path, headers).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Method ids in display order.
fn method_ids(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["paymentMethods"].as_array().expect("methods").iter())
        .map(|m| m["id"].as_str().expect("id").to_owned())
        .collect()
}

fn method<'a>(body: &'a Value, id: &str) -> &'a Value {
    body["data"]
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|g| g["paymentMethods"].as_array().expect("methods").iter())
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("{id} in {body}"))
}

async fn open_account(platform: &TestPlatform, token: &str, currency: &str) {
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/wallet/accounts",
            Some(token),
            Some(json!({ "currency": currency })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

async fn create_invoice(
    platform: &TestPlatform,
    token: &str,
    direction: &str,
    body: Value,
) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/payment/invoices/{direction}"),
            Some(token),
            Some(body),
        )
        .await
}

async fn deposit(
    platform: &TestPlatform,
    token: &str,
    method: &str,
    amount: i64,
    currency: &str,
) -> Value {
    let (status, invoice) = create_invoice(
        platform,
        token,
        "deposit",
        json!({ "paymentMethod": method, "amount": amount, "currency": currency }),
    )
    .await;
    assert_eq!(status, 201, "{invoice}");
    assert_eq!(invoice["status"], 1);
    invoice
}

async fn settle(platform: &TestPlatform, invoice_id: &str, status: i64) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/sandbox/invoices/{invoice_id}/settle"),
            None,
            Some(json!({ "status": status })),
        )
        .await
}

fn id_of(invoice: &Value) -> String {
    invoice["id"].as_str().expect("invoice id").to_owned()
}

#[tokio::test]
async fn methods_are_offered_per_currency_and_region_with_manual_agents_first() {
    let platform = common::spawn().await;

    let uz = methods(
        &platform,
        "/api/payment/methods/deposit?currency=USD&country=uz",
        &[],
    )
    .await;
    let ids = method_ids(&uz);
    assert_eq!(uz["data"][0]["name"], "Cash agents", "{uz}");
    assert_eq!(ids[0], "cashagent.deposit.cashAgent", "{ids:?}");
    for id in [
        "card.deposit.visa",
        "card.deposit.masterCard",
        "card.deposit.gpay",
    ] {
        assert!(ids.contains(&id.to_owned()), "{id} in {ids:?}");
    }
    // Bank transfer and AstroPay are not offered in Uzbekistan.
    assert!(
        !ids.iter()
            .any(|id| id.ends_with("bankTransfer") || id.ends_with("astroPay"))
    );
    let visa = method(&uz, "card.deposit.visa");
    assert_eq!(
        (
            &visa["name"],
            &visa["displayName"],
            &visa["currency"],
            &visa["kind"]
        ),
        (
            &json!("visa"),
            &json!("Visa"),
            &json!("USD"),
            &json!("card")
        )
    );
    assert_eq!(
        (visa["minAmount"].as_i64(), visa["maxAmount"].as_i64()),
        (Some(10_00), Some(5_000_00))
    );

    // Without a country in the query the visitor's country header decides; the query wins.
    let by_header = methods(
        &platform,
        "/api/payment/methods/deposit?currency=USD",
        &[("cf-ipcountry", "UZ")],
    )
    .await;
    assert_eq!(method_ids(&by_header), ids);
    let br = methods(
        &platform,
        "/api/payment/methods/deposit?currency=USD&country=BR",
        &[("cf-ipcountry", "UZ")],
    )
    .await;
    let br_ids = method_ids(&br);
    assert!(
        !br_ids.iter().any(|id| id.contains("cashAgent")),
        "{br_ids:?}"
    );
    assert!(br_ids.contains(&"ewallet.deposit.astroPay".to_owned()));
    assert!(br_ids.contains(&"bank.deposit.bankTransfer".to_owned()));
    // Nowhere known: only what is offered everywhere.
    let anywhere =
        method_ids(&methods(&platform, "/api/payment/methods/deposit?currency=USD", &[]).await);
    assert!(anywhere.contains(&"card.deposit.visa".to_owned()));
    assert!(
        !anywhere
            .iter()
            .any(|id| id.contains("cashAgent") || id.contains("bankTransfer"))
    );

    // Uzcard is for soʻm in Uzbekistan.
    let uzs = method_ids(
        &methods(
            &platform,
            "/api/payment/methods/deposit?currency=UZS&country=UZ",
            &[],
        )
        .await,
    );
    assert_eq!(uzs[0], "cashagent.deposit.cashAgent");
    assert!(uzs.contains(&"card.deposit.uzcard".to_owned()), "{uzs:?}");

    // Direct crypto wallets for TON, USDT, ETH and BTC.
    for (currency, expected) in [
        ("BTC", vec!["cryptowallet.deposit.bitcoin"]),
        ("ETH", vec!["cryptowallet.deposit.ethereum"]),
        (
            "USDT",
            vec![
                "cryptowallet.deposit.tether",
                "cryptowallet.deposit.tron",
                "cryptowallet.deposit.tetherTon",
            ],
        ),
        ("TON", vec!["cryptowallet.deposit.toncoin"]),
    ] {
        let body = methods(
            &platform,
            &format!("/api/payment/methods/deposit?currency={currency}&country=DE"),
            &[],
        )
        .await;
        assert_eq!(method_ids(&body), expected, "{currency}");
        for id in expected {
            let m = method(&body, id);
            assert_eq!(
                (&m["kind"], &m["currency"]),
                (&json!("crypto"), &json!(currency))
            );
            assert!(m["network"].is_string(), "{m}");
        }
    }

    // Withdrawals: their own ids; Google Pay only pays in.
    let out = method_ids(
        &methods(
            &platform,
            "/api/payment/methods/withdrawal?currency=USD&country=UZ",
            &[],
        )
        .await,
    );
    assert_eq!(out[0], "cashagent.withdrawal.cashAgent");
    assert!(out.contains(&"card.withdrawal.visa".to_owned()));
    assert!(!out.iter().any(|id| id.contains("gpay")));

    // Every id is provider.direction.name with a name of the spec's.
    let all = methods(&platform, "/api/payment/methods/deposit?country=UZ", &[]).await;
    let all_ids = method_ids(&all);
    assert!(all_ids.len() > 20, "{all_ids:?}");
    for id in all_ids {
        let parts: Vec<&str> = id.split('.').collect();
        assert_eq!(parts.len(), 3, "{id}");
        assert_eq!(parts[1], "deposit", "{id}");
        assert!(METHOD_NAMES.contains(&parts[2]), "{id}");
    }

    for bad in ["country=USA", "country=1x", "currency=US%20D"] {
        let (status, body) = platform
            .get(&format!("/api/payment/methods/deposit?{bad}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_query")),
            "{bad}"
        );
    }
    let (status, body) = platform
        .get("/api/payment/methods/deposit?currency=XYZ")
        .await;
    assert_eq!((status, &body["data"]), (200, &json!([])));
}

/// A client that shows redirects instead of following them.
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

fn page_token(html: &str) -> String {
    let start = html.find("name=\"token\" value=\"").expect("token field") + 20;
    html[start..].split('"').next().expect("token").to_owned()
}

#[tokio::test]
async fn a_card_deposit_is_paid_on_the_payment_page_and_credited_once() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let invoice = deposit(&platform, &token, "card.deposit.visa", 25_00, "USD").await;
    let id = id_of(&invoice);
    let page = format!("/sandbox/payments/{id}");
    assert_eq!(invoice["redirectUrl"], page);
    assert_eq!(invoice["type"], "deposit");
    assert_eq!(invoice["event"], "invoice.deposit.updated");
    assert_eq!(invoice["number"], Value::Null);

    let client = no_redirects();
    let response = client
        .get(format!("{}{page}", platform.base))
        .send()
        .await
        .expect("page");
    assert_eq!(response.status(), 200);
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .expect("csp")
        .to_owned();
    assert!(csp.contains("form-action 'self'"), "{csp}");
    let html = response.text().await.expect("html");
    assert!(
        html.contains("25 USD") && html.contains("Approve") && html.contains("Decline"),
        "{html}"
    );
    let token_of_page = page_token(&html);

    // A form without the page's token is refused and changes nothing.
    let forged = client
        .post(format!("{}{page}", platform.base))
        .form(&[("token", "forged"), ("decision", "approve")])
        .send()
        .await
        .expect("forged");
    assert_eq!(forged.status(), 403);
    assert_eq!(platform.balance(&token, "USD").await, 0);

    let approve = || {
        client
            .post(format!("{}{page}", platform.base))
            .form(&[("token", token_of_page.as_str()), ("decision", "approve")])
            .send()
    };
    let approved = approve().await.expect("approve");
    assert_eq!(approved.status(), 303);
    assert_eq!(
        approved.headers()["location"],
        format!("/wallet?deposit-success={id}").as_str()
    );
    assert_eq!(platform.balance(&token, "USD").await, 25_00);

    // A second click, and the provider's callback after it, credit nothing more.
    let again = approve().await.expect("approve again");
    assert_eq!(again.status(), 303);
    let (status, body) = settle(&platform, &id, 2).await;
    common::assert_refused(status, &body, 409, "invoice_settled");
    assert_eq!(platform.balance(&token, "USD").await, 25_00);

    let (_, list) = platform.get_as(&token, "/api/payment/invoices").await;
    assert_eq!(list["data"][0]["status"], 2);
    assert_eq!(list["data"][0]["number"], 1);
    assert_eq!(list["data"][0]["redirectUrl"], Value::Null);

    // Declining on the page fails the deposit and sends the player to the error modal.
    let declined = deposit(&platform, &token, "card.deposit.masterCard", 10_00, "USD").await;
    let page = format!("/sandbox/payments/{}", id_of(&declined));
    let html = client
        .get(format!("{}{page}", platform.base))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    let response = client
        .post(format!("{}{page}", platform.base))
        .form(&[
            ("token", page_token(&html).as_str()),
            ("decision", "decline"),
        ])
        .send()
        .await
        .expect("decline");
    assert_eq!(
        response.headers()["location"],
        format!("/wallet?deposit-error={}", id_of(&declined)).as_str()
    );
    assert_eq!(platform.balance(&token, "USD").await, 25_00);

    let missing = client
        .get(format!("{}/sandbox/payments/nope", platform.base))
        .send()
        .await
        .expect("404");
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn a_crypto_deposit_settles_exactly_once() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    open_account(&platform, &token, "BTC").await;
    let invoice = deposit(
        &platform,
        &token,
        "cryptowallet.deposit.bitcoin",
        150_000,
        "BTC",
    )
    .await;
    let data = &invoice["publicData"];
    let address = data["address"].as_str().expect("address");
    assert!(address.starts_with("bc1q"), "{data}");
    assert_eq!(data["network"], "Bitcoin");
    assert_eq!(data["qr"], format!("bitcoin:{address}?amount=0.0015"));
    assert_eq!(invoice["redirectUrl"], Value::Null);

    let id = id_of(&invoice);
    let (status, settled) = settle(&platform, &id, 2).await;
    assert_eq!(status, 200, "{settled}");
    assert_eq!(
        (settled["status"].as_i64(), settled["number"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(platform.balance(&token, "BTC").await, 150_000);
    for status in [2, 3] {
        let (code, body) = settle(&platform, &id, status).await;
        common::assert_refused(code, &body, 409, "invoice_settled");
    }
    assert_eq!(platform.balance(&token, "BTC").await, 150_000);

    // A failed deposit credits nothing.
    let failing = deposit(
        &platform,
        &token,
        "cryptowallet.deposit.bitcoin",
        200_000,
        "BTC",
    )
    .await;
    let (status, failed) = settle(&platform, &id_of(&failing), 3).await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            failed["status"].as_i64(),
            &failed["number"],
            failed["failureReason"].as_str()
        ),
        (Some(3), &Value::Null, Some("declined_by_provider"))
    );
    assert_eq!(platform.balance(&token, "BTC").await, 150_000);

    for (path, status, code) in [
        ("nope", 2, (404, "invoice_not_found")),
        (id.as_str(), 1, (422, "invalid_status")),
    ] {
        let (got, body) = settle(&platform, path, status).await;
        assert_eq!((got, body["code"].as_str()), (code.0, Some(code.1)));
    }
}

#[tokio::test]
async fn successful_deposits_are_numbered_1_2_3_and_counted_in_statistics() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let mut numbers = Vec::new();
    for outcome in [2, 3, 2, 2] {
        let invoice = deposit(&platform, &token, "card.deposit.visa", 10_00, "USD").await;
        let (status, settled) = settle(&platform, &id_of(&invoice), outcome).await;
        assert_eq!(status, 200);
        numbers.push(settled["number"].as_i64());
    }
    // The failed attempt takes no number: deposit 1 is the first-time deposit (ftd).
    assert_eq!(numbers, [Some(1), None, Some(2), Some(3)]);
    // A pending one has none yet.
    deposit(&platform, &token, "card.deposit.visa", 10_00, "USD").await;

    let (status, stats) = platform
        .get_as(&token, "/api/payment/invoices/statistics")
        .await;
    assert_eq!(status, 200, "{stats}");
    assert_eq!(stats["depositsCount"], 3);
    assert_eq!(
        stats["data"],
        json!([
            {"type": "deposit", "status": 1, "currency": "USD", "count": 1, "amount": 10_00},
            {"type": "deposit", "status": 2, "currency": "USD", "count": 3, "amount": 30_00},
            {"type": "deposit", "status": 3, "currency": "USD", "count": 1, "amount": 10_00},
        ])
    );

    // Paged and filtered list, newest first.
    let (status, page) = platform
        .get_as(
            &token,
            "/api/payment/invoices?type=deposit&status=2&page=2&perPage=2",
        )
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        page["meta"],
        json!({"page": 2, "perPage": 2, "totalPages": 2, "totalRows": 3})
    );
    assert_eq!(page["data"][0]["number"], 1);
    let (_, withdrawals) = platform
        .get_as(&token, "/api/payment/invoices?type=withdrawal")
        .await;
    assert_eq!(withdrawals["data"], json!([]));
    platform
        .assert_invalid_queries(
            &token,
            "/api/payment/invoices?",
            &["type=refund", "status=4", "perPage=0", "page=0"],
        )
        .await;
}

#[tokio::test]
async fn the_invoice_list_narrows_to_a_currency_and_a_time_range() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    open_account(&platform, &token, "EUR").await;
    let pool = platform.pool().await;
    let now: String = sqlx::query_scalar("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
        .fetch_one(&pool)
        .await
        .unwrap();
    deposit(&platform, &token, "card.deposit.visa", 10_00, "USD").await;
    deposit(&platform, &token, "card.deposit.visa", 20_00, "USD").await;
    deposit(&platform, &token, "card.deposit.visa", 30_00, "EUR").await;
    // One invoice of last year, as if made then.
    let old = deposit(&platform, &token, "card.deposit.visa", 40_00, "USD").await;
    sqlx::query("UPDATE invoices SET created_at = '2025-06-15T12:00:00.000Z' WHERE id = ?")
        .bind(id_of(&old))
        .execute(&pool)
        .await
        .unwrap();

    let amounts = |page: &Value| -> Vec<i64> {
        page["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["amount"].as_i64().unwrap())
            .collect()
    };
    let (status, eur) = platform
        .get_as(&token, "/api/payment/invoices?currency=EUR")
        .await;
    assert_eq!(status, 200, "{eur}");
    assert_eq!(amounts(&eur), [30_00]);
    assert_eq!(eur["meta"]["totalRows"], 1);

    let (_, recent_usd) = platform
        .get_as(
            &token,
            &format!("/api/payment/invoices?currency=USD&createdFrom={now}"),
        )
        .await;
    assert_eq!(amounts(&recent_usd), [20_00, 10_00]);

    // A day in local time (UTC+3) that holds the old invoice: 2025-06-15 00:00 to 2025-06-16 00:00.
    let (status, that_day) = platform
        .get_as(
            &token,
            "/api/payment/invoices?createdFrom=2025-06-15T00:00:00%2B03:00&createdBefore=2025-06-16T00:00:00%2B03:00",
        )
        .await;
    assert_eq!(status, 200, "{that_day}");
    assert_eq!(amounts(&that_day), [40_00]);
    let (_, before_it) = platform
        .get_as(
            &token,
            "/api/payment/invoices?createdBefore=2025-06-15T12:00:00Z",
        )
        .await;
    assert_eq!(before_it["meta"]["totalRows"], 0, "the range is half-open");

    platform
        .assert_invalid_queries(
            &token,
            "/api/payment/invoices?",
            &[
                "currency=usd",
                "currency=US%27D",
                "createdFrom=2025-06-15",
                "createdBefore=tomorrow",
                "createdFrom=2025-06-16T00:00:00Z&createdBefore=2025-06-15T00:00:00Z",
            ],
        )
        .await;
}

#[tokio::test]
async fn a_withdrawal_holds_its_amount_at_once_and_returns_it_when_declined() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 100_00).await;
    let request = |amount: i64| json!({ "paymentMethod": "card.withdrawal.visa", "amount": amount, "currency": "USD" });

    let (status, held) = create_invoice(&platform, &token, "withdrawal", request(30_00)).await;
    assert_eq!(status, 201, "{held}");
    assert_eq!(
        (held["type"].as_str(), held["status"].as_i64()),
        (Some("withdrawal"), Some(1))
    );
    assert_eq!(held["event"], "invoice.withdrawal.updated");
    assert_eq!(platform.balance(&token, "USD").await, 70_00);

    let decline_path = format!("/api/payment/invoices/{}/decline", id_of(&held));
    let (status, declined) = platform.put_as(&token, &decline_path).await;
    assert_eq!(status, 200, "{declined}");
    assert_eq!(
        (
            declined["status"].as_i64(),
            declined["failureReason"].as_str()
        ),
        (Some(3), Some("declined_by_player"))
    );
    assert_eq!(platform.balance(&token, "USD").await, 100_00);
    let (status, body) = platform.put_as(&token, &decline_path).await;
    common::assert_refused(status, &body, 409, "invoice_settled");
    assert_eq!(platform.balance(&token, "USD").await, 100_00);

    // Paid out: the held money is gone for good. Failed: it comes back.
    let (_, paid) = create_invoice(&platform, &token, "withdrawal", request(40_00)).await;
    assert_eq!(settle(&platform, &id_of(&paid), 2).await.0, 200);
    assert_eq!(platform.balance(&token, "USD").await, 60_00);
    let (_, failed) = create_invoice(&platform, &token, "withdrawal", request(20_00)).await;
    assert_eq!(platform.balance(&token, "USD").await, 40_00);
    assert_eq!(settle(&platform, &id_of(&failed), 3).await.0, 200);
    assert_eq!(platform.balance(&token, "USD").await, 60_00);

    let (status, body) = create_invoice(&platform, &token, "withdrawal", request(60_01)).await;
    common::assert_refused(status, &body, 422, "insufficient_funds");
    assert_eq!(platform.balance(&token, "USD").await, 60_00);

    // A crypto withdrawal needs the address to pay to.
    open_account(&platform, &token, "USDT").await;
    platform.set_balance(player, "USDT", 50_000_000).await;
    let crypto = |fields: Value| json!({ "paymentMethod": "cryptowallet.withdrawal.tron", "amount": 10_000_000, "currency": "USDT", "fields": fields });
    let (status, body) = create_invoice(&platform, &token, "withdrawal", crypto(json!({}))).await;
    common::assert_refused(status, &body, 422, "validation_failed");
    assert!(body["fields"]["wallet_id"].is_string(), "{body}");
    let (status, body) = create_invoice(
        &platform,
        &token,
        "withdrawal",
        crypto(json!({"wallet_id": "TXYZ<script>"})),
    )
    .await;
    common::assert_refused(status, &body, 422, "validation_failed");
    let (status, body) = create_invoice(
        &platform,
        &token,
        "withdrawal",
        crypto(json!({"wallet_id": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["publicData"],
        json!({"address": "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "network": "TRON (TRC-20)"})
    );
    assert_eq!(platform.balance(&token, "USDT").await, 40_000_000);
}

#[tokio::test]
async fn invalid_amounts_and_unknown_methods_are_clear_4xx() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let visa = |amount: Value| json!({ "paymentMethod": "card.deposit.visa", "amount": amount, "currency": "USD" });
    for (amount, code) in [
        (json!(10.5), "invalid_amount"),
        (json!(1000.0), "invalid_amount"),
        (json!("1000"), "invalid_amount"),
        (json!(-500), "invalid_amount"),
        (json!(0), "invalid_amount"),
        (json!(null), "invalid_amount"),
        (json!(9_99), "amount_below_minimum"),
        (json!(5_000_01), "amount_above_maximum"),
        (json!(i64::MAX), "amount_above_maximum"),
        (json!(u64::MAX), "invalid_amount"),
    ] {
        let (status, body) =
            create_invoice(&platform, &token, "deposit", visa(amount.clone())).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (422, Some(code)),
            "{amount}: {body}"
        );
    }
    for (body, code) in [
        (
            json!({ "paymentMethod": "card.deposit.amex", "amount": 10_00, "currency": "USD" }),
            "payment_method_unavailable",
        ),
        // A withdrawal method is not a deposit method.
        (
            json!({ "paymentMethod": "card.withdrawal.visa", "amount": 10_00, "currency": "USD" }),
            "payment_method_unavailable",
        ),
        (
            json!({ "paymentMethod": "cryptowallet.deposit.bitcoin", "amount": 10_00, "currency": "USD" }),
            "payment_method_unavailable",
        ),
        // Visa takes euros, but this player has no euro account.
        (
            json!({ "paymentMethod": "card.deposit.visa", "amount": 10_00, "currency": "EUR" }),
            "account_not_found",
        ),
    ] {
        let (status, answer) = create_invoice(&platform, &token, "deposit", body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (422, Some(code)),
            "{body}: {answer}"
        );
    }
    let (status, body) = create_invoice(
        &platform,
        &token,
        "deposit",
        json!({ "paymentMethod": "card.deposit.visa", "amount": 10_00, "currency": "USD", "accountId": 999_999 }),
    )
    .await;
    common::assert_refused(status, &body, 404, "account_not_found");
    let (status, body) = create_invoice(
        &platform,
        &token,
        "deposit",
        json!({ "paymentMethod": "card.deposit.visa", "amount": 10_00, "currency": "USD", "bonus": true }),
    )
    .await;
    common::assert_refused(status, &body, 422, "invalid_json");
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/payment/invoices/deposit",
            None,
            Some(visa(json!(10_00))),
        )
        .await;
    common::assert_refused(status, &body, 401, "unauthorized");
    // Nothing was created by any of it.
    let (_, list) = platform.get_as(&token, "/api/payment/invoices").await;
    assert_eq!(list["meta"]["totalRows"], 0);
}

#[tokio::test]
async fn another_players_invoice_is_not_found() {
    let platform = common::spawn().await;
    let (_, ann) = platform.player("ann@example.com", "USD").await;
    let (_, bob) = platform.player("bob@example.com", "USD").await;
    let invoice = deposit(&platform, &ann, "card.deposit.visa", 10_00, "USD").await;
    let (status, body) = platform
        .put_as(
            &bob,
            &format!("/api/payment/invoices/{}/decline", id_of(&invoice)),
        )
        .await;
    common::assert_refused(status, &body, 404, "invoice_not_found");
    let (_, list) = platform.get_as(&bob, "/api/payment/invoices").await;
    assert_eq!(list["meta"]["totalRows"], 0);
    let (_, stats) = platform
        .get_as(&bob, "/api/payment/invoices/statistics")
        .await;
    assert_eq!(stats, json!({"data": [], "depositsCount": 0}));
    // Ann's invoice is untouched.
    let (_, list) = platform.get_as(&ann, "/api/payment/invoices").await;
    assert_eq!(list["data"][0]["status"], 1);
}

#[tokio::test]
async fn fifty_concurrent_withdrawals_of_10_against_100_accept_exactly_10() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 100_00).await;
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..50 {
        let client = platform.client.clone();
        let url = format!("{}/api/payment/invoices/withdrawal", platform.base);
        let token = token.clone();
        tasks.spawn(async move {
            let response = client
                .post(url)
                .bearer_auth(token)
                .json(&json!({ "paymentMethod": "card.withdrawal.visa", "amount": 10_00, "currency": "USD" }))
                .send()
                .await
                .expect("withdrawal");
            let status = response.status().as_u16();
            let body: Value = response.json().await.expect("JSON");
            (status, body["code"].as_str().map(str::to_owned))
        });
    }
    let mut accepted = 0;
    let mut refused = 0;
    while let Some(result) = tasks.join_next().await {
        match result.expect("task") {
            (201, _) => accepted += 1,
            (422, Some(code)) if code == "insufficient_funds" => refused += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    assert_eq!((accepted, refused), (10, 40));
    assert_eq!(platform.balance(&token, "USD").await, 0);
    let pool = platform.pool().await;
    let (held, negative): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT SUM(amount) FROM invoices WHERE player_id = ?1 AND type = 'withdrawal'),
                (SELECT COUNT(*) FROM accounts WHERE balance < 0)",
    )
    .bind(player)
    .fetch_one(&pool)
    .await
    .expect("sums");
    assert_eq!((held, negative), (100_00, 0));
}

#[tokio::test]
async fn a_deposit_settled_twice_at_once_credits_once() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let invoice = deposit(&platform, &token, "card.deposit.visa", 50_00, "USD").await;
    let url = format!(
        "{}/api/sandbox/invoices/{}/settle",
        platform.base,
        id_of(&invoice)
    );
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let client = platform.client.clone();
        let url = url.clone();
        tasks.spawn(async move {
            client
                .post(url)
                .json(&json!({"status": 2}))
                .send()
                .await
                .expect("settle")
                .status()
                .as_u16()
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = tasks.join_next().await {
        statuses.push(status.expect("task"));
    }
    statuses.sort_unstable();
    assert_eq!(statuses, [vec![200], vec![409; 9]].concat());
    assert_eq!(platform.balance(&token, "USD").await, 50_00);
}

#[tokio::test]
async fn invoice_and_balance_changes_are_published_to_the_player() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    let mut ws = platform
        .subscribed(
            &token,
            &[
                format!("wallet:accounts#{player}"),
                format!("payment:invoices#{player}"),
            ],
        )
        .await;

    let invoice = deposit(&platform, &token, "card.deposit.visa", 30_00, "USD").await;
    let mut pushes = Vec::new();
    while pushes.len() < 3 {
        if pushes.is_empty() {
            // The creation is published before the settle below.
            pushes.extend(next_json(&mut ws).await);
            assert_eq!(settle(&platform, &id_of(&invoice), 2).await.0, 200);
        } else {
            pushes.extend(next_json(&mut ws).await);
        }
    }
    let data = |i: usize| &pushes[i]["push"]["pub"]["data"];
    assert_eq!(
        pushes[0]["push"]["channel"],
        format!("payment:invoices#{player}")
    );
    assert_eq!(data(0)["event"], "invoice.deposit.updated");
    assert_eq!(
        (
            data(0)["invoice"]["id"].as_str(),
            data(0)["invoice"]["status"].as_i64()
        ),
        (invoice["id"].as_str(), Some(1))
    );
    assert_eq!(
        pushes[1]["push"]["channel"],
        format!("payment:invoices#{player}")
    );
    assert_eq!(
        (
            data(1)["invoice"]["status"].as_i64(),
            data(1)["invoice"]["number"].as_i64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(
        pushes[2]["push"]["channel"],
        format!("wallet:accounts#{player}")
    );
    assert_eq!(
        (
            data(2)["account"]["currency"].as_str(),
            data(2)["account"]["balance"].as_i64()
        ),
        (Some("USD"), Some(30_00))
    );
    assert_eq!(data(2)["accounts"][0]["balance"], 30_00);
}

#[tokio::test]
async fn the_same_deposit_sent_twice_at_once_makes_one_invoice() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("dup@example.com", "USD").await;
    let pay = json!({ "paymentMethod": "card.deposit.visa", "amount": 25_00, "currency": "USD" });

    // A double tap: both requests at once, one invoice.
    let (first, second) = tokio::join!(
        create_invoice(&platform, &token, "deposit", pay.clone()),
        create_invoice(&platform, &token, "deposit", pay.clone()),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{first:?} {second:?}");
    let (refused, created) = if first.0 == 409 {
        (first.1, second.1)
    } else {
        (second.1, first.1)
    };
    assert_eq!(refused["code"], "duplicate_invoice", "{refused}");
    let (status, page) = platform
        .get_as(&token, "/api/payment/invoices?type=deposit")
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"].as_array().map(Vec::len), Some(1), "{page}");

    // Another amount or method is another payment.
    let other = json!({ "paymentMethod": "card.deposit.visa", "amount": 26_00, "currency": "USD" });
    assert_eq!(
        create_invoice(&platform, &token, "deposit", other).await.0,
        201
    );
    let mastercard =
        json!({ "paymentMethod": "card.deposit.masterCard", "amount": 25_00, "currency": "USD" });
    assert_eq!(
        create_invoice(&platform, &token, "deposit", mastercard)
            .await
            .0,
        201
    );

    // Once the first is no longer pending, the same deposit may be made again.
    let decline_path = format!("/api/payment/invoices/{}/decline", id_of(&created));
    assert_eq!(platform.put_as(&token, &decline_path).await.0, 200);
    assert_eq!(
        create_invoice(&platform, &token, "deposit", pay).await.0,
        201
    );
}
