//! The driver of `make test-topology` (`scripts/test-topology.sh` runs it beside a throw-away
//! PostgreSQL): the production topology of `deploy/` on loopback — Debian's nginx with
//! `deploy/nginx.conf`, the platform, two auth-service replicas sharing their rate limits in
//! PostgreSQL, two bot replicas in webhook mode behind nginx with a fake Bot API, a stand-in for
//! Centrifugo's WebSocket, and the miniapp's build — then checks routing, failover, shared limits
//! and de-duplication, printing the figures. Any failed check ends it with an error.

mod access_log;
mod fleet;
mod load;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use axum::Router;
use axum::extract::ws::{Message, WebSocketUpgrade};
use axum::routing::get;
use fake_telegram::FakeTelegram;
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use rand::distributions::Alphanumeric;
use serde_json::{Value, json};
use telegram_init_data::{InitData, User, sign};

use crate::access_log::Entry;
use crate::fleet::{Nginx, NginxVars, Service, free_address};
use crate::load::{Sample, percentile, unix_now};

/// Low enough to reach in a moment, high enough that the load (spread over many source addresses
/// and users) never meets them.
const PER_IP_PER_MINUTE: u32 = 60;
const PER_USER_PER_MINUTE: u32 = 10;
/// Source addresses the load comes from (127.0.1.1 and up), so no address nears its limit.
const LOAD_SOURCES: u8 = 128;
/// Distinct players the load signs in, in turn.
const LOAD_USERS: i64 = 1000;
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

#[tokio::main]
async fn main() -> ExitCode {
    let started = Instant::now();
    match run().await {
        Ok(()) => {
            println!(
                "topology: every check passed in {:.0} s",
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("topology: FAILED: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Secrets made for this run only.
struct Secrets {
    bot_token: String,
    service_key: String,
    webhook_secret: String,
    jwt_secret: String,
}

fn random(n: usize) -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(n)
        .map(char::from)
        .collect()
}

impl Secrets {
    fn new() -> Self {
        let bot_id: u32 = rand::thread_rng().gen_range(1_000_000..2_000_000_000);
        Self {
            bot_token: format!("{bot_id}:{}", random(35)),
            service_key: random(32),
            webhook_secret: random(32),
            jwt_secret: random(48),
        }
    }
}

struct Topology {
    nginx: Nginx,
    platform: Service,
    auth: [Service; 2],
    bots: [Service; 2],
    telegram: FakeTelegram,
    centrifugo: CentrifugoStandIn,
    database: sqlx::PgPool,
    secrets: Secrets,
    html: PathBuf,
}

impl Topology {
    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.nginx.address)
    }

    fn auth_addresses(&self) -> Vec<SocketAddr> {
        self.auth.iter().map(|s| s.address).collect()
    }

    fn bot_addresses(&self) -> Vec<SocketAddr> {
        self.bots.iter().map(|s| s.address).collect()
    }

    fn access_log(&self) -> Vec<Entry> {
        access_log::parse(&self.nginx.access_log_text())
    }

    /// Signed init data for one player, in a `tg_login` body.
    fn login_body(&self, telegram_id: i64) -> String {
        let user = User::new(telegram_id, format!("Player{telegram_id}"));
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let data = sign(&InitData::for_user(user, now), &self.secrets.bot_token);
        json!({ "tg_payload": data }).to_string()
    }
}

fn client_from(source: Ipv4Addr) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .local_address(IpAddr::V4(source))
        .timeout(Duration::from_secs(15))
        .build()?)
}

fn env_path(name: &str, default: &Path) -> PathBuf {
    std::env::var_os(name).map_or_else(|| default.to_owned(), PathBuf::from)
}

async fn run() -> anyhow::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()?;
    let dir = PathBuf::from(
        std::env::var_os("TOPOLOGY_DIR").context("TOPOLOGY_DIR (a fresh temporary folder)")?,
    );
    let bin = env_path("TOPOLOGY_BIN_DIR", &root.join("target/debug"));
    let html = env_path("TOPOLOGY_HTML", &root.join("miniapp/dist")).canonicalize()?;
    let rate: f64 = std::env::var("TOPOLOGY_RATE").map_or(Ok(100.0), |v| v.parse())?;
    let seconds: u64 = std::env::var("TOPOLOGY_SECONDS").map_or(Ok(20), |v| v.parse())?;
    let postgres = std::env::var("TEST_POSTGRES_URL").context("TEST_POSTGRES_URL")?;

    let setup = Instant::now();
    let topology = start(&root, &dir, &bin, html, &postgres).await?;
    println!(
        "topology: nginx on {} (brotli module: {}), platform, 2 auth-service and 2 bot replicas, \
         PostgreSQL: up in {:.1} s",
        topology.nginx.address,
        if topology.nginx.brotli {
            "loaded"
        } else {
            "absent, gzip only"
        },
        setup.elapsed().as_secs_f64()
    );
    let mut topology = topology;
    let outcome = checks(&mut topology, rate, Duration::from_secs(seconds)).await;
    topology.nginx.stop().await;
    if outcome.is_err() {
        eprintln!(
            "topology: logs are in {} (kept by TOPOLOGY_KEEP=1)",
            dir.display()
        );
    }
    outcome
}

async fn checks(topology: &mut Topology, rate: f64, duration: Duration) -> anyhow::Result<()> {
    check_static_and_headers(topology).await?;
    check_login_spread(topology).await?;
    check_shared_limits(topology).await?;
    check_webhook_once(topology).await?;
    check_retry_queue_once(topology).await?;
    check_failover(topology, rate, duration).await?;
    check_routing(topology)?;
    // Last: it stops the platform.
    check_upstream_down(topology).await
}

async fn start(
    root: &Path,
    dir: &Path,
    bin: &Path,
    html: PathBuf,
    postgres: &str,
) -> anyhow::Result<Topology> {
    let secrets = Secrets::new();
    let admin = sqlx::PgPool::connect(postgres).await?;
    sqlx::query("CREATE DATABASE topology")
        .execute(&admin)
        .await?;
    admin.close().await;
    let (server, _) = postgres
        .rsplit_once('/')
        .context("TEST_POSTGRES_URL has no database")?;
    let database_url = format!("{server}/topology");

    let telegram = FakeTelegram::spawn(&secrets.bot_token).await;
    let centrifugo = CentrifugoStandIn::spawn().await?;
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs)?;
    let ready = reqwest::Client::builder()
        .timeout(Duration::from_secs(2))
        .build()?;

    let platform_address = free_address()?;
    let platform_url = format!("http://{platform_address}");
    let mut platform = Service::new(
        "platform",
        bin.join("platform"),
        platform_address,
        vec![
            ("APP_ENV", "production".to_owned()),
            ("TELEGRAM_BOT_TOKEN", secrets.bot_token.clone()),
            ("TG_BOT_SERVICE_KEY", secrets.service_key.clone()),
            ("PLATFORM_BIND", platform_address.to_string()),
            (
                "PLATFORM_DATABASE_URL",
                format!("sqlite://{}/platform.db", dir.display()),
            ),
            ("PUBLIC_URL", "https://casino.test".to_owned()),
            ("PLATFORM_JWT_SECRET", secrets.jwt_secret.clone()),
        ],
        &logs,
    );
    platform.start(&ready).await?;

    let auth_service = |name: &str, address: SocketAddr| {
        Service::new(
            name,
            bin.join("auth-service"),
            address,
            vec![
                ("APP_ENV", "production".to_owned()),
                ("TELEGRAM_BOT_TOKEN", secrets.bot_token.clone()),
                ("AUTH_BIND", address.to_string()),
                ("AUTH_TRUST_FORWARDED_FOR", "true".to_owned()),
                ("AUTH_RATE_LIMIT_STORE", "database".to_owned()),
                ("AUTH_RATE_PER_IP_PER_MINUTE", PER_IP_PER_MINUTE.to_string()),
                (
                    "AUTH_RATE_PER_USER_PER_MINUTE",
                    PER_USER_PER_MINUTE.to_string(),
                ),
                ("DATABASE_URL", database_url.clone()),
                ("PLATFORM_URL", platform_url.clone()),
                // The shared limits are counted with bursts of 120 logins at once, which the
                // in-flight limit's default (16 per core, debug build) would partly answer 503 and
                // so hide the count; shedding has its own tests (`cargo test -p service-kit
                // load_shed`, `-p auth-service --test login a_burst`) and `scripts/load-login.sh`.
                ("AUTH_MAX_IN_FLIGHT", "256".to_owned()),
            ],
            &logs,
        )
    };
    let mut auth = [
        auth_service("auth-1", free_address()?),
        auth_service("auth-2", free_address()?),
    ];
    for replica in &mut auth {
        replica.start(&ready).await?;
    }

    let bot = |name: &str, address: SocketAddr| {
        Service::new(
            name,
            bin.join("bot"),
            address,
            vec![
                ("APP_ENV", "production".to_owned()),
                ("BOT_BIND", address.to_string()),
                ("DATABASE_URL", database_url.clone()),
                ("PLATFORM_URL", platform_url.clone()),
                ("TELEGRAM_BOT_TOKEN", secrets.bot_token.clone()),
                ("TELEGRAM_API_URL", telegram.url.clone()),
                ("TG_BOT_SERVICE_KEY", secrets.service_key.clone()),
                ("MINIAPP_URL", "https://casino.test/".to_owned()),
                (
                    "BOT_WEBHOOK_URL",
                    "https://casino.test/telegram/webhook".to_owned(),
                ),
                ("BOT_WEBHOOK_SECRET", secrets.webhook_secret.clone()),
                // Failed syncs are retried after 1 s (the retry loops then look every second).
                ("BOT_SYNC_RETRY_SECONDS", "1".to_owned()),
            ],
            &logs,
        )
    };
    let mut bots = [bot("bot-1", free_address()?), bot("bot-2", free_address()?)];
    for replica in &mut bots {
        replica.start(&ready).await?;
    }

    let nginx = Nginx::start(
        &root.join("deploy"),
        &dir.join("nginx"),
        NginxVars {
            listen: free_address()?,
            html: html.clone(),
            access_log: dir.join("nginx/access.log"),
            auth_service: auth.iter().map(|s| s.address).collect(),
            platform: vec![platform_address],
            centrifugo: vec![centrifugo.address],
            bot: bots.iter().map(|s| s.address).collect(),
        },
    )
    .await?;
    let database = sqlx::PgPool::connect(&database_url).await?;
    // Both bots have told the fake Telegram where their webhook is.
    fake_telegram::eventually("both bots' setWebhook", || async {
        (telegram.calls("setWebhook").len() >= 2).then_some(())
    })
    .await;
    Ok(Topology {
        nginx,
        platform,
        auth,
        bots,
        telegram,
        centrifugo,
        database,
        secrets,
        html,
    })
}

/// What nginx answers itself (the app shell, the hashed assets) and the headers of every answer.
async fn check_static_and_headers(t: &Topology) -> anyhow::Result<()> {
    let client = client_from(Ipv4Addr::LOCALHOST)?;
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let security = |response: &reqwest::Response, what: &str| -> anyhow::Result<()> {
        ensure!(
            header(response, "x-content-type-options") == "nosniff"
                && header(response, "referrer-policy") == "strict-origin-when-cross-origin",
            "{what}: the security headers are missing"
        );
        ensure!(
            header(response, "strict-transport-security").is_empty(),
            "{what}: HSTS over plain HTTP"
        );
        Ok(())
    };

    for path in ["/", "/wallet/history"] {
        let shell = client.get(t.url(path)).send().await?;
        ensure!(shell.status() == 200, "GET {path}: {}", shell.status());
        ensure!(
            header(&shell, "content-type").starts_with("text/html"),
            "GET {path} is not the app shell"
        );
        ensure!(
            header(&shell, "cache-control") == "no-cache",
            "GET {path}: Cache-Control {:?}, not no-cache",
            header(&shell, "cache-control")
        );
        let csp = header(&shell, "content-security-policy");
        ensure!(
            csp.contains("frame-ancestors 'self' https://web.telegram.org")
                && csp.contains("script-src 'self'"),
            "GET {path}: Content-Security-Policy {csp:?}"
        );
        security(&shell, path)?;
        let body = shell.text().await?;
        ensure!(
            body == std::fs::read_to_string(t.html.join("index.html"))?,
            "GET {path} is not the build's index.html"
        );
    }
    let behind_tls = client
        .get(t.url("/"))
        .header("x-forwarded-proto", "https")
        .send()
        .await?;
    ensure!(
        header(&behind_tls, "strict-transport-security").starts_with("max-age=31536000"),
        "no HSTS behind TLS"
    );

    // The largest script of the build, which has both precompressed variants.
    let assets = t.html.join("assets");
    let asset = std::fs::read_dir(&assets)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "js")
                && p.with_extension("js.gz").exists()
                && p.with_extension("js.br").exists()
        })
        .max_by_key(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .context("no script with .gz and .br variants in the build")?;
    let name = asset
        .file_name()
        .context("asset name")?
        .to_string_lossy()
        .into_owned();
    let mut encodings = vec![("gzip", "js.gz")];
    if t.nginx.brotli {
        encodings.push(("br", "js.br"));
    }
    let mut sizes = Vec::new();
    for (encoding, variant) in encodings {
        let response = client
            .get(t.url(&format!("/assets/{name}")))
            .header("accept-encoding", encoding)
            .send()
            .await?;
        ensure!(response.status() == 200, "GET /assets/{name}");
        ensure!(
            header(&response, "content-encoding") == encoding,
            "/assets/{name} asked as {encoding} came as {:?}",
            header(&response, "content-encoding")
        );
        let cache = header(&response, "cache-control");
        ensure!(
            cache.contains("max-age=31536000") && cache.contains("immutable"),
            "/assets/{name}: Cache-Control {cache:?}"
        );
        ensure!(
            header(&response, "vary").eq_ignore_ascii_case("accept-encoding"),
            "/assets/{name}: no Vary: Accept-Encoding"
        );
        security(&response, "an asset")?;
        let body = response.bytes().await?;
        ensure!(
            body == std::fs::read(asset.with_extension(variant))?,
            "/assets/{name} as {encoding} is not the build's .{variant} file"
        );
        sizes.push(format!("{encoding} {} B", body.len()));
    }
    let missing = client.get(t.url("/assets/missing-0000.js")).send().await?;
    ensure!(
        missing.status() == 404,
        "a missing asset answered {} instead of 404",
        missing.status()
    );

    // The platform's JSON is compressed on the fly.
    let api = client
        .get(t.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await?;
    ensure!(
        api.status() == 200,
        "GET /api/openapi.json: {}",
        api.status()
    );
    ensure!(
        header(&api, "content-encoding") == "gzip",
        "/api/openapi.json is not gzipped"
    );
    security(&api, "/api/openapi.json")?;

    // The WebSocket upgrade reaches Centrifugo's path and carries frames both ways.
    let (mut socket, _) =
        tokio_tungstenite::connect_async(t.url("/api/connection/websocket").replace("http", "ws"))
            .await
            .context("WebSocket upgrade through nginx")?;
    socket
        .send(tokio_tungstenite::tungstenite::Message::text("ping"))
        .await?;
    let echoed = tokio::time::timeout(Duration::from_secs(5), socket.next())
        .await
        .context("no WebSocket echo")?
        .context("WebSocket closed")??;
    ensure!(echoed.to_text()? == "ping", "WebSocket echo {echoed:?}");
    socket.close(None).await?;
    ensure!(
        t.centrifugo.upgrades.load(Ordering::SeqCst) == 1,
        "the stand-in Centrifugo saw no upgrade on /connection/websocket"
    );

    println!(
        "static: / and client routes serve index.html with Cache-Control: no-cache and the CSP; \
         /assets/{name} {} with max-age=31536000, immutable; missing asset 404; \
         /api JSON gzipped on the fly; nosniff and Referrer-Policy everywhere, HSTS only behind TLS; \
         WebSocket upgraded and echoed through /api/connection/websocket",
        sizes.join(", ")
    );
    Ok(())
}

/// Logins through nginx succeed and both replicas answer them.
async fn check_login_spread(t: &Topology) -> anyhow::Result<()> {
    let source = Ipv4Addr::new(127, 0, 4, 1);
    let client = client_from(source)?;
    let logins = 40;
    for n in 0..logins {
        let response = client
            .post(t.url("/api/player/tg_login"))
            .header("content-type", "application/json")
            .body(t.login_body(3_000_000 + n))
            .send()
            .await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        ensure!(
            status == 200 && body["accessToken"].is_string(),
            "tg_login through nginx: {status} {body}"
        );
    }
    let per_replica =
        count_by_replica(&t.access_log(), &t.auth, |e| e.client == source.to_string());
    println!(
        "tg_login spread: {logins} logins through nginx, all 200 with a session: {}",
        describe(&per_replica)
    );
    ensure!(
        per_replica.values().all(|&n| n > 0),
        "one auth replica answered no login"
    );
    Ok(())
}

/// Requests (of the entries `filter` keeps) answered by each of `replicas`.
fn count_by_replica(
    entries: &[Entry],
    replicas: &[Service],
    filter: impl Fn(&Entry) -> bool,
) -> BTreeMap<String, usize> {
    replicas
        .iter()
        .map(|r| {
            let n = entries
                .iter()
                .filter(|e| filter(e) && e.answered_by_any(&[r.address]))
                .count();
            (r.name.clone(), n)
        })
        .collect()
}

fn describe(counts: &BTreeMap<String, usize>) -> String {
    counts
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Waits until at least `needed` is left of this minute: the shared counts are per minute.
async fn fresh_window(needed: Duration) {
    let into_minute = unix_now() % 60.0;
    if 60.0 - into_minute < needed.as_secs_f64() {
        let wait = 60.0 - into_minute + 0.2;
        println!("limits: waiting {wait:.1} s for the next minute's window");
        tokio::time::sleep(Duration::from_secs_f64(wait)).await;
    }
}

/// Sends every body at once from its client; the statuses in order.
async fn burst(url: String, requests: Vec<(reqwest::Client, String)>) -> anyhow::Result<Vec<u16>> {
    let mut tasks = tokio::task::JoinSet::new();
    for (client, body) in requests {
        let url = url.clone();
        tasks.spawn(async move {
            client
                .post(url)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .map(|r| r.status().as_u16())
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = tasks.join_next().await {
        statuses.push(status??);
    }
    Ok(statuses)
}

/// Twice the limit from one address (or for one user) through nginx, so across both replicas:
/// exactly the limit is let through.
async fn check_shared_limits(t: &Topology) -> anyhow::Result<()> {
    fresh_window(Duration::from_secs(20)).await;
    let url = t.url("/api/player/tg_login");

    let one_address = Ipv4Addr::new(127, 0, 2, 1);
    let client = client_from(one_address)?;
    let requests = (0..2 * i64::from(PER_IP_PER_MINUTE))
        .map(|n| (client.clone(), t.login_body(4_000_000 + n)))
        .collect();
    let statuses = burst(url.clone(), requests).await?;
    let (allowed, limited) = tally(&statuses);
    let entries = t.access_log();
    let from_address = |e: &Entry| e.client == one_address.to_string();
    let ip_served = count_by_replica(&entries, &t.auth, |e| from_address(e) && e.status == 200);
    let ip_received = count_by_replica(&entries, &t.auth, from_address);
    println!(
        "per-IP limit {PER_IP_PER_MINUTE}/min: {} logins from one address through nginx ({}): \
         {allowed} allowed ({}), {limited} refused 429",
        statuses.len(),
        describe(&ip_received),
        describe(&ip_served)
    );
    ensure!(
        allowed == PER_IP_PER_MINUTE as usize && limited == statuses.len() - allowed,
        "the per-IP limit let {allowed} through, not {PER_IP_PER_MINUTE}"
    );
    ensure_both_counted(&ip_received)?;

    let user = 5_000_000;
    let requests = (1..=2 * PER_USER_PER_MINUTE)
        .map(|n| {
            let source = Ipv4Addr::new(127, 0, 3, u8::try_from(n)?);
            Ok((client_from(source)?, t.login_body(user)))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let statuses = burst(url, requests).await?;
    let (allowed, limited) = tally(&statuses);
    let entries = t.access_log();
    let of_player = |e: &Entry| e.client.starts_with("127.0.3.");
    let user_served = count_by_replica(&entries, &t.auth, |e| of_player(e) && e.status == 200);
    let user_received = count_by_replica(&entries, &t.auth, of_player);
    println!(
        "per-user limit {PER_USER_PER_MINUTE}/min: {} logins of one player from {} addresses ({}): \
         {allowed} allowed ({}), {limited} refused 429",
        statuses.len(),
        statuses.len(),
        describe(&user_received),
        describe(&user_served)
    );
    ensure!(
        allowed == PER_USER_PER_MINUTE as usize && limited == statuses.len() - allowed,
        "the per-user limit let {allowed} through, not {PER_USER_PER_MINUTE}"
    );
    ensure_both_counted(&user_received)?;
    Ok(())
}

/// What makes "exactly the limit let through" prove the count shared: every replica was asked. Had
/// each replica counted alone, replicas that got n1 and n2 of the 2 × limit requests would have let
/// min(n1, limit) + min(n2, limit) through, more than the limit whenever both got some. Which replica
/// answers the allowed ones is a race (the burst arrives at once; one replica may reach the shared
/// count first with all of its requests), so it is not what is checked.
fn ensure_both_counted(received: &BTreeMap<String, usize>) -> anyhow::Result<()> {
    ensure!(
        received.values().all(|&n| n > 0),
        "one replica was asked every login ({}): the limit was not shown shared",
        describe(received)
    );
    Ok(())
}

/// (200s, 429s); any other status fails the check that reads them.
fn tally(statuses: &[u16]) -> (usize, usize) {
    (
        statuses.iter().filter(|&&s| s == 200).count(),
        statuses.iter().filter(|&&s| s == 429).count(),
    )
}

/// Every call the bot made about one chat (its replies and the chat's menu button).
fn calls_about(telegram: &FakeTelegram, chat: i64) -> usize {
    ["sendMessage", "setChatMenuButton"]
        .iter()
        .flat_map(|method| telegram.calls(method))
        .filter(|call| call.body["chat_id"] == json!(chat))
        .count()
}

async fn deliver(
    client: &reqwest::Client,
    url: &str,
    secret: &str,
    update: &Value,
) -> anyhow::Result<u16> {
    Ok(client
        .post(url)
        .header(SECRET_HEADER, secret)
        .json(update)
        .send()
        .await?
        .status()
        .as_u16())
}

/// The same update delivered twice, once to each bot replica (and twice through nginx), is
/// handled once.
async fn check_webhook_once(t: &Topology) -> anyhow::Result<()> {
    let client = client_from(Ipv4Addr::LOCALHOST)?;
    let secret = &t.secrets.webhook_secret;
    let via_nginx = t.url("/telegram/webhook");
    let start = |update_id: i64, user: i64| {
        let mut update = fake_telegram::text_message(user, "en", "/start");
        update["update_id"] = json!(update_id);
        update
    };

    let refused = deliver(&client, &via_nginx, "wrong-secret", &start(1, 6_000_000)).await?;
    ensure!(
        refused == 401,
        "a webhook call with a wrong secret through nginx answered {refused}, not the bot's 401"
    );
    // One delivery shows what handling one /start costs in Bot API calls.
    let first = 6_000_000;
    ensure!(
        deliver(&client, &via_nginx, secret, &start(1, first)).await? == 200,
        "the webhook through nginx refused an update"
    );
    fake_telegram::eventually("the reply to one /start", || async {
        (calls_about(&t.telegram, first) > 0).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let per_update = calls_about(&t.telegram, first);

    let replicas: Vec<String> = t
        .bot_addresses()
        .iter()
        .map(|a| format!("http://{a}/telegram/webhook"))
        .collect();
    let twice_to_replicas = 20;
    let twice_via_nginx = 5;
    let mut chats = Vec::new();
    for n in 1..=twice_to_replicas {
        let update = start(1 + n, first + n);
        chats.push(first + n);
        let (a, b) = tokio::join!(
            deliver(&client, &replicas[0], secret, &update),
            deliver(&client, &replicas[1], secret, &update)
        );
        ensure!(a? == 200 && b? == 200, "a replica refused a redelivery");
    }
    for n in 1..=twice_via_nginx {
        let update = start(100 + n, first + 100 + n);
        chats.push(first + 100 + n);
        let (a, b) = tokio::join!(
            deliver(&client, &via_nginx, secret, &update),
            deliver(&client, &via_nginx, secret, &update)
        );
        ensure!(a? == 200 && b? == 200, "nginx refused a redelivery");
    }
    fake_telegram::eventually("a reply to every update", || async {
        chats
            .iter()
            .all(|&chat| calls_about(&t.telegram, chat) >= per_update)
            .then_some(())
    })
    .await;
    // Time for a second handling to show, had there been one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let extra: usize = chats
        .iter()
        .map(|&chat| calls_about(&t.telegram, chat).saturating_sub(per_update))
        .sum();
    let webhook_served = count_by_replica(&t.access_log(), &t.bots, |e| {
        e.path == "/telegram/webhook" && e.status == 200
    });
    println!(
        "webhook: {} updates each delivered twice ({twice_to_replicas} once to each replica, \
         {twice_via_nginx} twice through nginx): {} handled, {extra} handled again; the fake Bot \
         API saw {per_update} call(s) per update; nginx passed its {} deliveries to {}; a wrong \
         secret through nginx got the bot's 401",
        chats.len(),
        chats.len(),
        webhook_served.values().sum::<usize>(),
        describe(&webhook_served),
    );
    ensure!(
        extra == 0,
        "{extra} Bot API calls came from second handlings"
    );
    Ok(())
}

/// Failed syncs put in the shared table are retried by both replicas' loops, each user once.
async fn check_retry_queue_once(t: &Topology) -> anyhow::Result<()> {
    let db = &t.database;
    // The webhook check's users are synced first, so the loops' log lines count only these.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let unsynced: i64 =
            sqlx::query_scalar("SELECT count(*) FROM bot_users WHERE sync_state <> 'synced'")
                .fetch_one(db)
                .await?;
        if unsynced == 0 {
            break;
        }
        ensure!(
            Instant::now() < deadline,
            "{unsynced} webhook users never synced"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let logged_before: Vec<usize> = t.bots.iter().map(|b| b.log_text().len()).collect();
    let queued: i64 = 1000;
    let now_ms = (unix_now() * 1000.0) as i64;
    sqlx::query(
        "INSERT INTO bot_users (telegram_id, first_name, created_at, updated_at, sync_state, \
             sync_failures, next_sync_at_ms) \
         SELECT 8000000 + n, 'Queued' || n, $1, $1, 'failed', 1, $2 \
         FROM generate_series(1, $3) AS n",
    )
    .bind(now_ms / 1000)
    .bind(now_ms - 1000)
    .bind(queued)
    .execute(db)
    .await?;
    let started = Instant::now();
    loop {
        let left: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM bot_users WHERE telegram_id > 8000000 AND sync_state <> 'synced'",
        )
        .fetch_one(db)
        .await?;
        if left == 0 {
            break;
        }
        ensure!(
            started.elapsed() < Duration::from_secs(60),
            "{left} queued syncs were not retried within 60 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drained = started.elapsed();
    // The loops log right after recording their batch.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut per_replica = BTreeMap::new();
    let mut failed = 0;
    for (bot, before) in t.bots.iter().zip(logged_before) {
        let text = bot.log_text();
        let mut synced = 0;
        for line in text.get(before..).unwrap_or_default().lines() {
            let Ok(event) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if event["message"] == "retried user syncs" {
                synced += event["synced"].as_u64().unwrap_or_default();
                failed += event["failed"].as_u64().unwrap_or_default();
            }
        }
        per_replica.insert(bot.name.clone(), synced);
    }
    let total: u64 = per_replica.values().sum();
    println!(
        "retry queue: {queued} due syncs in the shared table, drained in {:.1} s: {} \
         (total {total}, {failed} failed): each claimed once",
        drained.as_secs_f64(),
        per_replica
            .iter()
            .map(|(name, n)| format!("{name} retried {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    ensure!(
        total == queued as u64 && failed == 0,
        "the replicas retried {total} syncs ({failed} failed) for {queued} queued users"
    );
    ensure!(
        per_replica.values().all(|&n| n > 0),
        "one replica's loop took the whole queue: no concurrent claims were shown"
    );
    Ok(())
}

/// Steady logins through nginx; one auth replica is SIGKILLed, the other carries the load, and
/// the killed one, restarted, gets requests again.
async fn check_failover(t: &mut Topology, rate: f64, duration: Duration) -> anyhow::Result<()> {
    let clients = (1..=LOAD_SOURCES)
        .map(|n| client_from(Ipv4Addr::new(127, 0, 1, n)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let bodies = Arc::new(
        (0..LOAD_USERS)
            .map(|n| t.login_body(2_000_000 + n))
            .collect::<Vec<_>>(),
    );
    let url = t.url("/api/player/tg_login");
    let kill_after = duration.mul_f64(0.25);
    let restart_after = duration.mul_f64(0.35);
    let victim_address = t.auth[0].address;
    let victim_name = t.auth[0].name.clone();
    let survivor_address = t.auth[1].address;
    let ready = reqwest::Client::new();
    let load_started = unix_now();
    let (samples, times) = {
        let victim = &mut t.auth[0];
        let chaos = async {
            tokio::time::sleep(kill_after).await;
            let killed_at = unix_now();
            victim.kill().await?;
            tokio::time::sleep(restart_after.saturating_sub(kill_after)).await;
            let restarted_at = unix_now();
            victim.start(&ready).await?;
            anyhow::Ok((killed_at, restarted_at, unix_now()))
        };
        let (samples, times) =
            tokio::join!(load::steady(&clients, &url, bodies, rate, duration), chaos);
        (samples, times?)
    };
    let (killed_at, restarted_at, ready_at) = times;
    let load_ended = unix_now();

    let failures: Vec<&Sample> = samples.iter().filter(|s| s.status != Some(200)).collect();
    let elapsed = load_ended - load_started;
    println!(
        "failover load: {} tg_login offered at {rate:.0}/s for {} s from {LOAD_SOURCES} addresses \
         ({LOAD_USERS} players): {} answered 200 ({:.0}/s), {} failed; latency p50 {:.0} ms, \
         p99 {:.0} ms, max {:.0} ms",
        samples.len(),
        duration.as_secs(),
        samples.len() - failures.len(),
        (samples.len() - failures.len()) as f64 / elapsed,
        failures.len(),
        percentile(&samples, 0.5).as_secs_f64() * 1000.0,
        percentile(&samples, 0.99).as_secs_f64() * 1000.0,
        percentile(&samples, 1.0).as_secs_f64() * 1000.0,
    );
    for failure in failures.iter().take(10) {
        println!(
            "  failed: sent {:+.3} s from the kill, {}",
            failure.sent_at - killed_at,
            failure
                .status
                .map_or("no answer".to_owned(), |s| format!("status {s}"))
        );
    }

    let logins: Vec<Entry> = t
        .access_log()
        .into_iter()
        .filter(|e| {
            e.path == "/api/player/tg_login"
                && e.client.starts_with("127.0.1.")
                && e.at >= load_started
        })
        .collect();
    let phase = |from: f64, to: f64, address: SocketAddr| {
        logins
            .iter()
            .filter(|e| e.at >= from && e.at < to && e.answered_by_any(&[address]))
            .count()
    };
    // A login that was sent to the dying replica and retried on the other ends just after the
    // kill; later retries are nginx probing the down replica (per worker, every fail_timeout).
    let retried = |from: f64, to: f64| {
        logins
            .iter()
            .filter(|e| e.upstreams.len() > 1 && e.at >= from && e.at < to)
            .count()
    };
    let back = logins
        .iter()
        .filter(|e| e.at >= ready_at && e.answered_by_any(&[victim_address]))
        .map(|e| e.at)
        .fold(None, |first: Option<f64>, at| {
            Some(first.map_or(at, |f| f.min(at)))
        });
    println!(
        "failover: {victim_name} SIGKILLed at {:.1} s, restarted at {:.1} s (ready {:.1} s later); \
         before the kill {victim_name} {} / survivor {}; kill to ready: survivor {} / {victim_name} {}; \
         after: survivor {} / {victim_name} {} (first again {}); retried by nginx on the other \
         replica: {} within 1 s of the kill (in flight then), {} later",
        killed_at - load_started,
        restarted_at - load_started,
        ready_at - restarted_at,
        phase(load_started, killed_at, victim_address),
        phase(load_started, killed_at, survivor_address),
        phase(killed_at, ready_at, survivor_address),
        phase(killed_at, ready_at, victim_address),
        phase(ready_at, f64::MAX, survivor_address),
        phase(ready_at, f64::MAX, victim_address),
        back.map_or("never".to_owned(), |at| format!(
            "{:.1} s after it was ready",
            at - ready_at
        )),
        retried(killed_at, killed_at + 1.0),
        retried(killed_at + 1.0, f64::MAX)
    );
    if !failures.is_empty() {
        let mut by_status: BTreeMap<String, usize> = BTreeMap::new();
        for failure in &failures {
            let status = failure
                .status
                .map_or("no answer".to_owned(), |s| s.to_string());
            *by_status.entry(status).or_default() += 1;
        }
        // 503 is the auth service shedding load: the machine could not carry the offered rate.
        bail!(
            "{} logins failed ({}), {} of them sent within 1 s of the kill",
            failures.len(),
            describe(&by_status),
            failures
                .iter()
                .filter(|f| (f.sent_at - killed_at).abs() < 1.0)
                .count()
        );
    }
    ensure!(
        phase(killed_at, ready_at, survivor_address) > 0,
        "the survivor carried nothing while the other replica was down"
    );
    ensure!(
        back.is_some(),
        "the restarted replica got no request before the load ended"
    );
    Ok(())
}

/// With the platform down, a player's call gets the JSON error of the stack's edge (a stable code the
/// client and support can read), with the security headers, not nginx's HTML error page.
async fn check_upstream_down(t: &mut Topology) -> anyhow::Result<()> {
    t.platform.kill().await?;
    let response = reqwest::get(t.url("/api/game/games")).await?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body: Value = response
        .json()
        .await
        .context("the answer with the platform down is not JSON")?;
    ensure!(
        status == 502 && body["code"] == "upstream_unavailable" && body["message"].is_string(),
        "with the platform down: {status} {body}"
    );
    ensure!(
        headers
            .get("content-type")
            .is_some_and(|v| v == "application/json")
            && headers
                .get("x-content-type-options")
                .is_some_and(|v| v == "nosniff"),
        "with the platform down, the headers were {headers:?}"
    );
    println!("upstream down: {status} {}", body["code"]);
    Ok(())
}

/// Every request of the run went where `deploy/README.md`'s table says.
fn check_routing(t: &Topology) -> anyhow::Result<()> {
    let entries = t.access_log();
    let auth = t.auth_addresses();
    let bots = t.bot_addresses();
    let platform = [t.platform.address];
    let centrifugo = [t.centrifugo.address];
    let mut routed: BTreeMap<&str, usize> = BTreeMap::new();
    for entry in &entries {
        let (route, expected): (&str, &[SocketAddr]) = match entry.path.as_str() {
            "/api/player/tg_login" | "/api/player/tg_login/refresh" => ("auth-service", &auth),
            "/api/connection/websocket" => ("centrifugo", &centrifugo),
            "/telegram/webhook" => ("bot", &bots),
            p if p.starts_with("/api/") => ("platform", &platform),
            _ => ("static", &[]),
        };
        let right = if expected.is_empty() {
            entry.upstreams.is_empty()
        } else {
            entry
                .upstreams
                .iter()
                .all(|u| expected.iter().any(|a| a.to_string() == *u))
        };
        if !right {
            bail!(
                "{} went to {:?}, not to {route}",
                entry.path,
                entry.upstreams
            );
        }
        *routed.entry(route).or_default() += 1;
    }
    println!(
        "routing: every request of the run went where deploy/README.md says: {}",
        routed
            .iter()
            .map(|(route, n)| format!("{route} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for route in ["auth-service", "centrifugo", "bot", "platform", "static"] {
        ensure!(
            routed.contains_key(route),
            "no request was routed to {route}"
        );
    }
    Ok(())
}

/// Centrifugo is not packaged for Debian: this stands in for its WebSocket endpoint
/// (`/connection/websocket`, where nginx sends `/api/connection/websocket`), echoing frames.
struct CentrifugoStandIn {
    address: SocketAddr,
    upgrades: Arc<AtomicUsize>,
}

impl CentrifugoStandIn {
    async fn spawn() -> anyhow::Result<Self> {
        let upgrades = Arc::new(AtomicUsize::new(0));
        let counter = upgrades.clone();
        let app = Router::new().route(
            "/connection/websocket",
            get(move |ws: WebSocketUpgrade| {
                counter.fetch_add(1, Ordering::SeqCst);
                async move {
                    ws.on_upgrade(|mut socket| async move {
                        while let Some(Ok(message)) = socket.recv().await {
                            if matches!(message, Message::Text(_))
                                && socket.send(message).await.is_err()
                            {
                                break;
                            }
                        }
                    })
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(Self { address, upgrades })
    }
}
