//! One local stack per test, as `make run` starts it: a free port, a fresh data folder and a
//! stand-in miniapp build (an `index.html` titled "shell" and one hashed asset, each with stand-in
//! brotli and gzip variants, and one hashed asset without variants).

#![allow(dead_code)] // Each test file uses its own part of this.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

pub struct TestStack {
    pub base: String,
    pub address: SocketAddr,
    pub data: PathBuf,
    /// Follows no redirects, so a test sees the stack's own answers.
    pub client: reqwest::Client,
    pub shutdown: CancellationToken,
    running: Option<JoinHandle<anyhow::Result<()>>>,
    _dir: tempfile::TempDir,
}

impl Drop for TestStack {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

pub fn fake_miniapp_build(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).expect("assets dir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>shell</title>",
    )
    .expect("index");
    std::fs::write(dir.join("assets/app-1a2b.js"), "console.log('app')").expect("asset");
    // Bodies no encoder makes, so a test can tell which file the edge sent.
    for file in ["index.html", "assets/app-1a2b.js"] {
        for encoding in ["br", "gz"] {
            std::fs::write(
                dir.join(format!("{file}.{encoding}")),
                variant_body(file, encoding),
            )
            .expect("variant");
        }
    }
    std::fs::write(dir.join("assets/tiny-3c4d.js"), "0").expect("asset without variants");
    // One page pre-rendered by `miniapp/tooling/prerender.ts`, with its variants.
    let page = "prerendered/ru/static/terms.html";
    std::fs::create_dir_all(dir.join("prerendered/ru/static")).expect("prerendered dir");
    std::fs::write(dir.join(page), PRERENDERED_PAGE).expect("prerendered page");
    for encoding in ["br", "gz"] {
        std::fs::write(
            dir.join(format!("{page}.{encoding}")),
            variant_body(page, encoding),
        )
        .expect("variant");
    }
    // As `miniapp/tooling/csp-hashes.ts` writes it.
    std::fs::write(
        dir.join("csp.json"),
        format!(r#"{{"scriptHashes":["{SHELL_SCRIPT_HASH}"]}}"#),
    )
    .expect("csp hashes");
}

/// The fake build's pre-rendered `/ru/static/terms`.
pub const PRERENDERED_PAGE: &str = "<!doctype html><title>terms</title>";

/// The hash the fake build's `csp.json` lists.
pub const SHELL_SCRIPT_HASH: &str = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/// The stand-in content of `file`'s precompressed variant (`encoding`: `br` or `gz`).
pub fn variant_body(file: &str, encoding: &str) -> String {
    format!("{encoding} variant of {file}")
}

pub fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// Starts the stack with `extra` variables on top of its port, data and build folders.
pub async fn spawn_with(extra: &[(&str, &str)]) -> TestStack {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let dist = dir.path().join("dist");
    fake_miniapp_build(&dist);
    let mut vars = vec![
        ("PORT", "0"),
        ("DATA_DIR", path(&data)),
        ("STATIC_DIR", path(&dist)),
    ];
    vars.extend_from_slice(extra);
    let env = service_kit::Env::from_pairs(vars);
    let shutdown = CancellationToken::new();
    let stack = stack::start(
        stack::Config::from_env(&env).expect("config"),
        shutdown.clone(),
    )
    .await
    .expect("stack starts");
    let address = stack.address;
    TestStack {
        base: format!("http://{address}"),
        address,
        data,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client"),
        shutdown,
        running: Some(tokio::spawn(stack.wait())),
        _dir: dir,
    }
}

pub async fn spawn() -> TestStack {
    spawn_with(&[]).await
}

impl TestStack {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("request")
    }

    /// A GET with this `Accept-Encoding`; the body is left as sent (the client decodes nothing).
    pub async fn get_accepting(&self, path: &str, accept_encoding: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .header("accept-encoding", accept_encoding)
            .send()
            .await
            .expect("request")
    }

    /// Signals shutdown and waits (10 s at most) for every service to stop.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        self.shutdown.cancel();
        let running = self.running.take().expect("running until stopped");
        tokio::time::timeout(std::time::Duration::from_secs(10), running)
            .await
            .expect("the stack stops in time")
            .expect("the stack's task")
    }
}
