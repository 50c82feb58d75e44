#![allow(clippy::unwrap_used)] // Test helpers: a panic is the failure report.

//! The audit writer under a burst: records queued faster than one INSERT takes them are written
//! as multi-row statements (chunks of 128), every one of them, on SQLite and on PostgreSQL.

use std::time::Duration;

use auth_service::audit::{AuditLog, LoginRecord};
use sqlx::AnyPool;

/// More than two full statements' worth, so the chunking and the last partial chunk both run.
const RECORDS: i64 = 300;

async fn burst_is_written(url: &str) {
    let pool = service_kit::db::connect_services("DATABASE_URL", url)
        .await
        .unwrap();
    let audit = AuditLog::start(pool.clone());
    for n in 0..RECORDS {
        audit
            .record(LoginRecord {
                telegram_user_id: Some(n),
                route: "tg_login",
                outcome: "session_issued".to_owned(),
                upstream_status: Some(200),
                request_id: format!("request-{n}"),
            })
            .await;
    }
    drop(audit);
    let written = wait_for_rows(&pool).await;
    assert_eq!(written, RECORDS);
    let (distinct_ids, players): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(DISTINCT id), COUNT(DISTINCT telegram_user_id) FROM login_audit",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((distinct_ids, players), (RECORDS, RECORDS));
    let (request_id, status): (String, i64) = sqlx::query_as(
        "SELECT request_id, upstream_status FROM login_audit WHERE telegram_user_id = 257",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((request_id.as_str(), status), ("request-257", 200));
}

async fn wait_for_rows(pool: &AnyPool) -> i64 {
    let mut written = 0;
    for _ in 0..100 {
        written = sqlx::query_scalar("SELECT COUNT(*) FROM login_audit")
            .fetch_one(pool)
            .await
            .unwrap();
        if written == RECORDS {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    written
}

#[tokio::test]
async fn a_burst_is_written_in_full_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    burst_is_written(&format!("sqlite://{}/services.db", dir.path().display())).await;
}

#[tokio::test]
async fn a_burst_is_written_in_full_on_postgresql() {
    let Some(url) = service_kit::testing::postgres_database("audit").await else {
        return;
    };
    burst_is_written(&url).await;
}
