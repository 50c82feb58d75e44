//! Returning Telegram players' sign-ins, read and written by one task on its own connection.
//!
//! SQLite has one writer at a time. If every sign-in wrote its own row from a pooled connection,
//! the connections would queue for the write lock by sleeping in SQLite's busy handler, and each row
//! would be its own statement and commit. If every sign-in read its player from a pooled connection,
//! that read would be most of the login's CPU: not the SQL, but handing the statement to the
//! connection's thread and its row back (docs/performance.md). Here sign-ins queue their
//! Telegram user; the writer takes whatever is queued, reads all their players with one statement,
//! inserts the sessions of those who may sign in with another (one commit), and only then answers
//! each sign-in, so a token is never issued for a session that is not in the database.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::error::ErrorKind;
use sqlx::{ConnectOptions, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use super::Profile;
use crate::ApiError;
use crate::auth::sessions::{ClientInfo, new_session_id};

/// Sign-ins waiting for the writer; beyond this they wait to queue, so memory stays bounded.
const QUEUE: usize = 4096;
/// Sign-ins per batch at most (each statement takes one JSON parameter, so no placeholder limit).
const BATCH: usize = 256;

/// The players of any number of Telegram users: one cached statement whatever the batch's size.
const SELECT_PLAYERS: &str =
    super::select_profile_where!("tg_user_id IN (SELECT value FROM json_each(?))");

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

impl SessionRow {
    fn new(player_id: i64, client: &ClientInfo) -> Self {
        Self {
            id: new_session_id(),
            player_id,
            ip: client.ip.clone(),
            user_agent: client.user_agent.clone(),
            platform: client.platform.clone(),
            source: client.source.clone(),
            fingerprint: client.fingerprint.clone(),
        }
    }
}

/// What became of a queued sign-in.
#[derive(Debug)]
pub enum SignIn {
    /// The session `session_id` of the player of `profile` is written.
    Opened {
        profile: Box<Profile>,
        session_id: String,
    },
    /// The Telegram user has no player yet: their first sign-in creates it.
    NoPlayer,
    /// The player is blocked: no session was written.
    Blocked,
    /// The database refused; the writer has logged why, once per failure.
    Failed,
}

struct Pending {
    tg_user_id: i64,
    client: ClientInfo,
    answer: oneshot::Sender<SignIn>,
}

/// Queues sign-ins to the writer. The writer stops once every handle is dropped and what was
/// queued is answered.
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

    /// Opens a session for the Telegram user's player, answered once its row is committed.
    pub async fn sign_in_telegram_user(
        &self,
        tg_user_id: i64,
        client: &ClientInfo,
    ) -> Result<SignIn, ApiError> {
        let (answer, answered) = oneshot::channel();
        let pending = Pending {
            tg_user_id,
            client: client.clone(),
            answer,
        };
        let stopped = || ApiError::Internal(anyhow::anyhow!("the session writer has stopped"));
        self.queue.send(pending).await.map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())
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
                fail_all(batch.drain(..).map(|p| p.answer));
            }
        }
    }
}

/// A sign-in whose player may sign in, with the row of its session.
struct Opening {
    answer: oneshot::Sender<SignIn>,
    profile: Box<Profile>,
    row: SessionRow,
}

/// Reads the batch's players, writes the sessions of those who may sign in and answers each
/// sign-in. Answers whether the connection may serve the next batch (any error but a row's own
/// constraint opens a new one).
async fn write_batch(conn: &mut SqliteConnection, batch: &mut Vec<Pending>) -> bool {
    let players = match players_of(conn, batch.iter().map(|p| p.tg_user_id)).await {
        Ok(players) => players,
        Err(e) => {
            tracing::error!(error = %e, sign_ins = batch.len(), "cannot read the players signing in");
            fail_all(batch.drain(..).map(|p| p.answer));
            return false;
        }
    };
    let mut openings = Vec::with_capacity(batch.len());
    for pending in batch.drain(..) {
        let answer = match players.get(&pending.tg_user_id) {
            None => SignIn::NoPlayer,
            Some(profile) if profile.is_blocked => SignIn::Blocked,
            Some(profile) => {
                openings.push(Opening {
                    row: SessionRow::new(profile.id, &pending.client),
                    profile: Box::new(profile.clone()),
                    answer: pending.answer,
                });
                continue;
            }
        };
        // A sign-in whose client hung up no longer waits for its answer.
        let _ = pending.answer.send(answer);
    }
    if openings.is_empty() {
        return true;
    }
    let error = match insert(conn, openings.iter().map(|o| &o.row)).await {
        Ok(()) => {
            openings.into_iter().for_each(Opening::opened);
            return true;
        }
        Err(e) => e,
    };
    let a_row_is_refused = matches!(
        &error,
        sqlx::Error::Database(e) if e.kind() != ErrorKind::Other
    );
    if !a_row_is_refused || openings.len() == 1 {
        tracing::error!(error = %error, rows = openings.len(), "cannot write sessions");
        fail_all(openings.into_iter().map(|o| o.answer));
        return a_row_is_refused;
    }
    // One row broke a constraint: the others must not fail with it.
    for opening in openings {
        match insert(conn, std::iter::once(&opening.row)).await {
            Ok(()) => opening.opened(),
            Err(e) => {
                tracing::error!(error = %e, "cannot write a session");
                let _ = opening.answer.send(SignIn::Failed);
            }
        }
    }
    true
}

impl Opening {
    fn opened(self) {
        let _ = self.answer.send(SignIn::Opened {
            profile: self.profile,
            session_id: self.row.id,
        });
    }
}

/// The players of these Telegram users, by Telegram user id.
async fn players_of(
    conn: &mut SqliteConnection,
    tg_user_ids: impl Iterator<Item = i64>,
) -> Result<HashMap<i64, Profile>, sqlx::Error> {
    let ids: Vec<i64> = tg_user_ids.collect();
    let json = serde_json::to_string(&ids).map_err(|e| sqlx::Error::Encode(e.into()))?;
    let profiles: Vec<Profile> = sqlx::query_as(SELECT_PLAYERS)
        .bind(json)
        .fetch_all(conn)
        .await?;
    Ok(profiles
        .into_iter()
        .filter_map(|profile| Some((profile.tg_user_id?, profile)))
        .collect())
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

fn fail_all(answers: impl Iterator<Item = oneshot::Sender<SignIn>>) {
    for answer in answers {
        let _ = answer.send(SignIn::Failed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn database() -> (tempfile::TempDir, SqlitePool) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/platform.db", dir.path().display());
        let pool = crate::db::connect(&url).await.unwrap();
        crate::seed::run(&pool).await.unwrap();
        (dir, pool)
    }

    /// A player of the Telegram user `tg_user_id`; answers its id.
    async fn player(pool: &SqlitePool, tg_user_id: i64) -> i64 {
        let mut tx = pool.begin().await.unwrap();
        let new_player = crate::players::NewPlayer {
            tg_user_id: Some(tg_user_id),
            ..Default::default()
        };
        let player_id = crate::players::create(&mut tx, new_player, "USD")
            .await
            .unwrap()
            .unwrap();
        tx.commit().await.unwrap();
        player_id
    }

    fn pending(tg_user_id: i64) -> (Pending, oneshot::Receiver<SignIn>) {
        let (answer, answered) = oneshot::channel();
        let client = ClientInfo {
            ip: Some("203.0.113.7".to_owned()),
            platform: Some("tg".to_owned()),
            ..ClientInfo::default()
        };
        let pending = Pending {
            tg_user_id,
            client,
            answer,
        };
        (pending, answered)
    }

    /// Writes one batch of these users' sign-ins on `conn`; their answers, in order.
    async fn write(conn: &mut SqliteConnection, tg_user_ids: &[i64]) -> Vec<SignIn> {
        let (mut batch, mut answers) = (Vec::new(), Vec::new());
        for &tg_user_id in tg_user_ids {
            let (p, answer) = pending(tg_user_id);
            batch.push(p);
            answers.push(answer);
        }
        assert!(write_batch(conn, &mut batch).await);
        let mut signed_in = Vec::new();
        for answer in answers {
            signed_in.push(answer.await.unwrap());
        }
        signed_in
    }

    async fn sessions(pool: &SqlitePool) -> i64 {
        sqlx::query_scalar("SELECT count(*) FROM player_sessions")
            .fetch_one(pool)
            .await
            .unwrap()
    }

    /// The session id of an opened sign-in, checked to be the player's; panics on anything else.
    fn opened(sign_in: SignIn, player_id: i64) -> String {
        match sign_in {
            SignIn::Opened {
                profile,
                session_id,
            } => {
                assert_eq!(profile.id, player_id);
                session_id
            }
            other => panic!("expected an opened session, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_batch_reads_each_users_player_and_opens_sessions_only_for_those_who_may_sign_in() {
        let (_dir, pool) = database().await;
        let returning = player(&pool, 42).await;
        let blocked = player(&pool, 43).await;
        sqlx::query("UPDATE players SET is_blocked = 1 WHERE id = ?")
            .bind(blocked)
            .execute(&pool)
            .await
            .unwrap();
        let mut conn = pool.connect_options().connect().await.unwrap();
        let mut answers = write(&mut conn, &[42, 43, 44, 42]).await.into_iter();
        let first = opened(answers.next().unwrap(), returning);
        assert!(matches!(answers.next(), Some(SignIn::Blocked)));
        assert!(matches!(answers.next(), Some(SignIn::NoPlayer)));
        let second = opened(answers.next().unwrap(), returning);
        assert_ne!(first, second);
        let written: Vec<(String, i64, Option<String>)> =
            sqlx::query_as("SELECT id, player_id, ip FROM player_sessions ORDER BY id")
                .fetch_all(&pool)
                .await
                .unwrap();
        let ip = Some("203.0.113.7".to_owned());
        assert_eq!(
            written,
            [(first, returning, ip.clone()), (second, returning, ip)]
        );
    }

    #[tokio::test]
    async fn a_row_refused_fails_its_own_sign_in_only() {
        let (_dir, pool) = database().await;
        let first_player = player(&pool, 42).await;
        let second_player = player(&pool, 43).await;
        // A second session of the first player breaks this constraint; nothing else does.
        sqlx::query(&format!(
            "CREATE UNIQUE INDEX one_session ON player_sessions (player_id) WHERE player_id = {first_player}"
        ))
        .execute(&pool)
        .await
        .unwrap();
        let mut conn = pool.connect_options().connect().await.unwrap();
        let mut answers = write(&mut conn, &[42, 42, 43]).await.into_iter();
        opened(answers.next().unwrap(), first_player);
        assert!(matches!(answers.next(), Some(SignIn::Failed)));
        opened(answers.next().unwrap(), second_player);
        assert_eq!(sessions(&pool).await, 2);
    }

    #[tokio::test]
    async fn a_failing_batch_answers_every_sign_in_with_an_error() {
        let (_dir, pool) = database().await;
        let player_id = player(&pool, 42).await;
        sqlx::query(
            "CREATE TRIGGER no_sessions BEFORE INSERT ON player_sessions
             BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
        )
        .execute(&pool)
        .await
        .unwrap();
        let writer = SessionWriter::start(&pool);
        let client = ClientInfo::default();
        let logins = (0..20).map(|_| writer.sign_in_telegram_user(42, &client));
        let results = futures_util::future::join_all(logins).await;
        assert!(results.into_iter().all(|r| matches!(r, Ok(SignIn::Failed))));
        assert_eq!(sessions(&pool).await, 0);

        // The writer goes on once the database accepts rows again.
        sqlx::query("DROP TRIGGER no_sessions")
            .execute(&pool)
            .await
            .unwrap();
        let sign_in = writer.sign_in_telegram_user(42, &client).await.unwrap();
        opened(sign_in, player_id);
        assert_eq!(sessions(&pool).await, 1);
    }

    #[tokio::test]
    async fn concurrent_sign_ins_all_get_a_written_session() {
        let (_dir, pool) = database().await;
        let player_id = player(&pool, 42).await;
        let writer = SessionWriter::start(&pool);
        let client = ClientInfo::default();
        let logins = (0..300).map(|_| writer.sign_in_telegram_user(42, &client));
        let ids: Vec<String> = futures_util::future::join_all(logins)
            .await
            .into_iter()
            .map(|sign_in| opened(sign_in.unwrap(), player_id))
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
    async fn the_writer_answers_what_was_queued_before_it_stops() {
        let (_dir, pool) = database().await;
        let player_id = player(&pool, 42).await;
        let (writer, running) = SessionWriter::spawn(&pool);
        let mut answers = Vec::new();
        for _ in 0..50 {
            let (p, answer) = pending(42);
            writer.queue.send(p).await.unwrap();
            answers.push(answer);
        }
        drop(writer);
        running.await.unwrap();
        for answer in answers {
            opened(answer.await.unwrap(), player_id);
        }
        assert_eq!(sessions(&pool).await, 50);
    }
}
