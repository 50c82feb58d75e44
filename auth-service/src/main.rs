//! The auth service on its own: `AUTH_BIND`, `DATABASE_URL`, `PLATFORM_URL`, `TELEGRAM_BOT_TOKEN`,
//! `APP_ENV` and the rest of `auth_service::Config`.

/// Requests allocate many small buffers (headers, JSON, the forwarded body) across worker threads,
/// where glibc's allocator showed up as the largest single cost in the load benchmark.
#[cfg(feature = "allocator")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    service_kit::serve::run_from_env(auth_service::Config::from_env, auth_service::run).await;
}
