//! The bot's users table (`bot_users`, see `migrations/`): who started the bot, what the
//! platform must know about them, and how their last sync went. Runs on SQLite and PostgreSQL.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::launch::Attribution;

/// What Telegram tells about a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub telegram_id: i64,
    pub first_name: String,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub is_premium: bool,
}

impl From<&teloxide::types::User> for Profile {
    fn from(user: &teloxide::types::User) -> Self {
        Self {
            // Telegram ids have at most 52 significant bits.
            telegram_id: i64::try_from(user.id.0).unwrap_or(i64::MAX),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            username: user.username.clone(),
            language_code: user.language_code.clone(),
            is_premium: user.is_premium,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncState {
    /// Stored or changed, not pushed yet.
    Pending,
    Synced,
    Failed,
}

impl SyncState {
    fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Synced => "synced",
            Self::Failed => "failed",
        }
    }

    fn parse(raw: &str) -> Self {
        match raw {
            "synced" => Self::Synced,
            "failed" => Self::Failed,
            _ => Self::Pending,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotUser {
    pub profile: Profile,
    pub attribution: Attribution,
    pub is_blocked: bool,
    pub revision: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub sync_state: SyncState,
    pub last_sync_at: Option<i64>,
    pub last_sync_error: Option<String>,
    pub sync_failures: i64,
    pub next_sync_at_ms: Option<i64>,
}

const COLUMNS: &str = "telegram_id, first_name, last_name, username, language_code, is_premium, \
    ref_id, affiliate_tag, is_blocked, revision, created_at, updated_at, sync_state, last_sync_at, \
    last_sync_error, sync_failures, next_sync_at_ms";

impl BotUser {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            profile: Profile {
                telegram_id: row.try_get("telegram_id")?,
                first_name: row.try_get("first_name")?,
                last_name: row.try_get("last_name")?,
                username: row.try_get("username")?,
                language_code: row.try_get("language_code")?,
                is_premium: row.try_get::<i64, _>("is_premium")? != 0,
            },
            attribution: Attribution {
                ref_id: row.try_get("ref_id")?,
                affiliate_tag: row.try_get("affiliate_tag")?,
            },
            is_blocked: row.try_get::<i64, _>("is_blocked")? != 0,
            revision: row.try_get("revision")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            sync_state: SyncState::parse(&row.try_get::<String, _>("sync_state")?),
            last_sync_at: row.try_get("last_sync_at")?,
            last_sync_error: row.try_get("last_sync_error")?,
            sync_failures: row.try_get("sync_failures")?,
            next_sync_at_ms: row.try_get("next_sync_at_ms")?,
        })
    }
}

/// How long a claimed retry is left to the replica that claimed it.
pub const CLAIM_LEASE: Duration = Duration::from_secs(120);

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[derive(Clone)]
pub struct Users {
    pool: AnyPool,
    /// PostgreSQL, where concurrent claims skip each other's rows (`FOR UPDATE SKIP LOCKED`); SQLite
    /// has one writer at a time, so its claims never overlap.
    postgres: bool,
    /// How long a stored change may wait for its immediate sync before the retry loop takes it.
    pending_grace: Duration,
}

impl Users {
    pub fn new(pool: AnyPool, pending_grace: Duration) -> Self {
        let postgres = pool
            .connect_options()
            .database_url
            .scheme()
            .starts_with("postgres");
        Self {
            pool,
            postgres,
            pending_grace,
        }
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Stores what Telegram says about a user, marks them to be synced, and returns the row.
    /// The first referral and affiliate values a user came with are kept: later links do not
    /// reassign a player.
    pub async fn save(
        &self,
        profile: &Profile,
        attribution: &Attribution,
        is_blocked: bool,
    ) -> Result<BotUser, sqlx::Error> {
        let now = now_ms();
        let sql = format!(
            "INSERT INTO bot_users (telegram_id, first_name, last_name, username, language_code, \
                 is_premium, ref_id, affiliate_tag, is_blocked, revision, created_at, updated_at, \
                 sync_state, next_sync_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $10, 'pending', $11) \
             ON CONFLICT (telegram_id) DO UPDATE SET \
                 first_name = excluded.first_name, \
                 last_name = excluded.last_name, \
                 username = excluded.username, \
                 language_code = COALESCE(excluded.language_code, bot_users.language_code), \
                 is_premium = excluded.is_premium, \
                 ref_id = COALESCE(bot_users.ref_id, excluded.ref_id), \
                 affiliate_tag = COALESCE(bot_users.affiliate_tag, excluded.affiliate_tag), \
                 is_blocked = excluded.is_blocked, \
                 revision = bot_users.revision + 1, \
                 updated_at = excluded.updated_at, \
                 sync_state = 'pending', \
                 next_sync_at_ms = excluded.next_sync_at_ms \
             RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(profile.telegram_id)
            .bind(&profile.first_name)
            .bind(&profile.last_name)
            .bind(&profile.username)
            .bind(&profile.language_code)
            .bind(i64::from(profile.is_premium))
            .bind(&attribution.ref_id)
            .bind(&attribution.affiliate_tag)
            .bind(i64::from(is_blocked))
            .bind(now / 1000)
            .bind(now.saturating_add(millis(self.pending_grace)))
            .fetch_one(&self.pool)
            .await?;
        BotUser::from_row(&row)
    }

    pub async fn get(&self, telegram_id: i64) -> Result<Option<BotUser>, sqlx::Error> {
        let sql = format!("SELECT {COLUMNS} FROM bot_users WHERE telegram_id = $1");
        let row = sqlx::query(&sql)
            .bind(telegram_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(BotUser::from_row).transpose()
    }

    pub async fn count(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM bot_users")
            .fetch_one(&self.pool)
            .await?
            .try_get("n")
    }

    /// One page of every user, in id order, after `after_id`.
    pub async fn page_after(
        &self,
        after_id: i64,
        limit: usize,
    ) -> Result<Vec<BotUser>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS} FROM bot_users WHERE telegram_id > $1 ORDER BY telegram_id LIMIT $2"
        );
        self.fetch_all(&sql, after_id, limit).await
    }

    /// Claims users whose change has not reached the platform and whose retry time has come: their
    /// next retry moves [`CLAIM_LEASE`] ahead in the same statement, so replicas running their retry
    /// loops on one database never take the same user, and between them take every due one (on
    /// PostgreSQL a concurrent claim skips the rows another holds instead of waiting for them and
    /// then finding them no longer due). The sync's result then sets the real next time;
    /// a replica that dies mid-sync leaves its claims to be retried when the lease ends.
    pub async fn claim_due_for_sync(&self, limit: usize) -> Result<Vec<BotUser>, sqlx::Error> {
        let now = now_ms();
        let due = "sync_state <> 'synced' AND next_sync_at_ms <= $2";
        let skip_held = if self.postgres {
            " FOR UPDATE SKIP LOCKED"
        } else {
            ""
        };
        // Picked once, as the outbox's claim does (`crate::outbox`): a subquery of the UPDATE may be
        // scanned again per updated row under PostgreSQL's generic plan, claiming past `limit`.
        let sql = format!(
            "WITH picked AS MATERIALIZED \
                 (SELECT telegram_id FROM bot_users WHERE {due} ORDER BY next_sync_at_ms LIMIT $3{skip_held}) \
             UPDATE bot_users SET next_sync_at_ms = $1 \
             WHERE telegram_id IN (SELECT telegram_id FROM picked) AND {due} \
             RETURNING {COLUMNS}"
        );
        let rows = sqlx::query(&sql)
            .bind(now.saturating_add(millis(CLAIM_LEASE)))
            .bind(now)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(BotUser::from_row).collect()
    }

    /// Marks a user as having blocked the bot (Telegram answered 403), to be synced; `None` when
    /// unknown or already marked.
    pub async fn mark_blocked(&self, telegram_id: i64) -> Result<Option<BotUser>, sqlx::Error> {
        let now = now_ms();
        let sql = format!(
            "UPDATE bot_users SET is_blocked = 1, revision = revision + 1, updated_at = $1, \
                 sync_state = 'pending', next_sync_at_ms = $2 \
             WHERE telegram_id = $3 AND is_blocked = 0 RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(now / 1000)
            .bind(now.saturating_add(millis(self.pending_grace)))
            .bind(telegram_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(BotUser::from_row).transpose()
    }

    async fn fetch_all(
        &self,
        sql: &str,
        first: i64,
        limit: usize,
    ) -> Result<Vec<BotUser>, sqlx::Error> {
        let rows = sqlx::query(sql)
            .bind(first)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(BotUser::from_row).collect()
    }

    /// Records that these users, as they were at the given revisions, reached the platform.
    /// A user changed since then keeps their newer pending state.
    pub async fn record_synced(&self, users: &[&BotUser]) -> Result<(), sqlx::Error> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        for user in users {
            sqlx::query(
                "UPDATE bot_users SET sync_state = $1, last_sync_at = $2, last_sync_error = NULL, \
                     sync_failures = 0, next_sync_at_ms = NULL \
                 WHERE telegram_id = $3 AND revision = $4",
            )
            .bind(SyncState::Synced.as_str())
            .bind(now / 1000)
            .bind(user.profile.telegram_id)
            .bind(user.revision)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }

    /// Records a failed push and when to try again: `retry_delay(failures)` from now.
    pub async fn record_failed(
        &self,
        users: &[&BotUser],
        error: &str,
        retry_delay: impl Fn(i64) -> Duration,
    ) -> Result<(), sqlx::Error> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        for user in users {
            let failures = user.sync_failures.saturating_add(1);
            sqlx::query(
                "UPDATE bot_users SET sync_state = $1, last_sync_at = $2, last_sync_error = $3, \
                     sync_failures = $4, next_sync_at_ms = $5 \
                 WHERE telegram_id = $6 AND revision = $7",
            )
            .bind(SyncState::Failed.as_str())
            .bind(now / 1000)
            .bind(error)
            .bind(failures)
            .bind(now.saturating_add(millis(retry_delay(failures))))
            .bind(user.profile.telegram_id)
            .bind(user.revision)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn users() -> (Users, tempfile::TempDir) {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}/services.db", dir.path().display());
        let pool = service_kit::db::connect_services("DATABASE_URL", &url)
            .await
            .expect("database");
        (Users::new(pool, Duration::from_secs(60)), dir)
    }

    pub(crate) fn profile(id: i64) -> Profile {
        Profile {
            telegram_id: id,
            first_name: "Ana".to_owned(),
            last_name: None,
            username: Some("ana".to_owned()),
            language_code: Some("pt-br".to_owned()),
            is_premium: true,
        }
    }

    fn referral(id: &str) -> Attribution {
        Attribution {
            ref_id: Some(id.to_owned()),
            affiliate_tag: None,
        }
    }

    #[tokio::test]
    async fn a_saved_user_reads_back_and_keeps_their_first_referral() {
        let (users, _dir) = users().await;
        let first = users
            .save(&profile(7), &referral("42"), false)
            .await
            .expect("save");
        assert_eq!(first.profile, profile(7));
        assert_eq!(first.sync_state, SyncState::Pending);
        assert_eq!(first.revision, 1);
        let again = users
            .save(&profile(7), &referral("99"), true)
            .await
            .expect("save");
        assert_eq!(again.attribution.ref_id.as_deref(), Some("42"));
        assert!(again.is_blocked);
        assert_eq!(again.revision, 2);
        assert_eq!(users.get(7).await.expect("get"), Some(again));
        assert_eq!(users.get(8).await.expect("get"), None);
    }

    #[tokio::test]
    async fn sync_results_apply_only_to_the_revision_that_was_pushed() {
        let (users, _dir) = users().await;
        let old = users
            .save(&profile(7), &Attribution::default(), false)
            .await
            .expect("save");
        users
            .record_failed(&[&old], "platform unreachable", |n| {
                Duration::from_secs(u64::try_from(n).unwrap_or(1))
            })
            .await
            .expect("record");
        let failed = users.get(7).await.expect("get").expect("stored");
        assert_eq!(failed.sync_state, SyncState::Failed);
        assert_eq!(failed.sync_failures, 1);
        assert_eq!(
            failed.last_sync_error.as_deref(),
            Some("platform unreachable")
        );

        let newer = users
            .save(&profile(7), &Attribution::default(), true)
            .await
            .expect("save");
        users.record_synced(&[&failed]).await.expect("record");
        assert_eq!(
            users.get(7).await.expect("get").expect("stored").sync_state,
            SyncState::Pending
        );
        users.record_synced(&[&newer]).await.expect("record");
        let synced = users.get(7).await.expect("get").expect("stored");
        assert_eq!(synced.sync_state, SyncState::Synced);
        assert_eq!(synced.sync_failures, 0);
        assert_eq!(synced.last_sync_error, None);
    }

    #[tokio::test]
    async fn pages_walk_every_user_in_order_and_due_users_are_found() {
        let (users, _dir) = users().await;
        for id in 1..=5 {
            users
                .save(&profile(id), &Attribution::default(), false)
                .await
                .expect("save");
        }
        assert_eq!(users.count().await.expect("count"), 5);
        let page = users.page_after(2, 2).await.expect("page");
        let ids: Vec<i64> = page.iter().map(|u| u.profile.telegram_id).collect();
        assert_eq!(ids, [3, 4]);
        assert!(users.claim_due_for_sync(10).await.expect("due").is_empty());
        let user = users.get(1).await.expect("get").expect("stored");
        users
            .record_failed(&[&user], "down", |_| Duration::ZERO)
            .await
            .expect("record");
        let due = users.claim_due_for_sync(10).await.expect("due");
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].profile.telegram_id, 1);
    }
}
