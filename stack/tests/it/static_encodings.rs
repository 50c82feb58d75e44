//! The miniapp's build as the edge sends it: the precompressed variant the browser accepts (the
//! build writes them, `miniapp/tooling/precompress.ts`), else the file itself; `Vary:
//! Accept-Encoding` on every file; hashed assets cached for good and the shell revalidated.

use crate::common;
use crate::common::{PRERENDERED_PAGE, spawn, variant_body};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `path` answers the brotli variant of the build's HTML `file`, to be revalidated on every load.
async fn assert_revalidated_html(stack: &common::TestStack, path: &str, file: &str) {
    let response = stack.get_accepting(path, "gzip, deflate, br").await;
    assert_eq!(response.status(), 200, "{path}");
    let headers = response.headers().clone();
    assert_eq!(headers["content-encoding"], "br", "{path}");
    assert_eq!(headers["vary"], "accept-encoding", "{path}");
    assert_eq!(headers["cache-control"], "no-cache", "{path}");
    assert!(
        headers["content-type"]
            .to_str()
            .expect("ASCII")
            .starts_with("text/html"),
        "{path}"
    );
    assert_eq!(
        response.text().await.expect("body"),
        variant_body(file, "br"),
        "{path}"
    );
}

struct Expected<'a> {
    accept_encoding: &'a str,
    content_encoding: Option<&'a str>,
    body: String,
}

#[tokio::test]
async fn a_hashed_asset_comes_in_the_accepted_encoding_and_is_cached_for_good() {
    let stack = spawn().await;
    let file = "assets/app-1a2b.js";
    for expected in [
        Expected {
            accept_encoding: "gzip, deflate, br, zstd",
            content_encoding: Some("br"),
            body: variant_body(file, "br"),
        },
        Expected {
            accept_encoding: "gzip",
            content_encoding: Some("gzip"),
            body: variant_body(file, "gz"),
        },
        Expected {
            accept_encoding: "br;q=0, gzip",
            content_encoding: Some("gzip"),
            body: variant_body(file, "gz"),
        },
        Expected {
            accept_encoding: "identity",
            content_encoding: None,
            body: "console.log('app')".to_owned(),
        },
    ] {
        let response = stack
            .get_accepting(&format!("/{file}"), expected.accept_encoding)
            .await;
        let what = expected.accept_encoding;
        assert_eq!(response.status(), 200, "{what}");
        let headers = response.headers().clone();
        assert_eq!(
            headers
                .get("content-encoding")
                .map(|v| v.to_str().expect("ASCII")),
            expected.content_encoding,
            "{what}"
        );
        assert_eq!(headers["vary"], "accept-encoding", "{what}");
        assert_eq!(headers["cache-control"], IMMUTABLE, "{what}");
        assert!(
            headers["content-type"]
                .to_str()
                .expect("ASCII")
                .contains("javascript"),
            "{what}: {:?}",
            headers["content-type"]
        );
        assert_eq!(
            response.text().await.expect("body"),
            expected.body,
            "{what}"
        );
    }
}

#[tokio::test]
async fn the_shell_comes_compressed_on_every_client_route_and_is_revalidated() {
    let stack = spawn().await;
    for path in [
        "/",
        "/index.html",
        "/es/games/providers",
        "/wallet?wallet=deposit",
    ] {
        assert_revalidated_html(&stack, path, "index.html").await;
    }
    let plain = stack.get_accepting("/es/games/providers", "identity").await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(
        plain.text().await.expect("body"),
        "<!doctype html><title>shell</title>"
    );
}

#[tokio::test]
async fn a_file_without_variants_comes_as_it_is() {
    let stack = spawn().await;
    let response = stack
        .get_accepting("/assets/tiny-3c4d.js", "gzip, deflate, br")
        .await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert!(headers.get("content-encoding").is_none());
    assert_eq!(headers["vary"], "accept-encoding");
    assert_eq!(headers["cache-control"], IMMUTABLE);
    assert_eq!(response.text().await.expect("body"), "0");
}

#[tokio::test]
async fn a_pre_rendered_page_comes_for_its_address_and_the_shell_for_the_others() {
    let stack = spawn().await;
    for path in ["/ru/static/terms", "/ru/static/terms/"] {
        assert_revalidated_html(&stack, path, "prerendered/ru/static/terms.html").await;
    }
    let plain = stack.get_accepting("/ru/static/terms", "identity").await;
    assert_eq!(plain.text().await.expect("body"), PRERENDERED_PAGE);

    // Pages the build did not pre-render, and addresses no page has, get the shell.
    for path in [
        "/static/terms",
        "/ru/static/privacy",
        "/ru/static",
        "/ru/static/terms@x",
    ] {
        let response = stack.get_accepting(path, "identity").await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.text().await.expect("body"),
            "<!doctype html><title>shell</title>",
            "{path}"
        );
    }
    // An encoded way out of the folder is a missing file, not a page.
    let escape = stack
        .get_accepting("/ru/static/terms%2F..%2F..%2Findex", "identity")
        .await;
    assert_eq!(escape.status(), 404);
}
