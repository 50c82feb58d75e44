//! `make run`: the whole product on one port. See `stack::Config` for the variables.

/// The same allocator as the auth service: under load glibc's malloc is about 12 % of the stack's
/// profile (many small buffers across worker threads: headers, JSON, proxied bodies).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    service_kit::serve::run_from_env(stack::Config::from_env, stack::run).await;
}
