//! Rewards advanced by real play: the sandbox slot's real-money spins reach `rewards::spin_settled`.
//! The proof: a player deposits, activates a quest, plays until a task completes and the
//! loyalty level rises, and the npm `centrifuge` client sees every step published.

// Amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

use crate::common;
use serde_json::{Value, json};

use crate::common::{TestPlatform, data};
use crate::rewards_common::{Watcher, activate_bonus, apply_code};

/// Spins once and returns the spin.
async fn spun(platform: &TestPlatform, session: &str, amount: i64) -> Value {
    let (status, body) = platform.spin(session, amount).await;
    assert_eq!(status, 200, "{body}");
    body["spin"].clone()
}

fn quest_named<'a>(quests: &'a Value, name: &str) -> &'a Value {
    data(quests)
        .iter()
        .find(|q| q["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {quests}"))
}

#[tokio::test]
async fn a_deposit_a_quest_and_real_play_raise_a_level_seen_by_the_npm_client() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    let channels = [
        format!("retention:quests#{player_id}"),
        format!("retention:accounts#{player_id}"),
        format!("messenger:notifications#{player_id}"),
        format!("wallet:accounts#{player_id}"),
    ];
    let mut watcher = Watcher::start(&platform, &token, &channels).await;

    platform.deposit_settled(&token, 1_000_00, "USD").await;
    watcher
        .until(&channels[3], |d| d["account"]["balance"] == 1_000_00)
        .await;

    let quests = platform
        .get_ok(
            &token,
            "/api/retention/quests?state[]=1&state[]=2&currency=USD",
        )
        .await;
    let quest = quest_named(&quests, "First steps");
    let quest_id = quest["id"].as_i64().expect("quest id");
    let (status, active) = platform
        .put_as(
            &token,
            &format!("/api/retention/quests/{quest_id}/activate"),
        )
        .await;
    assert_eq!((status, &active["state"]), (200, &json!(2)), "{active}");
    let spins_task = active["tasks"][0]["id"].clone();

    // Ten spins of 10.00 complete the first task (10 spins) and wager 100.00: 100 points, Silver.
    let game = platform.real_session(&token, "lucky-sevens").await;
    let mut wagered = 0;
    for _ in 0..10 {
        spun(&platform, &game, 10_00).await;
        wagered += 10_00;
    }
    let task = watcher
        .until(&channels[0], |d| {
            d["event"] == "quest.task.updated"
                && d["task"]["id"] == spins_task
                && d["task"]["isCompleted"] == true
        })
        .await;
    assert_eq!(
        (
            &task["task"]["questId"],
            &task["task"]["type"],
            &task["task"]["progress"],
            &task["task"]["quantity"]
        ),
        (&json!(quest_id), &json!(1), &json!(10), &json!(10))
    );
    let next = watcher
        .until(&channels[0], |d| {
            d["event"] == "quest.task.updated"
                && d["task"]["type"] == 3
                && d["task"]["isActive"] == true
        })
        .await;
    assert_eq!(next["task"]["questId"], json!(quest_id));
    let level_up = watcher
        .until(&channels[1], |d| d["currentLevel"]["order"] == 2)
        .await;
    assert_eq!(level_up["currentLevel"]["name"], "Silver");
    assert_eq!(level_up["points"], 100);
    assert_eq!(
        level_up["nextLevel"],
        json!({"name": "Gold", "points": 500})
    );
    let notice = watcher
        .until(&channels[2], |d| d["message"]["kind"] == "level_up")
        .await;
    assert_eq!(notice["message"]["content"]["title"], "Welcome to Silver");

    // Progress published every step of the way, in order.
    let steps: Vec<i64> = watcher
        .seen
        .iter()
        .filter(|p| p["channel"] == channels[0] && p["data"]["task"]["id"] == spins_task)
        .filter_map(|p| p["data"]["task"]["progress"].as_i64())
        .collect();
    assert_eq!(steps, (1..=10).collect::<Vec<_>>());

    // The second task wants a win; the quest then completes and pays 50 points.
    let mut won = false;
    for _ in 0..40 {
        let spin = spun(&platform, &game, 1_00).await;
        wagered += 1_00;
        if spin["win"].as_i64().is_some_and(|w| w > 0) {
            won = true;
            break;
        }
    }
    assert!(won, "40 spins without any win at a 49.6% hit rate");
    let completed = watcher
        .until(&channels[0], |d| {
            d["event"] == "quest.updated" && d["quest"]["state"] == 3
        })
        .await;
    assert_eq!(completed["quest"]["id"], json!(quest_id));
    watcher
        .until(&channels[2], |d| {
            d["message"]["content"]["title"] == "Quest completed: First steps"
        })
        .await;
    let account = platform.get_ok(&token, "/api/retention/account").await;
    assert_eq!(account["points"], json!(wagered / 100 + 50), "{account}");
    let quests = platform
        .get_ok(&token, "/api/retention/quests?state=3")
        .await;
    assert_eq!(data(&quests).len(), 1);
    watcher.stop().await;
}

#[tokio::test]
async fn wagering_releases_a_bonus_to_the_balance_and_its_max_bet_holds_meanwhile() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    platform.deposit_settled(&token, 100_00, "USD").await;
    // The welcome bonus of the first deposit is not needed here.
    let welcome = data(&platform.get_ok(&token, "/api/game/player-bonuses").await)[0]["id"].clone();
    assert_eq!(
        platform
            .put_as(
                &token,
                &format!("/api/game/player-bonuses/{welcome}/cancel")
            )
            .await
            .0,
        200
    );

    assert_eq!(apply_code(&platform, &token, "BONUS10", 1).await.0, 200);
    let bonus = data(
        &platform
            .get_ok(&token, "/api/game/player-bonuses?status=1")
            .await,
    )[0]
    .clone();
    let id = bonus["id"].as_i64().expect("id");
    let channel = format!("bonus:player-bonuses#{player_id}");
    let mut watcher = Watcher::start(&platform, &token, std::slice::from_ref(&channel)).await;
    assert_eq!(activate_bonus(&platform, &token, id).await.0, 200);

    let game = platform.real_session(&token, "1").await;
    let (status, refused) = platform.spin(&game, 2_01).await;
    common::assert_refused(status, &refused, 409, "game.bet.max.exceed");

    // 10.00 × 5 = 50.00 to wager at most 2.00 a bet: 25 spins.
    let mut expected = platform.balance(&token, "USD").await;
    for round in 1..=25 {
        let spin = spun(&platform, &game, 2_00).await;
        expected += spin["win"].as_i64().expect("win") - 2_00;
        if round < 25 {
            let now = platform
                .get_ok(&token, "/api/game/player-bonuses?status=2")
                .await;
            assert_eq!(
                data(&now)[0]["wagerCasinoConditions"]["wageredAmount"],
                json!(round * 2_00)
            );
        }
    }
    let released = platform
        .get_ok(&token, "/api/game/player-bonuses?status=3")
        .await;
    let released = data(&released)
        .iter()
        .find(|b| b["id"] == id)
        .expect("the bonus")
        .clone();
    assert_eq!(
        (&released["status"], &released["result"]),
        (&json!(3), &json!(2)),
        "{released}"
    );
    assert_eq!(platform.balance(&token, "USD").await, expected + 10_00);
    let update = watcher
        .until(&channel, |d| {
            d["playerBonus"]["id"] == id && d["playerBonus"]["status"] == 3
        })
        .await;
    assert_eq!(update["playerBonus"]["result"], 2);
    watcher.stop().await;
    let messages = platform
        .get_ok(&token, "/api/notification/messenger/messages")
        .await;
    assert_eq!(
        data(&messages)[0]["content"]["title"],
        "Bonus of 10.00 USD released"
    );

    // Without an active bonus there is no max bet.
    assert_eq!(platform.spin(&game, 50_00).await.0, 200);
}

#[tokio::test]
async fn a_bonus_limited_to_some_games_counts_and_limits_only_those() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    assert_eq!(apply_code(&platform, &token, "WELCOME100", 3).await.0, 200);
    platform.deposit_settled(&token, 100_00, "USD").await;
    let bonus = data(&platform.get_ok(&token, "/api/game/player-bonuses").await)[0].clone();
    assert_eq!(
        bonus["wagerCasinoConditions"]["gameIds"],
        json!([1, 4, 6, 7])
    );
    let id = bonus["id"].as_i64().expect("id");
    assert_eq!(activate_bonus(&platform, &token, id).await.0, 200);

    let other = platform.real_session(&token, "2").await;
    spun(&platform, &other, 5_00).await;
    let slot = platform.real_session(&token, "1").await;
    let (status, _) = platform.spin(&slot, 5_00).await;
    assert_eq!(
        status, 409,
        "the bonus's max bet of 2.00 holds on its games"
    );
    spun(&platform, &slot, 2_00).await;
    let now = data(
        &platform
            .get_ok(&token, "/api/game/player-bonuses?status=2")
            .await,
    )[0]
    .clone();
    assert_eq!(now["wagerCasinoConditions"]["wageredAmount"], 2_00);
}

#[tokio::test]
async fn free_spins_cover_their_stake_on_their_game_until_used_up() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    platform.deposit_settled(&token, 20_00, "USD").await;
    assert_eq!(apply_code(&platform, &token, "SPINS50", 1).await.0, 200);
    let bundle = data(&platform.get_ok(&token, "/api/game/player-freespins").await)[0].clone();
    let id = bundle["id"].as_i64().expect("id");

    // Issued, not active: a spin is paid as usual.
    let game = platform.real_session(&token, "1").await;
    let before = platform.balance(&token, "USD").await;
    let spin = spun(&platform, &game, 20).await;
    assert_eq!(
        platform.balance(&token, "USD").await,
        before - 20 + spin["win"].as_i64().expect("win")
    );

    assert_eq!(
        platform
            .put_as(&token, &format!("/api/game/player-freespins/{id}/activate"))
            .await
            .0,
        200
    );
    let mut wins = 0;
    for _ in 0..10 {
        let before = platform.balance(&token, "USD").await;
        let spin = spun(&platform, &game, 20).await;
        let win = spin["win"].as_i64().expect("win");
        wins += win;
        assert_eq!(
            platform.balance(&token, "USD").await,
            before + win,
            "the stake is covered"
        );
    }
    let bundle = data(&platform.get_ok(&token, "/api/game/player-freespins").await)[0].clone();
    assert_eq!(
        (&bundle["usedCount"], &bundle["totalWin"], &bundle["status"]),
        (&json!(10), &json!(wins), &json!(2))
    );

    // Another game does not use them; free spins earn no loyalty points.
    let points = platform.get_ok(&token, "/api/retention/account").await["points"].clone();
    let elsewhere = platform.real_session(&token, "2").await;
    spun(&platform, &elsewhere, 20).await;
    let bundle = data(&platform.get_ok(&token, "/api/game/player-freespins").await)[0].clone();
    assert_eq!(bundle["usedCount"], 10);
    assert_eq!(
        platform.get_ok(&token, "/api/retention/account").await["points"],
        points
    );

    // The last one finishes the bundle as played.
    sqlx::query("UPDATE player_freespins SET used = count - 1 WHERE id = ?")
        .bind(id)
        .execute(&platform.pool().await)
        .await
        .expect("nearly used");
    spun(&platform, &game, 20).await;
    let bundle = data(&platform.get_ok(&token, "/api/game/player-freespins").await)[0].clone();
    assert_eq!(
        (&bundle["status"], &bundle["result"], &bundle["usedCount"]),
        (&json!(3), &json!(2), &json!(50))
    );
}

#[tokio::test]
async fn real_spins_accrue_this_weeks_cashback() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    platform.deposit_settled(&token, 100_00, "USD").await;
    let game = platform.real_session(&token, "1").await;
    let (mut bets, mut wins) = (0, 0);
    for _ in 0..5 {
        let spin = spun(&platform, &game, 5_00).await;
        bets += 5_00;
        wins += spin["win"].as_i64().expect("win");
    }
    let cashback = platform.get_ok(&token, "/api/game/bonuses/cashback").await;
    assert_eq!(
        (&cashback["wageredAmount"], &cashback["wonAmount"]),
        (&json!(bets), &json!(wins))
    );
    let loss = (bets - wins).max(0);
    assert_eq!(
        (&cashback["lossAmount"], &cashback["amount"]),
        (&json!(loss), &json!(loss / 10))
    );
}
