//! Loyalty: points and levels. The rule: 1 point for every whole unit of the base currency wagered
//! with real money (bets in other currencies are converted at the current rate, and what is below
//! a whole unit is carried over to the next bet), plus the points of completed quests. A level is
//! held from its points on; crossing into a higher one raises a notification. Every change of
//! points is published on `retention:accounts#{id}` as the account itself.

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::changes::{Changes, Tx};
use super::notifications::{self, Kind};
use crate::bot_events::Notice;
use crate::clock::NOW;
use crate::money::rates::Rates;
use crate::realtime::channels;
use crate::rewards::RewardError;

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
pub struct Level {
    pub name: String,
    /// Points from which the level holds.
    pub points: i64,
    /// 1 for the first level, rising.
    #[sqlx(rename = "level_order")]
    pub order: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NextLevel {
    pub name: String,
    pub points: i64,
}

/// A loyalty account (spec, section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyAccount {
    pub points: i64,
    pub current_level: Option<Level>,
    /// `null` at the top level.
    pub next_level: Option<NextLevel>,
}

pub async fn levels(conn: &mut SqliteConnection) -> Result<Vec<Level>, RewardError> {
    Ok(
        sqlx::query_as("SELECT name, points, level_order FROM loyalty_levels ORDER BY level_order")
            .fetch_all(conn)
            .await?,
    )
}

fn account_at(levels: &[Level], points: i64) -> LoyaltyAccount {
    let current = levels.iter().rev().find(|level| level.points <= points);
    let next = levels.iter().find(|level| level.points > points);
    LoyaltyAccount {
        points,
        current_level: current.cloned(),
        next_level: next.map(|level| NextLevel {
            name: level.name.clone(),
            points: level.points,
        }),
    }
}

/// The player's account; a player who never wagered has 0 points.
pub async fn account(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<LoyaltyAccount, RewardError> {
    let points: Option<i64> =
        sqlx::query_scalar("SELECT points FROM loyalty_accounts WHERE player_id = ?")
            .bind(player_id)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(account_at(&levels(conn).await?, points.unwrap_or(0)))
}

/// Adds points and a wager remainder, publishing the account and raising a level-up notification.
async fn add(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    points: i64,
    remainder: i64,
) -> Result<(), RewardError> {
    let (before, after): (i64, i64) = sqlx::query_as(&format!(
        "INSERT INTO loyalty_accounts (player_id, points, wager_remainder) VALUES (?1, ?2, ?3)
         ON CONFLICT (player_id) DO UPDATE SET points = points + ?2, wager_remainder = ?3,
             updated_at = {NOW}
         RETURNING points - ?2, points"
    ))
    .bind(player_id)
    .bind(points)
    .bind(remainder)
    .fetch_one(&mut **tx)
    .await?;
    if points == 0 {
        return Ok(());
    }
    let levels = levels(tx).await?;
    let was = account_at(&levels, before);
    let now = account_at(&levels, after);
    let order = |account: &LoyaltyAccount| account.current_level.as_ref().map_or(0, |l| l.order);
    if order(&now) > order(&was)
        && let Some(level) = &now.current_level
    {
        let notice = Notice::LoyaltyLevelReached {
            level_order: level.order,
            level: level.name.clone(),
        };
        changes.tell_bot(tx, player_id, notice).await?;
        notifications::notify(
            tx,
            changes,
            player_id,
            Kind::LevelUp,
            format!("Welcome to {}", level.name),
            format!(
                "You have {after} loyalty points and reached the {} level.",
                level.name
            ),
        )
        .await?;
    }
    changes.publish(
        channels::retention_accounts(player_id),
        serde_json::to_value(&now).map_err(anyhow::Error::from)?,
    );
    Ok(())
}

/// Points for a real-money wager of `base_amount` minor units of the base currency.
pub async fn wagered(
    tx: &mut Tx,
    changes: &mut Changes,
    rates: &Rates,
    player_id: i64,
    base_amount: i64,
) -> Result<(), RewardError> {
    if base_amount <= 0 {
        return Ok(());
    }
    let carried = wager_remainder(tx, player_id).await?;
    let total = carried.saturating_add(base_amount);
    let unit = rates.base_subunit().max(1);
    add(tx, changes, player_id, total / unit, total % unit).await
}

/// What the player's real-money wagers left over below one point (minor units of the base
/// currency).
async fn wager_remainder(tx: &mut Tx, player_id: i64) -> Result<i64, RewardError> {
    Ok(
        sqlx::query_scalar("SELECT wager_remainder FROM loyalty_accounts WHERE player_id = ?")
            .bind(player_id)
            .fetch_optional(&mut **tx)
            .await?
            .unwrap_or(0),
    )
}

/// Points given outright (a quest's reward).
pub async fn award(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    points: i64,
) -> Result<(), RewardError> {
    let carried = wager_remainder(tx, player_id).await?;
    add(tx, changes, player_id, points, carried).await
}
