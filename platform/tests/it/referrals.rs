#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

//! The referral programme over HTTP: attribution from a launch's `ref_id`, earnings from the
//! invitee's real deposits, and the transfer into the wallet (idempotent, never paying twice).

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};
use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};

fn launch(id: i64, first_name: &str) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    sign(
        &InitData::for_user(User::new(id, first_name), now),
        SANDBOX_BOT_TOKEN,
    )
}

async fn balance(platform: &common::TestPlatform, token: &str, currency: &str) -> i64 {
    let accounts = platform.get_ok(token, "/api/wallet/accounts").await;
    common::data(&accounts)
        .iter()
        .find(|a| a["currency"] == currency)
        .map_or(0, |a| a["balance"].as_i64().unwrap())
}

async fn transfer(platform: &common::TestPlatform, token: &str, body: Value) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            "/api/referral/transfers",
            Some(token),
            Some(body),
        )
        .await
}

#[tokio::test]
async fn an_invited_players_deposits_earn_the_referrer_a_share_it_can_move_to_the_wallet_once() {
    let platform = common::spawn().await;
    let (referrer, token) = platform.player("host@example.com", "USD").await;

    let empty = platform.get_ok(&token, "/api/referral").await;
    assert_eq!(empty["startParam"], format!("ref_{referrer}"));
    assert_eq!(empty["sharePercent"], 10);
    assert_eq!(empty["referrals"], json!([]));
    assert_eq!(empty["balances"], json!([]));

    let (status, invited) = platform
        .call(
            Method::POST,
            "/api/player/tg_login",
            None,
            Some(json!({"tg_payload": launch(8101, "Friend"), "ref_id": referrer.to_string()})),
        )
        .await;
    assert_eq!(status, 200, "{invited}");
    let friend_token = invited["accessToken"].as_str().unwrap().to_owned();
    // A player who was not invited earns nobody anything.
    let (_, stranger) = platform.player("stranger@example.com", "USD").await;
    platform.deposit_settled(&stranger, 5_000, "USD").await;

    let joined = platform.get_ok(&token, "/api/referral").await;
    let referrals = joined["referrals"].as_array().unwrap();
    assert_eq!(referrals.len(), 1);
    assert_eq!(referrals[0]["number"], 1);
    assert_eq!(referrals[0]["name"], "Friend");
    assert_eq!(referrals[0]["state"], "registered");

    platform.deposit_settled(&friend_token, 2_550, "USD").await;
    platform.deposit_settled(&friend_token, 1_000, "USD").await;
    let earned = platform.get_ok(&token, "/api/referral").await;
    assert_eq!(earned["referrals"][0]["state"], "deposited");
    assert_eq!(
        earned["referrals"][0]["earned"],
        json!([{"currency": "USD", "amount": 355}])
    );
    assert_eq!(
        earned["balances"],
        json!([{"currency": "USD", "earned": 355, "transferred": 0, "available": 355}])
    );

    let before = balance(&platform, &token, "USD").await;
    let key = "0b8e2f6a-5d1c-4e7a-9f3b-2c6d8e1a4b7c";
    let (status, first) = transfer(
        &platform,
        &token,
        json!({"currency": "usd", "idempotencyKey": key}),
    )
    .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["amount"], 355);
    assert_eq!(balance(&platform, &token, "USD").await, before + 355);

    // The same transfer retried (its answer was lost): the first one, nothing paid again.
    let (status, again) = transfer(
        &platform,
        &token,
        json!({"currency": "USD", "idempotencyKey": key}),
    )
    .await;
    assert_eq!((status, &again), (200, &first));
    assert_eq!(balance(&platform, &token, "USD").await, before + 355);

    // A new key with nothing left: refused, nothing changes.
    let (status, refused) = transfer(
        &platform,
        &token,
        json!({"currency": "USD", "idempotencyKey": "another-key-123"}),
    )
    .await;
    common::assert_refused(status, &refused, 409, "nothing_to_transfer");
    let after = platform.get_ok(&token, "/api/referral").await;
    assert_eq!(
        after["balances"],
        json!([{"currency": "USD", "earned": 355, "transferred": 355, "available": 0}])
    );
}

#[tokio::test]
async fn bad_transfers_are_refused_with_a_clear_error() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("host2@example.com", "USD").await;
    for body in [
        json!({"currency": "USD", "idempotencyKey": "short"}),
        json!({"currency": "", "idempotencyKey": "0b8e2f6a-5d1c"}),
        json!({"currency": "USD", "idempotencyKey": "has spaces in it"}),
    ] {
        let (status, answer) = transfer(&platform, &token, body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["code"], "validation_failed");
    }
    let (status, _) = transfer(&platform, &token, json!({"currency": "USD"})).await;
    assert!(status == 400 || status == 422);
    let (status, answer) = platform
        .call(Method::GET, "/api/referral", None, None)
        .await;
    assert_eq!(status, 401, "{answer}");
}
