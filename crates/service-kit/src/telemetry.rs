//! Logs: human-readable text by default, one JSON object per line with `LOG_FORMAT=json` (what log
//! collectors want in production). `RUST_LOG` picks the levels.

use tracing_subscriber::EnvFilter;

const DEFAULT_FILTER: &str = "info,sqlx=warn,hyper=warn,tower_http=warn";

pub fn init() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second initialisation (tests, an embedding program) keeps the first subscriber.
    let _ = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.compact().try_init()
    };
}
