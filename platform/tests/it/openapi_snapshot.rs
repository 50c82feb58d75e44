#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

//! The miniapp's API types are generated from a committed copy of the platform's OpenAPI document
//! (`miniapp/src/lib/api/openapi.json`). This test keeps that copy equal to what the platform
//! serves, so the client's types cannot drift from the contract unnoticed.

use std::path::PathBuf;

const UPDATE_COMMAND: &str = "UPDATE_OPENAPI=1 cargo test -p platform --test it openapi_snapshot && npm --prefix miniapp run api:types";

fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../miniapp/src/lib/api/openapi.json")
}

#[test]
fn the_committed_openapi_document_is_the_platforms() {
    let document = platform::routes::openapi();
    let current = format!("{}\n", serde_json::to_string_pretty(&document).unwrap());
    let path = snapshot_path();
    if std::env::var_os("UPDATE_OPENAPI").is_some_and(|value| value == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &current).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == current,
        "{} differs from the platform's OpenAPI document. Regenerate it and the miniapp's types with:\n  {UPDATE_COMMAND}",
        path.display()
    );
}
