//! Bonuses, free spins, bonus codes, deposit bonuses and cashback over HTTP.

// Amounts are written units_cents (`20_00` is 20.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestPlatform, data};
use crate::rewards_common::{Watcher, activate_bonus, apply_code};

/// The `data` of a listing.
async fn listed(platform: &TestPlatform, token: &str, path: &str) -> Vec<Value> {
    data(&platform.get_ok(token, path).await).clone()
}

async fn bonuses(platform: &TestPlatform, token: &str, query: &str) -> Vec<Value> {
    listed(platform, token, &format!("/api/game/player-bonuses{query}")).await
}

async fn freespins(platform: &TestPlatform, token: &str, query: &str) -> Vec<Value> {
    listed(
        platform,
        token,
        &format!("/api/game/player-freespins{query}"),
    )
    .await
}

/// A held package's status and result.
fn status_and_result(held: &Value) -> (Option<i64>, Option<i64>) {
    (held["status"].as_i64(), held["result"].as_i64())
}

/// A platform with one player, ana@example.com, whose first account is in `currency`; her token.
async fn with_ana(currency: &str) -> (common::TestPlatform, String) {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", currency).await;
    (platform, token)
}

#[tokio::test]
async fn a_code_applies_once_and_bad_codes_answer_status_3_or_4() {
    let (platform, token) = with_ana("USD").await;

    let (status, applied) = apply_code(&platform, &token, " spins50 ", 1).await;
    assert_eq!(status, 200, "{applied}");
    assert_eq!(applied["status"], 2, "trigger 1 issues at once: {applied}");
    assert_eq!(applied["bonusCode"], "SPINS50");
    assert!(applied["playerBonusCodeId"].as_i64().is_some(), "{applied}");
    let spins = freespins(&platform, &token, "").await;
    assert_eq!(spins.len(), 1, "{spins:?}");
    assert_eq!(
        common::fields(
            &spins[0],
            ["status", "count", "gameId", "currency", "betAmount"]
        ),
        [&json!(1), &json!(50), &json!(1), &json!("USD"), &json!(20)]
    );

    for (code, trigger, status, reason) in [
        ("SPINS50", 1, 4, "bonus_code_used"),
        ("NO-SUCH-CODE", 1, 3, "bonus_code_incorrect"),
        ("SUMMER2025", 1, 4, "bonus_code_expired"),
        ("WELCOME100", 1, 4, "bonus_code_wrong_trigger"),
        ("BONUS10", 3, 4, "bonus_code_wrong_trigger"),
    ] {
        let (http, body) = apply_code(&platform, &token, code, trigger).await;
        assert_eq!(
            (http, body["status"].as_i64(), body["code"].as_str()),
            (422, Some(status), Some(reason)),
            "{code}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    assert_eq!(freespins(&platform, &token, "").await.len(), 1);

    // Another player may still use it.
    let (_, other) = platform.player("bob@example.com", "USD").await;
    assert_eq!(apply_code(&platform, &other, "SPINS50", 1).await.0, 200);

    // A code whose package has no amount in the account's currency is not available.
    let (_, narrowed) = platform.player("lia@example.com", "USD").await;
    let pool = platform.pool().await;
    sqlx::query("DELETE FROM bonus_package_currencies WHERE package_id = 6 AND currency = 'USD'")
        .execute(&pool)
        .await
        .expect("package narrowed");
    let (http, body) = apply_code(&platform, &narrowed, "BONUS10", 1).await;
    assert_eq!(
        (http, body["code"].as_str(), body["status"].as_i64()),
        (422, Some("bonus_code_wrong_currency"), Some(4))
    );

    for (body, code) in [
        (json!({"bonusCode": "", "trigger": 1}), "validation_failed"),
        (json!({"bonusCode": "X", "trigger": 2}), "invalid_trigger"),
        (json!({"bonusCode": "X"}), "invalid_json"),
        (
            json!({"bonusCode": "x".repeat(65), "trigger": 1}),
            "validation_failed",
        ),
    ] {
        let (status, answer) = platform
            .call(
                Method::POST,
                "/api/game/bonuses/bonuscodes",
                Some(&token),
                Some(body),
            )
            .await;
        assert!((400..500).contains(&status), "{answer}");
        assert_eq!(answer["code"], code, "{answer}");
    }
}

#[tokio::test]
async fn a_code_applied_many_times_at_once_applies_once() {
    let (platform, token) = with_ana("USD").await;
    let attempts = (0..20).map(|_| apply_code(&platform, &token, "BONUS10", 1));
    let answers = futures_util::future::join_all(attempts).await;
    let applied = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(applied, 1, "{answers:?}");
    assert!(
        answers
            .iter()
            .all(|(status, body)| *status == 200 || body["code"] == "bonus_code_used"),
        "{answers:?}"
    );
    assert_eq!(bonuses(&platform, &token, "").await.len(), 1);
}

#[tokio::test]
async fn bonus_transitions_follow_the_spec_and_invalid_ones_are_409() {
    let (platform, token) = with_ana("USD").await;
    assert_eq!(apply_code(&platform, &token, "BONUS10", 1).await.0, 200);
    let issued = bonuses(&platform, &token, "").await;
    assert_eq!(issued.len(), 1);
    let bonus = &issued[0];
    assert_eq!(
        (
            &bonus["status"],
            &bonus["result"],
            &bonus["amount"],
            &bonus["currency"]
        ),
        (&json!(1), &Value::Null, &json!(1000), &json!("USD"))
    );
    assert_eq!(bonus["wagerCasinoConditions"]["wagerAmount"], 5000);
    assert_eq!(bonus["wagerCasinoConditions"]["gameIds"], json!([]));
    assert_eq!(bonus["maxBetAmount"], 200);
    assert_eq!(bonus["source"], "code");
    assert!(bonus["issueSessionId"].as_str().is_some(), "{bonus}");
    let id = bonus["id"].as_i64().expect("id");

    let (status, active) = activate_bonus(&platform, &token, id).await;
    assert_eq!((status, &active["status"]), (200, &json!(2)), "{active}");
    let (status, again) = activate_bonus(&platform, &token, id).await;
    common::assert_refused(status, &again, 409, "bonus_already_active");

    // A second USD bonus cannot be active at the same time.
    let pool = platform.pool().await;
    let player_id: i64 = sqlx::query_scalar("SELECT player_id FROM player_bonuses WHERE id = ?")
        .bind(id)
        .fetch_one(&pool)
        .await
        .expect("owner");
    sqlx::query("DELETE FROM player_bonus_codes WHERE player_id = ?")
        .bind(player_id)
        .execute(&pool)
        .await
        .expect("code freed");
    assert_eq!(apply_code(&platform, &token, "BONUS10", 1).await.0, 200);
    let second = bonuses(&platform, &token, "?status=1").await;
    assert_eq!(second.len(), 1);
    let second_id = second[0]["id"].as_i64().expect("id");
    let (status, body) = platform
        .put_as(
            &token,
            &format!("/api/game/player-bonuses/{second_id}/activate"),
        )
        .await;
    common::assert_refused(status, &body, 409, "another_bonus_active");

    let (status, canceled) = platform
        .put_as(&token, &format!("/api/game/player-bonuses/{id}/cancel"))
        .await;
    assert_eq!(
        (status, &canceled["status"], &canceled["result"]),
        (200, &json!(3), &json!(3)),
        "{canceled}"
    );
    for action in ["cancel", "activate"] {
        let (status, body) = platform
            .put_as(&token, &format!("/api/game/player-bonuses/{id}/{action}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("bonus_finished")),
            "{action}"
        );
    }
    // Now the second may be active; an issued bonus can be cancelled too.
    assert_eq!(
        platform
            .put_as(
                &token,
                &format!("/api/game/player-bonuses/{second_id}/activate")
            )
            .await
            .0,
        200
    );

    // Both list forms filter by status.
    for query in ["?status[]=1&status[]=2", "?status=1,2", "?status=2"] {
        let listed = bonuses(&platform, &token, query).await;
        assert_eq!(listed.len(), 1, "{query}");
        assert_eq!(listed[0]["id"].as_i64(), Some(second_id));
    }
    assert_eq!(bonuses(&platform, &token, "?status[]=3").await.len(), 1);
    platform
        .assert_invalid_queries(
            &token,
            "/api/game/player-bonuses",
            &["?status=9", "?status=abc", "?state=1"],
        )
        .await;

    // Someone else's bonus, and one that does not exist, are not found.
    let (_, other) = platform.player("bob@example.com", "USD").await;
    for (who, bonus) in [(&other, second_id), (&token, 999_999)] {
        let (status, body) = platform
            .put_as(who, &format!("/api/game/player-bonuses/{bonus}/cancel"))
            .await;
        common::assert_refused(status, &body, 404, "bonus_not_found");
    }
    let (status, _) = platform
        .call(Method::GET, "/api/game/player-bonuses", None, None)
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn free_spins_activate_cancel_and_expire() {
    let (platform, token) = with_ana("USD").await;
    assert_eq!(apply_code(&platform, &token, "SPINS50", 1).await.0, 200);
    let id = freespins(&platform, &token, "").await[0]["id"]
        .as_i64()
        .expect("id");
    let path = |action: &str| format!("/api/game/player-freespins/{id}/{action}");
    let (status, active) = platform.put_as(&token, &path("activate")).await;
    assert_eq!((status, &active["status"]), (200, &json!(2)), "{active}");
    let (status, body) = platform.put_as(&token, &path("activate")).await;
    common::assert_refused(status, &body, 409, "freespins_already_active");
    let (status, canceled) = platform.put_as(&token, &path("cancel")).await;
    assert_eq!(
        (status, &canceled["status"], &canceled["result"]),
        (200, &json!(3), &json!(3))
    );
    let (status, body) = platform.put_as(&token, &path("cancel")).await;
    common::assert_refused(status, &body, 409, "bonus_finished");
    let (status, body) = platform
        .put_as(&token, "/api/game/player-freespins/424242/activate")
        .await;
    common::assert_refused(status, &body, 404, "freespins_not_found");

    // Time runs out: issued bonuses expire with result 4, active ones with 5, free spins with 4.
    let (_, late) = platform.player("bob@example.com", "USD").await;
    assert_eq!(apply_code(&platform, &late, "SPINS50", 1).await.0, 200);
    assert_eq!(apply_code(&platform, &late, "BONUS10", 1).await.0, 200);
    let bonus = bonuses(&platform, &late, "").await[0]["id"]
        .as_i64()
        .expect("id");
    assert_eq!(
        platform
            .put_as(&late, &format!("/api/game/player-bonuses/{bonus}/activate"))
            .await
            .0,
        200
    );
    let pool = platform.pool().await;
    for table in ["player_bonuses", "player_freespins"] {
        sqlx::query(&format!(
            "UPDATE {table} SET expires_at = '2020-01-01T00:00:00.000Z'
             WHERE player_id = (SELECT id FROM players WHERE email = 'bob@example.com')"
        ))
        .execute(&pool)
        .await
        .expect("expired");
    }
    let finished = bonuses(&platform, &late, "").await;
    assert_eq!(status_and_result(&finished[0]), (Some(3), Some(5)));
    let spins = freespins(&platform, &late, "").await;
    assert_eq!(status_and_result(&spins[0]), (Some(3), Some(4)));
    assert!(bonuses(&platform, &late, "?status=1,2").await.is_empty());

    assert_eq!(apply_code(&platform, &token, "BONUS10", 1).await.0, 200);
    sqlx::query(
        "UPDATE player_bonuses SET expires_at = '2020-01-01T00:00:00.000Z'
         WHERE player_id = (SELECT id FROM players WHERE email = 'ana@example.com')",
    )
    .execute(&pool)
    .await
    .expect("expired");
    let expired = bonuses(&platform, &token, "").await;
    assert_eq!(status_and_result(&expired[0]), (Some(3), Some(4)));
    let id = expired[0]["id"].as_i64().expect("id");
    let (status, body) = activate_bonus(&platform, &token, id).await;
    common::assert_refused(status, &body, 409, "bonus_finished");
}

#[tokio::test]
async fn the_first_deposit_issues_the_welcome_bonus_and_later_ones_the_reload() {
    let (platform, token) = with_ana("USD").await;

    let offers = listed(
        &platform,
        &token,
        "/api/game/bonuses?currency=USD&amount=2000",
    )
    .await;
    assert_eq!(offers.len(), 1, "{offers:?}");
    assert_eq!(offers[0]["id"], 1);
    assert_eq!(offers[0]["package"]["id"], 1);
    let items = offers[0]["triggerConditions"]["invoiceAmountItems"]
        .as_array()
        .expect("items");
    assert!(
        items.contains(&json!({"currency": "USD", "amountFrom": 1000})),
        "{items:?}"
    );
    assert_eq!(
        offers[0]["triggerConditions"]["baseCurrencyInvoiceAmountFrom"],
        1000
    );
    assert!(
        data(
            &platform
                .get_ok(&token, "/api/game/bonuses?currency=USD&amount=999")
                .await
        )
        .is_empty()
    );
    let status = platform
        .get_ok(
            &token,
            "/api/game/bonuses/status?bonusIds=1,2,77&currency=USD",
        )
        .await;
    assert_eq!(
        data(&status)
            .iter()
            .map(|s| (s["bonusId"].clone(), s["isAvailable"].clone()))
            .collect::<Vec<_>>(),
        vec![
            (json!(1), json!(true)),
            (json!(2), json!(false)),
            (json!(77), json!(false))
        ]
    );

    platform.deposit_settled(&token, 20_00, "USD").await;
    let issued = bonuses(&platform, &token, "").await;
    assert_eq!(issued.len(), 1, "{issued:?}");
    assert_eq!(
        common::fields(&issued[0], ["packageId", "amount", "source", "status"]),
        [&json!(1), &json!(20_00), &json!("deposit"), &json!(1)]
    );
    assert_eq!(issued[0]["wagerCasinoConditions"]["wagerAmount"], 200_00);

    // The welcome bonus is gone for the next deposit; the reload needs 50.
    let offers = platform
        .get_ok(&token, "/api/game/bonuses?currency=USD")
        .await;
    assert_eq!(
        data(&offers)
            .iter()
            .map(|o| o["id"].clone())
            .collect::<Vec<_>>(),
        vec![json!(2)]
    );
    platform.deposit_settled(&token, 20_00, "USD").await;
    assert_eq!(bonuses(&platform, &token, "").await.len(), 1);
    platform.deposit_settled(&token, 100_00, "USD").await;
    let issued = bonuses(&platform, &token, "").await;
    assert_eq!(issued.len(), 2);
    assert_eq!(
        common::fields(&issued[0], ["packageId", "amount"]),
        [&json!(2), &json!(50_00)]
    );

    // Guests see the offers of a currency; bad queries are 400.
    let (status, body) = platform.get("/api/game/bonuses?currency=EUR").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(data(&body).len(), 2);
    for bad in ["?currency=XXX", "?amount=-1", "?amount=ten", "?colour=red"] {
        let (status, _) = platform.get(&format!("/api/game/bonuses{bad}")).await;
        assert_eq!(status, 400, "{bad}");
    }
}

#[tokio::test]
async fn a_deposit_code_waits_for_the_next_deposit_and_can_be_removed_before() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    let mut watcher = Watcher::start(
        &platform,
        &token,
        &[
            format!("bonus:player-bonus-codes#{player_id}"),
            format!("bonus:player-bonuses#{player_id}"),
        ],
    )
    .await;

    let (status, waiting) = apply_code(&platform, &token, "welcome100", 3).await;
    assert_eq!((status, &waiting["status"]), (200, &json!(1)), "{waiting}");
    let code_id = waiting["playerBonusCodeId"].as_i64().expect("id");
    let waiting_codes = || listed(&platform, &token, "/api/game/bonuses/bonuscodes?trigger=3");
    let codes = waiting_codes().await;
    assert_eq!(codes.len(), 1);
    assert_eq!(codes[0]["playerBonusCodeId"].as_i64(), Some(code_id));
    assert!(bonuses(&platform, &token, "").await.is_empty());
    let (status, body) = apply_code(&platform, &token, "WELCOME100", 3).await;
    common::assert_refused(status, &body, 422, "bonus_code_used");

    // Removing it frees it; applying it again works.
    let remove = |id: i64| {
        platform.call(
            Method::DELETE,
            "/api/game/bonuses/bonuscodes",
            Some(&token),
            Some(json!({"playerBonusCodeId": id})),
        )
    };
    assert_eq!(remove(code_id).await.0, 204);
    assert_eq!(remove(code_id).await.0, 404);
    assert!(waiting_codes().await.is_empty());
    let (_, waiting) = apply_code(&platform, &token, "WELCOME100", 3).await;
    let code_id = waiting["playerBonusCodeId"].as_i64().expect("id");

    // The deposit issues the code's bonus (100% up to 100, slots only) instead of the welcome one.
    platform.deposit_settled(&token, 150_00, "USD").await;
    let issued = bonuses(&platform, &token, "").await;
    assert_eq!(issued.len(), 1, "{issued:?}");
    assert_eq!(
        common::fields(&issued[0], ["packageId", "amount", "source"]),
        [&json!(4), &json!(100_00), &json!("code")]
    );
    assert_eq!(
        issued[0]["wagerCasinoConditions"]["gameIds"],
        json!([1, 4, 6, 7])
    );
    assert!(waiting_codes().await.is_empty());
    let (status, body) = remove(code_id).await;
    common::assert_refused(status, &body, 409, "bonus_code_used");

    let code = watcher
        .until(&format!("bonus:player-bonus-codes#{player_id}"), |d| {
            d["playerBonusCode"]["status"] == 2
        })
        .await;
    assert_eq!(code["event"], "bonus-code.updated");
    let bonus = watcher
        .until(&format!("bonus:player-bonuses#{player_id}"), |d| {
            d["playerBonus"]["packageId"] == 4
        })
        .await;
    assert_eq!(bonus["playerBonus"]["status"], 1);
    assert!(
        watcher
            .seen
            .iter()
            .any(|p| p["data"]["event"] == "bonus-code.removed"),
        "{:?}",
        watcher.seen
    );
    watcher.stop().await;
}

#[tokio::test]
async fn the_sum_converts_bonuses_to_the_base_currency() {
    let (platform, token) = with_ana("EUR").await;
    let sum_of_bonuses = || platform.get_ok(&token, "/api/game/player-bonuses/sum");
    let empty = sum_of_bonuses().await;
    assert_eq!(
        common::fields(&empty, ["baseCurrencyBonusTotal", "baseCurrencySymbol"]),
        [&json!(0), &json!("$")]
    );
    assert_eq!(apply_code(&platform, &token, "BONUS10", 1).await.0, 200);
    let sum = sum_of_bonuses().await;
    // 9.30 EUR at 1.08 = 10.044 USD, rounded down.
    assert_eq!(sum["baseCurrencyBonusTotal"], 10_04, "{sum}");
    assert_eq!(sum["playerBonuses"][0]["amount"], 9_30);
    assert_eq!(sum["playerBonuses"][0]["currency"], "EUR");
}

#[tokio::test]
async fn cashback_shows_the_current_week() {
    let (platform, token) = with_ana("USD").await;
    let cashback = platform
        .get_ok(&token, "/api/game/bonuses/cashback?currency=USD")
        .await;
    assert_eq!(
        common::fields(&cashback, ["currency", "percent", "amount"]),
        [&json!("USD"), &json!(10), &json!(0)]
    );
    let (status, _) = platform
        .get_as(&token, "/api/game/bonuses/cashback?currency=ZZZ")
        .await;
    assert_eq!(status, 400);

    // A finished week's loss is paid as a bonus: 10% of 80 lost.
    let pool = platform.pool().await;
    sqlx::query(
        "INSERT INTO cashback_weeks (player_id, currency, week_start, wagered, won)
         SELECT id, 'USD', '2020-01-06', 10000, 2000 FROM players WHERE email = 'ana@example.com'",
    )
    .execute(&pool)
    .await
    .expect("a past week");
    let paid = bonuses(&platform, &token, "").await;
    assert_eq!(paid.len(), 1);
    assert_eq!(
        common::fields(&paid[0], ["source", "amount", "packageId"]),
        [&json!("cashback"), &json!(8_00), &json!(100)]
    );
    assert_eq!(bonuses(&platform, &token, "").await.len(), 1, "paid once");
}
