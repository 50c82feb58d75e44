//! Support for the services' PostgreSQL tests. `make test` runs them next to a throw-away server
//! (`scripts/ensure-postgres.sh` sets `TEST_POSTGRES_URL`); without one a test says so and skips,
//! except under `TEST_REQUIRE_ALL=1`, where a skipped database test is a failure.

use sqlx::AnyPool;

/// A fresh database named `{prefix}_{random}` on the test server, so runs never see each other's
/// rows; `None` (after saying why) when no server is configured.
///
/// # Panics
/// When no server is configured under `TEST_REQUIRE_ALL`, or the server refuses: this is for tests.
#[allow(clippy::expect_used)] // Test support: a panic is the failure report.
pub async fn postgres_database(prefix: &str) -> Option<String> {
    let Ok(admin_url) = std::env::var("TEST_POSTGRES_URL") else {
        let message = "TEST_POSTGRES_URL is not set: run under scripts/ensure-postgres.sh";
        assert!(std::env::var_os("TEST_REQUIRE_ALL").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return None;
    };
    sqlx::any::install_default_drivers();
    let admin = AnyPool::connect(&admin_url)
        .await
        .expect("the test server's admin connection");
    let name = format!("{prefix}_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .expect("a test database");
    let (server, _) = admin_url
        .rsplit_once('/')
        .expect("a database in TEST_POSTGRES_URL");
    Some(format!("{server}/{name}"))
}
