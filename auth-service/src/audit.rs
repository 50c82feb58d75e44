//! The login audit: one row per answered login in `login_audit`. Rows go through a queue to one
//! writer that inserts them in batches, so a login never waits for a disk flush; when the writer
//! falls behind, the queue fills and logins wait for it rather than lose records.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::AnyPool;
use tokio::sync::mpsc;

const QUEUE: usize = 4096;
const BATCH: usize = 256;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginRecord {
    pub telegram_user_id: Option<i64>,
    pub route: &'static str,
    pub outcome: String,
    pub upstream_status: Option<u16>,
    pub request_id: String,
}

#[derive(Clone)]
pub struct AuditLog {
    queue: mpsc::Sender<(i64, LoginRecord)>,
}

impl AuditLog {
    /// Starts the writer; it stops once every handle is dropped and the queue is written.
    pub fn start(pool: AnyPool) -> Self {
        let (queue, rows) = mpsc::channel(QUEUE);
        tokio::spawn(write_batches(pool, rows));
        Self { queue }
    }

    pub async fn record(&self, record: LoginRecord) {
        let at = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO)
            .as_millis();
        let at = i64::try_from(at).unwrap_or(i64::MAX);
        if self.queue.send((at, record)).await.is_err() {
            tracing::error!("the login audit writer has stopped; a record is lost");
        }
    }
}

async fn write_batches(pool: AnyPool, mut rows: mpsc::Receiver<(i64, LoginRecord)>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rows.recv_many(&mut batch, BATCH).await > 0 {
        if let Err(e) = insert(&pool, &batch).await {
            tracing::error!(error = %e, rows = batch.len(), "cannot write the login audit");
        }
        batch.clear();
    }
}

/// Rows per INSERT statement: 7 parameters each stays under SQLite's oldest limit of 999.
const ROWS_PER_STATEMENT: usize = 128;

/// One multi-row INSERT per chunk: a statement per row costs a round trip to SQLite's worker
/// thread each, which under load took a fifth of the service's CPU.
async fn insert(pool: &AnyPool, batch: &[(i64, LoginRecord)]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    let numbered = tx.backend_name() == "PostgreSQL";
    for chunk in batch.chunks(ROWS_PER_STATEMENT) {
        let sql = insert_statement(chunk.len(), numbered);
        let mut query = sqlx::query(&sql);
        for (at, record) in chunk {
            // Time-ordered ids append to the primary key's index instead of writing all over it.
            query = query
                .bind(uuid::Uuid::now_v7().to_string())
                .bind(record.telegram_user_id)
                .bind(*at)
                .bind(record.route)
                .bind(record.outcome.clone())
                .bind(record.upstream_status.map(i64::from))
                .bind(record.request_id.clone());
        }
        query.execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// `INSERT ... VALUES (...), (...)` for `rows` rows. PostgreSQL needs numbered placeholders
/// (`$1`); SQLite gets anonymous ones (`?`), because it looks numbered ones up by name in a list,
/// which made binding a 900-parameter statement quadratic.
fn insert_statement(rows: usize, numbered: bool) -> String {
    const COLUMNS: usize = 7;
    let mut sql = String::from(
        "INSERT INTO login_audit \
         (id, telegram_user_id, occurred_at_ms, route, outcome, upstream_status, request_id) VALUES ",
    );
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        let first = row * COLUMNS + 1;
        let placeholders: Vec<String> = (first..first + COLUMNS)
            .map(|n| {
                if numbered {
                    format!("${n}")
                } else {
                    "?".to_owned()
                }
            })
            .collect();
        sql.push('(');
        sql.push_str(&placeholders.join(", "));
        sql.push(')');
    }
    sql
}
