//! The sandbox's ad-retargeting pixel host (spec section 7, "Pixel beacon"; section 9, the action
//! ids): it takes the client's image beacons, checks each field as the operator's host would be
//! entitled to, and keeps them for `GET /api/sandbox/pixel-beacons`. A real deployment points the
//! client's `VITE_PIXEL_URL` at the operator's host instead.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

/// Spec section 9: visit 80, regfin 81, regnotfin 82, ftd 83, dep2 84, dep3 85, dep4 86, dep5plus 87,
/// bet 88, deposit 89, bet30 90.
pub const ACTION_IDS: std::ops::RangeInclusive<i64> = 80..=90;

/// Spec section 9's client labels (regfin 1, ftd 2, bet 3, deposit 4, visit 5, dep2 6, dep3 7,
/// dep4 8, dep5plus 9, regnotfin 14): the only values a label may take.
const CLIENT_LABELS: [i64; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 14];

/// Longest graphics renderer string kept (browsers report ~100 characters).
const MAX_RENDERER: usize = 256;

/// A beacon as the client sends it, in its query.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Beacon {
    /// The per-beacon random value.
    pub r: String,
    pub action: i64,
    pub label: Option<i64>,
    /// `{width}x{height}` in CSS pixels.
    pub screen: String,
    /// `Date.getTimezoneOffset()`: minutes from local time to UTC.
    pub tz: i64,
    pub plugins: i64,
    pub mime_types: i64,
    pub memory: Option<String>,
    pub threads: Option<i64>,
    pub renderer: Option<String>,
}

// A beacon the sandbox pixel host received (no doc comment: it would enter the OpenAPI document).
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedBeacon {
    id: i64,
    nonce: String,
    pub action: i64,
    pub label: Option<i64>,
    screen: String,
    time_zone_offset: i64,
    plugins: i64,
    mime_types: i64,
    device_memory: Option<String>,
    hardware_threads: Option<i64>,
    renderer: Option<String>,
    received_at: String,
}

/// Why a beacon is refused: the field that breaks its rule, and the rule.
#[derive(Debug, thiserror::Error)]
pub enum BeaconError {
    #[error("{field}: {rule}")]
    Invalid {
        field: &'static str,
        rule: &'static str,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

fn invalid(field: &'static str, rule: &'static str) -> BeaconError {
    BeaconError::Invalid { field, rule }
}

impl Beacon {
    fn check(&self) -> Result<(), BeaconError> {
        if self.r.is_empty()
            || self.r.len() > 64
            || !self.r.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return Err(invalid("r", "Up to 64 letters and digits."));
        }
        if !ACTION_IDS.contains(&self.action) {
            return Err(invalid("action", "Not a pixel action id (80 to 90)."));
        }
        if self
            .label
            .is_some_and(|label| !CLIENT_LABELS.contains(&label))
        {
            return Err(invalid("label", "Not a client label."));
        }
        let dimensions = self.screen.split_once('x').and_then(|(width, height)| {
            Some((width.parse::<u32>().ok()?, height.parse::<u32>().ok()?))
        });
        if !dimensions.is_some_and(|(width, height)| {
            (1..=20_000).contains(&width) && (1..=20_000).contains(&height)
        }) {
            return Err(invalid("screen", "Width x height in pixels, e.g. 390x844."));
        }
        // Time zones run from UTC-12 to UTC+14.
        if !(-840..=720).contains(&self.tz) {
            return Err(invalid(
                "tz",
                "Minutes from local time to UTC, -840 to 720.",
            ));
        }
        if !(0..=10_000).contains(&self.plugins) || !(0..=10_000).contains(&self.mime_types) {
            return Err(invalid("plugins", "Counts from 0 to 10000."));
        }
        if self.memory.as_deref().is_some_and(|memory| {
            memory
                .parse::<f64>()
                .map_or(true, |gib| !(0.0..=1024.0).contains(&gib))
        }) {
            return Err(invalid("memory", "The device memory in GiB."));
        }
        if self
            .threads
            .is_some_and(|threads| !(1..=1024).contains(&threads))
        {
            return Err(invalid("threads", "The hardware threads, 1 to 1024."));
        }
        if self
            .renderer
            .as_deref()
            .is_some_and(|renderer| renderer.len() > MAX_RENDERER)
        {
            return Err(invalid("renderer", "At most 256 characters."));
        }
        Ok(())
    }
}

/// Keeps a beacon after checking every field; a bad one is refused with the field named.
pub async fn record(pool: &SqlitePool, beacon: &Beacon) -> Result<(), BeaconError> {
    beacon.check()?;
    sqlx::query(
        "INSERT INTO sandbox_pixel_beacons
         (nonce, action, label, screen, time_zone_offset, plugins, mime_types, device_memory, hardware_threads, renderer)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&beacon.r)
    .bind(beacon.action)
    .bind(beacon.label)
    .bind(&beacon.screen)
    .bind(beacon.tz)
    .bind(beacon.plugins)
    .bind(beacon.mime_types)
    .bind(&beacon.memory)
    .bind(beacon.threads)
    .bind(&beacon.renderer)
    .execute(pool)
    .await?;
    Ok(())
}

/// The beacons carrying `nonce`, oldest first (one, unless the client sent it twice).
pub async fn beacons(pool: &SqlitePool, nonce: &str) -> Result<Vec<ReceivedBeacon>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, nonce, action, label, screen, time_zone_offset, plugins, mime_types, device_memory,
                hardware_threads, renderer, received_at
         FROM sandbox_pixel_beacons WHERE nonce = ? ORDER BY id LIMIT 50",
    )
    .bind(nonce)
    .fetch_all(pool)
    .await
}
