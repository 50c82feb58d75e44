//! The bot on its own: see `bot::Config` for the variables (`TELEGRAM_BOT_TOKEN`,
//! `TG_BOT_SERVICE_KEY`, `PLATFORM_URL`, `MINIAPP_URL`, `DATABASE_URL`, ...).

use service_kit::Env;

#[tokio::main]
async fn main() {
    service_kit::telemetry::init();
    let outcome = async {
        let config = bot::Config::from_env(&Env::from_process())?;
        bot::run(config).await
    };
    if let Err(e) = outcome.await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
