//! The sandbox platform on its own: `PLATFORM_BIND`, `PLATFORM_DATABASE_URL`, `COUNTRY_HEADER`.

use service_kit::Env;

#[tokio::main]
async fn main() {
    service_kit::telemetry::init();
    let outcome = async {
        let config = platform::Config::from_env(&Env::from_process())?;
        platform::run(config).await
    };
    if let Err(e) = outcome.await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
