//! Two bot replicas, one job each time: a webhook update delivered to both is handled once, and
//! the failed syncs in their shared table are retried once.

use std::collections::BTreeMap;
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use anyhow::ensure;
use fake_telegram::FakeTelegram;
use serde_json::{Value, json};

use crate::checks::{count_by_replica, describe};
use crate::load::unix_now;
use crate::topology::{Topology, client_from};

const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// Every call the bot made about one chat (its replies and the chat's menu button).
fn calls_about(telegram: &FakeTelegram, chat: i64) -> usize {
    ["sendMessage", "setChatMenuButton"]
        .iter()
        .flat_map(|method| telegram.calls(method))
        .filter(|call| call.body["chat_id"] == json!(chat))
        .count()
}

async fn deliver(
    client: &reqwest::Client,
    url: &str,
    secret: &str,
    update: &Value,
) -> anyhow::Result<u16> {
    Ok(client
        .post(url)
        .header(SECRET_HEADER, secret)
        .json(update)
        .send()
        .await?
        .status()
        .as_u16())
}

/// The same update delivered twice, once to each bot replica (and twice through nginx), is
/// handled once.
pub async fn check_webhook_once(t: &Topology) -> anyhow::Result<()> {
    let client = client_from(Ipv4Addr::LOCALHOST)?;
    let secret = &t.secrets.webhook_secret;
    let via_nginx = t.url("/telegram/webhook");
    let start = |update_id: i64, user: i64| {
        let mut update = fake_telegram::text_message(user, "en", "/start");
        update["update_id"] = json!(update_id);
        update
    };

    let refused = deliver(&client, &via_nginx, "wrong-secret", &start(1, 6_000_000)).await?;
    ensure!(
        refused == 401,
        "a webhook call with a wrong secret through nginx answered {refused}, not the bot's 401"
    );
    // One delivery shows what handling one /start costs in Bot API calls.
    let first = 6_000_000;
    ensure!(
        deliver(&client, &via_nginx, secret, &start(1, first)).await? == 200,
        "the webhook through nginx refused an update"
    );
    fake_telegram::eventually("the reply to one /start", || async {
        (calls_about(&t.telegram, first) > 0).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let per_update = calls_about(&t.telegram, first);

    let replicas: Vec<String> = t
        .bot_addresses()
        .iter()
        .map(|a| format!("http://{a}/telegram/webhook"))
        .collect();
    let twice_to_replicas = 20;
    let twice_via_nginx = 5;
    let mut chats = Vec::new();
    for n in 1..=twice_to_replicas {
        let update = start(1 + n, first + n);
        chats.push(first + n);
        let (a, b) = tokio::join!(
            deliver(&client, &replicas[0], secret, &update),
            deliver(&client, &replicas[1], secret, &update)
        );
        ensure!(a? == 200 && b? == 200, "a replica refused a redelivery");
    }
    for n in 1..=twice_via_nginx {
        let update = start(100 + n, first + 100 + n);
        chats.push(first + 100 + n);
        let (a, b) = tokio::join!(
            deliver(&client, &via_nginx, secret, &update),
            deliver(&client, &via_nginx, secret, &update)
        );
        ensure!(a? == 200 && b? == 200, "nginx refused a redelivery");
    }
    fake_telegram::eventually("a reply to every update", || async {
        chats
            .iter()
            .all(|&chat| calls_about(&t.telegram, chat) >= per_update)
            .then_some(())
    })
    .await;
    // Time for a second handling to show, had there been one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let extra: usize = chats
        .iter()
        .map(|&chat| calls_about(&t.telegram, chat).saturating_sub(per_update))
        .sum();
    let webhook_served = count_by_replica(&t.access_log(), &t.bots, |e| {
        e.path == "/telegram/webhook" && e.status == 200
    });
    println!(
        "webhook: {} updates each delivered twice ({twice_to_replicas} once to each replica, \
         {twice_via_nginx} twice through nginx): {} handled, {extra} handled again; the fake Bot \
         API saw {per_update} call(s) per update; nginx passed its {} deliveries to {}; a wrong \
         secret through nginx got the bot's 401",
        chats.len(),
        chats.len(),
        webhook_served.values().sum::<usize>(),
        describe(&webhook_served),
    );
    ensure!(
        extra == 0,
        "{extra} Bot API calls came from second handlings"
    );
    Ok(())
}

/// Failed syncs put in the shared table are retried by both replicas' loops, each user once.
pub async fn check_retry_queue_once(t: &Topology) -> anyhow::Result<()> {
    let db = &t.database;
    // The webhook check's users are synced first, so the loops' log lines count only these.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let unsynced: i64 =
            sqlx::query_scalar("SELECT count(*) FROM bot_users WHERE sync_state <> 'synced'")
                .fetch_one(db)
                .await?;
        if unsynced == 0 {
            break;
        }
        ensure!(
            Instant::now() < deadline,
            "{unsynced} webhook users never synced"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let logged_before: Vec<usize> = t.bots.iter().map(|b| b.log_text().len()).collect();
    let queued: i64 = 1000;
    let now_ms = (unix_now() * 1000.0) as i64;
    sqlx::query(
        "INSERT INTO bot_users (telegram_id, first_name, created_at, updated_at, sync_state, \
             sync_failures, next_sync_at_ms) \
         SELECT 8000000 + n, 'Queued' || n, $1, $1, 'failed', 1, $2 \
         FROM generate_series(1, $3) AS n",
    )
    .bind(now_ms / 1000)
    .bind(now_ms - 1000)
    .bind(queued)
    .execute(db)
    .await?;
    let started = Instant::now();
    loop {
        let left: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM bot_users WHERE telegram_id > 8000000 AND sync_state <> 'synced'",
        )
        .fetch_one(db)
        .await?;
        if left == 0 {
            break;
        }
        ensure!(
            started.elapsed() < Duration::from_secs(60),
            "{left} queued syncs were not retried within 60 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drained = started.elapsed();
    // The loops log right after recording their batch.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut per_replica = BTreeMap::new();
    let mut failed = 0;
    for (bot, before) in t.bots.iter().zip(logged_before) {
        let text = bot.log_text();
        let mut synced = 0;
        for line in text.get(before..).unwrap_or_default().lines() {
            let Ok(event) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if event["message"] == "retried user syncs" {
                synced += event["synced"].as_u64().unwrap_or_default();
                failed += event["failed"].as_u64().unwrap_or_default();
            }
        }
        per_replica.insert(bot.name.clone(), synced);
    }
    let total: u64 = per_replica.values().sum();
    println!(
        "retry queue: {queued} due syncs in the shared table, drained in {:.1} s: {} \
         (total {total}, {failed} failed): each claimed once",
        drained.as_secs_f64(),
        per_replica
            .iter()
            .map(|(name, n)| format!("{name} retried {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    ensure!(
        total == queued as u64 && failed == 0,
        "the replicas retried {total} syncs ({failed} failed) for {queued} queued users"
    );
    ensure!(
        per_replica.values().all(|&n| n > 0),
        "one replica's loop took the whole queue: no concurrent claims were shown"
    );
    Ok(())
}
