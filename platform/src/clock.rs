//! The one clock of the platform and the one way its times are written.
//!
//! Times are stored as UTC text with milliseconds that sorts as it reads, so SQL compares them as
//! strings: `2026-11-23T18:25:30.123Z`. SQLite's own clock writes them ([`NOW`], and every column
//! default), so a statement and the comparisons in it see one instant. One format everywhere matters:
//! a whole-second value and a millisecond value of the same second do not compare in order as text
//! (`.` sorts before `Z`); migration 0012 brought the first tables' whole-second values and defaults
//! to this format, and `tests/timestamps.rs` fails if a column default writes another one.
//!
//! Tokens and one-time codes count whole seconds since the Unix epoch ([`unix_seconds`]).

use std::time::{SystemTime, UNIX_EPOCH};

/// SQL: now, with milliseconds.
pub const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// SQL: now moved by a bound SQLite modifier (`?`, e.g. `"+24 hours"`), with milliseconds.
pub const NOW_PLUS: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)";

/// Seconds since the Unix epoch.
pub fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}
