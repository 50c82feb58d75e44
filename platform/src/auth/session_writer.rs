//! The session rows of returning players' sign-ins, written by one task on its own connection.
//!
//! SQLite has one writer at a time. When every sign-in wrote its own row from a pooled connection,
//! the connections queued for the write lock by sleeping in SQLite's busy handler, and each row
//! was its own statement and commit. Here sign-ins queue their row; the writer takes whatever is
//! queued, inserts it with one statement (one commit), and only then answers each sign-in, so a
//! token is never issued for a session that is not in the database.

use serde::Serialize;
use sqlx::error::ErrorKind;
use sqlx::{ConnectOptions, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use super::sessions::{ClientInfo, new_session_id};
use crate::ApiError;

/// Sign-ins waiting for the writer; beyond this they wait to queue, so memory stays bounded.
const QUEUE: usize = 4096;
/// Rows per statement at most (a statement takes one JSON parameter, so no placeholder limit).
const BATCH: usize = 256;

/// One statement for any number of rows: the rows come as one JSON array, so the statement is
/// prepared once and cached, whatever the batch's size.
const INSERT_ROWS: &str = "INSERT INTO player_sessions
        (id, player_id, ip, user_agent, platform, source, fingerprint)
    SELECT value ->> 'id', value ->> 'player_id', value ->> 'ip', value ->> 'user_agent',
        value ->> 'platform', value ->> 'source', value ->> 'fingerprint'
    FROM json_each(?)";

#[derive(Serialize)]
struct SessionRow {
    id: String,
    player_id: i64,
    ip: Option<String>,
    user_agent: Option<String>,
    platform: Option<String>,
    source: Option<String>,
    fingerprint: Option<String>,
}

/// Whether the row was written; the writer logs why not, once per failure.
type Written = Result<(), ()>;

struct Pending {
    row: SessionRow,
    written: oneshot::Sender<Written>,
}

/// Queues session rows to the writer. The writer stops once every handle is dropped and what was
/// queued is written.
#[derive(Clone)]
pub struct SessionWriter {
    queue: mpsc::Sender<Pending>,
}

impl SessionWriter {
    /// Starts the writer on a connection of its own to the pool's database.
    pub fn start(pool: &SqlitePool) -> Self {
        Self::spawn(pool).0
    }

    fn spawn(pool: &SqlitePool) -> (Self, tokio::task::JoinHandle<()>) {
        let (queue, rows) = mpsc::channel(QUEUE);
        let writer = tokio::spawn(write_batches(pool.clone(), rows));
        (Self { queue }, writer)
    }

    /// Writes a new session of the player and answers its id once the row is committed.
    pub async fn open(&self, player_id: i64, client: &ClientInfo) -> Result<String, ApiError> {
        let id = new_session_id();
        let (written, answer) = oneshot::channel();
        let row = SessionRow {
            id: id.clone(),
            player_id,
            ip: client.ip.clone(),
            user_agent: client.user_agent.clone(),
            platform: client.platform.clone(),
            source: client.source.clone(),
            fingerprint: client.fingerprint.clone(),
        };
        let not_written = || ApiError::Internal(anyhow::anyhow!("the session was not written"));
        self.queue
            .send(Pending { row, written })
            .await
            .map_err(|_| not_written())?;
        match answer.await {
            Ok(Ok(())) => Ok(id),
            _ => Err(not_written()),
        }
    }
}

async fn write_batches(pool: SqlitePool, mut queue: mpsc::Receiver<Pending>) {
    let mut conn: Option<SqliteConnection> = None;
    let mut batch = Vec::with_capacity(BATCH);
    while queue.recv_many(&mut batch, BATCH).await > 0 {
        let connected = match conn.take() {
            Some(open) => Ok(open),
            None => pool.connect_options().connect().await,
        };
        match connected {
            Ok(mut open) => {
                if write_batch(&mut open, &mut batch).await {
                    conn = Some(open);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "the session writer cannot connect to the database");
                answer_all(&mut batch, Err(()));
            }
        }
    }
}

/// Writes the batch and answers each of its sign-ins. Answers whether the connection may serve
/// the next batch (any error but a row's own constraint opens a new one).
async fn write_batch(conn: &mut SqliteConnection, batch: &mut Vec<Pending>) -> bool {
    let error = match insert(conn, batch.iter().map(|p| &p.row)).await {
        Ok(()) => {
            answer_all(batch, Ok(()));
            return true;
        }
        Err(e) => e,
    };
    let a_row_is_refused = matches!(
        &error,
        sqlx::Error::Database(e) if e.kind() != ErrorKind::Other
    );
    if !a_row_is_refused || batch.len() == 1 {
        tracing::error!(error = %error, rows = batch.len(), "cannot write sessions");
        answer_all(batch, Err(()));
        return a_row_is_refused;
    }
    // One row broke a constraint (its player is gone, say): the others must not fail with it.
    for pending in batch.drain(..) {
        let written = insert(conn, std::iter::once(&pending.row)).await;
        if let Err(e) = &written {
            tracing::error!(error = %e, "cannot write a session");
        }
        let _ = pending.written.send(written.map_err(|_| ()));
    }
    true
}

async fn insert(
    conn: &mut SqliteConnection,
    rows: impl Iterator<Item = &SessionRow>,
) -> Result<(), sqlx::Error> {
    let rows: Vec<&SessionRow> = rows.collect();
    let json = serde_json::to_string(&rows).map_err(|e| sqlx::Error::Encode(e.into()))?;
    sqlx::query(INSERT_ROWS).bind(json).execute(conn).await?;
    Ok(())
}

fn answer_all(batch: &mut Vec<Pending>, written: Written) {
    for pending in batch.drain(..) {
        // A sign-in whose client hung up no longer waits; its row stays, like any unused session.
        let _ = pending.written.send(written);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn database() -> (tempfile::TempDir, SqlitePool, i64) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/platform.db", dir.path().display());
        let pool = crate::db::connect(&url).await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        let new_player = crate::players::NewPlayer {
            tg_user_id: Some(42),
            ..Default::default()
        };
        let player_id = crate::players::create(&mut tx, new_player, "USD")
            .await
            .unwrap()
            .unwrap();
        tx.commit().await.unwrap();
        (dir, pool, player_id)
    }

    fn pending(player_id: i64) -> (Pending, oneshot::Receiver<Written>) {
        let (written, answer) = oneshot::channel();
        let row = SessionRow {
            id: new_session_id(),
            player_id,
            ip: Some("203.0.113.7".to_owned()),
            user_agent: None,
            platform: Some("tg".to_owned()),
            source: None,
            fingerprint: None,
        };
        (Pending { row, written }, answer)
    }

    async fn sessions(pool: &SqlitePool) -> i64 {
        sqlx::query_scalar("SELECT count(*) FROM player_sessions")
            .fetch_one(pool)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_row_refused_fails_its_own_sign_in_only() {
        let (_dir, pool, player_id) = database().await;
        let mut conn = pool.connect_options().connect().await.unwrap();
        let (mut batch, mut answers) = (Vec::new(), Vec::new());
        for player in [player_id, player_id + 1000, player_id] {
            let (p, answer) = pending(player);
            batch.push(p);
            answers.push(answer);
        }
        assert!(write_batch(&mut conn, &mut batch).await);
        let mut results = Vec::new();
        for answer in answers {
            results.push(answer.await.unwrap());
        }
        assert_eq!(results, [Ok(()), Err(()), Ok(())]);
        assert_eq!(sessions(&pool).await, 2);
    }

    #[tokio::test]
    async fn a_failing_batch_answers_every_sign_in_with_an_error() {
        let (_dir, pool, player_id) = database().await;
        sqlx::query(
            "CREATE TRIGGER no_sessions BEFORE INSERT ON player_sessions
             BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
        )
        .execute(&pool)
        .await
        .unwrap();
        let writer = SessionWriter::start(&pool);
        let client = ClientInfo::default();
        let logins = (0..20).map(|_| writer.open(player_id, &client));
        let results = futures_util::future::join_all(logins).await;
        assert!(results.iter().all(Result::is_err));
        assert_eq!(sessions(&pool).await, 0);

        // The writer goes on once the database accepts rows again.
        sqlx::query("DROP TRIGGER no_sessions")
            .execute(&pool)
            .await
            .unwrap();
        writer.open(player_id, &client).await.unwrap();
        assert_eq!(sessions(&pool).await, 1);
    }

    #[tokio::test]
    async fn concurrent_sign_ins_all_get_a_written_session() {
        let (_dir, pool, player_id) = database().await;
        let writer = SessionWriter::start(&pool);
        let client = ClientInfo::default();
        let logins = (0..300).map(|_| writer.open(player_id, &client));
        let ids: Vec<String> = futures_util::future::join_all(logins)
            .await
            .into_iter()
            .map(Result::unwrap)
            .collect();
        // Each answer came after its commit: every id is in the table already.
        for id in &ids {
            let found: i64 =
                sqlx::query_scalar("SELECT count(*) FROM player_sessions WHERE id = ?")
                    .bind(id)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            assert_eq!(found, 1);
        }
        assert_eq!(sessions(&pool).await, 300);
    }

    #[tokio::test]
    async fn the_writer_writes_what_was_queued_before_it_stops() {
        let (_dir, pool, player_id) = database().await;
        let (writer, running) = SessionWriter::spawn(&pool);
        let mut answers = Vec::new();
        for _ in 0..50 {
            let (p, answer) = pending(player_id);
            writer.queue.send(p).await.unwrap();
            answers.push(answer);
        }
        drop(writer);
        running.await.unwrap();
        for answer in answers {
            assert_eq!(answer.await.unwrap(), Ok(()));
        }
        assert_eq!(sessions(&pool).await, 50);
    }
}
