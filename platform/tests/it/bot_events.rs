// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]
// Fiat amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

//! Player events for the bot (`docs/bot-events.md`), the platform's side: each change a player
//! with a Telegram user id goes through is posted to a stand-in for the bot's hook as a signed
//! envelope; failures are retried and delivered once, a refusal is not retried, and the queue
//! survives a restart.

use crate::common;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::TestPlatform;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use hmac::{Hmac, Mac};
use platform::rewards::Unit;
use platform::rewards::bonuses::{self, Grant};
use platform::rewards::quests::{self, Choice, Progress};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;

const SECRET: &str = "a-test-secret-of-at-least-32-characters";
const TELEGRAM_ID: i64 = 424_242;

/// What the stand-in bot received: the signature header and the body of each request.
#[derive(Default)]
struct Received {
    requests: Vec<(String, String)>,
    /// Statuses to answer, in order, before answering 202 to everything.
    script: VecDeque<u16>,
}

#[derive(Clone)]
struct FakeBot {
    url: String,
    received: Arc<Mutex<Received>>,
}

async fn receive(
    State(received): State<Arc<Mutex<Received>>>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let mut received = received.lock().unwrap();
    let signature = headers
        .get("x-platform-signature")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    received
        .requests
        .push((signature, String::from_utf8(body.to_vec()).unwrap()));
    StatusCode::from_u16(received.script.pop_front().unwrap_or(202)).unwrap()
}

impl FakeBot {
    /// A stand-in bot on `listener` answering `script` first, then 202.
    async fn on(listener: tokio::net::TcpListener, script: &[u16]) -> Self {
        let url = format!("http://{}", listener.local_addr().unwrap());
        let received = Arc::new(Mutex::new(Received {
            script: script.iter().copied().collect(),
            ..Received::default()
        }));
        let app = axum::Router::new()
            .route("/platform-events", axum::routing::post(receive))
            .with_state(received.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { url, received }
    }

    async fn start(script: &[u16]) -> Self {
        Self::on(
            tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap(),
            script,
        )
        .await
    }

    /// Every envelope received so far, each checked against its signature.
    fn envelopes(&self) -> Vec<Value> {
        let received = self.received.lock().unwrap();
        received
            .requests
            .iter()
            .map(|(signature, body)| {
                assert_signed(signature, body);
                serde_json::from_str(body).unwrap()
            })
            .collect()
    }

    /// Waits (at most 20 s) until `count` requests arrived; answers their envelopes.
    async fn until(&self, count: usize) -> Vec<Value> {
        for _ in 0..200 {
            if self.received.lock().unwrap().requests.len() >= count {
                return self.envelopes();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let kinds: Vec<Value> = self.envelopes().iter().map(|e| e["kind"].clone()).collect();
        panic!("{count} requests expected, got {kinds:?}");
    }
}

/// The header is `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>`, made just now.
#[track_caller]
fn assert_signed(header: &str, body: &str) {
    let (time, signature) = header
        .strip_prefix("t=")
        .and_then(|rest| rest.split_once(",v1="))
        .unwrap_or_else(|| panic!("malformed signature {header:?}"));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(now.abs_diff(time.parse().unwrap()) <= 120, "{header}");
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(format!("{time}.{body}").as_bytes());
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(signature, expected, "the signature of {body}");
}

fn hooked_to(bot_url: &str) -> [(&'static str, String); 2] {
    [
        ("BOT_EVENTS_URL", bot_url.to_owned()),
        ("BOT_EVENTS_SECRET", SECRET.to_owned()),
    ]
}

async fn running(database_url: &str, bot_url: &str) -> (TestPlatform, platform::AppState) {
    let vars = hooked_to(bot_url);
    let extra: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    common::spawn_running(database_url, &extra).await
}

fn database(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}/platform.db", dir.path().display())
}

/// A player with `TELEGRAM_ID` speaking `locale`, with `balance` cents of USD: (id, bearer).
async fn telegram_player(
    platform: &TestPlatform,
    email: &str,
    locale: &str,
    balance: i64,
) -> (i64, String) {
    let (id, token) = platform.player(email, "USD").await;
    sqlx::query("UPDATE players SET tg_user_id = ?, locale = ? WHERE id = ?")
        .bind(TELEGRAM_ID)
        .bind(locale)
        .bind(id)
        .execute(&platform.pool().await)
        .await
        .unwrap();
    platform.set_balance(id, "USD", balance).await;
    (id, token)
}

fn usd(amount: i64) -> Value {
    json!({"amount": amount, "currency": "USD", "subunitToUnit": 100, "type": "fiat"})
}

async fn withdrawal(platform: &TestPlatform, token: &str, amount: i64, status: i64) {
    let (code, invoice) = platform
        .call(
            Method::POST,
            "/api/payment/invoices/withdrawal",
            Some(token),
            Some(json!({"paymentMethod": "card.withdrawal.visa", "amount": amount, "currency": "USD"})),
        )
        .await;
    assert_eq!(code, 201, "{invoice}");
    let id = invoice["id"].as_str().unwrap();
    let (code, body) = platform
        .post(
            &format!("/api/sandbox/invoices/{id}/settle"),
            None,
            Some(json!({"status": status})),
        )
        .await;
    assert_eq!(code, 200, "{body}");
}

/// A single on the home side of the next event, resulted `outcome`; answers the event's name.
async fn settled_single(platform: &TestPlatform, token: &str, outcome: &str) -> String {
    let (_, started) = platform
        .call(
            Method::POST,
            "/api/game/games/altenar-sportsbook/play",
            Some(token),
            Some(json!({"provider": "altenar", "demoMode": false})),
        )
        .await;
    let session = started["token"].as_str().unwrap();
    let (_, listed) = platform
        .get("/api/sandbox/sportsbook/events?live=false&limit=5")
        .await;
    let event = listed["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["result"].is_null())
        .unwrap()
        .clone();
    let pick =
        json!({"eventId": event["id"], "outcome": "1", "odds": event["outcomes"][0]["odds"]});
    let (status, placed) = platform
        .post(
            &format!("/api/sandbox/game-sessions/{session}/sport-bets"),
            None,
            Some(json!({"requestId": format!("bet-{outcome}-0001"), "stake": 10_00, "selections": [pick]})),
        )
        .await;
    assert_eq!(status, 201, "{placed}");
    let (status, body) = platform
        .post(
            &format!("/api/sandbox/sport-events/{}/result", event["id"]),
            None,
            Some(json!({"outcome": outcome})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    format!(
        "{} – {}",
        event["home"].as_str().unwrap(),
        event["away"].as_str().unwrap()
    )
}

/// The envelope of `kind` among `envelopes`, with the fields every envelope has checked.
#[track_caller]
fn of_kind<'a>(envelopes: &'a [Value], kind: &str, player: i64, locale: &str) -> &'a Value {
    let found: Vec<&Value> = envelopes.iter().filter(|e| e["kind"] == kind).collect();
    assert_eq!(found.len(), 1, "one {kind} in {envelopes:?}");
    let envelope = found[0];
    assert_eq!(envelope["telegramUserId"], TELEGRAM_ID, "{envelope}");
    assert_eq!(envelope["playerId"], player.to_string(), "{envelope}");
    assert_eq!(envelope["locale"], locale, "{envelope}");
    let id = envelope["id"].as_str().unwrap();
    assert!((1..=128).contains(&id.len()), "{envelope}");
    chrono::DateTime::parse_from_rfc3339(envelope["occurredAt"].as_str().unwrap()).unwrap();
    envelope
}

#[tokio::test]
async fn each_change_of_a_telegram_player_reaches_the_bot_as_its_signed_event() {
    let bot = FakeBot::start(&[]).await;
    let dir = tempfile::tempdir().unwrap();
    let (platform, state) = running(&database(&dir), &bot.url).await;
    let (player, token) = telegram_player(&platform, "tg@example.com", "pt-br", 100_00).await;
    // A player who never came through Telegram is told nothing.
    let (other, other_token) = platform.player("web@example.com", "USD").await;
    platform.set_balance(other, "USD", 100_00).await;
    platform.deposit_settled(&other_token, 10_00, "USD").await;

    platform.deposit_settled(&token, 25_00, "USD").await;
    withdrawal(&platform, &token, 30_00, 2).await;
    withdrawal(&platform, &token, 20_00, 3).await;
    let won = settled_single(&platform, &token, "1").await;
    let lost = settled_single(&platform, &token, "2").await;

    let deps = state.deps();
    let mut unit = Unit::begin(&deps, player).await.unwrap();
    let (tx, changes) = (&mut unit.tx, &mut unit.changes);
    for package_id in [3, 6] {
        let grant = Grant {
            player_id: player,
            package_id,
            currency: "USD",
            deposit_amount: None,
            fixed_amount: None,
            source: "code",
            session_id: None,
        };
        bonuses::issue(tx, changes, &grant).await.unwrap();
    }
    // "High roller": 100 wagered completes it, its 100 points reach Silver.
    let quest: i64 =
        sqlx::query_scalar("SELECT id FROM player_quests WHERE player_id = ? AND quest_id = 4")
            .bind(player)
            .fetch_one(&mut **tx)
            .await
            .unwrap();
    quests::choose(tx, changes, player, quest, Choice::Activate)
        .await
        .unwrap();
    let wager = Progress::Spin {
        game_id: 1,
        base_wager: 100_00,
        won: false,
    };
    quests::advance(tx, changes, player, wager, "USD")
        .await
        .unwrap();
    unit.commit(&deps).await.unwrap();

    let envelopes = bot.until(12).await;
    let data = |kind: &str| of_kind(&envelopes, kind, player, "pt-br")["data"].clone();
    assert_eq!(data("deposit_credited"), json!({"amount": usd(25_00)}));
    assert_eq!(data("withdrawal_paid"), json!({"amount": usd(30_00)}));
    assert_eq!(
        data("withdrawal_declined"),
        json!({"amount": usd(20_00), "reason": "O provedor de pagamento recusou o saque."})
    );
    let payout = envelopes
        .iter()
        .find(|e| e["kind"] == "sport_bet_won")
        .unwrap()["data"]["payout"]["amount"]
        .as_i64()
        .unwrap();
    assert!(payout > 10_00, "{payout}");
    assert_eq!(
        data("sport_bet_won"),
        json!({"payout": usd(payout), "title": won})
    );
    let settled: Vec<&Value> = envelopes
        .iter()
        .filter(|e| e["kind"] == "sport_bet_settled")
        .map(|e| &e["data"])
        .collect();
    assert_eq!(
        settled,
        [
            &json!({"outcome": "won", "payout": usd(payout), "title": won}),
            &json!({"outcome": "lost", "payout": usd(0), "title": lost}),
        ]
    );
    assert_eq!(
        data("free_spins_awarded"),
        json!({"count": 50, "game": "Lucky Sevens"})
    );
    let awarded: Vec<&Value> = envelopes
        .iter()
        .filter(|e| e["kind"] == "bonus_awarded")
        .map(|e| &e["data"])
        .collect();
    assert_eq!(
        awarded,
        [
            &json!({"title": "Welcome bonus 100%", "amount": usd(25_00)}),
            &json!({"title": "10 bonus, wager ×5", "amount": usd(10_00)}),
            &json!({"title": "Quest reward: 5 bonus", "amount": usd(5_00)}),
        ]
    );
    assert_eq!(data("quest_completed"), json!({"title": "High roller"}));
    assert_eq!(data("loyalty_level_reached"), json!({"level": "Silver"}));
    assert_eq!(envelopes.len(), 12, "{envelopes:?}");
    let ids: std::collections::BTreeSet<&str> = envelopes
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 12, "every event has its own id");
}

/// The expiry reminders written for the player's open bonuses: (key, due, envelope).
async fn reminders(platform: &TestPlatform, player: i64) -> Vec<(String, String, Value)> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT event_key, next_attempt_at, body FROM bot_events
         WHERE player_id = ? AND kind = 'bonus_expiring' ORDER BY rowid",
    )
    .bind(player)
    .fetch_all(&platform.pool().await)
    .await
    .unwrap();
    rows.into_iter()
        .map(|(key, due, body)| (key, due, serde_json::from_str(&body).unwrap()))
        .collect()
}

#[tokio::test]
async fn a_bonus_is_reminded_a_day_before_it_expires_and_the_reminder_cancelled_once_it_is_over() {
    let bot = FakeBot::start(&[]).await;
    let dir = tempfile::tempdir().unwrap();
    let (platform, state) = running(&database(&dir), &bot.url).await;
    let (player, token) = telegram_player(&platform, "bonus@example.com", "es", 0).await;
    let deps = state.deps();
    let mut unit = Unit::begin(&deps, player).await.unwrap();
    let grant = Grant {
        player_id: player,
        package_id: 6,
        currency: "USD",
        deposit_amount: None,
        fixed_amount: None,
        source: "code",
        session_id: None,
    };
    let issued = bonuses::issue(&mut unit.tx, &mut unit.changes, &grant)
        .await
        .unwrap();
    unit.commit(&deps).await.unwrap();
    let Some(bonuses::Issued::Bonus(bonus)) = issued else {
        panic!("a bonus: {issued:?}")
    };
    let awarded = bot.until(1).await;
    assert_eq!(awarded[0]["kind"], "bonus_awarded");

    let expires_at: String =
        sqlx::query_scalar("SELECT expires_at FROM player_bonuses WHERE id = ?")
            .bind(bonus)
            .fetch_one(&platform.pool().await)
            .await
            .unwrap();
    let written = reminders(&platform, player).await;
    assert_eq!(written.len(), 1, "{written:?}");
    let (key, due, envelope) = &written[0];
    assert_eq!(key, &format!("bonus:{bonus}"));
    assert_eq!(envelope["key"], format!("bonus:{bonus}"));
    assert_eq!(envelope["occurredAt"].as_str(), Some(due.as_str()));
    let expires =
        chrono::DateTime::parse_from_rfc3339(envelope["data"]["expiresAt"].as_str().unwrap())
            .unwrap();
    assert_eq!(
        envelope["data"]["expiresAt"].as_str(),
        Some(expires_at.as_str())
    );
    let due_at = chrono::DateTime::parse_from_rfc3339(due).unwrap();
    assert_eq!(expires - due_at, chrono::Duration::hours(24));
    assert_eq!(envelope["data"]["title"], "10 bonus, wager ×5");

    // Its time comes: the reminder goes out.
    sqlx::query("UPDATE bot_events SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE kind = 'bonus_expiring'")
        .execute(&platform.pool().await)
        .await
        .unwrap();
    state.bot_events.wake();
    let sent = bot.until(2).await;
    assert_eq!(sent[1]["kind"], "bonus_expiring");
    assert_eq!(sent[1]["id"], envelope["id"]);

    // The player gives the bonus up: the reminder's key is cancelled.
    let (status, body) = platform
        .put_as(&token, &format!("/api/game/player-bonuses/{bonus}/cancel"))
        .await;
    assert!(status < 300, "{status} {body}");
    let sent = bot.until(3).await;
    assert_eq!(sent[2]["kind"], "cancel");
    assert_eq!(sent[2]["cancels"], json!([format!("bonus:{bonus}")]));
    assert_eq!(sent[2]["locale"], "es");
}

#[tokio::test]
async fn a_reminder_not_sent_yet_is_dropped_when_the_bonus_ends_and_moved_when_activation_moves_the_expiry()
 {
    let bot = FakeBot::start(&[]).await;
    let dir = tempfile::tempdir().unwrap();
    let (platform, state) = running(&database(&dir), &bot.url).await;
    let (player, token) = telegram_player(&platform, "move@example.com", "en", 0).await;
    let deps = state.deps();
    let mut unit = Unit::begin(&deps, player).await.unwrap();
    let mut issued = Vec::new();
    for _ in 0..2 {
        let grant = Grant {
            player_id: player,
            package_id: 6,
            currency: "USD",
            deposit_amount: None,
            fixed_amount: None,
            source: "code",
            session_id: None,
        };
        issued.push(
            bonuses::issue(&mut unit.tx, &mut unit.changes, &grant)
                .await
                .unwrap(),
        );
    }
    unit.commit(&deps).await.unwrap();
    let ids: Vec<i64> = issued
        .iter()
        .map(|i| match i {
            Some(bonuses::Issued::Bonus(id)) => *id,
            other => panic!("{other:?}"),
        })
        .collect();
    bot.until(2).await;
    let before = reminders(&platform, player).await;
    assert_eq!(before.len(), 2);

    // Moving the first one's expiry back an hour, as if issued an hour ago, then activating it:
    // the reminder follows the new expiry.
    sqlx::query("UPDATE player_bonuses SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', expires_at, '-1 hours') WHERE id = ?")
        .bind(ids[0])
        .execute(&platform.pool().await)
        .await
        .unwrap();
    let (status, body) = platform
        .put_as(
            &token,
            &format!("/api/game/player-bonuses/{}/activate", ids[0]),
        )
        .await;
    assert!(status < 300, "{status} {body}");
    let (status, body) = platform
        .put_as(
            &token,
            &format!("/api/game/player-bonuses/{}/cancel", ids[1]),
        )
        .await;
    assert!(status < 300, "{status} {body}");
    let after = reminders(&platform, player).await;
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(after[0].0, format!("bonus:{}", ids[0]));
    assert_ne!(after[0].2["id"], before[0].2["id"]);
    assert!(after[0].1 > before[0].1);
    // Nothing had been sent for the cancelled one: it needs no cancel.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(bot.envelopes().len(), 2);
}

/// The platform's own record of the player's events: (kind, attempts, delivered, given up).
async fn queue(platform: &TestPlatform) -> Vec<(String, i64, bool, bool)> {
    sqlx::query_as(
        "SELECT kind, attempts, delivered_at IS NOT NULL, given_up_at IS NOT NULL FROM bot_events
         ORDER BY rowid",
    )
    .fetch_all(&platform.pool().await)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_failing_bot_is_tried_again_until_it_accepts_and_gets_the_event_once() {
    let bot = FakeBot::start(&[503, 500]).await;
    let dir = tempfile::tempdir().unwrap();
    let (platform, _state) = running(&database(&dir), &bot.url).await;
    let (_, token) = telegram_player(&platform, "retry@example.com", "ru", 100_00).await;
    withdrawal(&platform, &token, 15_00, 2).await;
    let sent = bot.until(3).await;
    assert_eq!(sent[0], sent[1], "a retry sends the same body");
    assert_eq!(sent[1], sent[2]);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(bot.envelopes().len(), 3, "nothing after the 202");
    assert_eq!(
        queue(&platform).await,
        [("withdrawal_paid".to_owned(), 3, true, false)]
    );
}

#[tokio::test]
async fn a_bot_that_is_not_listening_yet_gets_the_event_once_it_is() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let dir = tempfile::tempdir().unwrap();
    let (platform, _state) = running(&database(&dir), &format!("http://{address}")).await;
    let (_, token) = telegram_player(&platform, "later@example.com", "en", 100_00).await;
    withdrawal(&platform, &token, 15_00, 2).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let refused = queue(&platform).await;
    assert!(refused[0].1 >= 1 && !refused[0].2, "{refused:?}");
    let bot = FakeBot::on(tokio::net::TcpListener::bind(address).await.unwrap(), &[]).await;
    let sent = bot.until(1).await;
    assert_eq!(sent[0]["kind"], "withdrawal_paid");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(bot.envelopes().len(), 1);
}

#[tokio::test]
async fn an_event_the_bot_refuses_as_unprocessable_is_not_sent_again() {
    let bot = FakeBot::start(&[422]).await;
    let dir = tempfile::tempdir().unwrap();
    let (platform, _state) = running(&database(&dir), &bot.url).await;
    let (_, token) = telegram_player(&platform, "refused@example.com", "en", 100_00).await;
    withdrawal(&platform, &token, 15_00, 2).await;
    bot.until(1).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(bot.envelopes().len(), 1);
    assert_eq!(
        queue(&platform).await,
        [("withdrawal_paid".to_owned(), 0, false, true)]
    );
}

#[tokio::test]
async fn events_waiting_for_the_bot_survive_a_restart_of_the_platform() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let nobody = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let dir = tempfile::tempdir().unwrap();
    let (first, state) = running(&database(&dir), &nobody).await;
    let (_, token) = telegram_player(&first, "restart@example.com", "en", 100_00).await;
    withdrawal(&first, &token, 17_00, 2).await;
    let waiting: Vec<String> = sqlx::query_scalar("SELECT body FROM bot_events")
        .fetch_all(&first.pool().await)
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1);
    drop(first);
    drop(state);

    let bot = FakeBot::start(&[]).await;
    let (_second, _state) = running(&database(&dir), &bot.url).await;
    let sent = bot.until(1).await;
    assert_eq!(sent[0], serde_json::from_str::<Value>(&waiting[0]).unwrap());
    assert_eq!(sent[0]["data"], json!({"amount": usd(17_00)}));
}

#[tokio::test]
async fn without_the_bots_address_nothing_is_written() {
    let platform = common::spawn().await;
    let (id, token) = platform.player("off@example.com", "USD").await;
    sqlx::query("UPDATE players SET tg_user_id = ? WHERE id = ?")
        .bind(TELEGRAM_ID)
        .bind(id)
        .execute(&platform.pool().await)
        .await
        .unwrap();
    platform.deposit_settled(&token, 15_00, "USD").await;
    assert!(queue(&platform).await.is_empty());
}

#[test]
fn the_hooks_configuration_is_checked_at_start() {
    let with = |pairs: &[(&str, &str)]| {
        platform::Config::from_env(&service_kit::Env::from_pairs(pairs.iter().copied()))
    };
    assert!(with(&[]).unwrap().bot_events.is_none());
    let err = with(&[("BOT_EVENTS_URL", "http://bot:8083")]).unwrap_err();
    assert!(
        err.to_string().starts_with("BOT_EVENTS_SECRET is required"),
        "{err}"
    );
    let err = with(&[
        ("BOT_EVENTS_URL", "http://bot:8083"),
        ("BOT_EVENTS_SECRET", "short"),
    ])
    .unwrap_err();
    assert!(
        err.to_string().starts_with("BOT_EVENTS_SECRET is invalid"),
        "{err}"
    );
    let err = with(&[
        ("BOT_EVENTS_URL", "bot:8083"),
        ("BOT_EVENTS_SECRET", SECRET),
    ])
    .unwrap_err();
    assert!(
        err.to_string().starts_with("BOT_EVENTS_URL is invalid"),
        "{err}"
    );
    let hook = with(&[
        ("BOT_EVENTS_URL", "http://bot:8083/"),
        ("BOT_EVENTS_SECRET", SECRET),
    ])
    .unwrap()
    .bot_events
    .unwrap();
    assert_eq!(hook.url, "http://bot:8083");
    assert!(
        !format!("{hook:?}").contains(SECRET),
        "the secret never prints"
    );
}
