//! Notifications (`/api/notification/...`): the inbox messages and the pushes the platform raises
//! on real events (see `crate::rewards::notifications`), and the contact form. Messages and pushes
//! are two feeds with the same fields and the same calls.

mod communications;
mod messages;
mod pushes;

use serde::{Deserialize, Serialize};
use sqlx::SqlitePool;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::clock::NOW;
use crate::paging::{PageMeta, Paging};
use crate::rewards::notifications::{COLUMNS, Notification, NotificationRow, STATE_READ};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(messages::router())
        .merge(pushes::router())
        .merge(communications::router())
}

/// The spec's unread page size.
const DEFAULT_PER_PAGE: u32 = 20;
/// Ids one read or delete call may name.
const MAX_IDS: usize = 100;

#[derive(Debug, Clone, Copy)]
enum Feed {
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

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    /// 20 by default, at most 100.
    per_page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeedMeta {
    #[serde(flatten)]
    page: PageMeta,
    total_unread: i64,
}

/// A page of a feed, newest first.
#[derive(Serialize, ToSchema)]
struct FeedPage {
    data: Vec<Notification>,
    meta: FeedMeta,
}

/// What a read or delete changed, and the unread count after it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FeedChange {
    changed: u64,
    total_unread: i64,
}

async fn unread(pool: &SqlitePool, feed: Feed, player_id: i64) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM {} WHERE player_id = ? AND state = 1",
        feed.table()
    ))
    .bind(player_id)
    .fetch_one(pool)
    .await?)
}

async fn page(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    query: PageQuery,
) -> Result<FeedPage, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
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

fn ids_json(ids: &[i64], field: &str) -> Result<String, ApiError> {
    if ids.is_empty() || ids.len() > MAX_IDS {
        return Err(ApiError::bad_request(
            "invalid_ids",
            format!("{field} lists 1 to {MAX_IDS} ids."),
        ));
    }
    Ok(serde_json::to_string(ids).map_err(anyhow::Error::from)?)
}

/// Marks the player's entries read (`ids`: all of them when `None`); ids of others are ignored.
async fn mark_read(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    ids: Option<String>,
) -> Result<FeedChange, ApiError> {
    let sql = format!(
        "UPDATE {} SET state = {STATE_READ}, read_at = {NOW}
         WHERE player_id = ?1 AND state = 1
           AND (?2 IS NULL OR id IN (SELECT value FROM json_each(?2)))",
        feed.table()
    );
    change(pool, feed, player_id, &sql, ids).await
}

async fn delete(
    pool: &SqlitePool,
    feed: Feed,
    player_id: i64,
    ids: String,
) -> Result<FeedChange, ApiError> {
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
) -> Result<FeedChange, ApiError> {
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
