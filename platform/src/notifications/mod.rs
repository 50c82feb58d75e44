//! The player's notification feeds (inbox messages and pushes, raised by
//! `crate::rewards::notifications`): pages, reading and deleting; the contact form
//! (`contact.rs`); and the player's Telegram message switches, kept by the bot (`telegram.rs`). The HTTP side is `routes/notifications/`.

pub mod contact;
pub mod telegram;

use serde::Serialize;
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::clock::NOW;
use crate::paging::{PageMeta, Paging};
use crate::rewards::notifications::{COLUMNS, Notification, NotificationRow, STATE_READ};

/// Ids one read or delete call may name.
pub const MAX_IDS: usize = 100;

/// Why a read or delete call's ids are refused.
#[derive(Debug, thiserror::Error)]
pub enum IdsError {
    /// `field` names no id, or more than [`MAX_IDS`].
    #[error("{field} lists no id or too many")]
    Count { field: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The two feeds: inbox messages and pushes, with the same fields and the same calls.
#[derive(Debug, Clone, Copy)]
pub enum Feed {
    Messages,
    Pushes,
}

impl Feed {
    fn table(self) -> &'static str {
        match self {
            Self::Messages => "notification_messages",
            Self::Pushes => "notification_pushes",
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedMeta {
    #[serde(flatten)]
    page: PageMeta,
    total_unread: i64,
}

/// A page of a feed, newest first.
#[derive(Serialize, ToSchema)]
pub struct FeedPage {
    data: Vec<Notification>,
    meta: FeedMeta,
}

/// What a read or delete changed, and the unread count after it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedChange {
    changed: u64,
    total_unread: i64,
}

/// How many of the player's entries are unread.
async fn unread(pool: &SqlitePool, feed: Feed, player_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM {} WHERE player_id = ? AND state = 1",
        feed.table()
    ))
    .bind(player_id)
    .fetch_one(pool)
    .await
}

/// A page of the player's feed, newest first, with the unread count.
pub async fn page(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    paging: Paging,
) -> Result<FeedPage, sqlx::Error> {
    let table = feed.table();
    let rows: Vec<NotificationRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM {table} WHERE player_id = ? ORDER BY id DESC LIMIT ? OFFSET ?"
    ))
    .bind(player_id)
    .bind(paging.limit())
    .bind(paging.offset())
    .fetch_all(pool)
    .await?;
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE player_id = ?"))
            .bind(player_id)
            .fetch_one(pool)
            .await?;
    Ok(FeedPage {
        data: rows.into_iter().map(Notification::from).collect(),
        meta: FeedMeta {
            page: paging.meta(total),
            total_unread: unread(pool, feed, player_id).await?,
        },
    })
}

/// The ids a read or delete call names, as the JSON array the statements take; 400 `invalid_ids`
/// for none or more than `MAX_IDS`.
pub fn ids_json(ids: &[i64], field: &str) -> Result<String, IdsError> {
    if ids.is_empty() || ids.len() > MAX_IDS {
        return Err(IdsError::Count {
            field: field.to_owned(),
        });
    }
    Ok(serde_json::to_string(ids).map_err(anyhow::Error::from)?)
}

/// Marks the player's entries read (`ids`: all of them when `None`); ids of others are ignored.
pub async fn mark_read(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    ids: Option<String>,
) -> Result<FeedChange, sqlx::Error> {
    let sql = format!(
        "UPDATE {} SET state = {STATE_READ}, read_at = {NOW}
         WHERE player_id = ?1 AND state = 1
           AND (?2 IS NULL OR id IN (SELECT value FROM json_each(?2)))",
        feed.table()
    );
    change(pool, feed, player_id, &sql, ids).await
}

/// Deletes the player's entries among `ids`; ids of others are ignored.
pub async fn delete(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    ids: String,
) -> Result<FeedChange, sqlx::Error> {
    let sql = format!(
        "DELETE FROM {} WHERE player_id = ? AND id IN (SELECT value FROM json_each(?))",
        feed.table()
    );
    change(pool, feed, player_id, &sql, Some(ids)).await
}

/// Runs a change of the player's entries (`sql` takes the player, then the ids) and answers
/// how many it changed and how many stay unread.
async fn change(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    sql: &str,
    ids: Option<String>,
) -> Result<FeedChange, sqlx::Error> {
    let changed = sqlx::query(sql)
        .bind(player_id)
        .bind(ids)
        .execute(pool)
        .await?
        .rows_affected();
    Ok(FeedChange {
        changed,
        total_unread: unread(pool, feed, player_id).await?,
    })
}
