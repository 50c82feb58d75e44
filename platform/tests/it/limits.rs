// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]
// Fiat amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

//! Responsible-gambling limits over real HTTP: CRUD and validation, the cooling delay of
//! loosening changes, and enforcement on play (bet, loss, self-exclusion, cooling-off) and on
//! deposits (`13100`).

use crate::common;
use crate::common::next_json;

use crate::common::TestPlatform;
use reqwest::Method;
use serde_json::{Value, json};

const GAME: &str = "lucky-sevens";

async fn add_limit(platform: &TestPlatform, token: &str, body: Value) -> (u16, Value) {
    platform
        .call(Method::POST, "/api/player/limits", Some(token), Some(body))
        .await
}

/// A change of the limit at `path` (amount, period).
async fn change_limit(
    platform: &TestPlatform,
    token: &str,
    path: &str,
    body: Value,
) -> (u16, Value) {
    platform
        .call(Method::PUT, path, Some(token), Some(body))
        .await
}

/// A limit that must be accepted; returns it.
async fn added_limit(platform: &TestPlatform, token: &str, body: Value) -> Value {
    let (status, limit) = add_limit(platform, token, body).await;
    assert_eq!(status, 201, "{limit}");
    limit
}

async fn limits(platform: &TestPlatform, token: &str) -> Vec<Value> {
    let (status, body) = platform.get_as(token, "/api/player/limits").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn launch(platform: &TestPlatform, token: &str, demo: bool) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/game/games/{GAME}/play"),
            Some(token),
            Some(json!({ "demoMode": demo })),
        )
        .await
}

async fn deposit_methods(platform: &TestPlatform, token: Option<&str>) -> (u16, Value) {
    platform
        .call(
            Method::GET,
            "/api/payment/methods/deposit?currency=USD",
            token,
            None,
        )
        .await
}

/// Moves every pending change of the player's limits past its cooling delay.
async fn end_cooling_delays(platform: &TestPlatform, player_id: i64) {
    let pool = platform.pool().await;
    sqlx::query(
        "UPDATE player_limits SET pending_effective_at = '2020-01-01T00:00:00.000Z'
         WHERE player_id = ? AND pending_effective_at IS NOT NULL",
    )
    .bind(player_id)
    .execute(&pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn limits_are_created_tightened_at_once_and_loosened_or_removed_after_the_delay() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    assert!(limits(&platform, &token).await.is_empty());

    let limit = added_limit(
        &platform,
        &token,
        json!({"definition": 3, "period": "daily", "amount": 100_00, "currency": "usd"}),
    )
    .await;
    assert_eq!(
        (
            limit["definition"].as_i64(),
            limit["period"].as_str(),
            limit["amount"].as_i64(),
            limit["currency"].as_str(),
            limit["used"].as_i64(),
            limit["pendingRemoval"].as_bool(),
        ),
        (
            Some(3),
            Some("daily"),
            Some(100_00),
            Some("USD"),
            Some(0),
            Some(false)
        )
    );
    assert!(limit["effectiveAt"].is_null());
    let id = limit["id"].as_i64().unwrap();
    let path = format!("/api/player/limits/{id}");

    // Weekly and monthly limits sit beside the daily one; a second daily one does not.
    added_limit(
        &platform,
        &token,
        json!({"definition": 3, "period": "weekly", "amount": 300_00, "currency": "USD"}),
    )
    .await;
    let (status, body) = add_limit(
        &platform,
        &token,
        json!({"definition": 3, "period": "daily", "amount": 50_00, "currency": "USD"}),
    )
    .await;
    common::assert_refused(status, &body, 409, "limit.exists");
    assert_eq!(limits(&platform, &token).await.len(), 2);

    // Stricter: at once.
    let (status, lowered) = change_limit(&platform, &token, &path, json!({"amount": 80_00})).await;
    assert_eq!(status, 200, "{lowered}");
    assert_eq!(lowered["amount"], 80_00);
    assert!(lowered["pendingAmount"].is_null() && lowered["effectiveAt"].is_null());

    // Looser: waits 24 hours, the old amount holds meanwhile.
    let (status, raised) = change_limit(
        &platform,
        &token,
        &path,
        json!({"period": "daily", "amount": 200_00}),
    )
    .await;
    assert_eq!(status, 200, "{raised}");
    assert_eq!(
        (raised["amount"].as_i64(), raised["pendingAmount"].as_i64()),
        (Some(80_00), Some(200_00))
    );
    let effective_at = raised["effectiveAt"].as_str().unwrap();
    let updated_at = raised["updatedAt"].as_str().unwrap();
    assert!(
        effective_at > updated_at,
        "{effective_at} after {updated_at}"
    );
    assert_eq!(&effective_at[..2], "20");
    // Asking for the current terms again cancels the pending raise.
    let (_, kept) = change_limit(&platform, &token, &path, json!({"amount": 80_00})).await;
    assert!(kept["pendingAmount"].is_null() && kept["effectiveAt"].is_null());
    let (_, raised) = change_limit(&platform, &token, &path, json!({"amount": 200_00})).await;
    assert_eq!(raised["pendingAmount"], 200_00);
    end_cooling_delays(&platform, player).await;
    let applied = limits(&platform, &token).await;
    let applied = applied.iter().find(|l| l["id"] == id).unwrap();
    assert_eq!(applied["amount"], 200_00);
    assert!(applied["pendingAmount"].is_null());

    // A period change is a loosening too; the other limit's period is taken.
    let (status, body) = change_limit(&platform, &token, &path, json!({"period": "weekly"})).await;
    common::assert_refused(status, &body, 409, "limit.exists");
    let (status, body) = change_limit(&platform, &token, &path, json!({"period": "monthly"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["period"].as_str(), body["pendingPeriod"].as_str()),
        (Some("daily"), Some("monthly"))
    );

    // Removal waits too, and asking twice keeps the first date.
    let (status, removing) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    assert_eq!(status, 200, "{removing}");
    assert_eq!(removing["pendingRemoval"], true);
    let (_, again) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    assert_eq!(again["effectiveAt"], removing["effectiveAt"]);
    assert_eq!(limits(&platform, &token).await.len(), 2);
    end_cooling_delays(&platform, player).await;
    let left = limits(&platform, &token).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["period"], "weekly");

    // Another player's limit is not found.
    let (_, bob) = platform.player("bob@example.com", "USD").await;
    let other = format!("/api/player/limits/{}", left[0]["id"]);
    for method in [Method::PUT, Method::DELETE] {
        let (status, body) = platform
            .call(method, &other, Some(&bob), Some(json!({"amount": 1})))
            .await;
        common::assert_refused(status, &body, 404, "limit_not_found");
    }
    let (status, _) = platform
        .call(Method::GET, "/api/player/limits", None, None)
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn invalid_limits_are_refused_with_the_offending_field() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let cases = [
        (
            json!({"definition": 6, "period": "daily", "amount": 1, "currency": "USD"}),
            "definition",
        ),
        (json!({"definition": 0}), "definition"),
        (
            json!({"definition": 1, "amount": 100, "currency": "USD"}),
            "period",
        ),
        (
            json!({"definition": 1, "period": "yearly", "amount": 100, "currency": "USD"}),
            "period",
        ),
        (
            json!({"definition": 1, "period": "daily", "currency": "USD"}),
            "amount",
        ),
        (
            json!({"definition": 1, "period": "daily", "amount": 0, "currency": "USD"}),
            "amount",
        ),
        (
            json!({"definition": 2, "period": "daily", "amount": -5, "currency": "USD"}),
            "amount",
        ),
        (
            json!({"definition": 2, "period": "daily", "amount": 100}),
            "currency",
        ),
        (
            json!({"definition": 2, "period": "daily", "amount": 100, "currency": "XXX"}),
            "currency",
        ),
        (
            json!({"definition": 3, "period": "daily", "amount": 100, "currency": "USD", "days": 3}),
            "days",
        ),
        (json!({"definition": 4}), "period"),
        (
            json!({"definition": 4, "period": "daily", "days": 3}),
            "period",
        ),
        (json!({"definition": 4, "days": 0}), "days"),
        (json!({"definition": 4, "days": 1826}), "days"),
        (json!({"definition": 5, "days": 43}), "days"),
        (
            json!({"definition": 5, "period": "daily", "amount": 100}),
            "amount",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) = add_limit(&platform, &token, body.clone()).await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert_eq!(answer["code"], "validation_failed", "{body}");
        assert!(answer["fields"][field].is_string(), "{body}: {answer}");
    }
    for body in [
        json!({"definition": "bet"}),
        json!({"definition": 1, "period": "daily", "amount": 1.5, "currency": "USD"}),
        json!({"definition": 1, "extra": true}),
    ] {
        let (status, _) = add_limit(&platform, &token, body.clone()).await;
        assert!((400..500).contains(&status), "{body}: {status}");
    }
    assert!(limits(&platform, &token).await.is_empty());

    let (_, limit) = add_limit(
        &platform,
        &token,
        json!({"definition": 1, "period": "daily", "amount": 100, "currency": "USD"}),
    )
    .await;
    let path = format!("/api/player/limits/{}", limit["id"]);
    for (body, field) in [
        (json!({"amount": 0}), "amount"),
        (json!({"period": "hourly"}), "period"),
    ] {
        let (status, answer) = change_limit(&platform, &token, &path, body.clone()).await;
        assert_eq!(
            (status, answer["fields"][field].is_string()),
            (422, true),
            "{answer}"
        );
    }
    let (status, _) = platform
        .call(
            Method::PUT,
            "/api/player/limits/abc",
            Some(&token),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_reached_deposit_limit_turns_deposits_into_13100() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    let (status, _) = platform.deposit_card(&token, 30_00, "USD").await;
    assert_eq!(status, 201);
    let limit = added_limit(
        &platform,
        &token,
        json!({"definition": 3, "period": "monthly", "amount": 50_00, "currency": "USD"}),
    )
    .await;
    assert_eq!(limit["used"], 30_00, "this month's deposits count");
    let (status, _) = deposit_methods(&platform, Some(&token)).await;
    assert_eq!(status, 200, "30 of 50 used");

    // A deposit larger than what is left is refused before the limit is reached.
    let (status, body) = platform.deposit_card(&token, 30_00, "USD").await;
    common::assert_refused(status, &body, 409, "13100");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("at most 2000 more")
    );
    let (status, _) = platform.deposit_card(&token, 20_00, "USD").await;
    assert_eq!(status, 201);
    let (status, body) = deposit_methods(&platform, Some(&token)).await;
    common::assert_refused(status, &body, 409, "13100");
    let (status, body) = platform.deposit_card(&token, 10_00, "USD").await;
    common::assert_refused(status, &body, 409, "13100");
    // Guests, withdrawals and other players are not concerned.
    assert_eq!(deposit_methods(&platform, None).await.0, 200);
    let (status, _) = platform
        .get_as(&token, "/api/payment/methods/withdrawal")
        .await;
    assert_eq!(status, 200);
    let (_, bob) = platform.player("bob@example.com", "USD").await;
    assert_eq!(deposit_methods(&platform, Some(&bob)).await.0, 200);
    // Failed deposits do not count.
    added_limit(
        &platform,
        &bob,
        json!({"definition": 3, "period": "daily", "amount": 10_00, "currency": "USD"}),
    )
    .await;
    let (_, pending) = platform
        .call(
            Method::POST,
            "/api/payment/invoices/deposit",
            Some(&bob),
            Some(json!({"paymentMethod": "card.deposit.visa", "amount": 10_00, "currency": "USD"})),
        )
        .await;
    platform
        .call(
            Method::POST,
            &format!(
                "/api/sandbox/invoices/{}/settle",
                pending["id"].as_str().unwrap()
            ),
            None,
            Some(json!({"status": 3})),
        )
        .await;
    assert_eq!(deposit_methods(&platform, Some(&bob)).await.0, 200);
}

#[tokio::test]
async fn bet_and_loss_limits_refuse_spins_with_game_bet_restricted() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 1_000_00).await;
    let session = platform.real_session(&token, GAME).await;

    let mut ws = platform
        .subscribed(&token, &[format!("game:bets#{player}")])
        .await;

    added_limit(
        &platform,
        &token,
        json!({"definition": 1, "period": "daily", "amount": 3_00, "currency": "USD"}),
    )
    .await;
    // A limit in another currency counts USD bets too, converted (1 EUR = 1.08 USD); this one
    // is looser than the USD one.
    added_limit(
        &platform,
        &token,
        json!({"definition": 1, "period": "daily", "amount": 10_00, "currency": "EUR"}),
    )
    .await;
    for _ in 0..3 {
        let (status, body) = platform.spin(&session, 1_00).await;
        assert_eq!(status, 200, "{body}");
        let pushes = next_json(&mut ws).await;
        assert_eq!(pushes[0]["push"]["pub"]["data"]["event"], "bet.placebet");
    }
    let usd = limits(&platform, &token)
        .await
        .into_iter()
        .find(|l| l["currency"] == "USD")
        .unwrap();
    assert_eq!(usd["used"], 3_00);
    let eur = limits(&platform, &token)
        .await
        .into_iter()
        .find(|l| l["currency"] == "EUR")
        .unwrap();
    assert_eq!(eur["used"], 2_77, "3.00 USD is 2.77 EUR, rounded down");
    let balance_before = {
        let (_, accounts) = platform.get_as(&token, "/api/wallet/accounts").await;
        accounts["data"][0]["balance"].clone()
    };
    let (status, body) = platform.spin(&session, 1).await;
    common::assert_refused(status, &body, 409, "game.bet.restricted");
    let pushes = next_json(&mut ws).await;
    assert_eq!(
        pushes[0]["push"]["pub"]["data"],
        json!({"event": "game.bet.restricted", "gameIdentity": GAME})
    );
    let (_, accounts) = platform.get_as(&token, "/api/wallet/accounts").await;
    assert_eq!(
        accounts["data"][0]["balance"], balance_before,
        "nothing moved"
    );

    // A loss limit counts bets minus wins; a bet that could go over it is refused.
    let (_, bob) = platform.player("bob@example.com", "USD").await;
    let bob_id = {
        let (_, profile) = platform.get_as(&bob, "/api/player/profile").await;
        profile["id"].as_i64().unwrap()
    };
    platform.set_balance(bob_id, "USD", 100_00).await;
    let bob_session = platform.real_session(&bob, GAME).await;
    added_limit(
        &platform,
        &bob,
        json!({"definition": 2, "period": "weekly", "amount": 1_00, "currency": "USD"}),
    )
    .await;
    let (status, body) = platform.spin(&bob_session, 2_00).await;
    common::assert_refused(status, &body, 409, "game.bet.restricted");
    // Smaller spins pass exactly while the week's losses (bets minus wins, at least 0) plus the
    // bet stay within the limit.
    for _ in 0..300 {
        let used = limits(&platform, &bob).await[0]["used"].as_i64().unwrap();
        let (status, body) = platform.spin(&bob_session, 50).await;
        if used + 50 > 1_00 {
            common::assert_refused(status, &body, 409, "game.bet.restricted");
            break;
        }
        assert_eq!(status, 200, "{used} lost: {body}");
    }
}

/// Spec, section 9: the multi-currency limit check. A player whose limit is in one currency and
/// who plays or deposits in another is held to it at the platform's rates.
#[tokio::test]
async fn a_limit_counts_deposits_and_bets_in_other_currencies_converted_into_its_own() {
    let platform = common::spawn().await;
    // Ann's account is in euros, her limits in dollars (1 EUR = 1.08 USD).
    let (player, token) = platform.player("ann@example.com", "EUR").await;
    added_limit(
        &platform,
        &token,
        json!({"definition": 3, "period": "daily", "amount": 50_00, "currency": "USD"}),
    )
    .await;
    platform.deposit_settled(&token, 30_00, "EUR").await;
    assert_eq!(limits(&platform, &token).await[0]["used"], 32_40);
    // 17.00 EUR is 18.36 USD: over the 17.60 left.
    let (status, body) = platform.deposit_card(&token, 17_00, "EUR").await;
    common::assert_refused(status, &body, 409, "13100");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("at most 1760 more minor units of USD"),
        "{body}"
    );
    platform.deposit_settled(&token, 16_00, "EUR").await;
    assert_eq!(limits(&platform, &token).await[0]["used"], 49_68);

    platform.set_balance(player, "EUR", 100_00).await;
    let session = platform.real_session(&token, GAME).await;
    added_limit(
        &platform,
        &token,
        json!({"definition": 1, "period": "daily", "amount": 5_00, "currency": "USD"}),
    )
    .await;
    let (status, body) = platform.spin(&session, 4_00).await;
    assert_eq!(status, 200, "{body}");
    let bet_limit = limits(&platform, &token)
        .await
        .into_iter()
        .find(|l| l["definition"] == 1)
        .unwrap();
    assert_eq!(bet_limit["used"], 432, "4.00 EUR is 4.32 USD");
    // 1.00 EUR more is 1.08 USD: 5.40 of 5.00.
    let (status, body) = platform.spin(&session, 1_00).await;
    common::assert_refused(status, &body, 409, "game.bet.restricted");
    assert!(
        body["message"].as_str().unwrap().contains("of USD"),
        "{body}"
    );
    // 0.50 EUR is 0.54 USD: 4.86 of 5.00.
    let (status, body) = platform.spin(&session, 50).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn self_exclusion_and_cooling_off_stop_play_and_deposits_and_cannot_be_lifted() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 10_00).await;
    let open_session = platform.real_session(&token, GAME).await;
    let (_, demo) = launch(&platform, &token, true).await;
    let demo_session = demo["token"].as_str().unwrap().to_owned();

    let exclusion = added_limit(
        &platform,
        &token,
        json!({"definition": 4, "period": "weekly"}),
    )
    .await;
    assert!(exclusion["endsAt"].as_str().unwrap() > exclusion["createdAt"].as_str().unwrap());
    assert!(exclusion["amount"].is_null() && exclusion["period"].is_null());

    for demo in [false, true] {
        let (status, body) = launch(&platform, &token, demo).await;
        common::assert_refused(status, &body, 409, "limit.self_exclusion.active");
    }
    // A game opened before takes no more bets.
    let (status, body) = platform.spin(&open_session, 1_00).await;
    common::assert_refused(status, &body, 409, "game.bet.restricted");
    let (status, body) = platform.spin(&demo_session, 1_00).await;
    common::assert_refused(status, &body, 409, "limit.self_exclusion.active");
    let (status, body) = deposit_methods(&platform, Some(&token)).await;
    common::assert_refused(status, &body, 409, "13100");

    let path = format!("/api/player/limits/{}", exclusion["id"]);
    let (status, body) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    common::assert_refused(status, &body, 409, "limit.locked");
    let (status, body) = change_limit(&platform, &token, &path, json!({"period": "daily"})).await;
    common::assert_refused(status, &body, 409, "limit.locked");
    let (status, body) = add_limit(&platform, &token, json!({"definition": 4, "days": 30})).await;
    common::assert_refused(status, &body, 409, "limit.exists");

    // Once it has ended it drops out and play resumes.
    let pool = platform.pool().await;
    sqlx::query("UPDATE player_limits SET ends_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
        .bind(exclusion["id"].as_i64())
        .execute(&pool)
        .await
        .unwrap();
    assert!(limits(&platform, &token).await.is_empty());
    assert_eq!(launch(&platform, &token, false).await.0, 200);

    // Cooling-off: its own code, the same effect.
    let (status, cooling) = add_limit(&platform, &token, json!({"definition": 5, "days": 2})).await;
    assert_eq!(status, 201, "{cooling}");
    let (status, body) = launch(&platform, &token, false).await;
    common::assert_refused(status, &body, 409, "limit.cooling_off.active");
    let (status, body) = deposit_methods(&platform, Some(&token)).await;
    common::assert_refused(status, &body, 409, "13100");
    let listed = limits(&platform, &token).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["definition"], 5);
    // Guests still play demo.
    let (status, _) = platform
        .call(
            Method::POST,
            &format!("/api/game/games/{GAME}/play"),
            None,
            Some(json!({"demoMode": true})),
        )
        .await;
    assert_eq!(status, 200);
}
