//! The auth service on its own: `AUTH_BIND`, `DATABASE_URL`, `PLATFORM_URL`, `TELEGRAM_BOT_TOKEN`,
//! `APP_ENV` and the rest of `auth_service::Config`.

use service_kit::Env;

/// Requests allocate many small buffers (headers, JSON, the forwarded body) across worker threads,
/// where glibc's allocator showed up as the largest single cost in the load benchmark.
#[cfg(feature = "allocator")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    service_kit::telemetry::init();
    let outcome = async {
        let config = auth_service::Config::from_env(&Env::from_process())?;
        auth_service::run(config).await
    };
    if let Err(e) = outcome.await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
