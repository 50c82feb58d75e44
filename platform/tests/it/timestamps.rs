#![allow(clippy::unwrap_used)] // Test code: a panic is the failure report.

//! One timestamp format: migration 0012 brings a database made by 0001–0011, with rows in it, to
//! millisecond timestamps without losing a row or a link, and every connection sees the new defaults.

use std::path::Path;

use sqlx::migrate::Migrator;
use sqlx::{Connection, SqliteConnection, SqlitePool};

const LAST_BEFORE: i64 = 11;
const MIGRATIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");

/// A whole-second value as the old defaults wrote it, and the same instant as 0012 writes it.
const OLD: &str = "2026-01-02T03:04:05Z";
const NEW: &str = "2026-01-02T03:04:05.000Z";

/// Every column the old defaults or the old whole-second clock wrote, by table.
const CONVERTED: &[(&str, &[&str])] = &[
    (
        "players",
        &["created_at", "email_verified_at", "phone_verified_at"],
    ),
    (
        "player_sessions",
        &["created_at", "last_seen_at", "closed_at"],
    ),
    ("tg_bot_users", &["synced_at"]),
    ("accounts", &["created_at"]),
    ("social_connections", &["created_at"]),
    ("player_favorite_games", &["added_at"]),
    ("player_recent_searches", &["searched_at"]),
    ("player_documents", &["created_at"]),
    ("route_rules", &["created_at"]),
];

/// A database file migrated up to 0011 only, as a platform of the previous release left it.
async fn database_before(dir: &Path) -> String {
    let url = format!("sqlite://{}/platform.db?mode=rwc", dir.display());
    let mut migrator = Migrator::new(Path::new(MIGRATIONS))
        .await
        .expect("migrations");
    migrator.migrations = migrator
        .migrations
        .iter()
        .filter(|m| m.version <= LAST_BEFORE)
        .cloned()
        .collect::<Vec<_>>()
        .into();
    let pool = SqlitePool::connect(&url).await.expect("open");
    migrator.run(&pool).await.expect("0001–0011 apply");
    pool.close().await;
    url
}

/// One row in every converted table, each with whole-second times, linked as real rows are.
async fn old_rows(conn: &mut SqliteConnection) {
    // Ids and codes far from the demo seed's, which runs after the migration.
    for statement in [
        "INSERT INTO currencies (code, kind, symbol, subunit_to_unit, rate, is_enabled, is_visible, position)
         VALUES ('XTS', 'fiat', 'X', 100, '1', 1, 1, 900)",
        "INSERT INTO game_providers (id, identity, name, position) VALUES (900001, 'old-provider', 'Old', 900)",
        "INSERT INTO games (id, identity, name, provider_id, category, released_on)
         VALUES (900001, 'old-game', 'Old game', 900001, 'slots', '2020-01-01')",
        "INSERT INTO players (id, email, created_at, email_verified_at, phone_verified_at)
         VALUES (900001, 'old@example.com', ?1, ?1, ?1)",
        "INSERT INTO players (id, email, referrer_player_id, created_at)
         VALUES (900002, 'invited@example.com', 900001, ?1)",
        "INSERT INTO player_sessions (id, player_id, created_at, last_seen_at, closed_at)
         VALUES ('session', 900001, ?1, ?1, ?1)",
        "INSERT INTO tg_bot_users (tg_user_id, first_name, is_premium, is_blocked, synced_at)
         VALUES (900042, 'Ann', 0, 0, ?1)",
        "INSERT INTO accounts (id, player_id, currency, balance, is_active, created_at)
         VALUES (900007, 900001, 'XTS', 12345, 1, ?1)",
        "INSERT INTO social_connections (provider, subject, player_id, created_at)
         VALUES ('google', 'old-subject', 900001, ?1)",
        "INSERT INTO player_favorite_games (player_id, game_id, added_at) VALUES (900001, 900001, ?1)",
        "INSERT INTO player_recent_searches (player_id, query, searched_at) VALUES (900001, 'book', ?1)",
        "INSERT INTO player_documents (id, player_id, type, file_name, content_type, size_bytes, stored_name, created_at)
         VALUES (900003, 900001, 'passport', 'p.png', 'image/png', 10, 'old-stored', ?1)",
        "INSERT INTO route_rules (pattern, created_at) VALUES ('/old-rule', ?1)",
    ] {
        sqlx::query(statement)
            .bind(OLD)
            .execute(&mut *conn)
            .await
            .unwrap_or_else(|e| panic!("{statement}: {e}"));
    }
}

async fn scalar_i64(pool: &SqlitePool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn whole_second_rows_and_defaults_become_milliseconds() {
    let dir = tempfile::tempdir().unwrap();
    let url = database_before(dir.path()).await;
    let mut conn = SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("PRAGMA foreign_keys = ON")
        .execute(&mut conn)
        .await
        .unwrap();
    old_rows(&mut conn).await;
    conn.close().await.unwrap();

    // What the platform does at start: every migration, then the demo seed.
    let pool = platform::db::connect(&url).await.expect("0012 applies");
    platform::seed::run(&pool).await.expect("the seed applies");

    for (table, columns) in CONVERTED {
        for column in *columns {
            let values: Vec<Option<String>> =
                sqlx::query_scalar(&format!("SELECT {column} FROM {table}"))
                    .fetch_all(&pool)
                    .await
                    .unwrap();
            assert!(!values.is_empty(), "{table} kept its rows");
            for value in values.into_iter().flatten() {
                if value != NEW {
                    assert!(
                        value.len() == NEW.len()
                            && value.ends_with('Z')
                            && value.as_bytes()[19] == b'.',
                        "{table}.{column} = {value}: not the millisecond format"
                    );
                }
            }
        }
    }
    // The rows, their money and their links are untouched.
    assert_eq!(
        scalar_i64(&pool, "SELECT balance FROM accounts WHERE id = 900007").await,
        12345
    );
    assert_eq!(
        scalar_i64(
            &pool,
            "SELECT referrer_player_id FROM players WHERE id = 900002"
        )
        .await,
        900001
    );
    assert_eq!(
        scalar_i64(&pool, "SELECT count(*) FROM pragma_foreign_key_check").await,
        0
    );
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(integrity, "ok");
    // Foreign keys are on again for the pool's connections.
    assert_eq!(scalar_i64(&pool, "PRAGMA foreign_keys").await, 1);
    assert!(
        sqlx::query("INSERT INTO accounts (player_id, currency) VALUES (999999, 'XTS')")
            .execute(&pool)
            .await
            .is_err(),
        "a row without its player is refused"
    );

    // No column default writes whole seconds: a new row gets milliseconds.
    assert_eq!(
        scalar_i64(
            &pool,
            "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%:\\%SZ%' ESCAPE '\\'"
        )
        .await,
        0,
        "a whole-second default is left"
    );
    sqlx::query("INSERT INTO player_sessions (id, player_id) VALUES ('new', 900001)")
        .execute(&pool)
        .await
        .unwrap();
    let created: String =
        sqlx::query_scalar("SELECT created_at FROM player_sessions WHERE id = 'new'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(created.len(), NEW.len(), "{created}");
    assert!(
        created.as_str() > NEW,
        "{created} sorts after an older time"
    );

    // The seed's sport events start on the minute, in the same format.
    let starts: Vec<String> = sqlx::query_scalar("SELECT starts_at FROM sport_events LIMIT 5")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(!starts.is_empty());
    assert!(starts.iter().all(|s| s.ends_with(":00.000Z")), "{starts:?}");
}

#[tokio::test]
async fn a_connection_opened_before_the_migration_writes_the_new_default() {
    let dir = tempfile::tempdir().unwrap();
    let url = database_before(dir.path()).await;
    // A connection that has read the old schema, as a pool's idle connection would have.
    let mut before = SqliteConnection::connect(&url).await.unwrap();
    old_rows(&mut before).await;
    let old_default: String = sqlx::query_scalar(
        "INSERT INTO player_sessions (id, player_id) VALUES ('before', 900001) RETURNING created_at",
    )
    .fetch_one(&mut before)
    .await
    .unwrap();
    assert_eq!(
        old_default.len(),
        OLD.len(),
        "0011 wrote whole seconds: {old_default}"
    );

    platform::db::connect(&url).await.expect("0012 applies");

    let new_default: String = sqlx::query_scalar(
        "INSERT INTO player_sessions (id, player_id) VALUES ('after', 900001) RETURNING created_at",
    )
    .fetch_one(&mut before)
    .await
    .unwrap();
    assert_eq!(new_default.len(), NEW.len(), "{new_default}");
    // The session written before the migration was converted, and keeps its order.
    let converted: String =
        sqlx::query_scalar("SELECT created_at FROM player_sessions WHERE id = 'before'")
            .fetch_one(&mut before)
            .await
            .unwrap();
    assert_eq!(converted, format!("{}.000Z", &old_default[..19]));
    assert!(converted <= new_default);
}
