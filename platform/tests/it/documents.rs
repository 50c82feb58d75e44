#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! Identity documents and the verification service's token over HTTP: uploads of every bad kind
//! and good ones (the file is on disk, and gone after delete), guests, and other players.

use crate::common;
use std::path::PathBuf;

use reqwest::Method;
use serde_json::Value;

const PNG: &[u8] =
    b"\x89PNG\r\n\x1A\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1F\x15\xC4\x89";
const JPEG: &[u8] = b"\xFF\xD8\xFF\xE0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xFF\xD9";
const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

struct Part<'a> {
    name: &'a str,
    file_name: Option<&'a str>,
    content_type: Option<&'a str>,
    data: &'a [u8],
}

fn file<'a>(content_type: &'a str, data: &'a [u8]) -> Part<'a> {
    Part {
        name: "file",
        file_name: Some("scan.bin"),
        content_type: Some(content_type),
        data,
    }
}

fn kind(value: &str) -> Part<'_> {
    Part {
        name: "type",
        file_name: None,
        content_type: None,
        data: value.as_bytes(),
    }
}

const BOUNDARY: &str = "----sandbox-test-boundary-7f3a";

fn multipart(parts: &[Part<'_>]) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        let mut disposition = format!("Content-Disposition: form-data; name=\"{}\"", part.name);
        if let Some(file_name) = part.file_name {
            disposition.push_str(&format!("; filename=\"{file_name}\""));
        }
        body.extend_from_slice(disposition.as_bytes());
        body.extend_from_slice(b"\r\n");
        if let Some(content_type) = part.content_type {
            body.extend_from_slice(format!("Content-Type: {content_type}\r\n").as_bytes());
        }
        body.extend_from_slice(b"\r\n");
        body.extend_from_slice(part.data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(
    platform: &common::TestPlatform,
    token: Option<&str>,
    parts: &[Part<'_>],
) -> (u16, Value) {
    let mut request = platform
        .client
        .post(format!("{}/api/player/documents", platform.base))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(multipart(parts));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// The documents directory of a test platform: beside its database, in the test's temp dir.
fn documents_dir(platform: &common::TestPlatform) -> PathBuf {
    let database = platform.database_url.trim_start_matches("sqlite://");
    PathBuf::from(database).parent().unwrap().join("documents")
}

fn files_of(platform: &common::TestPlatform, player_id: i64) -> Vec<PathBuf> {
    match std::fs::read_dir(documents_dir(platform).join(player_id.to_string())) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[tokio::test]
async fn guests_may_not_touch_documents_or_the_verification_token() {
    let platform = common::spawn().await;
    let (status, body) = upload(&platform, None, &[kind("passport"), file("image/png", PNG)]).await;
    common::assert_refused(status, &body, 401, "unauthorized");
    for (method, path) in [
        (Method::GET, "/api/player/documents"),
        (Method::DELETE, "/api/player/documents/1"),
        (Method::POST, "/api/player/services/sumsub/auth"),
    ] {
        let (status, _) = platform.call(method.clone(), path, None, None).await;
        assert_eq!(status, 401, "{method} {path}");
    }
}

#[tokio::test]
async fn a_good_upload_is_stored_listed_and_deleted_with_its_file() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("kyc@example.com", "USD").await;
    assert!(documents_dir(&platform).starts_with(std::env::temp_dir()));

    let (status, document) = upload(
        &platform,
        Some(&token),
        &[
            kind("passport"),
            Part {
                name: "file",
                file_name: Some("C:\\Users\\me\\passport.png"),
                content_type: Some("image/png"),
                data: PNG,
            },
        ],
    )
    .await;
    assert_eq!(status, 201, "{document}");
    assert_eq!(document["type"], "passport");
    assert_eq!(document["status"], 1);
    assert_eq!(document["contentType"], "image/png");
    assert_eq!(document["fileName"], "passport.png");
    assert_eq!(document["size"], PNG.len());

    let stored = files_of(&platform, player_id);
    assert_eq!(stored.len(), 1);
    assert_eq!(std::fs::read(&stored[0]).unwrap(), PNG);

    // JPEG and PDF by their bytes, whatever the declared generic type; a photo over the app's
    // 512 KB body limit is still taken.
    let mut big_jpeg = JPEG.to_vec();
    big_jpeg.resize(3 * 1024 * 1024, 0xAB);
    for (content_type, data, expected) in [
        ("application/octet-stream", JPEG, "image/jpeg"),
        ("application/pdf", PDF, "application/pdf"),
        ("image/jpg", &big_jpeg[..], "image/jpeg"),
    ] {
        let (status, body) = upload(
            &platform,
            Some(&token),
            &[kind("utility_bill"), file(content_type, data)],
        )
        .await;
        assert_eq!(status, 201, "{content_type}: {body}");
        assert_eq!(body["contentType"], expected);
    }
    assert_eq!(files_of(&platform, player_id).len(), 4);

    let (status, list) = platform
        .call(Method::GET, "/api/player/documents", Some(&token), None)
        .await;
    assert_eq!(status, 200);
    let listed = list["data"].as_array().unwrap();
    assert_eq!(listed.len(), 4);
    assert_eq!(listed[3]["id"], document["id"], "the latest first");

    let (_, other) = platform.player("someone-else@example.com", "USD").await;
    let path = format!("/api/player/documents/{}", document["id"]);
    let (status, body) = platform
        .call(Method::DELETE, &path, Some(&other), None)
        .await;
    common::assert_refused(status, &body, 404, "document_not_found");
    assert_eq!(std::fs::read(&stored[0]).unwrap(), PNG, "still there");
    let (_, others) = platform
        .call(Method::GET, "/api/player/documents", Some(&other), None)
        .await;
    assert!(others["data"].as_array().unwrap().is_empty());

    let (status, _) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    assert_eq!(status, 204);
    assert!(!stored[0].exists(), "the file is removed");
    let (status, body) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    common::assert_refused(status, &body, 404, "document_not_found");
    let (_, list) = platform
        .call(Method::GET, "/api/player/documents", Some(&token), None)
        .await;
    assert_eq!(list["data"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn bad_uploads_are_refused_with_their_codes() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("careless@example.com", "USD").await;
    let mut too_big = PNG.to_vec();
    too_big.resize(10 * 1024 * 1024 + 1, 0);
    let cases: Vec<(&str, Vec<Part<'_>>, u16, &str)> = vec![
        (
            "no file",
            vec![kind("passport")],
            400,
            "document_file_missing",
        ),
        (
            "no type",
            vec![file("image/png", PNG)],
            400,
            "document_type_missing",
        ),
        (
            "blank type",
            vec![kind("  "), file("image/png", PNG)],
            400,
            "document_type_missing",
        ),
        (
            "unknown type",
            vec![kind("library_card"), file("image/png", PNG)],
            400,
            "invalid_document_type",
        ),
        (
            "empty file",
            vec![kind("passport"), file("image/png", b"")],
            400,
            "document_empty",
        ),
        (
            "over 10 MB",
            vec![kind("passport"), file("image/png", &too_big)],
            413,
            "document_too_large",
        ),
        (
            "text posing as an image",
            vec![kind("passport"), file("image/png", b"just some text")],
            415,
            "unsupported_document_format",
        ),
        (
            "a GIF",
            vec![kind("selfie"), file("image/gif", b"GIF89a\x01\0\x01\0")],
            415,
            "unsupported_document_format",
        ),
        (
            "PNG declared as a PDF",
            vec![kind("passport"), file("application/pdf", PNG)],
            415,
            "document_type_mismatch",
        ),
    ];
    for (case, parts, status, code) in cases {
        let (got, body) = upload(&platform, Some(&token), &parts).await;
        assert_eq!((got, body["code"].as_str()), (status, Some(code)), "{case}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }

    // Not a multipart form at all.
    let (status, body) = platform
        .call(
            Method::POST,
            "/api/player/documents",
            Some(&token),
            Some(serde_json::json!({"type": "passport"})),
        )
        .await;
    assert_eq!(status / 100, 4);
    assert_eq!(body["code"], "invalid_multipart");

    let (_, list) = platform
        .call(Method::GET, "/api/player/documents", Some(&token), None)
        .await;
    assert!(list["data"].as_array().unwrap().is_empty());
    assert!(files_of(&platform, player_id).is_empty(), "nothing stored");
}

#[tokio::test]
async fn approved_documents_stay_and_bad_ids_are_client_errors() {
    let platform = common::spawn().await;
    let (_, token) = platform.player("approved@example.com", "USD").await;
    let (_, document) = upload(
        &platform,
        Some(&token),
        &[kind("id_card"), file("image/jpeg", JPEG)],
    )
    .await;
    let pool = platform.pool().await;
    sqlx::query("UPDATE player_documents SET status = 2 WHERE id = ?")
        .bind(document["id"].as_i64().unwrap())
        .execute(&pool)
        .await
        .unwrap();
    let path = format!("/api/player/documents/{}", document["id"]);
    let (status, body) = platform
        .call(Method::DELETE, &path, Some(&token), None)
        .await;
    common::assert_refused(status, &body, 409, "document_approved");
    let (status, body) = platform
        .call(
            Method::DELETE,
            "/api/player/documents/first",
            Some(&token),
            None,
        )
        .await;
    common::assert_refused(status, &body, 400, "invalid_path");
}

/// The verification service's access token for the player of `token`.
async fn sumsub_auth(platform: &common::TestPlatform, token: &str) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            "/api/player/services/sumsub/auth",
            Some(token),
            None,
        )
        .await
}

#[tokio::test]
async fn the_verification_service_token_is_per_player() {
    let platform = common::spawn().await;
    let (player_id, token) = platform.player("sumsub@example.com", "USD").await;
    let (status, first) = sumsub_auth(&platform, &token).await;
    assert_eq!(status, 200);
    assert!(first["token"].as_str().unwrap().starts_with("_act-sbx-"));
    assert_eq!(first["userId"], format!("sandbox-player-{player_id}"));
    let pool = platform.pool().await;
    let (soon, later): (String, String) = sqlx::query_as(
        "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+500 seconds'),
                strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+700 seconds')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let expires_at = first["expiresAt"].as_str().unwrap();
    assert!(
        expires_at > soon.as_str() && expires_at < later.as_str(),
        "{expires_at}"
    );

    let (_, second) = sumsub_auth(&platform, &token).await;
    assert_ne!(first["token"], second["token"]);
}
