// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]
// Fiat amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

//! The sandbox sportsbook over real HTTP: its book (sports, events, odds), bets placed against the
//! wallet (singles, accumulators, a retried placement charged once, stale odds, the max stake, the
//! balance), results settling bets exactly once, the book keeper, and the widget's script.

use crate::common;
use crate::common::TestPlatform;
use platform::play::sport_bets::{self, MAX_STAKE_UNITS, payout};
use reqwest::Method;
use serde_json::{Value, json};

/// A signed-in player with `balance` cents of USD and a sportsbook session: (bearer, session).
async fn bettor(platform: &TestPlatform, email: &str, balance: i64) -> (String, String) {
    let (player, token) = platform.player(email, "USD").await;
    platform.set_balance(player, "USD", balance).await;
    let (status, started) = platform
        .call(
            Method::POST,
            "/api/game/games/altenar-sportsbook/play",
            Some(&token),
            Some(json!({"provider": "altenar", "demoMode": false})),
        )
        .await;
    assert_eq!(status, 200, "{started}");
    (token, started["token"].as_str().unwrap().to_owned())
}

async fn upcoming(platform: &TestPlatform, limit: usize) -> Vec<Value> {
    let (status, body) = platform
        .get(&format!(
            "/api/sandbox/sportsbook/events?live=false&limit={limit}"
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    body["events"].as_array().unwrap().clone()
}

/// The home side of `event` at the odds it shows.
fn home_pick(event: &Value) -> Value {
    let home = &event["outcomes"][0];
    assert_eq!(home["outcome"], "1");
    json!({"eventId": event["id"], "outcome": "1", "odds": home["odds"]})
}

/// The book's listing of the event `id`.
async fn listed_event(platform: &TestPlatform, id: &Value) -> Value {
    let (status, body) = platform
        .get(&format!("/api/sandbox/sportsbook/events?eventId={id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["events"][0].clone()
}

/// A single on the home side of `event`.
async fn place_home(
    platform: &TestPlatform,
    session: &str,
    request_id: &str,
    stake: i64,
    event: &Value,
) -> (u16, Value) {
    place(
        platform,
        session,
        request_id,
        stake,
        json!([home_pick(event)]),
    )
    .await
}

async fn place(
    platform: &TestPlatform,
    session: &str,
    request_id: &str,
    stake: i64,
    selections: Value,
) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/sandbox/game-sessions/{session}/sport-bets"),
            None,
            Some(json!({"requestId": request_id, "stake": stake, "selections": selections})),
        )
        .await
}

async fn result(platform: &TestPlatform, event_id: &Value, outcome: &str) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/sandbox/sport-events/{event_id}/result"),
            None,
            Some(json!({"outcome": outcome})),
        )
        .await
}

#[tokio::test]
async fn the_book_lists_sports_and_events_with_moving_odds() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/sandbox/sportsbook/sports").await;
    assert_eq!(status, 200, "{body}");
    let soccer = &body["sports"][0];
    assert_eq!(
        (soccer["id"].as_i64(), soccer["code"].as_str()),
        (Some(66), Some("soccer"))
    );
    assert!(soccer["openEvents"].as_i64().unwrap() > 0);

    let events = upcoming(&platform, 5).await;
    assert_eq!(events.len(), 5);
    let first = &events[0];
    assert_eq!(first["isLive"], false);
    assert!(first["name"].as_str().unwrap().contains(" vs "));
    let starts: Vec<&str> = events
        .iter()
        .map(|e| e["startsAt"].as_str().unwrap())
        .collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
    for event in &events {
        let outcomes = event["outcomes"].as_array().unwrap();
        let with_draw = [66, 70].contains(&event["sport"]["id"].as_i64().unwrap());
        assert_eq!(outcomes.len(), if with_draw { 3 } else { 2 }, "{event}");
    }

    let (status, soccer_only) = platform
        .get("/api/sandbox/sportsbook/events?sportId=66&limit=100")
        .await;
    assert_eq!(status, 200);
    assert!(
        soccer_only["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["sport"]["id"] == 66)
    );

    // The odds are a function of the event and the 30-second bucket: they move, and tests can
    // compute them.
    let id = first["id"].as_i64().unwrap();
    assert!((0..20).any(|b| sport_bets::prices(id, 66, b) != sport_bets::prices(id, 66, b + 1)));

    for bad in [
        "limit=0",
        "limit=101",
        "live=maybe",
        "sportId=x",
        "colour=red",
    ] {
        let (status, body) = platform
            .get(&format!("/api/sandbox/sportsbook/events?{bad}"))
            .await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}

#[tokio::test]
async fn a_single_is_charged_once_even_when_retried_and_shows_as_an_open_bet() {
    let platform = common::spawn().await;
    let (token, session) = bettor(&platform, "ana@example.com", 100_00).await;
    let event = &upcoming(&platform, 1).await[0];
    let pick = json!([home_pick(event)]);

    let (status, placed) = place(&platform, &session, "tap-0001-aaaa", 10_00, pick.clone()).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["balance"], 90_00);
    let bet = &placed["bet"];
    assert_eq!(
        (bet["amount"].as_i64(), bet["isSettled"].as_bool()),
        (Some(10_00), Some(false))
    );
    assert_eq!(bet["selections"][0]["eventId"], event["id"]);
    assert_eq!(bet["selections"][0]["won"], Value::Null);
    let odds = event["outcomes"][0]["odds"].as_i64().unwrap();
    assert_eq!(bet["potentialWin"].as_i64(), payout(10_00, &[odds]));

    // A double tap, or a retry after a lost answer: the same bet, no second charge.
    let (status, again) = place(&platform, &session, "tap-0001-aaaa", 10_00, pick.clone()).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["bet"]["id"], bet["id"]);
    assert_eq!(platform.balance(&token, "USD").await, 90_00);

    // Ten taps at once with one key: still one bet.
    let taps = (0..10).map(|_| place(&platform, &session, "tap-0002-bbbb", 5_00, pick.clone()));
    let answers = futures_util::future::join_all(taps).await;
    let ids: std::collections::BTreeSet<i64> = answers
        .iter()
        .map(|(status, body)| {
            assert!([200, 201].contains(status), "{body}");
            body["bet"]["id"].as_i64().unwrap()
        })
        .collect();
    assert_eq!(ids.len(), 1);
    assert_eq!(platform.balance(&token, "USD").await, 85_00);

    let (_, open) = platform
        .get_as(&token, "/api/game/bets?isSettled=false")
        .await;
    assert_eq!(open["meta"]["totalRows"], 2);
    let (status, history) = platform
        .get(&format!("/api/sandbox/game-sessions/{session}/sport-bets"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(history["bets"].as_array().unwrap().len(), 2);
    assert_eq!(history["bets"][1]["id"], bet["id"]);
}

#[tokio::test]
async fn an_accumulator_pays_the_product_of_its_odds_once_all_its_events_are_in() {
    let platform = common::spawn().await;
    let (token, session) = bettor(&platform, "bo@example.com", 50_00).await;
    let events = upcoming(&platform, 2).await;
    let picks = json!([home_pick(&events[0]), home_pick(&events[1])]);
    let (status, placed) = place(&platform, &session, "acca-0001", 10_00, picks).await;
    assert_eq!(status, 201, "{placed}");
    let odds: Vec<i64> = events
        .iter()
        .map(|e| e["outcomes"][0]["odds"].as_i64().unwrap())
        .collect();
    let expected = payout(10_00, &odds).unwrap();
    assert_eq!(placed["bet"]["potentialWin"], expected);

    // One event in: nothing settles yet.
    let (status, body) = result(&platform, &events[0]["id"], "1").await;
    assert_eq!(
        (status, body["settledBets"].as_i64()),
        (200, Some(0)),
        "{body}"
    );
    assert_eq!(platform.balance(&token, "USD").await, 40_00);
    // The second completes it: paid once.
    let (status, body) = result(&platform, &events[1]["id"], "1").await;
    assert_eq!(
        (status, body["settledBets"].as_i64()),
        (200, Some(1)),
        "{body}"
    );
    assert_eq!(platform.balance(&token, "USD").await, 40_00 + expected);
    // A result is recorded once, and settling never pays twice.
    let (status, body) = result(&platform, &events[1]["id"], "2").await;
    common::assert_refused(status, &body, 409, "sport.event.resulted");
    let (_, settled) = platform
        .get_as(&token, "/api/game/bets?isSettled=true")
        .await;
    assert_eq!(settled["data"][0]["win"], expected);
    assert_eq!(platform.balance(&token, "USD").await, 40_00 + expected);

    // The resulted event takes no more bets.
    let (status, body) = place_home(&platform, &session, "late-0001", 1_00, &events[0]).await;
    common::assert_refused(status, &body, 409, "sport.event.closed");
}

#[tokio::test]
async fn a_lost_bet_settles_at_nothing() {
    let platform = common::spawn().await;
    let (token, session) = bettor(&platform, "cy@example.com", 20_00).await;
    let event = &upcoming(&platform, 1).await[0];
    let (status, _) = place_home(&platform, &session, "lost-0001", 20_00, event).await;
    assert_eq!(status, 201);
    let (_, body) = result(&platform, &event["id"], "2").await;
    assert_eq!(body["settledBets"], 1);
    assert_eq!(platform.balance(&token, "USD").await, 0);
    let (_, history) = platform
        .get(&format!("/api/sandbox/game-sessions/{session}/sport-bets"))
        .await;
    assert_eq!(history["bets"][0]["selections"][0]["won"], false);
    assert_eq!(history["bets"][0]["win"], 0);
}

#[tokio::test]
async fn bad_placements_are_refused_with_their_codes_and_charge_nothing() {
    let platform = common::spawn().await;
    let (token, session) = bettor(&platform, "di@example.com", 10_000_00).await;
    let events = upcoming(&platform, 2).await;
    let good = home_pick(&events[0]);
    let mut stale = good.clone();
    stale["odds"] = json!(good["odds"].as_i64().unwrap() + 1);
    let max = MAX_STAKE_UNITS * 100;
    let cases: Vec<(i64, Value, u16, &str)> = vec![
        (1_00, json!([stale]), 409, "sport.odds.changed"),
        (max + 1, json!([good]), 409, "game.bet.max.exceed"),
        (20_000_00, json!([good]), 409, "game.bet.max.exceed"),
        (1_00, json!([]), 422, "sport.selections.invalid"),
        (
            1_00,
            json!([good, good]),
            422,
            "sport.selections.same_event",
        ),
        (
            1_00,
            json!([{"eventId": 1, "outcome": "1", "odds": 2000}]),
            422,
            "sport.event.unknown",
        ),
        (
            1_00,
            json!([{"eventId": events[0]["id"], "outcome": "H", "odds": 2000}]),
            422,
            "sport.outcome.unknown",
        ),
        (0, json!([good]), 422, "invalid_amount"),
    ];
    for (n, (stake, selections, status, code)) in cases.into_iter().enumerate() {
        let (got, body) = place(
            &platform,
            &session,
            &format!("bad-case-{n:04}"),
            stake,
            selections,
        )
        .await;
        assert_eq!(
            (got, body["code"].as_str()),
            (status, Some(code)),
            "case {n}: {body}"
        );
    }
    let (status, body) = place_home(&platform, &session, "x", 1_00, &events[1]).await;
    common::assert_refused(status, &body, 422, "invalid_request_id");
    assert_eq!(platform.balance(&token, "USD").await, 10_000_00);

    // The balance: refused, nothing taken.
    let (poor_token, poor) = bettor(&platform, "ed@example.com", 5_00).await;
    let (status, body) = place_home(&platform, &poor, "poor-0001", 6_00, &events[1]).await;
    common::assert_refused(status, &body, 422, "insufficient_funds");
    assert_eq!(platform.balance(&poor_token, "USD").await, 5_00);

    // No such session; a casino session takes no sport bets.
    let (status, _) = place_home(&platform, "no-such-session", "none-0001", 1_00, &events[1]).await;
    assert_eq!(status, 404);
    let (status, demo) = platform
        .call(
            Method::POST,
            "/api/game/games/lucky-sevens/play",
            None,
            Some(json!({"demoMode": true})),
        )
        .await;
    assert_eq!(status, 200);
    let casino = demo["token"].as_str().unwrap();
    let (status, body) = place_home(&platform, casino, "casino-0001", 1_00, &events[1]).await;
    common::assert_refused(status, &body, 409, "game.session.casino");
}

#[tokio::test]
async fn the_keeper_results_finished_events_settles_their_bets_and_keeps_the_book_alive() {
    let platform = common::spawn().await;
    let (token, session) = bettor(&platform, "fa@example.com", 10_00).await;
    let event = upcoming(&platform, 1).await[0].clone();
    let (status, _) = place_home(&platform, &session, "keep-0001", 10_00, &event).await;
    assert_eq!(status, 201);

    // The event started three hours ago: it is over.
    let pool = platform.pool().await;
    sqlx::query("UPDATE sport_events SET starts_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 hours') WHERE id = ?")
        .bind(event["id"].as_i64().unwrap())
        .execute(&pool)
        .await
        .unwrap();
    let state = platform::AppState::build(common::config(&platform.database_url))
        .await
        .unwrap();
    sport_bets::keep_book_once(&state.deps()).await.unwrap();

    let drawn = listed_event(&platform, &event["id"]).await["result"]
        .as_str()
        .unwrap()
        .to_owned();
    let won = drawn == "1";
    let expected = if won {
        payout(10_00, &[event["outcomes"][0]["odds"].as_i64().unwrap()]).unwrap()
    } else {
        0
    };
    assert_eq!(platform.balance(&token, "USD").await, expected);
    // Run again: nothing is paid twice.
    sport_bets::keep_book_once(&state.deps()).await.unwrap();
    assert_eq!(platform.balance(&token, "USD").await, expected);

    let (_, live) = platform
        .get("/api/sandbox/sportsbook/events?live=true&limit=100")
        .await;
    assert!(live["events"].as_array().unwrap().len() >= 7, "{live}");
    assert!(
        live["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["isLive"] == true)
    );
    let (_, ahead) = platform
        .get("/api/sandbox/sportsbook/events?live=false&limit=100")
        .await;
    assert!(ahead["events"].as_array().unwrap().len() >= 15);
}

#[tokio::test]
async fn finished_events_list_with_final_scores_that_agree_with_their_results() {
    let platform = common::spawn().await;
    let events = upcoming(&platform, 3).await;
    for (event, outcome) in events.iter().zip(["1", "X", "2"]) {
        let (status, body) = result(&platform, &event["id"], outcome).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = platform
        .get("/api/sandbox/sportsbook/events?finished=true&limit=3")
        .await;
    assert_eq!(status, 200, "{body}");
    let finished = body["events"].as_array().unwrap();
    // Newest result first.
    let ids: Vec<&Value> = finished.iter().map(|e| &e["id"]).collect();
    assert_eq!(ids, [&events[2]["id"], &events[1]["id"], &events[0]["id"]]);
    for event in finished {
        let (home, away) = (
            event["score"]["home"].as_i64().unwrap(),
            event["score"]["away"].as_i64().unwrap(),
        );
        match event["result"].as_str().unwrap() {
            "1" => assert!(home > away, "{event}"),
            "2" => assert!(away > home, "{event}"),
            _ => assert_eq!(home, away, "{event}"),
        }
        assert_eq!(event["outcomes"], json!([]));
    }
    // An open event has no score; finished ones are not in the open listing.
    assert!(
        upcoming(&platform, 50)
            .await
            .iter()
            .all(|e| e["score"].is_null() && !ids.contains(&&e["id"]))
    );
}

#[tokio::test]
async fn virtual_matches_run_on_a_short_cycle_and_a_bet_on_one_is_settled_once_by_the_keeper() {
    let platform = common::spawn().await;
    let state = platform::AppState::build(common::config(&platform.database_url))
        .await
        .unwrap();
    sport_bets::keep_book_once(&state.deps()).await.unwrap();
    let (status, body) = platform
        .get("/api/sandbox/sportsbook/events?isVirtual=true&live=false&limit=10")
        .await;
    assert_eq!(status, 200, "{body}");
    let matches = body["events"].as_array().unwrap().clone();
    assert_eq!(matches.len(), 3, "{body}");
    let starts: Vec<i64> = matches
        .iter()
        .map(|m| {
            assert_eq!(m["isVirtual"], true);
            chrono_seconds(m["startsAt"].as_str().unwrap())
        })
        .collect();
    let cycle = sport_bets::VIRTUAL_CYCLE_MINUTES * 60;
    assert!(starts.iter().all(|s| s % cycle == 0), "{starts:?}");
    assert_eq!(starts[1] - starts[0], cycle);
    assert_eq!(starts[2] - starts[1], cycle);
    // They are not mixed into the other listings.
    assert!(
        upcoming(&platform, 100)
            .await
            .iter()
            .all(|e| e["isVirtual"] == false)
    );
    // Run again: still three ahead, none twice.
    sport_bets::keep_book_once(&state.deps()).await.unwrap();
    let (_, again) = platform
        .get("/api/sandbox/sportsbook/events?isVirtual=true&live=false&limit=10")
        .await;
    assert_eq!(again["events"].as_array().unwrap().len(), 3);

    let (token, session) = bettor(&platform, "virtual@example.com", 10_00).await;
    let first = &matches[0];
    let (status, body) = place_home(&platform, &session, "virtual-0001", 5_00, first).await;
    assert_eq!(status, 201, "{body}");
    // Its few minutes are over.
    let pool = platform.pool().await;
    sqlx::query("UPDATE sport_events SET starts_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-4 minutes') WHERE id = ?")
        .bind(first["id"].as_i64().unwrap())
        .execute(&pool)
        .await
        .unwrap();
    sport_bets::keep_book_once(&state.deps()).await.unwrap();
    let over = listed_event(&platform, &first["id"]).await;
    assert!(over["score"]["home"].is_i64(), "{over}");
    let expected = if over["result"] == "1" {
        5_00 + payout(5_00, &[first["outcomes"][0]["odds"].as_i64().unwrap()]).unwrap()
    } else {
        5_00
    };
    assert_eq!(platform.balance(&token, "USD").await, expected);
    sport_bets::keep_book_once(&state.deps()).await.unwrap();
    assert_eq!(platform.balance(&token, "USD").await, expected);
    // The cycle goes on: three ahead again.
    let (_, ahead) = platform
        .get("/api/sandbox/sportsbook/events?isVirtual=true&live=false&limit=10")
        .await;
    assert_eq!(ahead["events"].as_array().unwrap().len(), 3);
}

/// Unix seconds of an RFC 3339 timestamp.
fn chrono_seconds(text: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(text)
        .unwrap()
        .timestamp()
}

#[tokio::test]
async fn the_widget_script_is_served_as_javascript() {
    let platform = common::spawn().await;
    let response = platform
        .client
        .get(format!("{}/sandbox/sportsbook/wsdk.js", platform.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    let source = response.text().await.unwrap();
    assert!(source.contains("window.altenarWSDK"));
    for surface in ["init", "set", "addSportsBook", "addWidget"] {
        assert!(
            source.contains(&format!("{surface}(")) || source.contains(&format!("{surface}:")),
            "{surface}"
        );
    }
}
