//! Database connections with start-up errors a person can act on. URLs are shown without their
//! passwords.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{AnyPool, SqlitePool};

/// The services' own tables (auth-service, bot), written to run on SQLite and on PostgreSQL.
pub static SERVICES_MIGRATOR: Migrator = sqlx::migrate!("../../migrations");

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("{var} is invalid: {reason} (expected sqlite://PATH or postgres://USER@HOST/DB)")]
    BadUrl { var: String, reason: String },
    #[error("cannot open the database of {var} ({url}): {source}")]
    Connect {
        var: String,
        url: String,
        source: sqlx::Error,
    },
    #[error("cannot create the folder {path} for {var}: {source}")]
    CreateDir {
        var: String,
        path: String,
        source: std::io::Error,
    },
    #[error("cannot migrate the database of {var} ({url}): {source}")]
    Migrate {
        var: String,
        url: String,
        source: sqlx::migrate::MigrateError,
    },
}

/// The database kinds the services' tables run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

pub fn kind_of(var: &str, url: &str) -> Result<DbKind, DbError> {
    let scheme = url.split_once(':').map(|(s, _)| s).unwrap_or_default();
    match scheme {
        "sqlite" => Ok(DbKind::Sqlite),
        "postgres" | "postgresql" => Ok(DbKind::Postgres),
        _ => Err(DbError::BadUrl {
            var: var.to_owned(),
            reason: format!("unsupported scheme in {}", redact(url)),
        }),
    }
}

/// The URL with any password replaced, fit for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.chars().take(64).collect();
    };
    let (authority, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        None => url.to_owned(),
    }
}

/// An SQLite database file, created (with its folder) when missing, in WAL mode so readers never
/// wait for the writer.
pub async fn connect_sqlite(var: &str, url: &str) -> Result<SqlitePool, DbError> {
    if kind_of(var, url)? != DbKind::Sqlite {
        return Err(DbError::BadUrl {
            var: var.to_owned(),
            reason: "this database must be SQLite".to_owned(),
        });
    }
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|e| DbError::BadUrl {
            var: var.to_owned(),
            reason: e.to_string(),
        })?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(5));
    ensure_parent_dir(var, options.get_filename())?;
    SqlitePoolOptions::new()
        .max_connections(8)
        .acquire_timeout(Duration::from_secs(5))
        .after_release(|conn, _| Box::pin(release_sqlite(conn)))
        .connect_with(options)
        .await
        .map_err(|source| DbError::Connect {
            var: var.to_owned(),
            url: redact(url),
            source,
        })
}

/// Connections of a services' pool on SQLite. SQLite takes one writer at a time and the services'
/// writes are short (the auth service's is one batching audit writer), so more connections only
/// add memory: each has its own thread and page cache, and a pool of eight opens all eight under a
/// login load (about 1.2 MB each, a quarter of the auth service's RSS, whose budget is 40 MB).
/// Two: one for the writer, one so a health probe or a read never waits behind a batch.
pub const SQLITE_SERVICES_CONNECTIONS: u32 = 2;

/// The services' database: SQLite by default, PostgreSQL when the URL says so.
pub async fn connect_services(var: &str, url: &str) -> Result<AnyPool, DbError> {
    sqlx::any::install_default_drivers();
    let kind = kind_of(var, url)?;
    let mut url = url.to_owned();
    if kind == DbKind::Sqlite {
        let sqlite = SqliteConnectOptions::from_str(&url).map_err(|e| DbError::BadUrl {
            var: var.to_owned(),
            reason: e.to_string(),
        })?;
        ensure_parent_dir(var, sqlite.get_filename())?;
        if !url.contains("mode=") {
            url.push_str(if url.contains('?') {
                "&mode=rwc"
            } else {
                "?mode=rwc"
            });
        }
    }
    let options = AnyConnectOptions::from_str(&url).map_err(|e| DbError::BadUrl {
        var: var.to_owned(),
        reason: e.to_string(),
    })?;
    let pool = AnyPoolOptions::new()
        .max_connections(match kind {
            DbKind::Sqlite => SQLITE_SERVICES_CONNECTIONS,
            DbKind::Postgres => 8,
        })
        .acquire_timeout(Duration::from_secs(5))
        .after_release(|conn, _| Box::pin(release_outside_transactions(conn)))
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if kind == DbKind::Sqlite {
                    // Several services share one file locally: wait for the writer instead of failing.
                    sqlx::query("PRAGMA busy_timeout = 5000")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("PRAGMA journal_mode = WAL")
                        .execute(&mut *conn)
                        .await?;
                    // With WAL this never corrupts the file; a power cut may lose the last
                    // commits, and it spares an fsync per commit (the platform's pool does the same).
                    sqlx::query("PRAGMA synchronous = NORMAL")
                        .execute(&mut *conn)
                        .await?;
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await
        .map_err(|source| DbError::Connect {
            var: var.to_owned(),
            url: redact(&url),
            source,
        })?;
    SERVICES_MIGRATOR
        .run(&pool)
        .await
        .map_err(|source| DbError::Migrate {
            var: var.to_owned(),
            url: redact(&url),
            source,
        })?;
    Ok(pool)
}

/// Whether a connection handed back to its pool may serve again: only outside any transaction.
///
/// sqlx 0.8 can hand back a connection still inside a transaction: when the future that runs
/// `begin_with("BEGIN IMMEDIATE")` is dropped (a client hung up, a timeout fired) after SQLite began
/// the transaction but before sqlx built the `Transaction` that would roll it back, nothing ever
/// ends it. On SQLite that connection keeps the write lock: every writer after it fails with
/// "database is locked" and the next borrower of the connection with "begin_with at non-zero
/// transaction depth" — the whole service stuck until restart. Closing the connection instead rolls
/// the transaction back and frees the lock. The ping first lets the rollback that dropping an
/// ordinary `Transaction` queues run, so only connections nobody will roll back are closed.
async fn release_outside_transactions<C: sqlx::Connection>(
    conn: &mut C,
) -> Result<bool, sqlx::Error> {
    conn.ping().await?;
    let usable = !conn.is_in_transaction();
    if !usable {
        tracing::warn!("a connection came back inside an abandoned transaction; closed it");
    }
    Ok(usable)
}

/// The SQLite pool's release check: the ping only for a connection that says it is inside a
/// transaction, since a ping is one more round trip to the connection's SQLite thread per
/// statement run on the pool (a fifth of a returning player's sign-in under load).
///
/// A connection that says it is outside any transaction is: sqlx-sqlite's thread (0.8.6) counts
/// the depth before it answers a `BEGIN`, and rolls a `BEGIN` back at once when nobody takes its
/// answer, i.e. when the future that sent it was dropped; so a `BEGIN` still queued or being run
/// when the connection comes back never stays open.
async fn release_sqlite(conn: &mut sqlx::SqliteConnection) -> Result<bool, sqlx::Error> {
    use sqlx::Connection;
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    release_outside_transactions(conn).await
}

fn ensure_parent_dir(var: &str, file: &Path) -> Result<(), DbError> {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && file != Path::new(":memory:") => {
            std::fs::create_dir_all(dir).map_err(|source| DbError::CreateDir {
                var: var.to_owned(),
                path: dir.display().to_string(),
                source,
            })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("postgres://app:s3cret@db.internal:5432/casino"),
            "postgres://app:***@db.internal:5432/casino"
        );
        assert_eq!(redact("sqlite://data/x.db"), "sqlite://data/x.db");
    }

    #[test]
    fn unknown_schemes_are_refused_by_name() {
        let err = kind_of("DATABASE_URL", "mysql://u:p@h/db").unwrap_err();
        assert_eq!(
            err.to_string(),
            "DATABASE_URL is invalid: unsupported scheme in mysql://u:***@h/db \
             (expected sqlite://PATH or postgres://USER@HOST/DB)"
        );
    }

    #[tokio::test]
    async fn sqlite_files_and_their_folders_are_created() {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}/nested/app.db", dir.path().display());
        let pool = connect_services("DATABASE_URL", &url)
            .await
            .expect("connects");
        crate::health::database_answers(&pool)
            .await
            .expect("answers");
        assert!(dir.path().join("nested/app.db").exists());
        assert_eq!(
            pool.options().get_max_connections(),
            SQLITE_SERVICES_CONNECTIONS
        );
    }
}
