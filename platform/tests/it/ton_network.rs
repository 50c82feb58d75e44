//! The sandbox's stand-in for the TON network over real HTTP: TON and USDT-on-TON deposits carry
//! the exact transfer to send, the watcher settles an exact transfer once and keeps every other
//! one as unmatched for staff, and TON withdrawal addresses are checked and normalised.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestPlatform, assert_refused, data, next_json};

/// The example account of TON's documentation: a player's wallet, in three forms.
const PLAYER_RAW: &str = "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8";
const PLAYER_BOUNCEABLE: &str = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N";
const PLAYER_NON_BOUNCEABLE: &str = "UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI";
const USDT_MASTER: &str = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs";

async fn player_with(platform: &TestPlatform, currency: &str) -> (i64, String) {
    let (player, token) = platform.player("ton@example.com", "USD").await;
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/wallet/accounts",
            Some(&token),
            Some(json!({ "currency": currency })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    (player, token)
}

async fn deposit(
    platform: &TestPlatform,
    token: &str,
    method: &str,
    amount: i64,
    currency: &str,
) -> Value {
    let (status, invoice) = platform
        .call(
            Method::POST,
            "/api/payment/invoices/deposit",
            Some(token),
            Some(json!({ "paymentMethod": method, "amount": amount, "currency": currency })),
        )
        .await;
    assert_eq!(status, 201, "{invoice}");
    invoice
}

async fn send(platform: &TestPlatform, transfer: Value) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            "/api/sandbox/ton/transfers",
            None,
            Some(transfer),
        )
        .await
}

/// A transfer the network takes; its record.
async fn sent(platform: &TestPlatform, transfer: Value) -> Value {
    let (status, body) = send(platform, transfer).await;
    assert_eq!(status, 201, "{body}");
    body
}

async fn invoice_status(platform: &TestPlatform, token: &str, id: &str) -> i64 {
    let page = platform.get_ok(token, "/api/payment/invoices").await;
    data(&page)
        .iter()
        .find(|i| i["id"] == id)
        .and_then(|i| i["status"].as_i64())
        .unwrap_or_else(|| panic!("invoice {id} in {page}"))
}

fn text<'a>(value: &'a Value, field: &str) -> &'a str {
    value[field]
        .as_str()
        .unwrap_or_else(|| panic!("{field} in {value}"))
}

#[tokio::test]
async fn an_exact_ton_transfer_settles_its_invoice_once_and_the_balance_rises_live() {
    let platform = common::spawn().await;
    let (player, token) = player_with(&platform, "TON").await;
    let invoice = deposit(
        &platform,
        &token,
        "cryptowallet.deposit.toncoin",
        2_000_000_000,
        "TON",
    )
    .await;
    let id = text(&invoice, "id");
    let details = &invoice["publicData"];
    let wallet = text(details, "address");
    assert!(wallet.starts_with("EQ") && wallet.len() == 48, "{details}");
    assert_eq!(details["amount"], "2000000000", "{details}");
    assert_eq!(details["comment"], id, "{details}");
    assert_eq!(
        details["qr"],
        format!("ton://transfer/{wallet}?amount=2000000000&text={id}")
    );
    let mut ws = platform
        .subscribed(&token, &[format!("wallet:accounts#{player}")])
        .await;

    // Any written form of the addresses names the same accounts.
    let transfer = json!({
        "from": PLAYER_NON_BOUNCEABLE, "to": wallet, "amount": "2000000000", "payload": id,
    });
    let first = sent(&platform, transfer.clone()).await;
    assert_eq!(
        (
            text(&first, "status"),
            text(&first, "invoiceId"),
            text(&first, "from"),
            &first["reason"],
        ),
        ("settled", id, PLAYER_BOUNCEABLE, &Value::Null),
        "{first}"
    );
    let pushed = next_json(&mut ws).await;
    assert_eq!(
        pushed[0]["push"]["pub"]["data"]["account"]["balance"], 2_000_000_000,
        "{pushed:?}"
    );
    assert_eq!(platform.balance(&token, "TON").await, 2_000_000_000);
    assert_eq!(invoice_status(&platform, &token, id).await, 2);

    // The same transfer again is a second payment: it settles nothing and waits for staff.
    let again = sent(&platform, transfer).await;
    assert_eq!(
        (text(&again, "status"), text(&again, "reason")),
        ("unmatched", "invoice_not_pending"),
        "{again}"
    );
    assert_eq!(platform.balance(&token, "TON").await, 2_000_000_000);
}

#[tokio::test]
async fn a_wrong_amount_or_an_unknown_comment_settles_nothing_and_staff_see_it() {
    let platform = common::spawn().await;
    let (_, token) = player_with(&platform, "TON").await;
    let invoice = deposit(
        &platform,
        &token,
        "cryptowallet.deposit.toncoin",
        2_000_000_000,
        "TON",
    )
    .await;
    let id = text(&invoice, "id");
    let wallet = text(&invoice["publicData"], "address");
    let transfer = |amount: &str, payload: Value| json!({ "from": PLAYER_RAW, "to": wallet, "amount": amount, "payload": payload });
    let cases = [
        (transfer("1999999999", json!(id)), "wrong_amount"),
        (transfer("2000000001", json!(id)), "wrong_amount"),
        (
            transfer("2000000000", json!("no such invoice")),
            "unknown_comment",
        ),
        (transfer("2000000000", Value::Null), "unknown_comment"),
        (
            json!({ "from": PLAYER_RAW, "to": PLAYER_BOUNCEABLE, "amount": "2000000000", "payload": id }),
            "wrong_destination",
        ),
    ];
    for (transfer, reason) in &cases {
        let record = sent(&platform, transfer.clone()).await;
        assert_eq!(
            (text(&record, "status"), text(&record, "reason")),
            ("unmatched", *reason),
            "{transfer} gave {record}"
        );
    }
    assert_eq!(platform.balance(&token, "TON").await, 0);
    assert_eq!(invoice_status(&platform, &token, id).await, 1);

    let (status, listed) = platform
        .get("/api/sandbox/ton/transfers?status=unmatched")
        .await;
    assert_eq!(status, 200, "{listed}");
    let reasons: Vec<&str> = data(&listed).iter().map(|t| text(t, "reason")).collect();
    assert_eq!(
        reasons,
        [
            "wrong_destination",
            "unknown_comment",
            "unknown_comment",
            "wrong_amount",
            "wrong_amount",
        ]
    );
    assert_eq!(data(&listed)[4]["amount"], "1999999999");
    let (status, body) = platform.get("/api/sandbox/ton/transfers?status=lost").await;
    assert_refused(status, &body, 400, "invalid_status");

    // The invoice is still payable, here with the comment as a TON Connect message carries it.
    let boc = comment_boc(id);
    let paid = sent(
        &platform,
        json!({ "from": PLAYER_RAW, "to": wallet, "amount": "2000000000", "payloadBoc": boc }),
    )
    .await;
    assert_eq!(text(&paid, "status"), "settled", "{paid}");
    assert_eq!(paid["payload"], id);
    assert_eq!(platform.balance(&token, "TON").await, 2_000_000_000);
    let (_, settled) = platform
        .get("/api/sandbox/ton/transfers?status=settled")
        .await;
    assert_eq!(data(&settled).len(), 1, "{settled}");
}

/// A text comment as a one-cell bag of cells, the layout TON's SDKs write (1-byte sizes, no
/// index, a CRC32-C that the reader does not need).
fn comment_boc(comment: &str) -> String {
    use base64::Engine;
    let data = [&[0u8, 0, 0, 0][..], comment.as_bytes()].concat();
    let mut cell = vec![0, u8::try_from(data.len() * 2).expect("short comment")];
    cell.extend_from_slice(&data);
    let mut boc = vec![0xb5, 0xee, 0x9c, 0x72, 0x41, 0x01, 0x01, 0x01, 0x00];
    boc.push(u8::try_from(cell.len()).expect("short cell"));
    boc.push(0);
    boc.extend_from_slice(&cell);
    boc.extend_from_slice(&[0, 0, 0, 0]);
    base64::engine::general_purpose::STANDARD.encode(boc)
}

#[tokio::test]
async fn a_usdt_jetton_transfer_settles_its_invoice() {
    let platform = common::spawn().await;
    let (_, token) = player_with(&platform, "USDT").await;
    let invoice = deposit(
        &platform,
        &token,
        "cryptowallet.deposit.tetherTon",
        12_500_000,
        "USDT",
    )
    .await;
    let id = text(&invoice, "id");
    let details = &invoice["publicData"];
    assert_eq!(
        (
            &details["network"],
            &details["jettonMaster"],
            &details["jettonAmount"],
            &details["comment"],
            &details["amount"],
        ),
        (
            &json!("TON (jetton)"),
            &json!(USDT_MASTER),
            &json!("12500000"),
            &json!(id),
            &Value::Null,
        ),
        "{details}"
    );
    let wallet = text(details, "address");

    // Toncoin with the right comment and number is the wrong asset.
    let toncoin = sent(
        &platform,
        json!({ "from": PLAYER_RAW, "to": wallet, "amount": "12500000", "payload": id }),
    )
    .await;
    assert_eq!(text(&toncoin, "reason"), "wrong_asset", "{toncoin}");
    assert_eq!(platform.balance(&token, "USDT").await, 0);

    let paid = sent(
        &platform,
        json!({
            "from": PLAYER_RAW, "to": wallet, "jetton": USDT_MASTER, "jettonAmount": "12500000",
            "payload": id,
        }),
    )
    .await;
    assert_eq!(
        (
            text(&paid, "status"),
            text(&paid, "jettonAmount"),
            &paid["amount"]
        ),
        ("settled", "12500000", &Value::Null),
        "{paid}"
    );
    assert_eq!(platform.balance(&token, "USDT").await, 12_500_000);
}

#[tokio::test]
async fn bad_addresses_and_amounts_are_refused_with_their_codes() {
    let platform = common::spawn().await;
    let (player, token) = player_with(&platform, "TON").await;
    let mut typo = PLAYER_BOUNCEABLE.to_owned();
    typo.replace_range(10..11, "x");

    let transfer = |from: &str, amount: &str| json!({ "from": from, "to": PLAYER_BOUNCEABLE, "amount": amount, "payload": "x" });
    for (transfer, code, field) in [
        (transfer(&typo, "1"), "ton_address_checksum", "from"),
        (
            transfer("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "1"),
            "ton_address_malformed",
            "from",
        ),
        (transfer(PLAYER_RAW, "1.5"), "invalid_amount", "amount"),
        (transfer(PLAYER_RAW, "0"), "invalid_amount", "amount"),
        (transfer(PLAYER_RAW, "-1"), "invalid_amount", "amount"),
    ] {
        let (status, body) = send(&platform, transfer).await;
        assert_refused(status, &body, 422, code);
        assert!(body["fields"][field].is_string(), "{body}");
    }
    let (status, body) = send(
        &platform,
        json!({ "from": PLAYER_RAW, "to": PLAYER_RAW, "amount": "1", "jetton": USDT_MASTER, "jettonAmount": "1" }),
    )
    .await;
    assert_refused(status, &body, 422, "invalid_asset");
    let (status, body) = send(
        &platform,
        json!({ "from": PLAYER_RAW, "to": PLAYER_RAW, "amount": "1", "payloadBoc": "aGVsbG8=" }),
    )
    .await;
    assert_refused(status, &body, 422, "invalid_payload");
    let (_, listed) = platform.get("/api/sandbox/ton/transfers").await;
    assert!(
        data(&listed).is_empty(),
        "refused transfers are not recorded: {listed}"
    );

    // Withdrawals: a TON address must check out, and is kept in its bounceable form.
    platform.set_balance(player, "TON", 10_000_000_000).await;
    let withdraw = |address: &str| {
        json!({
            "paymentMethod": "cryptowallet.withdrawal.toncoin", "amount": 1_000_000_000,
            "currency": "TON", "fields": { "wallet_id": address },
        })
    };
    let test_network = "kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqKYH";
    for (address, code) in [
        (typo.as_str(), "ton_address_checksum"),
        (
            "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xq",
            "ton_address_malformed",
        ),
        (test_network, "ton_address_test_network"),
    ] {
        let (status, body) = platform
            .call(
                Method::POST,
                "/api/payment/invoices/withdrawal",
                Some(&token),
                Some(withdraw(address)),
            )
            .await;
        assert_refused(status, &body, 422, code);
        assert!(body["fields"]["wallet_id"].is_string(), "{body}");
    }
    assert_eq!(platform.balance(&token, "TON").await, 10_000_000_000);
    for address in [PLAYER_RAW, PLAYER_NON_BOUNCEABLE] {
        let (status, body) = platform
            .call(
                Method::POST,
                "/api/payment/invoices/withdrawal",
                Some(&token),
                Some(withdraw(address)),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(
            body["publicData"],
            json!({ "address": PLAYER_BOUNCEABLE, "network": "TON" })
        );
    }
}
