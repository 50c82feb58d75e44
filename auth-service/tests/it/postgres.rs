//! The login audit on PostgreSQL: the services' migrations run there and logins are recorded.
//! Needs `TEST_POSTGRES_URL` (`make test` starts a throw-away server with
//! `scripts/ensure-postgres.sh`); without it the test says so and, under `make test`
//! (`TEST_REQUIRE_ALL=1`), fails.

use crate::common::{launch, spawn_app_on};
use sqlx::Row;

#[tokio::test]
async fn logins_are_audited_on_postgresql() {
    let Some(url) = service_kit::testing::postgres_database("auth").await else {
        return;
    };
    let app = spawn_app_on(tempfile::tempdir().unwrap(), &url, |_| {}).await;
    assert_eq!(app.tg_login(&launch(9_000_000_001)).await.status(), 200);
    assert_eq!(
        app.tg_login(&launch(9).replace("Ada", "Eve"))
            .await
            .status(),
        401
    );
    let rows = app.audit_rows(2).await;
    assert!(rows.contains(&(
        Some(9_000_000_001),
        "tg_login".to_owned(),
        "session_issued".to_owned(),
        Some(200)
    )));
    assert!(rows.contains(&(
        None,
        "tg_login".to_owned(),
        "init_data_invalid".to_owned(),
        None
    )));
    let kind: String = sqlx::query(
        "SELECT data_type FROM information_schema.columns \
         WHERE table_name = 'login_audit' AND column_name = 'telegram_user_id'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .get(0);
    assert_eq!(kind, "bigint");
}
