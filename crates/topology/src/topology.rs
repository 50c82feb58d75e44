//! The topology itself: secrets made for the run, every process started in order (PostgreSQL's
//! database, the fake Bot API and the stand-in Centrifugo, the platform, the auth and bot
//! replicas, then nginx in front of them), and what the checks ask of it.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use fake_telegram::FakeTelegram;
use rand::Rng;
use rand::distributions::Alphanumeric;
use serde_json::json;
use telegram_init_data::{InitData, User, sign};

use crate::access_log::{self, Entry};
use crate::centrifugo::CentrifugoStandIn;
use crate::fleet::{Nginx, NginxVars, Service, free_address};

/// Low enough to reach in a moment, high enough that the load (spread over many source addresses
/// and users) never meets them.
pub const PER_IP_PER_MINUTE: u32 = 60;
pub const PER_USER_PER_MINUTE: u32 = 10;

/// Secrets made for this run only.
pub struct Secrets {
    pub bot_token: String,
    pub service_key: String,
    pub webhook_secret: String,
    pub jwt_secret: String,
    /// What the platform signs its players' events to the bot with.
    pub events_secret: String,
    /// The sandbox's controls (settling an invoice as its provider would) in production.
    pub operator_key: String,
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
            events_secret: random(40),
            operator_key: random(32),
        }
    }
}

pub struct Topology {
    pub nginx: Nginx,
    pub platform: Service,
    pub auth: [Service; 2],
    pub bots: [Service; 2],
    pub telegram: FakeTelegram,
    pub centrifugo: CentrifugoStandIn,
    pub database: sqlx::PgPool,
    pub secrets: Secrets,
    pub html: PathBuf,
}

impl Topology {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.nginx.address)
    }

    pub fn auth_addresses(&self) -> Vec<SocketAddr> {
        self.auth.iter().map(|s| s.address).collect()
    }

    pub fn bot_addresses(&self) -> Vec<SocketAddr> {
        self.bots.iter().map(|s| s.address).collect()
    }

    pub fn access_log(&self) -> Vec<Entry> {
        access_log::parse(&self.nginx.access_log_text())
    }

    /// Signed init data for one player, in a `tg_login` body.
    pub fn login_body(&self, telegram_id: i64) -> String {
        let user = User::new(telegram_id, format!("Player{telegram_id}"));
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let data = sign(&InitData::for_user(user, now), &self.secrets.bot_token);
        json!({ "tg_payload": data }).to_string()
    }
}

pub fn client_from(source: Ipv4Addr) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .local_address(IpAddr::V4(source))
        .timeout(Duration::from_secs(15))
        .build()?)
}

pub async fn start(
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
    // The platform posts its players' events to one replica (a deployment's internal service
    // address would spread them); both replicas send from the outbox they share.
    let bot_addresses = [free_address()?, free_address()?];
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
            ("SANDBOX_OPERATOR_KEY", secrets.operator_key.clone()),
            ("BOT_EVENTS_URL", format!("http://{}", bot_addresses[0])),
            ("BOT_EVENTS_SECRET", secrets.events_secret.clone()),
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
                // load_shed`, `-p auth-service --test it a_burst`) and `scripts/load-login.sh`.
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
                ("BOT_EVENTS_SECRET", secrets.events_secret.clone()),
                // Telegram's 30 a second is the bot's, shared by the replicas (docs/bot-events.md).
                ("BOT_MESSAGES_PER_SECOND", "15".to_owned()),
            ],
            &logs,
        )
    };
    let mut bots = [
        bot("bot-1", bot_addresses[0]),
        bot("bot-2", bot_addresses[1]),
    ];
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
