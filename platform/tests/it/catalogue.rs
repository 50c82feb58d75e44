use crate::common;
use serde_json::Value;

fn names(body: &Value, field: &str) -> Vec<String> {
    body["data"]
        .as_array()
        .expect("data array")
        .iter()
        .map(|item| item[field].as_str().expect("string field").to_owned())
        .collect()
}

#[tokio::test]
async fn collections_are_filtered_by_the_visitors_country() {
    let platform = common::spawn().await;

    let (status, anywhere) = platform.get("/api/game/collections").await;
    assert_eq!(status, 200);
    let identities = names(&anywhere, "identity");
    assert_eq!(identities[..2], ["popular", "new"]);
    assert!(!identities.contains(&"brazil-hits".to_owned()));

    let (_, brazil) = platform
        .get_with("/api/game/collections", &[("cf-ipcountry", "br")])
        .await;
    let brazil_hits = brazil["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|c| c["identity"] == "brazil-hits")
        .expect("shown in Brazil");
    assert_eq!(brazil_hits["countries"], serde_json::json!(["BR", "PT"]));

    let (_, germany) = platform
        .get_with("/api/game/collections", &[("cf-ipcountry", "DE")])
        .await;
    assert_eq!(names(&germany, "identity"), identities);
}

#[tokio::test]
async fn hidden_collections_are_marked_for_the_client() {
    let platform = common::spawn().await;
    let (_, body) = platform.get("/api/game/collections").await;
    let hidden: Vec<&Value> = body["data"]
        .as_array()
        .expect("data")
        .iter()
        .filter(|c| c["isHidden"] == true)
        .collect();
    assert_eq!(hidden.len(), 1);
    assert_eq!(hidden[0]["identity"], "staff-picks");
}

#[tokio::test]
async fn games_of_a_collection_come_in_its_order_with_page_meta() {
    let platform = common::spawn().await;
    let (status, body) = platform
        .get("/api/game/games?collection=popular&page=1&perPage=5")
        .await;
    assert_eq!(status, 200);
    assert_eq!(names(&body, "name")[0], "Lucky Sevens");
    assert_eq!(body["data"].as_array().expect("data").len(), 5);
    assert_eq!(
        body["meta"],
        serde_json::json!({"page": 1, "perPage": 5, "totalPages": 5, "totalRows": 24})
    );
    let game = &body["data"][0];
    assert_eq!(game["provider"]["name"], "Sandbox Studio");
    assert_eq!(
        game["images"]["3x4"]["2x"],
        "/api/sandbox/images/games/lucky-sevens/3x4/2x.jpg"
    );

    let (_, last) = platform
        .get("/api/game/games?collection=popular&page=5&perPage=5")
        .await;
    assert_eq!(last["data"].as_array().expect("data").len(), 4);
}

#[tokio::test]
async fn the_whole_catalogue_and_provider_filters_are_paged() {
    let platform = common::spawn().await;
    let (_, all) = platform.get("/api/game/games").await;
    assert_eq!(all["meta"]["totalRows"], 600);
    assert_eq!(all["meta"]["perPage"], 24);
    let (_, sandbox) = platform
        .get("/api/game/games?provider=sandbox-studio&perPage=100")
        .await;
    assert_eq!(sandbox["meta"]["totalRows"], 8);
    assert!(
        sandbox["data"]
            .as_array()
            .expect("data")
            .iter()
            .all(|g| g["provider"]["identity"] == "sandbox-studio")
    );
}

#[tokio::test]
async fn a_country_limited_collection_lists_nothing_elsewhere() {
    let platform = common::spawn().await;
    let (_, elsewhere) = platform.get("/api/game/games?collection=brazil-hits").await;
    assert_eq!(elsewhere["meta"]["totalRows"], 0);
    let (_, brazil) = platform
        .get_with(
            "/api/game/games?collection=brazil-hits",
            &[("cf-ipcountry", "BR")],
        )
        .await;
    assert!(brazil["meta"]["totalRows"].as_i64().expect("count") > 0);
}

#[tokio::test]
async fn bad_filters_are_clear_client_errors() {
    let platform = common::spawn().await;
    for query in [
        "perPage=0",
        "perPage=101",
        "page=0",
        "page=abc",
        "colour=red",
    ] {
        let (status, body) = platform.get(&format!("/api/game/games?{query}")).await;
        assert_eq!(status, 400, "{query}");
        assert_eq!(body["code"], "invalid_query", "{query}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

#[tokio::test]
async fn game_artwork_is_a_jpeg_in_every_ratio_and_density() {
    let platform = common::spawn().await;
    for (path, width, height) in [("1x1/1x.jpg", 150u16, 150u16), ("3x4/3x.jpg", 450, 600)] {
        let response = platform
            .client
            .get(format!(
                "{}/api/sandbox/images/games/lucky-sevens/{path}",
                platform.base
            ))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "image/jpeg");
        assert!(
            response.headers()["cache-control"]
                .to_str()
                .expect("ascii")
                .contains("immutable")
        );
        let jpeg = response.bytes().await.expect("body");
        assert_eq!(jpeg_size(&jpeg), Some((width, height)), "{path}");
    }
    let (status, body) = platform
        .get("/api/sandbox/images/games/no-such-game/3x4/1x.jpg")
        .await;
    common::assert_refused(status, &body, 404, "game_not_found");
    for wrong in ["4x3/1x.jpg", "3x4/4x.jpg", "3x4/1x.svg"] {
        let (status, body) = platform
            .get(&format!("/api/sandbox/images/games/lucky-sevens/{wrong}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("image_not_found")),
            "{wrong}"
        );
    }
}

/// The width and height of a JPEG, read from its start-of-frame marker (baseline or progressive).
fn jpeg_size(jpeg: &[u8]) -> Option<(u16, u16)> {
    if jpeg.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut at = 2;
    while at + 9 < jpeg.len() {
        if jpeg[at] != 0xFF {
            return None;
        }
        let marker = jpeg[at + 1];
        let length = usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
        if (0xC0..=0xC2).contains(&marker) {
            let height = u16::from_be_bytes([jpeg[at + 5], jpeg[at + 6]]);
            let width = u16::from_be_bytes([jpeg[at + 7], jpeg[at + 8]]);
            return Some((width, height));
        }
        at += 2 + length;
    }
    None
}

#[tokio::test]
async fn sport_artwork_is_raster_for_every_catalogue_image_of_any_sport_code() {
    let platform = common::spawn().await;
    for code in ["soccer", "ice-hockey", "esports", "table-tennis"] {
        for (file, content_type, magic) in [
            ("widget-background.jpg", "image/jpeg", &b"\xFF\xD8\xFF"[..]),
            ("card-background.jpg", "image/jpeg", &b"\xFF\xD8\xFF"[..]),
            ("card-image.png", "image/png", &b"\x89PNG"[..]),
        ] {
            let response = platform
                .client
                .get(format!(
                    "{}/api/sandbox/images/sports/{code}/{file}",
                    platform.base
                ))
                .send()
                .await
                .expect("request");
            assert_eq!(response.status(), 200, "{code}/{file}");
            assert_eq!(response.headers()["content-type"], content_type);
            assert!(response.bytes().await.expect("body").starts_with(magic));
        }
    }
    for path in [
        "soccer/card-image.svg",
        "soccer/card-image.jpg",
        "Soccer/card-image.png",
        "a--b/card-image.png",
    ] {
        let (status, body) = platform
            .get(&format!("/api/sandbox/images/sports/{path}"))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (404, Some("image_not_found")),
            "{path}"
        );
    }
}
