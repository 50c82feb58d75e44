use sqlx::migrate::Migrator;
use sqlx::{Sqlite, SqlitePool, Transaction};

/// A transaction on the sandbox database.
pub type Tx = Transaction<'static, Sqlite>;

static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// Opens the sandbox database and applies its migrations (start-up then seeds it: `seed::run`).
pub async fn connect(url: &str) -> anyhow::Result<SqlitePool> {
    let pool = service_kit::db::connect_sqlite("PLATFORM_DATABASE_URL", url).await?;
    MIGRATOR.run(&pool).await.map_err(|e| {
        anyhow::anyhow!(
            "cannot migrate the sandbox database ({}): {e}",
            service_kit::db::redact(url)
        )
    })?;
    Ok(pool)
}

/// The sandbox's token key: generated on first start and kept, so tokens survive restarts.
pub async fn sandbox_jwt_secret(pool: &SqlitePool) -> anyhow::Result<Vec<u8>> {
    use base64::Engine;
    use rand::RngCore;
    let mut fresh = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut fresh);
    let fresh = base64::engine::general_purpose::STANDARD.encode(fresh);
    sqlx::query("INSERT OR IGNORE INTO sandbox_meta (key, value) VALUES ('jwt_secret', ?)")
        .bind(&fresh)
        .execute(pool)
        .await?;
    let stored: String =
        sqlx::query_scalar("SELECT value FROM sandbox_meta WHERE key = 'jwt_secret'")
            .fetch_one(pool)
            .await?;
    Ok(stored.into_bytes())
}

/// A write refused by a unique constraint is the domain's `refusal` (an address another player
/// has); any other database error stays the database's.
pub fn refused_if_unique<E: From<sqlx::Error>>(error: sqlx::Error, refusal: E) -> E {
    match error {
        sqlx::Error::Database(e) if e.is_unique_violation() => refusal,
        other => other.into(),
    }
}
