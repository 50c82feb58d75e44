//! The Telegram bot: `/start` answers with a button that opens the Mini App (carrying referral
//! and affiliate values from the deep link), sets the chat's menu button, stores the user in the
//! services' database and syncs them to the platform. Support staff can inspect and resync
//! users. Long polling by default, a webhook behind the proxy in production. The platform's
//! events about a player (`docs/bot-events.md`) reach the bot through a signed hook, wait in a
//! durable outbox and go out as messages in the player's language, within Telegram's limits.
//! Staff broadcast one text per language to every player through the same outbox.

pub mod broadcast;
pub mod config;
pub mod error;
pub mod events;
pub mod handlers;
pub mod hook;
pub mod launch;
pub mod money;
pub mod notices;
pub mod optin;
pub mod outbox;
pub mod platform;
pub mod preferences;
pub mod referral;
pub mod sender;
pub mod server;
pub mod storage;
pub mod sync;
pub mod texts;
pub mod updates;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use teloxide::adaptors::Throttle;
use teloxide::adaptors::throttle::Settings;
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::prelude::*;
use teloxide::update_listeners::Polling;
use teloxide::update_listeners::webhooks;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

pub use config::Config;
pub use error::BotError;

use crate::broadcast::Broadcasts;
use crate::handlers::Staff;
use crate::outbox::Outbox;
use crate::platform::PlatformClient;
use crate::preferences::PreferenceStore;
use crate::storage::Users;
use crate::sync::{Backoff, Syncer};

/// The Bot API client every handler gets: it keeps to Telegram's flood limits and waits out a
/// 429's `retry_after` before retrying.
pub type TelegramBot = Throttle<Bot>;

/// How often the retry loop looks for failed syncs at most.
const RETRY_POLL_CEILING: Duration = Duration::from_secs(5);

pub struct RunningBot {
    /// The bot's HTTP server (health routes, the webhook).
    pub address: SocketAddr,
    tasks: JoinSet<anyhow::Result<()>>,
    shutdown: CancellationToken,
}

impl RunningBot {
    /// Waits until every part has stopped; the first failure stops the rest and is returned.
    pub async fn wait(mut self) -> anyhow::Result<()> {
        let mut outcome = Ok(());
        while let Some(joined) = self.tasks.join_next().await {
            let result = joined.context("a bot task panicked").and_then(|r| r);
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

enum Mode {
    Polling,
    Webhook { url: url::Url, secret: String },
}

/// Opens the database and the HTTP server, then runs the bot in the background until
/// `shutdown` is cancelled.
pub async fn start(config: Config, shutdown: CancellationToken) -> anyhow::Result<RunningBot> {
    let pool = service_kit::db::connect_services("DATABASE_URL", &config.database_url).await?;
    if config.miniapp_url.scheme() != "https" {
        tracing::warn!(
            url = %config.miniapp_url,
            "MINIAPP_URL is not https://: Telegram refuses Web App buttons that open it"
        );
    }
    let users = Users::new(pool.clone(), config.sync_retry_first);
    let update_log = updates::UpdateLog::new(pool.clone());
    let platform = PlatformClient::new(&config.platform_url, config.service_key.clone())
        .context("cannot build the platform client")?;
    let syncer = Syncer::new(
        users.clone(),
        platform,
        Backoff {
            first: config.sync_retry_first,
            max: config.sync_retry_max,
        },
    );
    let bot = telegram_bot(&config);
    let outbox = Outbox::new(pool.clone());
    let preferences = PreferenceStore::new(pool.clone());
    let broadcasts = Broadcasts::new(pool.clone());
    let wake = Arc::new(tokio::sync::Notify::new());
    let referrals = referral::Referrals::new(bot.clone());
    let events_router = config.events_secret.clone().map(|secret| {
        hook::router(hook::Hook {
            outbox: outbox.clone(),
            preferences: preferences.clone(),
            secret,
            wake: wake.clone(),
            referrals: referrals.clone(),
        })
    });
    if events_router.is_none() {
        tracing::info!("BOT_EVENTS_SECRET is unset: the platform events hook is off");
    }
    let sender = sender::Sender {
        outbox,
        users: users.clone(),
        syncer: syncer.clone(),
        preferences: preferences.clone(),
        telegram: plain_bot(&config),
        miniapp_url: config.miniapp_url.clone(),
        limits: config.message_limits,
        lease: config.outbox_lease,
        wake,
        pacer: sender::Pacer::new(config.message_limits),
        broadcast_share: sender::Pacer::new(sender::broadcast_share(config.message_limits)),
        broadcasts: broadcasts.clone(),
        broadcasting: Arc::default(),
    };
    let driver = broadcast::driver::Driver {
        broadcasts: broadcasts.clone(),
        telegram: bot.clone(),
        progress_every: config.broadcast_progress_every,
        backlog: i64::try_from(config.message_limits.per_window * 4).unwrap_or(i64::MAX),
        wake: sender.wake.clone(),
        broadcasting: sender.broadcasting.clone(),
    };

    let (mode, listener, webhook_router) = match &config.webhook {
        None => (Mode::Polling, None, None),
        Some(webhook) => {
            let options = webhooks::Options::new(config.bind, webhook.url.clone())
                .secret_token(webhook.secret.expose().to_owned());
            let (listener, _stopped, router) = webhooks::axum_no_setup(options);
            let mode = Mode::Webhook {
                url: webhook.url.clone(),
                secret: webhook.secret.expose().to_owned(),
            };
            (mode, Some(listener), Some(router))
        }
    };

    let http = service_kit::serve::bind(config.bind, "the bot", "BOT_BIND").await?;
    let address = http.local_addr()?;
    let mut tasks = JoinSet::new();
    let token = shutdown.clone();
    tasks.spawn(async move {
        service_kit::serve::serve(
            http,
            server::app(pool, webhook_router, events_router),
            token,
        )
        .await
        .context("bot HTTP server")
    });
    let retry_interval = config.sync_retry_first.min(RETRY_POLL_CEILING);
    let token = shutdown.clone();
    let retrier = syncer.clone();
    tasks.spawn(async move {
        retrier.retry_loop(retry_interval, token).await;
        Ok(())
    });

    let token = shutdown.clone();
    tasks.spawn(async move {
        sender.run(token).await;
        Ok(())
    });
    let token = shutdown.clone();
    tasks.spawn(async move {
        driver.run(token).await;
        Ok(())
    });

    let config = Arc::new(config);
    let deps = dptree::deps![
        update_log,
        users,
        preferences,
        broadcasts,
        syncer,
        referrals,
        Staff(Arc::new(config.staff_ids.clone())),
        config.clone()
    ];
    let mut dispatcher = Dispatcher::builder(bot.clone(), handlers::schema())
        .dependencies(deps)
        .default_handler(handlers::ignore_update)
        .error_handler(Arc::new(handlers::log_error))
        .build();
    let token = shutdown.clone();
    tasks.spawn(async move {
        if !wait_for_telegram(&bot, &token).await? {
            return Ok(());
        }
        handlers::register_with_telegram(&bot, &config).await;
        let listener_errors = LoggingErrorHandler::with_custom_text("getting updates failed");
        let finished = CancellationToken::new();
        let stopper = stop_on_shutdown(dispatcher.shutdown_token(), token, finished.clone());
        let dispatching = async {
            let outcome = match mode {
                Mode::Polling => {
                    let polling = Polling::builder(bot.clone())
                        .timeout(config.polling_timeout)
                        .delete_webhook()
                        .await
                        .build();
                    tracing::info!("the bot is polling Telegram for updates");
                    dispatcher
                        .try_dispatch_with_listener(polling, listener_errors)
                        .await
                }
                Mode::Webhook { url, secret } => {
                    bot.set_webhook(url.clone()).secret_token(secret).await?;
                    tracing::info!(url = %url, "the bot receives updates by webhook");
                    let listener = listener.context("the webhook listener is missing")?;
                    dispatcher
                        .try_dispatch_with_listener(listener, listener_errors)
                        .await
                }
            };
            finished.cancel();
            outcome.context("the bot cannot start dispatching")
        };
        let (outcome, ()) = tokio::join!(dispatching, stopper);
        outcome
    });

    Ok(RunningBot {
        address,
        tasks,
        shutdown,
    })
}

fn telegram_bot(config: &Config) -> TelegramBot {
    Throttle::spawn_with_settings(
        plain_bot(config),
        Settings::default().limits(config.rate_limits),
    )
}

fn plain_bot(config: &Config) -> Bot {
    let bot = Bot::new(config.token.expose());
    match &config.telegram_api_url {
        Some(url) => bot.set_api_url(url.clone()),
        None => bot,
    }
}

/// Asks Telegram who the bot is until it answers. A refused token stops the bot with an error
/// that names the variable; a network failure is retried. `false` when shut down meanwhile.
async fn wait_for_telegram(
    bot: &TelegramBot,
    shutdown: &CancellationToken,
) -> anyhow::Result<bool> {
    let mut delay = Duration::from_millis(500);
    loop {
        let attempt = tokio::select! {
            () = shutdown.cancelled() => return Ok(false),
            attempt = bot.get_me() => attempt,
        };
        match attempt {
            Ok(me) => {
                tracing::info!(username = me.username(), "the bot is signed in to Telegram");
                return Ok(true);
            }
            Err(teloxide::RequestError::Api(e)) => {
                anyhow::bail!("TELEGRAM_BOT_TOKEN was refused by Telegram: {e}")
            }
            Err(e) => {
                tracing::warn!(error = %e, retry_in = ?delay, "cannot reach Telegram");
                tokio::select! {
                    () = shutdown.cancelled() => return Ok(false),
                    () = tokio::time::sleep(delay) => {}
                }
                delay = (delay * 2).min(Duration::from_secs(60));
            }
        }
    }
}

/// Stops the dispatcher when `shutdown` is cancelled, letting handlers in flight finish.
async fn stop_on_shutdown(
    dispatcher: teloxide::dispatching::ShutdownToken,
    shutdown: CancellationToken,
    finished: CancellationToken,
) {
    tokio::select! {
        () = finished.cancelled() => {}
        () = shutdown.cancelled() => loop {
            match dispatcher.shutdown() {
                Ok(stopped) => {
                    stopped.await;
                    break;
                }
                // The dispatcher has not started yet: wait for it to, or to give up.
                Err(_) if finished.is_cancelled() => break,
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        },
    }
}

/// Runs the bot on its own until Ctrl-C or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let shutdown = CancellationToken::new();
    service_kit::shutdown::cancel_on_signal(shutdown.clone());
    let bind = config.bind;
    let running = start(config, shutdown).await?;
    tracing::info!(address = %bind, "bot HTTP server listening");
    running.wait().await
}
