//! The real sandbox platform on a free port with a fresh database, as the bot's upstream. What it
//! stored is read back from its database.

use std::net::SocketAddr;

use serde_json::{Value, json};
use sqlx::{Row, SqlitePool};
use tokio_util::sync::CancellationToken;

pub struct SandboxPlatform {
    pub address: SocketAddr,
    pool: SqlitePool,
    shutdown: CancellationToken,
    _data: tempfile::TempDir,
}

impl Drop for SandboxPlatform {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

impl SandboxPlatform {
    pub async fn spawn(service_key: &str) -> Self {
        let data = tempfile::tempdir().expect("tempdir");
        let database_url = format!("sqlite://{}/platform.db", data.path().display());
        let env = service_kit::Env::from_pairs([
            ("PLATFORM_BIND", "127.0.0.1:0"),
            ("PLATFORM_DATABASE_URL", database_url.as_str()),
            ("TG_BOT_SERVICE_KEY", service_key),
        ]);
        let config = platform::Config::from_env(&env).expect("platform configuration");
        let state = platform::AppState::build(config)
            .await
            .expect("the platform starts");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("addr");
        let shutdown = CancellationToken::new();
        tokio::spawn(service_kit::serve::serve(
            listener,
            platform::app(state),
            shutdown.clone(),
        ));
        let pool = service_kit::db::connect_sqlite("PLATFORM_DATABASE_URL", &database_url)
            .await
            .expect("the platform's database");
        Self {
            address,
            pool,
            shutdown,
            _data: data,
        }
    }

    /// The messenger user the platform holds, in the shape the bot sent it.
    pub async fn user(&self, id: i64) -> Option<Value> {
        let row = sqlx::query(
            "SELECT tg_user_id, first_name, last_name, username, language_code, is_premium, \
                 ref_id, affiliate_tag, is_blocked \
             FROM tg_bot_users WHERE tg_user_id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .expect("query")?;
        let text = |name: &str| row.get::<Option<String>, _>(name);
        Some(json!({
            "id": row.get::<i64, _>("tg_user_id"),
            "firstName": row.get::<String, _>("first_name"),
            "lastName": text("last_name"),
            "username": text("username"),
            "languageCode": text("language_code"),
            "isPremium": row.get::<i64, _>("is_premium") != 0,
            "refId": text("ref_id"),
            "affiliateTag": text("affiliate_tag"),
            "isBlocked": row.get::<i64, _>("is_blocked") != 0,
        }))
    }

    pub async fn user_count(&self) -> i64 {
        sqlx::query("SELECT COUNT(*) FROM tg_bot_users")
            .fetch_one(&self.pool)
            .await
            .expect("query")
            .get(0)
    }
}
