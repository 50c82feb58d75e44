use sqlx::SqlitePool;
use sqlx::migrate::Migrator;

static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// Opens the sandbox database, applies its migrations and seeds demo content not seeded yet.
pub async fn connect(url: &str) -> anyhow::Result<SqlitePool> {
    let pool = service_kit::db::connect_sqlite("PLATFORM_DATABASE_URL", url).await?;
    MIGRATOR.run(&pool).await.map_err(|e| {
        anyhow::anyhow!(
            "cannot migrate the sandbox database ({}): {e}",
            service_kit::db::redact(url)
        )
    })?;
    crate::seed::run(&pool).await?;
    Ok(pool)
}
