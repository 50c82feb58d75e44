//! Notifications the platform raises on real events (a deposit credited, a bonus issued or
//! released by its wagering, a quest completed, a level reached): each is one inbox message and
//! one push, published on `messenger:notifications#{id}` as
//! `{"event": "notification.created", "message": {...}}` and on `messenger:pushes#{id}` as
//! `{"event": "push.created", "push": {...}}`.

use serde::Serialize;
use serde_json::json;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::changes::{Changes, Tx};
use crate::realtime::channels;
use crate::rewards::RewardError;

pub const STATE_UNREAD: i64 = 1;
pub const STATE_READ: i64 = 2;

/// Why a notification was raised.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Deposit,
    BonusIssued,
    BonusReleased,
    QuestCompleted,
    LevelUp,
    /// A referrer earned from an invited player's deposit (the referral programme).
    ReferralEarning,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Deposit => "deposit",
            Self::BonusIssued => "bonus_issued",
            Self::BonusReleased => "bonus_released",
            Self::QuestCompleted => "quest_completed",
            Self::LevelUp => "level_up",
            Self::ReferralEarning => "referral_earning",
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Content {
    pub title: String,
    pub body: String,
}

/// An inbox message or a push (both have these fields).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    /// 1 unread, 2 read.
    pub state: i64,
    pub read_at: Option<String>,
    /// deposit, bonus_issued, bonus_released, quest_completed, level_up or referral_earning.
    pub kind: String,
    pub content: Content,
    pub created_at: String,
}

#[derive(FromRow)]
pub struct NotificationRow {
    id: i64,
    state: i64,
    read_at: Option<String>,
    kind: String,
    title: String,
    body: String,
    created_at: String,
}

impl From<NotificationRow> for Notification {
    fn from(row: NotificationRow) -> Self {
        Self {
            id: row.id,
            state: row.state,
            read_at: row.read_at,
            kind: row.kind,
            content: Content {
                title: row.title,
                body: row.body,
            },
            created_at: row.created_at,
        }
    }
}

pub const COLUMNS: &str = "id, state, read_at, kind, title, body, created_at";

/// Raises one message and one push for the player, published after the commit.
pub async fn notify(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    kind: Kind,
    title: String,
    body: String,
) -> Result<(), RewardError> {
    for (table, channel, event, key) in [
        (
            "notification_messages",
            channels::notifications(player_id),
            "notification.created",
            "message",
        ),
        (
            "notification_pushes",
            channels::pushes(player_id),
            "push.created",
            "push",
        ),
    ] {
        let row: NotificationRow = sqlx::query_as(&format!(
            "INSERT INTO {table} (player_id, kind, title, body) VALUES (?, ?, ?, ?)
             RETURNING {COLUMNS}"
        ))
        .bind(player_id)
        .bind(kind.as_str())
        .bind(&title)
        .bind(&body)
        .fetch_one(&mut **tx)
        .await?;
        changes.publish(
            channel,
            json!({ "event": event, key: Notification::from(row) }),
        );
    }
    Ok(())
}

/// An amount for people: `12.50 USD`.
pub fn format_amount(amount: i64, subunit_to_unit: i64, currency: &str) -> String {
    let decimals = subunit_to_unit.max(1).ilog10() as usize;
    let whole = amount / subunit_to_unit.max(1);
    let fraction = (amount % subunit_to_unit.max(1)).abs();
    if decimals == 0 {
        format!("{whole} {currency}")
    } else {
        format!("{whole}.{fraction:0decimals$} {currency}")
    }
}

pub async fn subunit_of(tx: &mut Tx, currency: &str) -> Result<i64, RewardError> {
    Ok(
        sqlx::query_scalar("SELECT subunit_to_unit FROM currencies WHERE code = ?")
            .bind(currency)
            .fetch_optional(&mut **tx)
            .await?
            .unwrap_or(100),
    )
}
