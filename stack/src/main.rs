//! `make run`: the whole product on one port. See `stack::Config` for the variables.

use service_kit::Env;

/// The same allocator as the auth service: under load glibc's malloc is about 12 % of the stack's
/// profile (many small buffers across worker threads: headers, JSON, proxied bodies).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    service_kit::telemetry::init();
    let outcome = async {
        let config = stack::Config::from_env(&Env::from_process())?;
        stack::run(config).await
    };
    if let Err(e) = outcome.await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
