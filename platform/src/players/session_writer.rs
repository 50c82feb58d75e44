//! Telegram players' sign-ins, read and written by one task on its own connection.
//!
//! SQLite has one writer at a time. If every sign-in wrote its own rows from a pooled connection,
//! the connections would queue for the write lock in SQLite's busy handler, each row its own
//! statement and commit; and reading each player from a pooled connection would be most of the
//! login's CPU (handing statements to the connection's thread, docs/performance.md). Here sign-ins
//! queue; the writer takes whatever is queued, reads all their players with one statement, creates
//! the missing ones (first sign-ins: `telegram::create_players`, a few statements however many) and
//! inserts the sessions with one more, in one transaction, and only then answers each sign-in: no
//! token for rows not committed. A burst of first sign-ins costs about what returning ones cost.

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use sqlx::error::ErrorKind;
use sqlx::{ConnectOptions, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use super::telegram::{self, NewTelegramPlayer};
use super::{PlayerError, Profile};
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
    /// The session `session_id` of the player of `profile` is written; `created` by this sign-in.
    Opened {
        profile: Box<Profile>,
        session_id: String,
        created: bool,
    },
    /// The player is blocked: no session was written.
    Blocked,
    /// The database refused; the writer has logged why, once per failure.
    Failed,
}

struct Pending {
    player: NewTelegramPlayer,
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

    /// Opens a session for the Telegram user's player, created as `player` describes if the user
    /// has none yet; answered once the rows are committed.
    pub async fn sign_in_telegram_user(
        &self,
        player: NewTelegramPlayer,
        client: &ClientInfo,
    ) -> Result<SignIn, PlayerError> {
        let (answer, answered) = oneshot::channel();
        let pending = Pending {
            player,
            client: client.clone(),
            answer,
        };
        let stopped = || PlayerError::Internal(anyhow::anyhow!("the session writer has stopped"));
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
    created: bool,
}

/// Reads the batch's players, creates those missing, writes the sessions of those who may sign in
/// and answers each sign-in. Answers whether the connection may serve the next batch (any error
/// but a row's own constraint opens a new one, which also rolls back what was not committed).
async fn write_batch(conn: &mut SqliteConnection, batch: &mut Vec<Pending>) -> bool {
    let mut players = match players_of(conn, batch.iter().map(|p| p.player.tg_user_id)).await {
        Ok(players) => players,
        Err(e) => {
            tracing::error!(error = %e, sign_ins = batch.len(), "cannot read the players signing in");
            fail_all(batch.drain(..).map(|p| p.answer));
            return false;
        }
    };
    // One new player per Telegram user, however many of their first sign-ins are queued.
    let mut seen = HashSet::new();
    let new: Vec<&NewTelegramPlayer> = batch
        .iter()
        .map(|p| &p.player)
        .filter(|p| !players.contains_key(&p.tg_user_id) && seen.insert(p.tg_user_id))
        .collect();
    let signing_up = new.len();
    let mut created = HashSet::new();
    if signing_up > 0 {
        match sign_up(conn, &new).await {
            Ok((profiles, ids)) => {
                players.extend(profiles);
                created.extend(ids);
            }
            Err(e) => {
                tracing::error!(error = %e, players = new.len(), "cannot create the players signing in");
                fail_all(batch.drain(..).map(|p| p.answer));
                return false;
            }
        }
    }
    let mut openings = Vec::with_capacity(batch.len());
    for pending in batch.drain(..) {
        let tg_user_id = pending.player.tg_user_id;
        let answer = match players.get(&tg_user_id) {
            None => SignIn::Failed,
            Some(profile) if profile.is_blocked => SignIn::Blocked,
            Some(profile) => {
                openings.push(Opening {
                    row: SessionRow::new(profile.id, &pending.client),
                    profile: Box::new(profile.clone()),
                    answer: pending.answer,
                    // Only the first of the user's sign-ins created the player.
                    created: created.remove(&tg_user_id),
                });
                continue;
            }
        };
        // A sign-in whose client hung up no longer waits for its answer.
        let _ = pending.answer.send(answer);
    }
    let (written, usable) = write_sessions(conn, &openings).await;
    if signing_up > 0
        && usable
        && let Err(e) = sqlx::query("COMMIT").execute(&mut *conn).await
    {
        tracing::error!(error = %e, players = signing_up, "cannot commit the new players");
        fail_all(openings.into_iter().map(|o| o.answer));
        return false;
    }
    for (opening, written) in openings.into_iter().zip(written) {
        if written {
            opening.opened();
        } else {
            let _ = opening.answer.send(SignIn::Failed);
        }
    }
    usable
}

/// Opens a transaction (left open for the sessions) and creates the players of `new`; answers all
/// their profiles (another process's new player included) and the users whose player it created.
async fn sign_up(
    conn: &mut SqliteConnection,
    new: &[&NewTelegramPlayer],
) -> anyhow::Result<(HashMap<i64, Profile>, Vec<i64>)> {
    // IMMEDIATE: a deferred transaction that read first fails, not waits, on another's commit.
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let created = match telegram::create_players(conn, new).await {
        Ok(created) => players_of(conn, new.iter().map(|p| p.tg_user_id))
            .await
            .map(|profiles| (profiles, created))
            .map_err(anyhow::Error::from),
        Err(e) => Err(e),
    };
    if created.is_err() {
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
    }
    created
}

impl Opening {
    fn opened(self) {
        let _ = self.answer.send(SignIn::Opened {
            profile: self.profile,
            session_id: self.row.id,
            created: self.created,
        });
    }
}

/// Inserts the openings' sessions; answers which were written, and whether the connection may go
/// on (false: the database refused more than one row's own constraint).
async fn write_sessions(conn: &mut SqliteConnection, openings: &[Opening]) -> (Vec<bool>, bool) {
    if openings.is_empty() {
        return (Vec::new(), true);
    }
    let error = match insert(conn, openings.iter().map(|o| &o.row)).await {
        Ok(()) => return (vec![true; openings.len()], true),
        Err(e) => e,
    };
    let a_row_is_refused = matches!(
        &error,
        sqlx::Error::Database(e) if e.kind() != ErrorKind::Other
    );
    if !a_row_is_refused || openings.len() == 1 {
        tracing::error!(error = %error, rows = openings.len(), "cannot write sessions");
        return (vec![false; openings.len()], a_row_is_refused);
    }
    // One row broke a constraint: the others must not fail with it.
    let mut written = Vec::with_capacity(openings.len());
    for opening in openings {
        let one = insert(conn, std::iter::once(&opening.row)).await;
        if let Err(e) = &one {
            tracing::error!(error = %e, "cannot write a session");
        }
        written.push(one.is_ok());
    }
    (written, true)
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

    fn new_player(tg_user_id: i64) -> NewTelegramPlayer {
        NewTelegramPlayer {
            tg_user_id,
            first_name: "Ann".to_owned(),
            ..NewTelegramPlayer::default()
        }
    }

    fn pending(tg_user_id: i64) -> (Pending, oneshot::Receiver<SignIn>) {
        let (answer, answered) = oneshot::channel();
        let client = ClientInfo {
            ip: Some("203.0.113.7".to_owned()),
            platform: Some("tg".to_owned()),
            ..ClientInfo::default()
        };
        let pending = Pending {
            player: new_player(tg_user_id),
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

    /// The session id of a returning player's opened sign-in; panics on anything else.
    fn opened(sign_in: SignIn, player_id: i64) -> String {
        let (id, session_id, created) = opened_any(sign_in);
        assert_eq!(id, player_id);
        assert!(!created);
        session_id
    }

    /// The player id, session id and `created` of an opened sign-in; panics on anything else.
    fn opened_any(sign_in: SignIn) -> (i64, String, bool) {
        match sign_in {
            SignIn::Opened {
                profile,
                session_id,
                created,
            } => (profile.id, session_id, created),
            other => panic!("expected an opened session, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_batch_reads_each_users_player_creates_the_missing_and_opens_sessions_for_those_who_may_sign_in()
     {
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
        let (new, third, created) = opened_any(answers.next().unwrap());
        assert!(created);
        let second = opened(answers.next().unwrap(), returning);
        assert_ne!(first, second);
        let written: Vec<(String, i64, Option<String>)> =
            sqlx::query_as("SELECT id, player_id, ip FROM player_sessions ORDER BY id")
                .fetch_all(&pool)
                .await
                .unwrap();
        let ip = Some("203.0.113.7".to_owned());
        let mut expected = vec![
            (first, returning, ip.clone()),
            (third, new, ip.clone()),
            (second, returning, ip),
        ];
        expected.sort();
        assert_eq!(written, expected);
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
        let logins = (0..20).map(|_| writer.sign_in_telegram_user(new_player(42), &client));
        let results = futures_util::future::join_all(logins).await;
        assert!(results.into_iter().all(|r| matches!(r, Ok(SignIn::Failed))));
        assert_eq!(sessions(&pool).await, 0);

        // The writer goes on once the database accepts rows again.
        sqlx::query("DROP TRIGGER no_sessions")
            .execute(&pool)
            .await
            .unwrap();
        let sign_in = writer
            .sign_in_telegram_user(new_player(42), &client)
            .await
            .unwrap();
        opened(sign_in, player_id);
        assert_eq!(sessions(&pool).await, 1);
    }

    #[tokio::test]
    async fn concurrent_sign_ins_all_get_a_written_session() {
        let (_dir, pool) = database().await;
        let player_id = player(&pool, 42).await;
        let writer = SessionWriter::start(&pool);
        let client = ClientInfo::default();
        let logins = (0..300).map(|_| writer.sign_in_telegram_user(new_player(42), &client));
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

    /// How many players the Telegram users `ids` have, and how many accounts those players have.
    async fn players_and_accounts(pool: &SqlitePool, ids: &[i64]) -> (i64, i64) {
        sqlx::query_as(
            "SELECT count(DISTINCT p.id), count(a.id) FROM players p
             LEFT JOIN accounts a ON a.player_id = p.id
             WHERE p.tg_user_id IN (SELECT value FROM json_each(?))",
        )
        .bind(serde_json::to_string(ids).unwrap())
        .fetch_one(pool)
        .await
        .unwrap()
    }

    #[tokio::test]
    async fn a_player_created_elsewhere_since_the_read_is_signed_in_and_not_duplicated() {
        let (_dir, pool) = database().await;
        let mut conn = pool.connect_options().connect().await.unwrap();
        // Another process created user 42's player after this batch read that it had none.
        let existing = player(&pool, 42).await;
        let (first, second) = (new_player(42), new_player(43));
        let (profiles, created) = sign_up(&mut conn, &[&first, &second]).await.unwrap();
        sqlx::query("COMMIT").execute(&mut conn).await.unwrap();
        assert_eq!(created, [43]);
        assert_eq!(profiles[&42].id, existing);
        assert_eq!(players_and_accounts(&pool, &[42, 43]).await, (2, 2));
    }

    #[tokio::test]
    async fn first_sign_ins_at_once_give_each_telegram_user_exactly_one_player() {
        let (_dir, pool) = database().await;
        let writers = [SessionWriter::start(&pool), SessionWriter::start(&pool)];
        let client = ClientInfo::default();
        let users: Vec<i64> = (100..108).collect();
        let logins = (0..400)
            .map(|n| writers[n % 2].sign_in_telegram_user(new_player(users[n / 2 % 8]), &client));
        let mut seen: HashMap<i64, (HashSet<i64>, usize)> = HashMap::new();
        for sign_in in futures_util::future::join_all(logins).await {
            let (player_id, _, created) = opened_any(sign_in.unwrap());
            let (tg_user_id,): (i64,) =
                sqlx::query_as("SELECT tg_user_id FROM players WHERE id = ?")
                    .bind(player_id)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            let (ids, creations) = seen.entry(tg_user_id).or_default();
            ids.insert(player_id);
            *creations += usize::from(created);
        }
        assert_eq!(seen.len(), 8);
        assert!(
            seen.values()
                .all(|(ids, creations)| ids.len() == 1 && *creations == 1)
        );
        assert_eq!(players_and_accounts(&pool, &users).await, (8, 8));
        assert_eq!(sessions(&pool).await, 400);
    }
}
