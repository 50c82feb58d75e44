//! Pushing stored users to the platform. A push never blocks a reply to a player: it runs in the
//! background, and a failure is recorded and retried with a doubling delay by one loop that
//! watches the table, so retries survive restarts.

use std::future::Future;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::config::SYNC_BATCH_SIZE;
use crate::platform::{PlatformClient, PlatformUser, SyncError};
use crate::storage::{BotUser, Users};

/// The delay before retry number `failures`: `first`, doubling, never above `max`.
#[derive(Debug, Clone, Copy)]
pub struct Backoff {
    pub first: Duration,
    pub max: Duration,
}

impl Backoff {
    pub fn delay(&self, failures: i64) -> Duration {
        let doublings = u32::try_from(failures.saturating_sub(1).clamp(0, 30)).unwrap_or(30);
        self.first.saturating_mul(1 << doublings).min(self.max)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    pub total: usize,
    pub synced: usize,
    pub failed: usize,
}

impl Progress {
    pub fn done(&self) -> usize {
        self.synced + self.failed
    }
}

#[derive(Clone)]
pub struct Syncer {
    users: Users,
    platform: PlatformClient,
    backoff: Backoff,
}

impl Syncer {
    pub fn new(users: Users, platform: PlatformClient, backoff: Backoff) -> Self {
        Self {
            users,
            platform,
            backoff,
        }
    }

    /// Pushes one user now and records the outcome.
    pub async fn sync_one(&self, user: &BotUser) -> Result<(), SyncError> {
        let outcome = self.platform.put_users(&[PlatformUser::from(user)]).await;
        self.record(&[user], &outcome).await;
        outcome.map(|_| ())
    }

    /// Pushes one user without waiting; the outcome is recorded (and retried when it failed).
    pub fn sync_in_background(&self, user: BotUser) {
        let syncer = self.clone();
        tokio::spawn(async move {
            if let Err(e) = syncer.sync_one(&user).await {
                tracing::warn!(telegram_id = user.profile.telegram_id, error = %e, "user sync failed; it will be retried");
            }
        });
    }

    /// Pushes up to `SYNC_BATCH_SIZE` users in one call. When the platform refuses the batch's
    /// content, each user is pushed on their own so one bad record does not hold back the rest.
    pub async fn sync_batch(&self, users: &[BotUser]) -> Progress {
        let payload: Vec<PlatformUser> = users.iter().map(PlatformUser::from).collect();
        let outcome = self.platform.put_users(&payload).await;
        if users.len() > 1 && outcome.as_ref().is_err_and(SyncError::is_invalid_users) {
            let mut progress = Progress {
                total: users.len(),
                ..Progress::default()
            };
            for user in users {
                match self.sync_one(user).await {
                    Ok(()) => progress.synced += 1,
                    Err(_) => progress.failed += 1,
                }
            }
            return progress;
        }
        let refs: Vec<&BotUser> = users.iter().collect();
        self.record(&refs, &outcome).await;
        match outcome {
            Ok(_) => Progress {
                total: users.len(),
                synced: users.len(),
                failed: 0,
            },
            Err(_) => Progress {
                total: users.len(),
                synced: 0,
                failed: users.len(),
            },
        }
    }

    /// Pushes every stored user in batches, reporting progress after each batch.
    pub async fn resync_all<F, Fut>(&self, mut on_progress: F) -> Result<Progress, sqlx::Error>
    where
        F: FnMut(Progress) -> Fut,
        Fut: Future<Output = ()>,
    {
        let mut progress = Progress {
            total: usize::try_from(self.users.count().await?).unwrap_or(usize::MAX),
            ..Progress::default()
        };
        let mut after = i64::MIN;
        loop {
            let page = self.users.page_after(after, SYNC_BATCH_SIZE).await?;
            let Some(last) = page.last() else { break };
            after = last.profile.telegram_id;
            let batch = self.sync_batch(&page).await;
            progress.synced += batch.synced;
            progress.failed += batch.failed;
            // Users who started the bot meanwhile are counted too.
            progress.total = progress.total.max(progress.done());
            on_progress(progress).await;
        }
        Ok(progress)
    }

    /// Retries failed and unfinished syncs whose time has come, every `interval`, until
    /// `shutdown`.
    pub async fn retry_loop(self, interval: Duration, shutdown: CancellationToken) {
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(interval) => {}
            }
            match self.users.claim_due_for_sync(SYNC_BATCH_SIZE).await {
                Ok(due) if due.is_empty() => {}
                Ok(due) => {
                    let progress = self.sync_batch(&due).await;
                    tracing::info!(
                        synced = progress.synced,
                        failed = progress.failed,
                        "retried user syncs"
                    );
                }
                Err(e) => tracing::warn!(error = %e, "cannot read the users due for sync"),
            }
        }
    }

    async fn record(&self, users: &[&BotUser], outcome: &Result<u64, SyncError>) {
        let recorded = match outcome {
            Ok(_) => self.users.record_synced(users).await,
            Err(e) => {
                let backoff = self.backoff;
                self.users
                    .record_failed(users, &e.to_string(), |failures| backoff.delay(failures))
                    .await
            }
        };
        if let Err(e) = recorded {
            tracing::error!(error = %e, users = users.len(), "cannot record a sync result");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_ceiling() {
        let backoff = Backoff {
            first: Duration::from_secs(30),
            max: Duration::from_secs(300),
        };
        let delays: Vec<u64> = (1..=6).map(|n| backoff.delay(n).as_secs()).collect();
        assert_eq!(delays, [30, 60, 120, 240, 300, 300]);
        assert_eq!(backoff.delay(i64::MAX).as_secs(), 300);
    }
}
