//! Quests and loyalty over HTTP, advanced by real deposits. Play-driven progress is proven in
//! `rewards_play.rs`.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

use crate::common::{TestPlatform, data};
use crate::rewards_common::Watcher;

async fn quests(platform: &TestPlatform, token: &str, query: &str) -> Vec<Value> {
    data(
        &platform
            .get_ok(token, &format!("/api/retention/quests{query}"))
            .await,
    )
    .clone()
}

fn quest_named<'a>(quests: &'a [Value], name: &str) -> &'a Value {
    quests
        .iter()
        .find(|q| q["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {quests:?}"))
}

#[tokio::test]
async fn every_player_holds_the_quests_and_moves_them_through_the_states() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    let held = quests(&platform, &token, "").await;
    assert_eq!(
        held.iter()
            .map(|q| q["name"].as_str().expect("name"))
            .collect::<Vec<_>>(),
        [
            "First steps",
            "Top up and play",
            "Lucky Sevens fan",
            "High roller"
        ]
    );
    let first = quest_named(&held, "First steps");
    assert_eq!(first["state"], 1);
    assert_eq!(first["reward"]["points"], 50);
    let tasks = first["tasks"].as_array().expect("tasks");
    assert_eq!(tasks.len(), 2);
    assert_eq!(
        (
            &tasks[0]["type"],
            &tasks[0]["quantity"],
            &tasks[0]["progress"],
            &tasks[0]["isActive"],
            &tasks[0]["isCompleted"]
        ),
        (
            &json!(1),
            &json!(10),
            &json!(0),
            &json!(false),
            &json!(false)
        )
    );
    assert_eq!(tasks[0]["questId"], first["id"]);
    // Reading again issues nothing twice.
    assert_eq!(quests(&platform, &token, "").await.len(), 4);

    let id = first["id"].as_i64().expect("id");
    let (status, active) = platform
        .put_as(&token, &format!("/api/retention/quests/{id}/activate"))
        .await;
    assert_eq!((status, &active["state"]), (200, &json!(2)), "{active}");
    assert!(active["expiresAt"].as_str().is_some());
    assert_eq!(active["tasks"][0]["isActive"], true);
    assert_eq!(active["tasks"][1]["isActive"], false, "tasks run in order");
    let (status, body) = platform
        .put_as(&token, &format!("/api/retention/quests/{id}/activate"))
        .await;
    common::assert_refused(status, &body, 409, "quest_already_active");

    for query in ["?state[]=1&state[]=2", "?state=1,2"] {
        assert_eq!(quests(&platform, &token, query).await.len(), 4, "{query}");
    }
    assert_eq!(quests(&platform, &token, "?state=2").await.len(), 1);

    let (status, cancelled) = platform
        .put_as(&token, &format!("/api/retention/quests/{id}/cancel"))
        .await;
    assert_eq!((status, &cancelled["state"]), (200, &json!(6)));
    assert_eq!(cancelled["tasks"][0]["isActive"], false);
    for action in ["activate", "cancel"] {
        let (status, body) = platform
            .put_as(&token, &format!("/api/retention/quests/{id}/{action}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("quest_finished")),
            "{action}"
        );
    }
    assert_eq!(quests(&platform, &token, "?state=1,2").await.len(), 3);

    // An active quest whose time ran out is expired (5); an issued one can be cancelled.
    let lucky = quest_named(&held, "Lucky Sevens fan")["id"]
        .as_i64()
        .expect("id");
    assert_eq!(
        platform
            .put_as(&token, &format!("/api/retention/quests/{lucky}/activate"))
            .await
            .0,
        200
    );
    let pool = platform.pool().await;
    sqlx::query("UPDATE player_quests SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
        .bind(lucky)
        .execute(&pool)
        .await
        .expect("expired");
    assert_eq!(
        quests(&platform, &token, "?state=5").await[0]["id"].as_i64(),
        Some(lucky)
    );
    let high = quest_named(&held, "High roller")["id"]
        .as_i64()
        .expect("id");
    assert_eq!(
        platform
            .put_as(&token, &format!("/api/retention/quests/{high}/cancel"))
            .await
            .0,
        200
    );

    let (_, other) = platform.player("bob@example.com", "USD").await;
    let (status, body) = platform
        .put_as(&other, &format!("/api/retention/quests/{high}/activate"))
        .await;
    common::assert_refused(status, &body, 404, "quest_not_found");
    platform
        .assert_invalid_queries(
            &token,
            "/api/retention/quests",
            &["?state=4", "?state=x", "?status=1"],
        )
        .await;
    let priced = quests(&platform, &token, "?currency=EUR").await;
    let bonus = &quest_named(&priced, "Top up and play")["reward"]["bonus"];
    assert_eq!(
        (&bonus["packageId"], &bonus["amount"], &bonus["currency"]),
        (&json!(5), &json!(465), &json!("EUR"))
    );
}

#[tokio::test]
async fn a_deposit_completes_a_deposit_task_and_activates_the_next() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("ana@example.com", "USD").await;
    let held = quests(&platform, &token, "").await;
    let quest = quest_named(&held, "Top up and play");
    let id = quest["id"].as_i64().expect("id");
    let channel = format!("retention:quests#{player_id}");
    let mut watcher = Watcher::start(&platform, &token, std::slice::from_ref(&channel)).await;

    // A deposit before activation counts for nothing.
    platform.deposit_settled(&token, 1000, "USD").await;
    assert_eq!(
        quest_named(&quests(&platform, &token, "").await, "Top up and play")["tasks"][0]["progress"],
        0
    );

    assert_eq!(
        platform
            .put_as(&token, &format!("/api/retention/quests/{id}/activate"))
            .await
            .0,
        200
    );
    let activated = watcher
        .until(&channel, |d| {
            d["event"] == "quest.updated" && d["quest"]["state"] == 2
        })
        .await;
    assert_eq!(activated["quest"]["id"].as_i64(), Some(id));

    platform.deposit_settled(&token, 1000, "USD").await;
    let done = watcher
        .until(&channel, |d| {
            d["event"] == "quest.task.updated" && d["task"]["isCompleted"] == true
        })
        .await;
    assert_eq!(
        (
            &done["task"]["questId"],
            &done["task"]["type"],
            &done["task"]["progress"],
            &done["task"]["quantity"]
        ),
        (&json!(id), &json!(5), &json!(1), &json!(1))
    );
    let next = watcher
        .until(&channel, |d| {
            d["event"] == "quest.task.updated" && d["task"]["isActive"] == true
        })
        .await;
    assert_eq!(
        (&next["task"]["type"], &next["task"]["progress"]),
        (&json!(1), &json!(0))
    );
    watcher.stop().await;

    let now = quest_named(&quests(&platform, &token, "").await, "Top up and play").clone();
    assert_eq!(now["state"], 2);
    assert_eq!(
        (
            &now["tasks"][0]["isCompleted"],
            &now["tasks"][1]["isActive"]
        ),
        (&json!(true), &json!(true))
    );
}

#[tokio::test]
async fn a_new_player_is_at_the_first_level_of_five() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ana@example.com", "USD").await;
    let account = platform.get_ok(&token, "/api/retention/account").await;
    assert_eq!(
        account,
        json!({
            "points": 0,
            "currentLevel": {"name": "Bronze", "points": 0, "order": 1},
            "nextLevel": {"name": "Silver", "points": 100},
        })
    );
    let (status, levels) = platform.get("/api/retention/levels").await;
    assert_eq!(status, 200);
    assert_eq!(
        data(&levels)
            .iter()
            .map(|l| (l["name"].clone(), l["points"].clone(), l["order"].clone()))
            .collect::<Vec<_>>(),
        vec![
            (json!("Bronze"), json!(0), json!(1)),
            (json!("Silver"), json!(100), json!(2)),
            (json!("Gold"), json!(500), json!(3)),
            (json!("Platinum"), json!(2000), json!(4)),
            (json!("Diamond"), json!(10000), json!(5)),
        ]
    );
    let (status, _) = platform
        .call(Method::GET, "/api/retention/account", None, None)
        .await;
    assert_eq!(status, 401);
}
