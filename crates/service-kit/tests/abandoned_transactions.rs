#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! A connection that comes back to its pool inside a transaction nobody will end must not serve
//! again: on SQLite it holds the write lock, and every writer after it would fail.

use std::time::Duration;

use sqlx::{Connection, Database, Executor, Pool, SqlitePool, Transaction};

// The helpers serve both pools under test, SQLite's own and the services' `Any` pool on SQLite.

/// `pool` with the table the tests write to.
async fn with_entries<DB: Database>(pool: Pool<DB>) -> Pool<DB>
where
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
{
    pool.execute("CREATE TABLE entries (name TEXT NOT NULL)")
        .await
        .unwrap();
    pool
}

/// Leaves `pool`'s next connection inside a transaction (opened with `begin`) that nothing rolls
/// back — the state a cancelled `begin_with` leaves behind — with one row written in it.
async fn abandon_a_transaction<DB: Database>(pool: &Pool<DB>, begin: &'static str)
where
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
{
    let mut conn = pool.acquire().await.unwrap();
    let mut tx = (*conn).begin_with(begin).await.unwrap();
    tx.execute("INSERT INTO entries (name) VALUES ('abandoned')")
        .await
        .unwrap();
    // Forgetting the transaction skips the rollback its drop would queue.
    std::mem::forget(tx);
    drop(conn);
}

/// Writes `written {round}` in `tx` and commits it.
async fn write_committed<DB: Database>(mut tx: Transaction<'static, DB>, round: u32)
where
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
{
    let insert = format!("INSERT INTO entries (name) VALUES ('written {round}')");
    tx.execute(insert.as_str()).await.unwrap();
    tx.commit().await.unwrap();
}

async fn sqlite_pool(dir: &tempfile::TempDir) -> SqlitePool {
    let url = format!("sqlite://{}/test.db", dir.path().display());
    with_entries(
        service_kit::db::connect_sqlite("TEST_DATABASE_URL", &url)
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn writers_go_on_after_a_transaction_was_abandoned() {
    let dir = tempfile::tempdir().unwrap();
    let pool = sqlite_pool(&dir).await;
    abandon_a_transaction(&pool, "BEGIN IMMEDIATE").await;

    // Without the release check this fails: on the same connection with "begin_with at non-zero
    // transaction depth", on any other with "database is locked" after the busy timeout.
    for round in 0..3 {
        write_committed(pool.begin_with("BEGIN IMMEDIATE").await.unwrap(), round).await;
    }

    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM entries ORDER BY rowid")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(
        names,
        ["written 0", "written 1", "written 2"],
        "the abandoned row is rolled back"
    );
}

#[tokio::test]
async fn connections_whose_transaction_was_dropped_stay_in_the_pool() {
    let dir = tempfile::tempdir().unwrap();
    let pool = sqlite_pool(&dir).await;
    // A temporary table lives as long as its connection: it tells whether the pool kept them all.
    settle(&pool).await;
    let size = pool.size();
    for mut conn in acquire_all(&pool, size).await {
        conn.execute("CREATE TEMP TABLE kept (x INTEGER)")
            .await
            .unwrap();
    }
    settle(&pool).await;

    for _ in 0..5 {
        let mut tx = pool.begin_with("BEGIN IMMEDIATE").await.unwrap();
        tx.execute("INSERT INTO entries (name) VALUES ('dropped')")
            .await
            .unwrap();
        drop(tx); // an ordinary error path: the drop queues the rollback
        settle(&pool).await;
    }

    assert_eq!(pool.size(), size);
    for mut conn in acquire_all(&pool, size).await {
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM temp.kept")
            .fetch_one(&mut *conn)
            .await
            .expect("every connection serves on");
        assert_eq!(kept, 0);
    }
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM entries")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, 0, "every dropped transaction was rolled back");
}

async fn acquire_all(
    pool: &SqlitePool,
    size: u32,
) -> Vec<sqlx::pool::PoolConnection<sqlx::Sqlite>> {
    let mut all = Vec::new();
    for _ in 0..size {
        all.push(pool.acquire().await.unwrap());
    }
    all
}

/// Waits until every connection is back in the pool (releases finish on their own task).
async fn settle(pool: &SqlitePool) {
    for _ in 0..200 {
        if pool.num_idle() == pool.size() as usize {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("a connection never came back to the pool");
}

#[tokio::test]
async fn the_services_pool_closes_abandoned_transactions_too() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let pool = with_entries(
        service_kit::db::connect_services("TEST_DATABASE_URL", &url)
            .await
            .unwrap(),
    )
    .await;
    // What `begin()` sends on SQLite.
    abandon_a_transaction(&pool, "BEGIN").await;

    for round in 0..3 {
        write_committed(pool.begin().await.unwrap(), round).await;
    }
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM entries")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, 3);
}

#[tokio::test]
async fn begins_cancelled_at_any_point_leave_no_transaction_open() {
    let dir = tempfile::tempdir().unwrap();
    let pool = sqlite_pool(&dir).await;
    // Cancelled before, while and after SQLite runs the BEGIN: the connections come back without
    // a ping when they say they are outside a transaction, and the next writers must not wait.
    for attempt in 0..300u64 {
        let begin = pool.begin_with("BEGIN IMMEDIATE");
        let _ = tokio::time::timeout(Duration::from_micros(attempt % 60), begin).await;
    }
    settle(&pool).await;
    for round in 0..(pool.size() + 1) {
        let tx = tokio::time::timeout(Duration::from_secs(2), pool.begin_with("BEGIN IMMEDIATE"))
            .await
            .expect("no connection holds the write lock")
            .unwrap();
        write_committed(tx, round).await;
    }
}
