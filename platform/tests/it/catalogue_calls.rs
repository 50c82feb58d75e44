#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! The catalogue calls around the game listing, over HTTP: providers, every listing filter and
//! sort, one game, features, the game search with recent searches, and favourites.

use crate::common;
use reqwest::Method;
use serde_json::Value;

fn data(body: &Value) -> &Vec<Value> {
    body["data"].as_array().expect("data array")
}

fn strings(body: &Value, field: &str) -> Vec<String> {
    data(body)
        .iter()
        .map(|item| item[field].as_str().unwrap().to_owned())
        .collect()
}

fn has_feature(game: &Value, feature: &str) -> bool {
    game["features"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f == feature)
}

#[tokio::test]
async fn providers_are_listed_and_found_by_id_or_identity() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/game/providers").await;
    assert_eq!(status, 200);
    assert_eq!(data(&body).len(), 20);
    assert_eq!(body["data"][0]["identity"], "sandbox-studio");
    assert_eq!(body["data"][0]["gamesCount"], 8);
    let total: i64 = data(&body)
        .iter()
        .map(|p| p["gamesCount"].as_i64().unwrap())
        .sum();
    assert_eq!(total, 600);

    let (status, by_id) = platform.get("/api/game/providers/2").await;
    assert_eq!(status, 200);
    assert_eq!(by_id["identity"], "northern-lights-gaming");
    let (status, by_identity) = platform
        .get("/api/game/providers/northern-lights-gaming")
        .await;
    assert_eq!(status, 200);
    assert_eq!(by_identity, by_id);

    for unknown in ["999", "no-such-studio"] {
        let (status, body) = platform
            .get(&format!("/api/game/providers/{unknown}"))
            .await;
        common::assert_refused(status, &body, 404, "provider_not_found");
    }
}

#[tokio::test]
async fn features_are_listed_and_carried_by_games() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/game/games/features").await;
    assert_eq!(status, 200);
    let identities = strings(&body, "identity");
    for feature in [
        "megaways",
        "jackpot",
        "bonus-buy",
        "free-spins",
        "live-dealer",
    ] {
        assert!(identities.contains(&feature.to_owned()), "{feature}");
    }
    assert!(
        data(&body)
            .iter()
            .all(|f| f["gamesCount"].as_i64().unwrap() > 0)
    );
    let megaways = data(&body)
        .iter()
        .find(|f| f["identity"] == "megaways")
        .unwrap()["gamesCount"]
        .as_i64()
        .unwrap();

    let (status, listed) = platform
        .get("/api/game/games?feature=megaways&perPage=100")
        .await;
    assert_eq!(status, 200);
    assert_eq!(listed["meta"]["totalRows"], megaways);
    assert!(data(&listed).iter().all(|g| has_feature(g, "megaways")));

    let (_, both) = platform
        .get("/api/game/games?feature=megaways,bonus-buy&perPage=100")
        .await;
    let both_count = both["meta"]["totalRows"].as_i64().unwrap();
    assert!(both_count > 0 && both_count < megaways);
    assert!(
        data(&both)
            .iter()
            .all(|g| has_feature(g, "megaways") && has_feature(g, "bonus-buy"))
    );
}

#[tokio::test]
async fn the_listing_filters_combine() {
    let platform = common::spawn().await;

    let (_, two) = platform
        .get("/api/game/games?provider=sandbox-studio,golden-reel&perPage=100")
        .await;
    let (_, golden) = platform.get("/api/game/games?provider=golden-reel").await;
    assert_eq!(
        two["meta"]["totalRows"].as_i64().unwrap(),
        8 + golden["meta"]["totalRows"].as_i64().unwrap()
    );

    let (_, live) = platform
        .get("/api/game/games?category=live&perPage=100")
        .await;
    assert!(live["meta"]["totalRows"].as_i64().unwrap() > 0);
    assert!(data(&live).iter().all(|g| g["category"] == "live"));
    assert!(data(&live).iter().all(|g| has_feature(g, "live-dealer")));

    let (_, mega) = platform
        .get("/api/game/games?search=%20mEgA%20&perPage=100")
        .await;
    assert!(mega["meta"]["totalRows"].as_i64().unwrap() > 0);
    assert!(
        strings(&mega, "name")
            .iter()
            .all(|n| n.to_lowercase().contains("mega"))
    );

    // Wildcards typed by the player are literal characters.
    let (status, wildcards) = platform.get("/api/game/games?search=%25%25").await;
    assert_eq!(status, 200);
    assert_eq!(wildcards["meta"]["totalRows"], 0);

    let (status, combined) = platform
        .get("/api/game/games?collection=slots&category=slots&feature=free-spins&sort=name&perPage=100")
        .await;
    assert_eq!(status, 200);
    let names = strings(&combined, "name");
    assert!(!names.is_empty());
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
}

#[tokio::test]
async fn sorts_order_the_listing() {
    let platform = common::spawn().await;
    let (_, popular) = platform.get("/api/game/games?perPage=3").await;
    assert_eq!(strings(&popular, "name")[0], "Lucky Sevens");
    let (_, explicit) = platform.get("/api/game/games?perPage=3&sort=popular").await;
    assert_eq!(explicit["data"], popular["data"]);

    let (_, newest) = platform.get("/api/game/games?sort=new&perPage=50").await;
    let released = strings(&newest, "releasedOn");
    let mut descending = released.clone();
    descending.sort_by(|a, b| b.cmp(a));
    assert_eq!(released, descending);

    let (_, by_name) = platform.get("/api/game/games?sort=name&perPage=50").await;
    let (_, by_name_desc) = platform
        .get("/api/game/games?sort=name-desc&perPage=50")
        .await;
    let names = strings(&by_name, "name");
    let mut ascending = names.clone();
    ascending.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, ascending);
    let first_desc = strings(&by_name_desc, "name")[0].clone();
    assert!(first_desc.to_lowercase() > names[0].to_lowercase());

    // A collection keeps its own order unless a sort is asked for.
    let (_, new_collection) = platform
        .get("/api/game/games?collection=new&perPage=5")
        .await;
    let (_, new_by_name) = platform
        .get("/api/game/games?collection=new&perPage=24&sort=name")
        .await;
    assert_eq!(new_by_name["meta"]["totalRows"], 24);
    assert_ne!(new_collection["data"][0], new_by_name["data"][0]);
}

#[tokio::test]
async fn bad_filters_have_their_own_codes() {
    let platform = common::spawn().await;
    for (query, code) in [
        ("sort=random", "invalid_query"),
        ("category=bingo", "invalid_query"),
        ("collection=nope", "unknown_collection"),
        ("provider=sandbox-studio,nope", "unknown_provider"),
        ("feature=megaways,flying", "unknown_feature"),
        ("search=x", "invalid_search"),
        ("perPage=1000", "invalid_query"),
    ] {
        let (status, body) = platform.get(&format!("/api/game/games?{query}")).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some(code)),
            "{query}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let long = "a".repeat(65);
    let (status, body) = platform
        .get(&format!("/api/game/games?search={long}"))
        .await;
    common::assert_refused(status, &body, 400, "invalid_search");
    let many: Vec<String> = (0..21).map(|i| format!("p{i}")).collect();
    let (status, body) = platform
        .get(&format!("/api/game/games?provider={}", many.join(",")))
        .await;
    common::assert_refused(status, &body, 400, "unknown_provider");
}

#[tokio::test]
async fn one_game_by_id_or_identity() {
    let platform = common::spawn().await;
    let (status, by_id) = platform.get("/api/game/games/1").await;
    assert_eq!(status, 200);
    assert_eq!(by_id["identity"], "lucky-sevens");
    assert_eq!(by_id["provider"]["name"], "Sandbox Studio");
    assert_eq!(by_id["isFavorite"], false);
    assert!(
        by_id["collections"]
            .as_array()
            .unwrap()
            .contains(&Value::from("popular"))
    );
    assert!(
        !by_id["collections"]
            .as_array()
            .unwrap()
            .contains(&Value::from("staff-picks")),
        "hidden collections are not named"
    );
    assert_eq!(
        by_id["images"]["1x1"]["1x"],
        "/api/sandbox/images/games/lucky-sevens/1x1/1x.jpg"
    );
    let (status, by_identity) = platform.get("/api/game/games/lucky-sevens").await;
    assert_eq!(status, 200);
    assert_eq!(by_identity, by_id);
    for unknown in ["100000", "no-such-game", "99999999999999999999999"] {
        let (status, body) = platform.get(&format!("/api/game/games/{unknown}")).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("game_not_found")),
            "{unknown}"
        );
    }
}

#[tokio::test]
async fn game_search_finds_by_name_and_remembers_players_searches() {
    let platform = common::spawn().await;
    let (status, found) = platform
        .get("/api/game/games/search?search=dragon&perPage=100")
        .await;
    assert_eq!(status, 200);
    assert!(found["meta"]["totalRows"].as_i64().unwrap() > 1);
    assert!(
        strings(&found, "name")
            .iter()
            .all(|n| n.to_lowercase().contains("dragon"))
    );
    for query in ["", "?search=", "?search=d"] {
        let (status, body) = platform
            .get(&format!("/api/game/games/search{query}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("invalid_search")),
            "{query:?}"
        );
    }

    for method in [Method::GET, Method::DELETE] {
        let (status, body) = platform
            .call(method, "/api/game/search/recent", None, None)
            .await;
        common::assert_refused(status, &body, 401, "unauthorized");
    }

    let (_, token) = platform.player("searcher@example.com", "USD").await;
    let (_, other) = platform.player("other@example.com", "USD").await;
    let search = |text: &'static str, token: String| {
        let platform = &platform;
        async move {
            let (status, _) = platform
                .call(
                    Method::GET,
                    &format!("/api/game/games/search?search={text}"),
                    Some(&token),
                    None,
                )
                .await;
            assert_eq!(status, 200);
        }
    };
    search("dragon", token.clone()).await;
    search("Wolf", token.clone()).await;
    search("DRAGON", token.clone()).await;
    let recent = |token: String| {
        let platform = &platform;
        async move {
            let (status, body) = platform
                .call(Method::GET, "/api/game/search/recent", Some(&token), None)
                .await;
            assert_eq!(status, 200);
            strings(&body, "query")
        }
    };
    assert_eq!(recent(token.clone()).await, ["DRAGON", "Wolf"]);
    assert!(recent(other.clone()).await.is_empty());

    // Only the latest ten are kept.
    for text in [
        "gems", "fruits", "pharaoh", "buffalo", "safari", "vikings", "mermaid", "phoenix", "panda",
    ] {
        search(text, token.clone()).await;
    }
    let kept = recent(token.clone()).await;
    assert_eq!(kept.len(), 10);
    assert_eq!(kept[0], "panda");
    assert!(
        !kept.contains(&"Wolf".to_owned()),
        "the oldest is forgotten"
    );
    assert!(
        kept.contains(&"DRAGON".to_owned()),
        "searched again, so newer"
    );

    let (status, _) = platform
        .call(
            Method::DELETE,
            "/api/game/search/recent?query=PANDA",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let kept = recent(token.clone()).await;
    assert_eq!(kept.len(), 9);
    assert!(!kept.contains(&"panda".to_owned()));

    let (status, _) = platform
        .call(
            Method::DELETE,
            "/api/game/search/recent",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, 204);
    assert!(recent(token.clone()).await.is_empty());
}

#[tokio::test]
async fn favourites_are_per_player_and_idempotent() {
    let platform = common::spawn().await;
    for (method, path) in [
        (Method::GET, "/api/game/games/favorites"),
        (Method::POST, "/api/game/games/1/favorite"),
        (Method::DELETE, "/api/game/games/1/favorite"),
    ] {
        let (status, _) = platform.call(method.clone(), path, None, None).await;
        assert_eq!(status, 401, "{method} {path}");
    }

    let (_, token) = platform.player("fan@example.com", "USD").await;
    let (_, other) = platform.player("not-a-fan@example.com", "USD").await;
    for path in [
        "/api/game/games/1/favorite",
        "/api/game/games/dice-duel/favorite",
        "/api/game/games/1/favorite",
    ] {
        let (status, body) = platform.call(Method::POST, path, Some(&token), None).await;
        assert_eq!(status, 204, "{path}: {body}");
    }
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/game/games/no-such-game/favorite",
            Some(&token),
            None,
        )
        .await;
    common::assert_refused(status, &body, 404, "game_not_found");

    let (status, favourites) = platform
        .call(Method::GET, "/api/game/games/favorites", Some(&token), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        strings(&favourites, "identity"),
        ["dice-duel", "lucky-sevens"]
    );
    let (_, others) = platform
        .call(Method::GET, "/api/game/games/favorites", Some(&other), None)
        .await;
    assert!(data(&others).is_empty());

    let (_, game) = platform
        .call(Method::GET, "/api/game/games/1", Some(&token), None)
        .await;
    assert_eq!(game["isFavorite"], true);
    let (_, game) = platform
        .call(Method::GET, "/api/game/games/1", Some(&other), None)
        .await;
    assert_eq!(game["isFavorite"], false);

    for _ in 0..2 {
        let (status, _) = platform
            .call(
                Method::DELETE,
                "/api/game/games/lucky-sevens/favorite",
                Some(&token),
                None,
            )
            .await;
        assert_eq!(status, 204);
    }
    let (_, favourites) = platform
        .call(Method::GET, "/api/game/games/favorites", Some(&token), None)
        .await;
    assert_eq!(strings(&favourites, "identity"), ["dice-duel"]);
}
