//! Player messages from the platform's events, sent by two bot replicas from their shared
//! PostgreSQL outbox: a burst of deposits credited, one replica stopped (SIGTERM, as a rolling
//! deploy stops it) while it sends, and every player messaged exactly once.

use std::collections::BTreeMap;
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use serde_json::{Value, json};

use crate::checks::describe;
use crate::topology::{Topology, client_from};

/// Players in the burst: more than one replica sends in the moment before the stop.
const PLAYERS: i64 = 40;
const FIRST_PLAYER: i64 = 9_100_001;
const DEPOSIT_CENTS: i64 = 2_500;

/// The deposit messages the fake Bot API received for `chat`: sent with the wallet's button.
fn deposit_messages(t: &Topology, chat: i64) -> usize {
    t.telegram
        .calls("sendMessage")
        .iter()
        .filter(|call| {
            call.body["chat_id"] == json!(chat)
                && call.body["reply_markup"]
                    .to_string()
                    .contains("startapp=wallet")
        })
        .count()
}

/// A request through nginx that must succeed; its JSON body.
async fn call(request: reqwest::RequestBuilder, what: &str) -> anyhow::Result<Value> {
    let response = request.send().await.with_context(|| what.to_owned())?;
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    ensure!(status.is_success(), "{what}: {status} {body}");
    Ok(body)
}

/// Each player has started the bot (through nginx's webhook, so both replicas know them) and
/// signed in from Telegram; answers each player's chat and an open deposit invoice.
async fn players_with_invoices(t: &Topology) -> anyhow::Result<Vec<(i64, String)>> {
    let webhook = client_from(Ipv4Addr::LOCALHOST)?;
    let chats: Vec<i64> = (FIRST_PLAYER..FIRST_PLAYER + PLAYERS).collect();
    for (n, &chat) in chats.iter().enumerate() {
        let mut update = fake_telegram::text_message(chat, "en", "/start");
        update["update_id"] = json!(50_000 + n);
        call(
            webhook
                .post(t.url("/telegram/webhook"))
                .header("x-telegram-bot-api-secret-token", &t.secrets.webhook_secret)
                .json(&update),
            "a /start through nginx",
        )
        .await?;
    }
    fake_telegram::eventually("the bot's answer to every /start", || async {
        chats
            .iter()
            .all(|&chat| {
                t.telegram
                    .calls("sendMessage")
                    .iter()
                    .any(|c| c.body["chat_id"] == json!(chat))
            })
            .then_some(())
    })
    .await;

    let mut invoices = Vec::new();
    for (n, &chat) in chats.iter().enumerate() {
        // One source address per player keeps each far below the per-address login limit.
        let octet = u8::try_from(n + 1).context("too many players for one octet")?;
        let client = client_from(Ipv4Addr::new(127, 0, 9, octet))?;
        let session = call(
            client
                .post(t.url("/api/player/tg_login"))
                .header("content-type", "application/json")
                .body(t.login_body(chat)),
            "tg_login through nginx",
        )
        .await?;
        let token = session["accessToken"]
            .as_str()
            .context("tg_login answered no session")?;
        let invoice = call(
            client
                .post(t.url("/api/payment/invoices/deposit"))
                .bearer_auth(token)
                .json(&json!({
                    "paymentMethod": "card.deposit.visa",
                    "amount": DEPOSIT_CENTS,
                    "currency": "USD",
                })),
            "a deposit invoice",
        )
        .await?;
        let id = invoice["id"].as_str().context("an invoice without an id")?;
        invoices.push((chat, id.to_owned()));
    }
    Ok(invoices)
}

/// The events each replica logged as sent (`player message sent`) since `logged_before` (its log's
/// length then).
fn sent_by_replica(t: &Topology, logged_before: &[usize]) -> BTreeMap<String, Vec<String>> {
    t.bots
        .iter()
        .zip(logged_before)
        .map(|(bot, &before)| {
            let text = bot.log_text();
            let sent = text
                .get(before..)
                .unwrap_or_default()
                .lines()
                .filter_map(|line| serde_json::from_str::<Value>(line).ok())
                .filter(|event| event["message"] == "player message sent")
                .filter_map(|event| event["event_id"].as_str().map(str::to_owned))
                .collect();
            (bot.name.clone(), sent)
        })
        .collect()
}

/// Forty deposits settle at once; the platform posts their events to one replica, and both
/// replicas' senders take them from the shared outbox. The replica that sends first is stopped
/// at once and started again a little later: every player gets their message once, some sent by
/// each replica.
pub async fn check_events_once(t: &mut Topology) -> anyhow::Result<()> {
    let invoices = players_with_invoices(t).await?;
    let logged_before: Vec<usize> = t.bots.iter().map(|b| b.log_text().len()).collect();

    let operator = client_from(Ipv4Addr::LOCALHOST)?;
    let settled = futures_util::future::try_join_all(invoices.iter().map(|(_, id)| {
        call(
            operator
                .post(t.url(&format!("/api/sandbox/invoices/{id}/settle")))
                .header("x-sandbox-operator-key", &t.secrets.operator_key)
                .json(&json!({ "status": 2 })),
            "the sandbox provider's settlement",
        )
    }));
    settled.await?;
    let started = Instant::now();

    let chats: Vec<i64> = invoices.iter().map(|(chat, _)| *chat).collect();
    let delivered = |t: &Topology| {
        chats
            .iter()
            .filter(|&&chat| deposit_messages(t, chat) > 0)
            .count()
    };
    // The replica that sent first is stopped, so each one is seen sending.
    let victim = fake_telegram::eventually("the first player message", || async {
        sent_by_replica(t, &logged_before)
            .values()
            .position(|sent| !sent.is_empty())
    })
    .await;
    let before_stop = delivered(t);
    t.bots[victim].terminate().await?;
    let stopped_after = started.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let ready = reqwest::Client::new();
    t.bots[victim].start(&ready).await?;

    // The platform retries what the stopped replica could not take, 1 s doubling: a minute is
    // ample on a loaded machine.
    let deadline = Instant::now() + Duration::from_secs(60);
    while delivered(t) < chats.len() {
        ensure!(
            Instant::now() < deadline,
            "{} of {PLAYERS} players had their deposit message after 60 s",
            delivered(t)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let all_after = started.elapsed();
    // Time for a second send to show, had there been one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let twice: Vec<i64> = chats
        .iter()
        .copied()
        .filter(|&chat| deposit_messages(t, chat) > 1)
        .collect();
    let sent = sent_by_replica(t, &logged_before);
    let per_replica: BTreeMap<String, usize> = sent
        .iter()
        .map(|(name, ids)| (name.clone(), ids.len()))
        .collect();
    let mut ids: Vec<&String> = sent.values().flatten().collect();
    let logged = ids.len();
    ids.sort();
    ids.dedup();
    println!(
        "player messages: {PLAYERS} deposits settled at once, their events posted to {}; {}, the \
         first to send, stopped (SIGTERM) {:.1} s later with {before_stop} deposit messages out and \
         started again 2 s after; all {PLAYERS} players had theirs within {:.1} s, {} twice; {logged} \
         events sent (with the first deposits' bonuses), {} of them twice, by {}",
        t.bots[0].name,
        t.bots[victim].name,
        stopped_after.as_secs_f64(),
        all_after.as_secs_f64(),
        twice.len(),
        logged - ids.len(),
        describe(&per_replica),
    );
    ensure!(twice.is_empty(), "players messaged twice: {twice:?}");
    ensure!(
        ids.len() == logged,
        "{} events were sent twice",
        logged - ids.len()
    );
    ensure!(
        per_replica.values().all(|&n| n > 0),
        "one bot replica sent none of the messages"
    );
    Ok(())
}
