// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]
// Fiat amounts are written units_cents (`10_00` is 10.00) so they read as prices.
#![allow(clippy::inconsistent_digit_grouping)]

//! Playing over real HTTP: launching games (demo, real, sportsbook), the game page, spins that
//! move money, history, publications, concurrency, geo restriction and session checks.

use crate::common;
use crate::common::next_json;

use crate::common::TestPlatform;
use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const GAME: &str = "lucky-sevens";

async fn launch(
    platform: &TestPlatform,
    game: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/game/games/{game}/play"),
            token,
            Some(body),
        )
        .await
}

/// A real-money session of `game` for the player; returns its token.
async fn real_session(platform: &TestPlatform, token: &str, game: &str) -> String {
    let (status, body) = launch(platform, game, Some(token), json!({})).await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

async fn spin(
    platform: &TestPlatform,
    session: &str,
    amount: Value,
    bearer: Option<&str>,
) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            &format!("/api/sandbox/game-sessions/{session}/spins"),
            bearer,
            Some(json!({ "amount": amount })),
        )
        .await
}

#[tokio::test]
async fn guests_play_demo_with_virtual_money_and_need_to_sign_in_for_real_money() {
    let platform = common::spawn().await;
    let (status, launched) = launch(&platform, GAME, None, json!({"demoMode": true})).await;
    assert_eq!(status, 200, "{launched}");
    let token = launched["token"].as_str().unwrap();
    assert_eq!(launched["url"], format!("/api/sandbox/games/{token}"));
    assert_eq!(launched.as_object().unwrap().len(), 2, "{launched}");

    // 1 000.00 USD of virtual money, moved only by the session's spins.
    let mut demo_balance = 1_000_00;
    for _ in 0..5 {
        let (status, body) = spin(&platform, token, json!(2_00), None).await;
        assert_eq!(status, 200, "{body}");
        let win = body["spin"]["win"].as_i64().unwrap();
        demo_balance += win - 2_00;
        assert_eq!(body["balance"], demo_balance);
        assert_eq!(body["spin"]["bet"], 2_00);
        assert_eq!(body["spin"]["currency"], "USD");
        assert_eq!(body["spin"]["gameId"], 1);
        for field in ["id", "createdAt"] {
            assert!(!body["spin"][field].is_null(), "{body}");
        }
    }
    let (status, body) = spin(&platform, token, json!(10_000_00), None).await;
    common::assert_refused(status, &body, 422, "insufficient_funds");

    let (status, body) = launch(&platform, GAME, None, json!({})).await;
    common::assert_refused(status, &body, 401, "unauthorized");
    let (status, body) = launch(&platform, GAME, None, json!({"demoMode": false})).await;
    assert_eq!(status, 401, "{body}");

    // Demo play is nobody's history and nobody's win.
    let (status, winners) = platform.get("/api/game/spins/winners").await;
    assert_eq!(status, 200);
    assert_eq!(winners["data"], json!([]));
}

#[tokio::test]
async fn the_game_page_is_served_with_a_csp_that_allows_only_itself() {
    let platform = common::spawn().await;
    let (_, launched) = launch(&platform, GAME, None, json!({"demoMode": true})).await;
    let url = format!("{}{}", platform.base, launched["url"].as_str().unwrap());
    let response = platform.client.get(&url).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let csp = headers["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let html = response.text().await.unwrap();
    assert!(csp.starts_with("default-src 'none'"), "{csp}");
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    // The one inline script and style are allowed by their hashes, nothing else loads.
    let between = |open: &str, close: &str| {
        let start = html.find(open).unwrap() + open.len();
        let end = start + html[start..].find(close).unwrap();
        html[start..end].to_owned()
    };
    let hash = |text: &str| {
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
    };
    let script = between("<script>", "</script>");
    let style = between("<style>", "</style>");
    assert!(
        csp.contains(&format!("script-src 'sha256-{}'", hash(&script))),
        "{csp}"
    );
    assert!(
        csp.contains(&format!("style-src 'sha256-{}'", hash(&style))),
        "{csp}"
    );
    assert!(script.contains("/api/sandbox/game-sessions/"));
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    assert!(html.contains(&format!(
        "data-token=\"{}\"",
        launched["token"].as_str().unwrap()
    )));
    assert!(html.contains("data-balance=\"100000\""));
    assert!(html.contains("return to player 96%"));

    let missing = platform
        .client
        .get(format!(
            "{}/api/sandbox/games/no-such-session-token-at-all",
            platform.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn real_spins_move_the_balance_and_appear_in_spins_bets_played_and_winners() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 500_00).await;
    let (status, launched) = launch(
        &platform,
        "1",
        Some(&token),
        json!({"demoMode": false, "locale": "en", "platform": 2, "lobbyUrl": "/games"}),
    )
    .await;
    assert_eq!(status, 200, "{launched}");
    let session = launched["token"].as_str().unwrap().to_owned();

    let mut expected = 500_00;
    let mut spins = Vec::new();
    let mut big_win = None;
    // Spin until a big win (at least 5× the bet, 4.6% of spins) shows among the winners.
    while spins.len() < 20 || (big_win.is_none() && spins.len() < 600) {
        let (status, body) = spin(&platform, &session, json!(50), Some(&token)).await;
        assert_eq!(status, 200, "{body}");
        let win = body["spin"]["win"].as_i64().unwrap();
        expected += win - 50;
        assert_eq!(body["balance"], expected, "bet out, win in");
        if win >= 5 * 50 && big_win.is_none() {
            big_win = Some(body["spin"]["id"].as_i64().unwrap());
        }
        spins.push(body["spin"].clone());
    }
    assert_eq!(platform.balance(&token, "USD").await, expected);

    let (status, page) = platform.get_as(&token, "/api/game/spins?perPage=5").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["meta"]["totalRows"], spins.len());
    assert_eq!(page["data"][0]["id"], spins.last().unwrap()["id"]);
    assert_eq!(page["data"][0]["gameIdentity"], GAME);
    assert_eq!(page["data"][0]["win"], spins.last().unwrap()["win"]);

    let (status, bets) = platform.get_as(&token, "/api/game/bets").await;
    assert_eq!(status, 200, "{bets}");
    assert_eq!(bets["meta"]["totalRows"], spins.len());
    assert_eq!(bets["data"][0]["isSettled"], true);
    assert_eq!(bets["data"][0]["amount"], 50);
    let (_, open) = platform
        .get_as(&token, "/api/game/bets?isSettled=false")
        .await;
    assert_eq!(open["meta"]["totalRows"], 0);

    // Played: most recent first, each game once.
    launch(
        &platform,
        "dice-duel",
        Some(&token),
        json!({"demoMode": true}),
    )
    .await;
    real_session(&platform, &token, GAME).await;
    let (status, played) = platform.get_as(&token, "/api/game/games/played").await;
    assert_eq!(status, 200, "{played}");
    let identities: Vec<&str> = played["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["identity"].as_str().unwrap())
        .collect();
    assert_eq!(identities, [GAME, "dice-duel"]);
    assert_eq!(played["data"][0]["provider"]["identity"], "sandbox-studio");

    let big_win = big_win.expect("a big win in 600 spins");
    let (status, winners) = platform.get("/api/game/spins/winners").await;
    assert_eq!(status, 200);
    let winner = winners["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == big_win)
        .unwrap_or_else(|| panic!("{big_win} in {winners}"));
    assert_eq!(winner["playerName"], "a***", "ann, masked");
    assert_eq!(winner["gameIdentity"], GAME);
    assert!(!winners.to_string().contains("example.com"));

    // Narrowed to a currency and a time range: the player played in USD only, and only just now.
    let (status, in_eur) = platform
        .get_as(&token, "/api/game/spins?currency=EUR")
        .await;
    assert_eq!(
        (status, in_eur["meta"]["totalRows"].as_i64()),
        (200, Some(0))
    );
    let (_, in_usd) = platform
        .get_as(
            &token,
            "/api/game/bets?currency=USD&createdFrom=2026-01-01T00:00:00Z",
        )
        .await;
    assert_eq!(in_usd["meta"]["totalRows"], spins.len());
    let (_, last_year) = platform
        .get_as(&token, "/api/game/spins?createdBefore=2026-01-01T00:00:00Z")
        .await;
    assert_eq!(last_year["meta"]["totalRows"], 0);
    platform
        .assert_invalid_queries(
            &token,
            "/api/game/bets?",
            &["currency=eur", "createdFrom=yesterday"],
        )
        .await;

    let (status, body) = platform.get_as(&token, "/api/game/spins?perPage=101").await;
    common::assert_refused(status, &body, 400, "invalid_query");
    let (status, _) = platform
        .call(Method::GET, "/api/game/spins", None, None)
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_spin_is_published_on_bets_spins_and_accounts() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 10_00).await;
    let session = real_session(&platform, &token, GAME).await;
    let mut ws = platform
        .subscribed(
            &token,
            &[
                format!("game:bets#{player}"),
                format!("game:spins#{player}"),
                format!("wallet:accounts#{player}"),
            ],
        )
        .await;
    let (status, body) = spin(&platform, &session, json!(1_00), None).await;
    assert_eq!(status, 200, "{body}");
    let mut pushes = Vec::new();
    while pushes.len() < 3 {
        pushes.extend(next_json(&mut ws).await);
    }
    let channel = |i: usize| pushes[i]["push"]["channel"].as_str().unwrap().to_owned();
    let data = |i: usize| pushes[i]["push"]["pub"]["data"].clone();
    assert_eq!(channel(0), format!("game:bets#{player}"));
    assert_eq!(data(0)["event"], "bet.placebet");
    assert_eq!(data(0)["gameIdentity"], GAME);
    assert_eq!(data(0)["bet"]["amount"], 1_00);
    assert_eq!(channel(1), format!("game:spins#{player}"));
    assert_eq!(data(1)["spin"], body["spin"]);
    assert_eq!(data(1)["gameIdentity"], GAME);
    assert_eq!(data(1)["gameName"], "Lucky Sevens");
    assert_eq!(channel(2), format!("wallet:accounts#{player}"));
    assert_eq!(data(2)["account"]["balance"], body["balance"]);
}

#[tokio::test]
async fn a_big_win_is_published_as_the_latest_wins_show_it() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("annabel@example.com", "USD").await;
    platform.set_balance(player, "USD", 500_00).await;
    let session = real_session(&platform, &token, GAME).await;
    let mut ws = platform
        .subscribed(&token, &[format!("game:spins#{player}")])
        .await;
    // Spin until a big win (at least 5× the bet, 4.6% of spins); every other spin names no winner.
    let mut published = None;
    for _ in 0..600 {
        let (status, body) = spin(&platform, &session, json!(50), None).await;
        assert_eq!(status, 200, "{body}");
        let push = next_json(&mut ws).await.remove(0);
        let data = push["push"]["pub"]["data"].clone();
        assert_eq!(data["spin"], body["spin"]);
        if body["spin"]["win"].as_i64().unwrap() >= 5 * 50 {
            published = Some(data["winner"].clone());
            break;
        }
        assert_eq!(data["winner"], Value::Null);
    }
    let published = published.expect("a big win in 600 spins");
    let (status, winners) = platform.get("/api/game/spins/winners").await;
    assert_eq!(status, 200);
    assert_eq!(published, winners["data"][0]);
    assert_eq!(published["playerName"], "an***");
    assert_eq!(published["gameName"], "Lucky Sevens");
}

#[tokio::test]
async fn thirty_concurrent_spins_never_overdraw() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 5_00).await;
    let session = real_session(&platform, &token, GAME).await;
    let url = format!(
        "{}/api/sandbox/game-sessions/{session}/spins",
        platform.base
    );
    let tasks: Vec<_> = (0..30)
        .map(|_| {
            let client = platform.client.clone();
            let url = url.clone();
            tokio::spawn(async move {
                let response = client
                    .post(url)
                    .json(&json!({"amount": 1_00}))
                    .send()
                    .await
                    .unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut change = 0;
    let mut accepted = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            200 => {
                accepted += 1;
                change +=
                    body["spin"]["win"].as_i64().unwrap() - body["spin"]["bet"].as_i64().unwrap();
                assert!(body["balance"].as_i64().unwrap() >= 0);
            }
            422 => assert_eq!(body["code"], "insufficient_funds"),
            other => panic!("{other}: {body}"),
        }
    }
    assert!(accepted >= 5, "the first five always fit: {accepted}");
    let end = platform.balance(&token, "USD").await;
    assert!(end >= 0);
    assert_eq!(end, 5_00 + change, "balance changes are wins minus bets");
    let pool = platform.pool().await;
    let (bets, wins, count): (i64, i64, i64) =
        sqlx::query_as("SELECT SUM(amount), SUM(win), COUNT(*) FROM game_bets WHERE player_id = ?")
            .bind(player)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((count, end), (accepted, 5_00 - bets + wins));
}

#[tokio::test]
async fn the_sportsbook_starts_with_the_start_game_params_and_its_bets_stay_open_until_settled() {
    let platform = common::spawn().await;
    let (player, token) = platform.player("ann@example.com", "USD").await;
    platform.set_balance(player, "USD", 100_00).await;
    let (_, accounts) = platform.get_as(&token, "/api/wallet/accounts").await;
    let account_id = accounts["data"][0]["id"].as_i64().unwrap();
    let params = json!({
        "accountId": account_id,
        "lobbyUrl": "https://casino.example/sport",
        "locale": "en",
        "countryCode": "UA",
        "demoMode": false,
        "platform": 1,
        "provider": "altenar",
    });
    let (status, started) = launch(
        &platform,
        "altenar-sportsbook",
        Some(&token),
        params.clone(),
    )
    .await;
    assert_eq!(status, 200, "{started}");
    let session = started["token"].as_str().unwrap().to_owned();

    let (status, body) = launch(&platform, "altenar-sportsbook", None, params.clone()).await;
    assert_eq!(status, 401, "{body}");
    let mut demo = params.clone();
    demo["demoMode"] = json!(true);
    let (status, body) = launch(&platform, "altenar-sportsbook", Some(&token), demo).await;
    common::assert_refused(status, &body, 409, "game.demo.unavailable");
    let mut wrong = params.clone();
    wrong["accountId"] = json!(account_id + 1000);
    let (status, body) = launch(&platform, "altenar-sportsbook", Some(&token), wrong).await;
    common::assert_refused(status, &body, 404, "account_not_found");
    let (status, body) = spin(&platform, &session, json!(1_00), None).await;
    common::assert_refused(status, &body, 409, "game.session.sportsbook");

    let (status, placed) = platform
        .call(
            Method::POST,
            &format!("/api/sandbox/game-sessions/{session}/bets"),
            None,
            Some(json!({"amount": 20_00})),
        )
        .await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(placed["balance"], 80_00);
    assert_eq!(placed["bet"]["isSettled"], false);
    assert_eq!(placed["bet"]["gameIdentity"], "altenar-sportsbook");
    let bet_id = placed["bet"]["id"].as_i64().unwrap();

    let (_, open) = platform
        .get_as(&token, "/api/game/bets?isSettled=false")
        .await;
    assert_eq!(open["meta"]["totalRows"], 1);
    assert_eq!(open["data"][0]["id"], bet_id);
    let (_, settled) = platform.get_as(&token, "/api/game/bets").await;
    assert_eq!(settled["meta"]["totalRows"], 0);

    let settle_path = format!("/api/sandbox/bets/{bet_id}/settle");
    let settle = |win: i64| {
        platform.call(
            Method::POST,
            &settle_path,
            None,
            Some(json!({ "win": win })),
        )
    };
    let (status, body) = settle(50_00).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["balance"], 130_00);
    assert_eq!(
        (
            body["bet"]["isSettled"].as_bool(),
            body["bet"]["win"].as_i64()
        ),
        (Some(true), Some(50_00))
    );
    let (status, body) = settle(50_00).await;
    common::assert_refused(status, &body, 409, "bet_settled");
    assert_eq!(platform.balance(&token, "USD").await, 130_00);
    let (_, settled) = platform
        .get_as(&token, "/api/game/bets?isSettled=true")
        .await;
    assert_eq!(settled["data"][0]["id"], bet_id);
    // The sportsbook is not a casino game: not among played games.
    let (_, played) = platform.get_as(&token, "/api/game/games/played").await;
    assert_eq!(played["meta"]["totalRows"], 0);
}

#[tokio::test]
async fn a_game_licensed_in_some_countries_is_refused_elsewhere() {
    let platform = common::spawn().await;
    let (status, brazil) = platform
        .get_with(
            "/api/game/games?collection=brazil-hits&perPage=1",
            &[("cf-ipcountry", "BR")],
        )
        .await;
    assert_eq!(status, 200);
    let game = brazil["data"][0]["identity"].as_str().unwrap().to_owned();
    let path = format!("{}/api/game/games/{game}/play", platform.base);
    let play = |country: Option<&'static str>, body: Value| {
        let mut request = platform.client.post(&path).json(&body);
        if let Some(country) = country {
            request = request.header("cf-ipcountry", country);
        }
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let demo = json!({"demoMode": true});
    assert_eq!(play(Some("BR"), demo.clone()).await.0, 200);
    assert_eq!(play(Some("pt"), demo.clone()).await.0, 200);
    let (status, body) = play(Some("US"), demo.clone()).await;
    common::assert_refused(status, &body, 451, "game.geo.restricted");
    let (status, _) = play(None, demo.clone()).await;
    assert_eq!(status, 451, "an unknown country sees no limited collection");
    // Without the CDN's header the body's country counts; it never lifts the header's verdict.
    let (status, _) = play(None, json!({"demoMode": true, "countryCode": "BR"})).await;
    assert_eq!(status, 200);
    let (status, _) = play(Some("US"), json!({"demoMode": true, "countryCode": "BR"})).await;
    assert_eq!(status, 451);
    // A game of unlimited collections plays everywhere.
    let (status, _) = launch(&platform, GAME, None, demo).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn unknown_games_and_bad_launch_params_are_clear_4xx() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("ann@example.com", "USD").await;
    for game in ["99999", "no-such-game", "0"] {
        let (status, body) = launch(&platform, game, Some(&token), json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("game_not_found")),
            "{game}"
        );
    }
    let cases = [
        (json!({"platform": 3}), "invalid_platform"),
        (json!({"locale": "english"}), "invalid_locale"),
        (
            json!({"lobbyUrl": "javascript:alert(1)"}),
            "invalid_lobby_url",
        ),
        (json!({"lobbyUrl": "//evil.example/"}), "invalid_lobby_url"),
        (json!({"countryCode": "Brazil"}), "invalid_country"),
        (json!({"provider": "altenar"}), "game.provider.mismatch"),
    ];
    for (body, code) in cases {
        let (status, answer) = launch(&platform, GAME, Some(&token), body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (422, Some(code)),
            "{body}"
        );
    }
    let (status, _) = launch(&platform, GAME, Some(&token), json!({"demoMode": "yes"})).await;
    assert!((400..500).contains(&status));
    let (status, _) = launch(&platform, GAME, Some(&token), json!({"unknown": 1})).await;
    assert!((400..500).contains(&status));

    let session = real_session(&platform, &token, GAME).await;
    for amount in [json!(0), json!(-5), json!(1.5), json!("100")] {
        let (status, _) = spin(&platform, &session, amount.clone(), None).await;
        assert!((400..500).contains(&status), "{amount}: {status}");
    }
    let (status, body) = spin(&platform, &session, json!(1_00), None).await;
    common::assert_refused(status, &body, 422, "insufficient_funds");
}

#[tokio::test]
async fn expired_foreign_unknown_and_signed_out_sessions_take_no_spins() {
    let platform = common::spawn().await;
    let (ann, ann_token) = platform.player("ann@example.com", "USD").await;
    let (_, bob_token) = platform.player("bob@example.com", "USD").await;
    platform.set_balance(ann, "USD", 10_00).await;
    let session = real_session(&platform, &ann_token, GAME).await;

    let (status, body) = spin(&platform, &session, json!(1_00), Some(&bob_token)).await;
    common::assert_refused(status, &body, 403, "game.session.foreign");
    let (status, body) = spin(&platform, &session, json!(1_00), Some(&ann_token)).await;
    assert_eq!(status, 200, "{body}");
    let after_first = body["balance"].as_i64().unwrap();

    let (status, body) = spin(
        &platform,
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        json!(1_00),
        None,
    )
    .await;
    common::assert_refused(status, &body, 404, "game.session.not_found");

    let pool = platform.pool().await;
    sqlx::query("UPDATE game_sessions SET expires_at = '2020-01-01T00:00:00.000Z' WHERE token = ?")
        .bind(&session)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = spin(&platform, &session, json!(1_00), None).await;
    common::assert_refused(status, &body, 410, "game.session.expired");
    let page = platform
        .client
        .get(format!("{}/api/sandbox/games/{session}", platform.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 410);
    assert_eq!(platform.balance(&ann_token, "USD").await, after_first);

    // Signing out closes the games opened from that sign-in.
    let session = real_session(&platform, &ann_token, GAME).await;
    let (status, _) = platform
        .call(
            Method::POST,
            "/api/player/sessions/logout",
            Some(&ann_token),
            None,
        )
        .await;
    assert_eq!(status, 204);
    let (status, body) = spin(&platform, &session, json!(1_00), None).await;
    common::assert_refused(status, &body, 401, "game.session.closed");
}
