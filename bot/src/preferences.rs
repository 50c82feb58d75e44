//! The player's choices of messages (`bot_notification_settings`): a master switch (`/stop`, and
//! `/start`'s button to turn them on again) and one switch per kind, each on by default except
//! every settled bet. The client's settings page drives the per-kind switches through the platform,
//! and tells whether the player let the bot write to them from the Mini App (Telegram's
//! `allows_write_to_pm` or `requestWriteAccess`), which makes them reachable without `/start`.

use std::collections::HashMap;

use sqlx::{AnyPool, Row};

use crate::events::Kind;
use crate::storage::now_ms;

const ALL: &str = "all";
const WRITE_ACCESS: &str = "write_access";

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preferences {
    /// `false` after `/stop`.
    pub all: bool,
    /// The kinds the player switched, the others keeping their default.
    pub chosen: HashMap<Kind, bool>,
    /// The player allowed the bot to write to them from the Mini App.
    pub write_access: bool,
}

impl Preferences {
    pub fn wants(&self, kind: Kind) -> bool {
        self.all && self.kind_on(kind)
    }

    /// The kind's own switch, whatever the master switch says.
    pub fn kind_on(&self, kind: Kind) -> bool {
        self.chosen
            .get(&kind)
            .copied()
            .unwrap_or_else(|| kind.on_by_default())
    }

    /// The switched-off kinds, for staff.
    pub fn off_kinds(&self) -> Vec<&'static str> {
        Kind::ALL
            .into_iter()
            .filter(|kind| !self.kind_on(*kind))
            .map(Kind::as_str)
            .collect()
    }
}

#[derive(Clone)]
pub struct PreferenceStore {
    pool: AnyPool,
}

impl PreferenceStore {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    pub async fn get(&self, telegram_id: i64) -> Result<Preferences, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT kind, enabled FROM bot_notification_settings WHERE telegram_id = $1",
        )
        .bind(telegram_id)
        .fetch_all(&self.pool)
        .await?;
        let mut preferences = Preferences {
            all: true,
            chosen: HashMap::new(),
            write_access: false,
        };
        for row in rows {
            let kind: String = row.try_get("kind")?;
            let enabled = row.try_get::<i64, _>("enabled")? != 0;
            if kind == ALL {
                preferences.all = enabled;
            } else if kind == WRITE_ACCESS {
                preferences.write_access = enabled;
            } else if let Some(kind) = Kind::parse(&kind) {
                preferences.chosen.insert(kind, enabled);
            }
        }
        Ok(preferences)
    }

    /// Turns every message on or off.
    pub async fn set_all(&self, telegram_id: i64, enabled: bool) -> Result<(), sqlx::Error> {
        self.set(telegram_id, ALL, enabled).await
    }

    /// Records whether the player lets the bot write to them without having started it.
    pub async fn set_write_access(
        &self,
        telegram_id: i64,
        allowed: bool,
    ) -> Result<(), sqlx::Error> {
        self.set(telegram_id, WRITE_ACCESS, allowed).await
    }

    pub async fn set_kind(
        &self,
        telegram_id: i64,
        kind: Kind,
        enabled: bool,
    ) -> Result<(), sqlx::Error> {
        self.set(telegram_id, kind.as_str(), enabled).await
    }

    async fn set(&self, telegram_id: i64, kind: &str, enabled: bool) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO bot_notification_settings (telegram_id, kind, enabled, updated_at_ms) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (telegram_id, kind) DO UPDATE SET enabled = excluded.enabled, \
                 updated_at_ms = excluded.updated_at_ms",
        )
        .bind(telegram_id)
        .bind(kind)
        .bind(i64::from(enabled))
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
