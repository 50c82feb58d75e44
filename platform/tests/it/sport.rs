#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! Sport data for the sportsbook pages over HTTP: sport info (PascalCase), one event in its tree,
//! and the sport search.

use crate::common;
use reqwest::Method;
use serde_json::{Value, json};

fn array(value: &Value) -> &Vec<Value> {
    value.as_array().expect("array")
}

#[tokio::test]
async fn sport_info_lists_categories_with_championships_in_pascal_case() {
    let platform = common::spawn().await;
    let (status, soccer) = platform.get("/api/game/sport/info/66").await;
    assert_eq!(status, 200);
    assert_eq!(soccer["SportId"], 66);
    assert_eq!(soccer["Name"], "Soccer");
    let england = array(&soccer["Categories"])
        .iter()
        .find(|c| c["Name"] == "England")
        .expect("England");
    assert!(england["CategoryId"].is_i64());
    let championships: Vec<&str> = array(&england["Championships"])
        .iter()
        .map(|c| c["Name"].as_str().unwrap())
        .collect();
    assert_eq!(championships, ["Premier League", "Championship"]);
    assert!(england["Championships"][0]["ChampionshipId"].is_i64());
    assert!(england.get("categoryId").is_none());

    for (id, name) in [
        (67, "Basketball"),
        (68, "Tennis"),
        (69, "Volleyball"),
        (70, "Ice Hockey"),
        (71, "Boxing"),
    ] {
        let (status, sport) = platform.get(&format!("/api/game/sport/info/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(sport["Name"], name);
        assert!(!array(&sport["Categories"]).is_empty());
    }

    let (_, esports) = platform.get("/api/game/sport/info/145").await;
    let categories: Vec<(i64, &str)> = array(&esports["Categories"])
        .iter()
        .map(|c| {
            (
                c["CategoryId"].as_i64().unwrap(),
                c["Name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        categories,
        [
            (1534, "Counter-Strike"),
            (1533, "Dota2"),
            (1330, "Valorant"),
            (1307, "Hearthstone")
        ]
    );
}

#[tokio::test]
async fn unknown_sports_and_events_are_404_and_bad_ids_400() {
    let platform = common::spawn().await;
    for (path, status, code) in [
        ("/api/game/sport/info/179", 404, "sport_not_found"),
        ("/api/game/sport/info/soccer", 400, "invalid_path"),
        ("/api/game/sport/events/1", 404, "event_not_found"),
        ("/api/game/sport/events/next", 400, "invalid_path"),
    ] {
        let (got, body) = platform.get(path).await;
        assert_eq!((got, body["code"].as_str()), (status, Some(code)), "{path}");
    }
}

#[tokio::test]
async fn search_finds_events_and_championships_and_events_open_by_id() {
    let platform = common::spawn().await;
    let (status, found) = platform.get("/api/game/sport/search?search=arsenal").await;
    assert_eq!(status, 200);
    let events = array(&found["events"]);
    assert!(events.len() >= 2, "{found}");
    assert!(events.iter().all(|e| {
        let name = e["name"].as_str().unwrap();
        name.contains("Arsenal") && name.contains(" vs ")
    }));
    let starts: Vec<&str> = events
        .iter()
        .map(|e| e["startsAt"].as_str().unwrap())
        .collect();
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(starts, sorted, "soonest first");
    let pool = platform.pool().await;
    let now: String = sqlx::query_scalar("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(starts.iter().all(|s| **s > *now), "upcoming: {starts:?}");

    let first = &events[0];
    let (status, event) = platform
        .get(&format!("/api/game/sport/events/{}", first["id"]))
        .await;
    assert_eq!(status, 200);
    assert_eq!(&event, first);
    assert_eq!(
        event["championship"]["category"]["sport"],
        json!({"id": 66, "name": "Soccer"})
    );
    assert!(
        ["England", "International Clubs"]
            .contains(&event["championship"]["category"]["name"].as_str().unwrap())
    );

    let (_, cs) = platform.get("/api/game/sport/search?search=natus").await;
    let cs_event = &cs["events"][0];
    assert_eq!(cs_event["championship"]["category"]["id"], 1534);
    assert_eq!(cs_event["championship"]["category"]["sport"]["id"], 145);

    let (_, leagues) = platform.get("/api/game/sport/search?search=LIGA").await;
    let names: Vec<&str> = array(&leagues["championships"])
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for league in ["LaLiga", "Bundesliga", "Liga ACB", "PlusLiga"] {
        assert!(names.contains(&league), "{league} in {names:?}");
    }
    assert_eq!(leagues["championships"][0]["category"]["sport"]["id"], 66);

    for query in ["", "?search=a"] {
        let (status, body) = platform
            .get(&format!("/api/game/sport/search{query}"))
            .await;
        common::assert_refused(status, &body, 400, "invalid_search");
    }
}

#[tokio::test]
async fn a_players_sport_search_joins_their_recent_searches() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("punter@example.com", "USD").await;
    let (status, _) = platform
        .call(
            Method::GET,
            "/api/game/sport/search?search=Real%20Madrid",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let (_, recent) = platform
        .call(Method::GET, "/api/game/search/recent", Some(&token), None)
        .await;
    assert_eq!(recent["data"][0]["query"], "Real Madrid");
}
