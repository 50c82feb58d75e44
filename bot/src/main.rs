//! The bot on its own: see `bot::Config` for the variables (`TELEGRAM_BOT_TOKEN`,
//! `TG_BOT_SERVICE_KEY`, `PLATFORM_URL`, `MINIAPP_URL`, `DATABASE_URL`, ...).

#[tokio::main]
async fn main() {
    service_kit::serve::run_from_env(bot::Config::from_env, bot::run).await;
}
