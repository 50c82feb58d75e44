//! The one-command local stack behind `make run` and the end-to-end tests: the sandbox platform,
//! the auth service and (with a token) the bot, each on its own loopback port, behind one edge
//! that serves the miniapp and routes `/api` exactly as the production reverse proxy does.

pub mod config;
pub mod edge;
pub mod proxy;
pub mod security_headers;

use std::net::SocketAddr;

use anyhow::Context;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

pub use config::Config;

/// Internal services listen on a free loopback port each; only the edge faces players.
const INTERNAL: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 0);

pub struct RunningStack {
    pub address: SocketAddr,
    pub platform_url: String,
    shutdown: CancellationToken,
    tasks: JoinSet<anyhow::Result<()>>,
}

impl RunningStack {
    pub fn stop(&self) {
        self.shutdown.cancel();
    }

    /// Waits until every server has stopped; the first failure stops the rest and is returned.
    pub async fn wait(mut self) -> anyhow::Result<()> {
        let mut outcome = Ok(());
        while let Some(joined) = self.tasks.join_next().await {
            let result = joined.context("a server task panicked").and_then(|r| r);
            if let Err(e) = result {
                self.shutdown.cancel();
                if outcome.is_ok() {
                    outcome = Err(e);
                }
            }
        }
        outcome
    }
}

pub async fn start(config: Config, shutdown: CancellationToken) -> anyhow::Result<RunningStack> {
    let index = config.static_dir.join("index.html");
    if !index.is_file() {
        anyhow::bail!(
            "the miniapp build is missing ({} not found): build it with `make build`, or set STATIC_DIR",
            index.display()
        );
    }
    // The public port first: a taken port should fail before any database work.
    let edge_listener = service_kit::serve::bind(config.listen, "the stack", "PORT").await?;
    let address = edge_listener.local_addr()?;
    let mut tasks = JoinSet::new();

    // The embedded platform's port first, so the bot knows where it is; the platform itself
    // starts once the bot's address is known, to send it the players' events.
    let (platform_url, platform_listener) = match &config.external_platform_url {
        Some(url) => (url.clone(), None),
        None => {
            let listener =
                service_kit::serve::bind(config.platform.bind, "the platform", "").await?;
            (format!("http://{}", listener.local_addr()?), Some(listener))
        }
    };

    let auth_config = auth_service::Config {
        platform_url: platform_url.clone(),
        ..config.auth.clone()
    };
    let auth_state = auth_service::AppState::build(auth_config).await?;
    let auth_listener = service_kit::serve::bind(INTERNAL, "the auth service", "").await?;
    let auth_url = format!("http://{}", auth_listener.local_addr()?);
    let token = shutdown.clone();
    tasks.spawn(async move {
        service_kit::serve::serve(auth_listener, auth_service::app(auth_state), token)
            .await
            .context("auth service server")
    });

    let mut bot_hook = None;
    match &config.bot {
        None => tracing::info!("TELEGRAM_BOT_TOKEN is not set: the Telegram bot is not started"),
        Some(bot_config) => {
            let mut bot_config = bot::Config {
                database_url: config.database_url.clone(),
                platform_url: platform_url.clone(),
                ..bot_config.clone()
            };
            if config.bot_opens_the_stack {
                bot_config.miniapp_url = format!("http://{address}/").parse()?;
            }
            let events_secret = bot_config.events_secret.clone();
            let running = bot::start(bot_config, shutdown.clone()).await?;
            bot_hook = events_secret.map(|secret| platform::bot_events::Hook {
                url: format!("http://{}", reachable(running.address)),
                secret,
            });
            tasks.spawn(running.wait());
        }
    }

    if let Some(listener) = platform_listener {
        let mut platform_config = config.platform.clone();
        if bot_hook.is_some() {
            platform_config.bot_events = bot_hook;
        }
        let state = platform::AppState::build(platform_config).await?;
        platform::start_background(&state, shutdown.clone());
        let token = shutdown.clone();
        tasks.spawn(async move {
            platform::serve(state, listener, token)
                .await
                .context("platform server")
        });
    }

    let edge = edge::Edge {
        platform: proxy::Upstream::new("platform", &platform_url)?,
        auth: proxy::Upstream::new("auth service", &auth_url)?,
        static_dir: config.static_dir.clone(),
        security: security_headers::SecurityHeaders::new(&config.static_dir, &config.csp)?,
        max_in_flight: config.max_in_flight.clone(),
        auth_gate: service_kit::load_shed::InFlightLimit::new(config.auth.max_in_flight.capacity()),
    };
    let token = shutdown.clone();
    tasks.spawn(async move {
        service_kit::serve::serve(edge_listener, edge::router(edge), token)
            .await
            .context("edge server")
    });

    Ok(RunningStack {
        address,
        platform_url,
        shutdown,
        tasks,
    })
}

/// Where a server bound to `address` is reached from this machine: an unspecified address
/// (`0.0.0.0`) listens on loopback too.
fn reachable(address: SocketAddr) -> SocketAddr {
    if address.ip().is_unspecified() {
        SocketAddr::new(
            std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
            address.port(),
        )
    } else {
        address
    }
}

/// `make run`: starts the stack, prints where to find it, and runs until Ctrl-C.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let shutdown = CancellationToken::new();
    service_kit::shutdown::cancel_on_signal(shutdown.clone());
    let data_dir = config.data_dir.clone();
    let sandbox = config.external_platform_url.is_none();
    let stack = start(config, shutdown).await?;
    let base = format!("http://{}", stack.address);
    println!();
    println!("  The casino client is running. Press Ctrl-C to stop.");
    println!();
    println!("  Player app (web mode)  {base}/");
    println!("  Game collections API   {base}/api/game/collections");
    println!("  Readiness              {base}/readyz");
    if sandbox {
        println!("  Sandbox data           {}", data_dir.display());
    } else {
        println!("  Platform               {}", stack.platform_url);
    }
    println!();
    stack.wait().await
}
