// Test helpers: a panic is the failure report.
#![allow(clippy::unwrap_used)]

//! The sandbox's pixel host over real HTTP: a beacon with the spec's fields answers a transparent
//! image and is kept under its random value; a bad field is refused with a JSON error naming it, so
//! the client's image fails as it would at a real host that refuses it.

use crate::common::{data, spawn};

const GOOD: &str = "r=abc123&action=81&label=1&screen=390x844&tz=-180&plugins=5&mimeTypes=2&memory=8&threads=8&renderer=ANGLE%20(Intel)";

#[tokio::test]
async fn a_beacon_answers_an_image_and_is_kept_with_its_fields() {
    let platform = spawn().await;
    let response = platform
        .client
        .get(format!("{}/sandbox/pixel?{GOOD}", platform.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/gif");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let image = response.bytes().await.unwrap();
    assert!(
        image.starts_with(b"GIF89a") && image.ends_with(b";"),
        "{image:?}"
    );

    // A beacon without the optional fields (a browser that reports no memory, threads or renderer).
    let status = platform
        .client
        .get(format!(
            "{}/sandbox/pixel?r=abc123&action=80&screen=1920x1080&tz=0&plugins=0&mimeTypes=0",
            platform.base
        ))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 200);

    let (status, body) = platform
        .get("/api/sandbox/pixel-beacons?nonce=abc123")
        .await;
    assert_eq!(status, 200, "{body}");
    let beacons = data(&body);
    assert_eq!(beacons.len(), 2, "{body}");
    let first = &beacons[0];
    assert_eq!(first["action"], 81);
    assert_eq!(first["label"], 1);
    assert_eq!(first["screen"], "390x844");
    assert_eq!(first["timeZoneOffset"], -180);
    assert_eq!(first["plugins"], 5);
    assert_eq!(first["mimeTypes"], 2);
    assert_eq!(first["deviceMemory"], "8");
    assert_eq!(first["hardwareThreads"], 8);
    assert_eq!(first["renderer"], "ANGLE (Intel)");
    assert_eq!(beacons[1]["action"], 80);
    assert!(beacons[1]["label"].is_null() && beacons[1]["renderer"].is_null());

    let (_, other) = platform.get("/api/sandbox/pixel-beacons?nonce=zzz").await;
    assert!(data(&other).is_empty());
}

#[tokio::test]
async fn a_bad_field_is_refused_by_name_and_not_kept() {
    let platform = spawn().await;
    let cases = [
        ("action=79", "action"),
        ("action=91", "action"),
        ("label=10", "label"),
        ("screen=wide", "screen"),
        ("screen=0x844", "screen"),
        ("tz=900", "tz"),
        ("plugins=-1", "plugins"),
        ("memory=lots", "memory"),
        ("threads=0", "threads"),
        ("r=a%20b", "r"),
    ];
    for (bad, field) in cases {
        let key = bad.split('=').next().unwrap();
        let query: Vec<&str> = GOOD
            .split('&')
            .filter(|pair| !pair.starts_with(&format!("{key}=")))
            .chain([bad])
            .collect();
        let (status, body) = platform
            .get(&format!("/sandbox/pixel?{}", query.join("&")))
            .await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert!(body["fields"][field].is_string(), "{bad}: {body}");
    }
    let long = "x".repeat(257);
    let (status, _) = platform
        .get(
            &format!("/sandbox/pixel?{GOOD}&renderer={long}")
                .replace("&renderer=ANGLE%20(Intel)", ""),
        )
        .await;
    assert_eq!(status, 422);
    // Missing and unknown fields are refused too.
    let (status, _) = platform.get("/sandbox/pixel?r=abc123&action=81").await;
    assert_eq!(status, 400);
    let (status, _) = platform
        .get(&format!("/sandbox/pixel?{GOOD}&email=ana@example.com"))
        .await;
    assert_eq!(status, 400);

    let (_, body) = platform
        .get("/api/sandbox/pixel-beacons?nonce=abc123")
        .await;
    assert!(data(&body).is_empty(), "{body}");
}
