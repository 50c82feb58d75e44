//! The load benchmark of `GET /api/game/games` (docs/performance.md): the sandbox platform over
//! its seeded catalogue (600 games, 20 providers, 9 collections, 8 features) and SQLite, driven by
//! keep-alive connections for a fixed time, each request taking the next of a rotation of filter
//! combinations a lobby really sends. Everything runs in this process on loopback; it prints
//! requests per second and latency percentiles.
//!
//! `cargo run --release -p platform --example load_games -- [connections=100] [seconds=10] [rate=0]`
//!
//! With `LISTING_CACHE=off` every request runs its statement (the platform keeps listing answers
//! in memory otherwise, so after the first request of each combination it measures HTTP alone).

use std::sync::Arc;

use http_body_util::Full;
use hyper::Request;
use hyper::body::Bytes;

mod common;

/// (query, visitor country): the lobby's tabs, a provider page, the filter modal, paging, search.
const QUERIES: &[(&str, Option<&str>)] = &[
    ("", None),
    ("collection=popular", None),
    ("collection=new", Some("DE")),
    ("collection=slots&page=2", None),
    ("collection=live-casino", None),
    ("collection=brazil-hits", Some("BR")),
    ("provider=golden-reel", None),
    ("provider=neon-arcade,crystal-forge&sort=new", None),
    ("feature=megaways", None),
    ("feature=jackpot,free-spins&sort=popular", None),
    ("category=live&sort=name", None),
    ("category=slots&feature=bonus-buy&page=2", None),
    ("search=dragon", None),
    ("search=gold&sort=name", None),
    ("sort=new&page=3", None),
    (
        "collection=slots&provider=golden-reel,starlit-spins&perPage=48",
        None,
    ),
];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let load = loadgen::load_from_args(100)?;

    let dir = tempfile::tempdir()?;
    let mut state = common::sandbox_state(&dir).await?;
    if std::env::var("LISTING_CACHE").is_ok_and(|v| v == "off") {
        state.listings = Arc::new(platform::listing_cache::ListingCache::disabled());
    }

    let (address, shutdown) = common::serve(state).await?;

    let connections = load.connections;
    let make_request: loadgen::MakeRequest = Arc::new(move |connection, n| {
        let (query, country) = QUERIES[(connection + n * connections) % QUERIES.len()];
        let mut request = Request::get(format!("/api/game/games?{query}"));
        if let Some(country) = country {
            request = request.header("cf-ipcountry", country);
        }
        Ok(request.body(Full::new(Bytes::new()))?)
    });

    let result = loadgen::benchmark("GET /api/game/games", address, load, make_request).await;
    shutdown.cancel();
    result.map(|_| ())
}
