//! Quests. Every quest campaign is offered to every player: a player holds each once, issued
//! (state 1) when the platform first looks at their quests or their play. Activating starts its
//! clock; its tasks then run in order, only the active task (the first not completed) advancing,
//! from real play (`spin_settled`) and credited deposits (`deposit_settled`). When the last task
//! completes the quest is completed (3) and pays its reward: loyalty points and/or a bonus package
//! in the currency of the play or deposit that completed it. An active quest whose time runs out
//! expires (5); a quest the player cancels ends as 6. Changes are published on
//! `retention:quests#{id}` as `{"event": "quest.updated", "quest": {...}}` and
//! `{"event": "quest.task.updated", "task": {...}}`.

use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::bonuses::{self, Grant};
use super::changes::{Changes, Tx};
use super::loyalty;
use super::notifications::{self, Kind};
use crate::bot_events::Notice;
use crate::clock::{NOW, NOW_PLUS};
use crate::realtime::channels;
use crate::rewards::RewardError;

pub const STATE_ISSUED: i64 = 1;
pub const STATE_ACTIVE: i64 = 2;
pub const STATE_COMPLETED: i64 = 3;
/// Its time ran out while active.
pub const STATE_EXPIRED: i64 = 5;
/// The player cancelled it.
pub const STATE_CANCELLED: i64 = 6;

/// Spins, any game.
pub const TASK_SPINS: i64 = 1;
/// Real-money wagers, in minor units of the base currency.
pub const TASK_WAGER: i64 = 2;
/// Spins that win anything.
pub const TASK_WINS: i64 = 3;
/// Spins on the task's game.
pub const TASK_GAME_SPINS: i64 = 4;
/// Credited deposits.
pub const TASK_DEPOSITS: i64 = 5;

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: i64,
    pub quest_id: i64,
    /// 1 spins, 2 wager (minor units of the base currency), 3 winning spins, 4 spins on `gameId`,
    /// 5 deposits.
    #[serde(rename = "type")]
    #[sqlx(rename = "type")]
    pub kind: i64,
    pub is_active: bool,
    pub is_completed: bool,
    pub progress: i64,
    pub quantity: i64,
    pub game_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reward {
    pub points: i64,
    pub bonus: Option<RewardBonus>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardBonus {
    pub package_id: i64,
    pub name: String,
    /// In the currency asked for, when the package is offered in it.
    pub amount: Option<i64>,
    pub currency: Option<String>,
}

/// A quest the player holds (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quest {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// 1 issued, 2 active, 3 completed, 5 expired (time ran out), 6 cancelled by the player.
    pub state: i64,
    pub duration_hours: i64,
    /// Set on activation.
    pub expires_at: Option<String>,
    pub reward: Reward,
    pub tasks: Vec<Task>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(FromRow)]
struct QuestRow {
    id: i64,
    name: String,
    description: String,
    state: i64,
    duration_hours: i64,
    expires_at: Option<String>,
    reward_points: i64,
    reward_package_id: Option<i64>,
    package_name: Option<String>,
    created_at: String,
    updated_at: String,
}

/// Issues the campaigns the player does not hold yet, publishing each.
pub async fn issue_new(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
) -> Result<(), RewardError> {
    let issued: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO player_quests (player_id, quest_id)
         SELECT ?1, q.id FROM quests q
         WHERE NOT EXISTS (SELECT 1 FROM player_quests pq WHERE pq.player_id = ?1 AND pq.quest_id = q.id)
         ORDER BY q.position
         RETURNING id",
    )
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for id in issued {
        sqlx::query(
            "INSERT INTO player_quest_tasks (player_quest_id, task_id)
             SELECT pq.id, t.id FROM player_quests pq JOIN quest_tasks t ON t.quest_id = pq.quest_id
             WHERE pq.id = ?",
        )
        .bind(id)
        .execute(&mut **tx)
        .await?;
        publish_quest(tx, changes, player_id, id).await?;
    }
    Ok(())
}

/// The player's quests in campaign order; with `id`, only that one. `currency` prices the bonus
/// rewards.
pub async fn quests_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: Option<i64>,
    currency: Option<&str>,
) -> Result<Vec<Quest>, RewardError> {
    let rows: Vec<QuestRow> = sqlx::query_as(
        "SELECT pq.id, q.name, q.description, pq.state, q.duration_hours, pq.expires_at,
                q.reward_points, q.reward_package_id, p.name AS package_name, pq.created_at,
                pq.updated_at
         FROM player_quests pq JOIN quests q ON q.id = pq.quest_id
         LEFT JOIN bonus_packages p ON p.id = q.reward_package_id
         WHERE pq.player_id = ?1 AND (?2 IS NULL OR pq.id = ?2) ORDER BY q.position, pq.id",
    )
    .bind(player_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut quests = Vec::with_capacity(rows.len());
    for row in rows {
        let tasks = tasks_of(conn, row.id).await?;
        let bonus = match (row.reward_package_id, row.package_name) {
            (Some(package_id), Some(name)) => {
                let amount: Option<i64> = match currency {
                    Some(currency) => {
                        sqlx::query_scalar(
                            "SELECT amount FROM bonus_package_currencies
                         WHERE package_id = ? AND currency = ?",
                        )
                        .bind(package_id)
                        .bind(currency)
                        .fetch_optional(&mut *conn)
                        .await?
                    }
                    None => None,
                };
                Some(RewardBonus {
                    package_id,
                    name,
                    currency: amount.and(currency.map(str::to_owned)),
                    amount,
                })
            }
            _ => None,
        };
        quests.push(Quest {
            id: row.id,
            name: row.name,
            description: row.description,
            state: row.state,
            duration_hours: row.duration_hours,
            expires_at: row.expires_at,
            reward: Reward {
                points: row.reward_points,
                bonus,
            },
            tasks,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    Ok(quests)
}

/// A quest's tasks in order. The active one is the first not completed, while the quest is active.
async fn tasks_of(
    conn: &mut SqliteConnection,
    player_quest_id: i64,
) -> Result<Vec<Task>, RewardError> {
    Ok(sqlx::query_as(&format!(
        "SELECT pt.id, pt.player_quest_id AS quest_id, t.type, pt.progress, t.quantity, t.game_id,
                pt.is_completed,
                pq.state = {STATE_ACTIVE} AND pt.is_completed = 0 AND NOT EXISTS (
                    SELECT 1 FROM player_quest_tasks earlier
                    JOIN quest_tasks et ON et.id = earlier.task_id
                    WHERE earlier.player_quest_id = pt.player_quest_id
                      AND et.position < t.position AND earlier.is_completed = 0
                ) AS is_active
         FROM player_quest_tasks pt
         JOIN quest_tasks t ON t.id = pt.task_id
         JOIN player_quests pq ON pq.id = pt.player_quest_id
         WHERE pt.player_quest_id = ? ORDER BY t.position"
    ))
    .bind(player_quest_id)
    .fetch_all(conn)
    .await?)
}

async fn publish_quest(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), RewardError> {
    let quests = quests_of(tx, player_id, Some(id), None).await?;
    changes.publish_each(
        &channels::quests(player_id),
        "quest.updated",
        "quest",
        &quests,
    );
    Ok(())
}

pub async fn expire_due(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
) -> Result<(), RewardError> {
    let expired: Vec<i64> = sqlx::query_scalar(&format!(
        "UPDATE player_quests SET state = {STATE_EXPIRED}, updated_at = {NOW}
         WHERE player_id = ? AND state = {STATE_ACTIVE} AND expires_at <= {NOW}
         RETURNING id"
    ))
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for id in expired {
        publish_quest(tx, changes, player_id, id).await?;
    }
    Ok(())
}

async fn state_of(tx: &mut Tx, player_id: i64, id: i64) -> Result<(i64, i64), RewardError> {
    sqlx::query_as(
        "SELECT pq.state, q.duration_hours FROM player_quests pq JOIN quests q ON q.id = pq.quest_id
         WHERE pq.id = ? AND pq.player_id = ?",
    )
    .bind(id)
    .bind(player_id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(RewardError::QuestNotFound)
}

/// What a player may do to a quest they hold.
#[derive(Debug, Clone, Copy)]
pub enum Choice {
    /// 1 → 2; its time starts now.
    Activate,
    /// 1 or 2 → 6.
    Cancel,
}

/// Applies the player's `choice` to their quest `id` (what ran out of time first, so an expired
/// quest is refused).
pub async fn choose(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
    choice: Choice,
) -> Result<(), RewardError> {
    expire_due(tx, changes, player_id).await?;
    let (state, hours) = state_of(tx, player_id, id).await?;
    match (choice, state) {
        (_, STATE_ISSUED) | (Choice::Cancel, STATE_ACTIVE) => {}
        (Choice::Activate, STATE_ACTIVE) => {
            return Err(RewardError::QuestAlreadyActive);
        }
        (_, state) => return Err(RewardError::QuestOver { state }),
    }
    let (sql, lifetime) = match choice {
        Choice::Activate => (
            format!(
                "UPDATE player_quests SET state = {STATE_ACTIVE}, updated_at = {NOW},
                     expires_at = {NOW_PLUS}
                 WHERE id = ?"
            ),
            Some(format!("+{hours} hours")),
        ),
        Choice::Cancel => (
            format!(
                "UPDATE player_quests SET state = {STATE_CANCELLED}, updated_at = {NOW} WHERE id = ?"
            ),
            None,
        ),
    };
    let mut update = sqlx::query(&sql);
    if let Some(lifetime) = lifetime {
        update = update.bind(lifetime);
    }
    update.bind(id).execute(&mut **tx).await?;
    publish_quest(tx, changes, player_id, id).await
}

/// Something the player did that tasks may count.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    Spin {
        game_id: i64,
        /// The real-money stake in minor units of the base currency (0 for a free spin).
        base_wager: i64,
        won: bool,
    },
    Deposit,
}

impl Progress {
    fn counts_for(self, kind: i64, task_game: Option<i64>) -> i64 {
        match (self, kind) {
            (Self::Spin { .. }, TASK_SPINS) | (Self::Deposit, TASK_DEPOSITS) => 1,
            (Self::Spin { base_wager, .. }, TASK_WAGER) => base_wager,
            (Self::Spin { won: true, .. }, TASK_WINS) => 1,
            (Self::Spin { game_id, .. }, TASK_GAME_SPINS) if task_game == Some(game_id) => 1,
            _ => 0,
        }
    }
}

/// Advances the active task of each active quest; completes quests whose last task is done and
/// pays their rewards in `currency`.
pub async fn advance(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    progress: Progress,
    currency: &str,
) -> Result<(), RewardError> {
    let active: Vec<i64> = sqlx::query_scalar(&format!(
        "SELECT id FROM player_quests WHERE player_id = ? AND state = {STATE_ACTIVE} ORDER BY id"
    ))
    .bind(player_id)
    .fetch_all(&mut **tx)
    .await?;
    for quest_id in active {
        let tasks = tasks_of(tx, quest_id).await?;
        let Some(position) = tasks.iter().position(|task| task.is_active) else {
            continue;
        };
        let task = &tasks[position];
        let step = progress.counts_for(task.kind, task.game_id);
        if step <= 0 {
            continue;
        }
        let reached = task.progress.saturating_add(step).min(task.quantity);
        sqlx::query("UPDATE player_quest_tasks SET progress = ?, is_completed = ? WHERE id = ?")
            .bind(reached)
            .bind(reached >= task.quantity)
            .bind(task.id)
            .execute(&mut **tx)
            .await?;
        let now = tasks_of(tx, quest_id).await?;
        for changed in now.iter().skip(position).take(2) {
            if changed.id == task.id || changed.is_active {
                changes.publish(
                    channels::quests(player_id),
                    json!({ "event": "quest.task.updated", "task": changed }),
                );
            }
        }
        if now.iter().all(|task| task.is_completed) {
            complete(tx, changes, player_id, quest_id, currency).await?;
        }
    }
    Ok(())
}

async fn complete(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
    currency: &str,
) -> Result<(), RewardError> {
    let (name, points, package_id): (String, i64, Option<i64>) = sqlx::query_as(&format!(
        "UPDATE player_quests SET state = {STATE_COMPLETED}, updated_at = {NOW} WHERE id = ?
         RETURNING (SELECT name FROM quests WHERE quests.id = quest_id),
                   (SELECT reward_points FROM quests WHERE quests.id = quest_id),
                   (SELECT reward_package_id FROM quests WHERE quests.id = quest_id)"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    publish_quest(tx, changes, player_id, id).await?;
    let notice = Notice::QuestCompleted {
        player_quest_id: id,
        title: name.clone(),
    };
    changes.tell_bot(tx, player_id, notice).await?;
    let mut rewards = Vec::new();
    if points > 0 {
        rewards.push(format!("{points} loyalty points"));
    }
    if package_id.is_some() {
        rewards.push("a bonus".to_owned());
    }
    let body = if rewards.is_empty() {
        "Well done!".to_owned()
    } else {
        format!("Well done! Your reward: {}.", rewards.join(" and "))
    };
    notifications::notify(
        tx,
        changes,
        player_id,
        Kind::QuestCompleted,
        format!("Quest completed: {name}"),
        body,
    )
    .await?;
    if points > 0 {
        loyalty::award(tx, changes, player_id, points).await?;
    }
    if let Some(package_id) = package_id {
        let grant = Grant {
            player_id,
            package_id,
            currency,
            deposit_amount: None,
            fixed_amount: None,
            source: "quest",
            session_id: None,
        };
        bonuses::issue(tx, changes, &grant).await?;
    }
    Ok(())
}
