//! USDT on TON through a TON Connect wallet, over real HTTP: the client looks up the player's USDT
//! jetton wallet, the wallet sends it a jetton `transfer` (TEP-74) naming the deposit wallet and
//! forwarding the invoice's comment, and the stand-in network settles the invoice by jetton amount
//! and comment, once. The deposit wallet itself is configuration.

use crate::common;
use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestPlatform, assert_refused, data};

const PLAYER_RAW: &str = "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8";
const PLAYER_BOUNCEABLE: &str = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N";
const USDT_MASTER: &str = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs";

/// Bits of one cell under construction, with its references.
#[derive(Default)]
struct Cell {
    bits: Vec<bool>,
    refs: Vec<Cell>,
}

impl Cell {
    fn uint(mut self, value: u128, width: usize) -> Self {
        self.bits
            .extend((0..width).rev().map(|bit| (value >> bit) & 1 == 1));
        self
    }

    fn coins(self, value: u128) -> Self {
        let length = (128 - value.leading_zeros() as usize).div_ceil(8);
        self.uint(length as u128, 4).uint(value, length * 8)
    }

    fn address(mut self, text: &str) -> Self {
        let bytes = base64::engine::general_purpose::URL_SAFE
            .decode(text)
            .expect("a user-friendly address");
        self = self.uint(0b100, 3).uint(u128::from(bytes[1]), 8);
        for byte in &bytes[2..34] {
            self = self.uint(u128::from(*byte), 8);
        }
        self
    }

    fn bytes(&self) -> Vec<u8> {
        let mut padded = self.bits.clone();
        if !padded.len().is_multiple_of(8) {
            padded.push(true);
            padded.resize(padded.len().div_ceil(8) * 8, false);
        }
        padded
            .chunks(8)
            .map(|byte| byte.iter().fold(0u8, |b, bit| (b << 1) | u8::from(*bit)))
            .collect()
    }
}

/// A bag of cells of a root with at most one level of references, as TON's SDKs lay it out.
fn boc(root: &Cell) -> String {
    let mut cells: Vec<u8> = Vec::new();
    let descriptor = |cell: &Cell| {
        let full = cell.bits.len() / 8 * 2 + usize::from(!cell.bits.len().is_multiple_of(8));
        vec![cell.refs.len() as u8, full as u8]
    };
    cells.extend(descriptor(root));
    cells.extend(root.bytes());
    cells.extend((1..=root.refs.len()).map(|index| index as u8));
    for child in &root.refs {
        cells.extend(descriptor(child));
        cells.extend(child.bytes());
    }
    let count = 1 + root.refs.len() as u8;
    let mut bytes = vec![
        0xb5,
        0xee,
        0x9c,
        0x72,
        0x41,
        0x01,
        count,
        1,
        0,
        cells.len() as u8,
        0,
    ];
    bytes.extend(cells);
    bytes.extend([0, 0, 0, 0]);
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A jetton `transfer` of `units` to `destination`, forwarding 1 nanoton and `comment`.
fn jetton_transfer(units: u128, destination: &str, comment: &str) -> String {
    let mut forward = Cell::default().uint(0, 32);
    for byte in comment.bytes() {
        forward = forward.uint(u128::from(byte), 8);
    }
    let mut body = Cell::default()
        .uint(0x0f8a_7ea5, 32)
        .uint(42, 64)
        .coins(units)
        .address(destination)
        .address(PLAYER_BOUNCEABLE)
        .uint(0, 1)
        .coins(1)
        .uint(1, 1);
    body.refs.push(forward);
    boc(&body)
}

async fn usdt_deposit(platform: &TestPlatform) -> (String, Value) {
    let (_, token) = platform.player("jetton@example.com", "USD").await;
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/wallet/accounts",
            Some(&token),
            Some(json!({ "currency": "USDT" })),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, invoice) = platform
        .call(
            Method::POST,
            "/api/payment/invoices/deposit",
            Some(&token),
            Some(json!({
                "paymentMethod": "cryptowallet.deposit.tetherTon",
                "amount": 12_500_000,
                "currency": "USDT",
            })),
        )
        .await;
    assert_eq!(status, 201, "{invoice}");
    (token, invoice)
}

async fn jetton_wallet(platform: &TestPlatform, owner: &str, master: &str) -> (u16, Value) {
    platform
        .get(&format!(
            "/api/payment/ton/jetton-wallet?owner={owner}&master={master}"
        ))
        .await
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

#[tokio::test]
async fn a_player_looks_up_their_own_jetton_wallet() {
    let platform = common::spawn().await;
    let (status, found) = jetton_wallet(&platform, PLAYER_RAW, USDT_MASTER).await;
    assert_eq!(status, 200, "{found}");
    let address = found["address"].as_str().unwrap_or_default();
    assert!(address.starts_with("EQ") && address.len() == 48, "{found}");
    // The same for any form of the owner; another owner has another.
    assert_eq!(
        jetton_wallet(&platform, PLAYER_BOUNCEABLE, USDT_MASTER)
            .await
            .1,
        found
    );
    let other = jetton_wallet(&platform, USDT_MASTER, USDT_MASTER).await.1;
    assert_ne!(other["address"], found["address"]);

    let (status, body) = jetton_wallet(&platform, PLAYER_RAW, PLAYER_BOUNCEABLE).await;
    assert_refused(status, &body, 422, "unknown_jetton");
    let (status, body) = jetton_wallet(&platform, "EQCD39VS5jcptHL8", USDT_MASTER).await;
    assert_refused(status, &body, 422, "ton_address_malformed");
    assert!(body["fields"]["owner"].is_string(), "{body}");
}

#[tokio::test]
async fn a_jetton_transfer_through_the_players_jetton_wallet_settles_usdt_once() {
    let platform = common::spawn().await;
    let (token, invoice) = usdt_deposit(&platform).await;
    let id = invoice["id"].as_str().unwrap_or_default();
    let deposit_wallet = invoice["publicData"]["address"]
        .as_str()
        .unwrap_or_default();
    let own = jetton_wallet(&platform, PLAYER_RAW, USDT_MASTER).await.1;
    let own = own["address"].as_str().unwrap_or_default();
    let message = |units: u128, to: &str, nanotons: &str| {
        json!({
            "from": PLAYER_RAW, "to": to, "amount": nanotons,
            "payloadBoc": jetton_transfer(units, deposit_wallet, id),
        })
    };

    // One unit short settles nothing, and staff see it with its reason.
    let (status, short) = send(&platform, message(12_499_999, own, "50000000")).await;
    assert_eq!(status, 201, "{short}");
    assert_eq!(
        (&short["status"], &short["reason"], &short["invoiceId"]),
        (&json!("unmatched"), &json!("wrong_amount"), &json!(id)),
        "{short}"
    );
    assert_eq!(platform.balance(&token, "USDT").await, 0);
    let (_, unmatched) = platform
        .get("/api/sandbox/ton/transfers?status=unmatched")
        .await;
    assert_eq!(data(&unmatched)[0]["jettonAmount"], "12499999");

    // Not the sender's own jetton wallet, or too little toncoin for the fees: the network refuses.
    let (status, body) = send(&platform, message(12_500_000, deposit_wallet, "50000000")).await;
    assert_refused(status, &body, 422, "not_a_jetton_wallet");
    let (status, body) = send(&platform, message(12_500_000, own, "1")).await;
    assert_refused(status, &body, 422, "insufficient_fees");

    let (status, paid) = send(&platform, message(12_500_000, own, "50000000")).await;
    assert_eq!(status, 201, "{paid}");
    assert_eq!(
        (
            &paid["status"],
            &paid["from"],
            &paid["to"],
            &paid["jetton"],
            &paid["jettonAmount"],
            &paid["amount"],
            &paid["payload"],
        ),
        (
            &json!("settled"),
            &json!(PLAYER_BOUNCEABLE),
            &json!(deposit_wallet),
            &json!(USDT_MASTER),
            &json!("12500000"),
            &Value::Null,
            &json!(id),
        ),
        "{paid}"
    );
    assert_eq!(platform.balance(&token, "USDT").await, 12_500_000);

    // The same transfer again pays nothing more.
    let (_, again) = send(&platform, message(12_500_000, own, "50000000")).await;
    assert_eq!(again["reason"], "invoice_not_pending", "{again}");
    assert_eq!(platform.balance(&token, "USDT").await, 12_500_000);
}

#[tokio::test]
async fn deposits_go_to_the_configured_wallet() {
    let platform = common::spawn_with(&[("TON_DEPOSIT_WALLET", PLAYER_RAW)]).await;
    let (_, invoice) = usdt_deposit(&platform).await;
    assert_eq!(invoice["publicData"]["address"], PLAYER_BOUNCEABLE);
    let sandbox = common::spawn().await;
    let (_, invoice) = usdt_deposit(&sandbox).await;
    assert_eq!(
        invoice["publicData"]["address"],
        platform::config::SANDBOX_TON_DEPOSIT_WALLET
    );
}
