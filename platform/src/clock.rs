//! The one clock of the platform and the one way its times are written.
//!
//! Times are stored as UTC text that sorts as it reads, so SQL compares them as strings:
//! `2026-11-23T18:25:30.123Z`. SQLite's own clock writes them ([`NOW`]), so a statement and the
//! comparisons in it see one instant. The first tables (players, sessions, social links, the
//! catalogue's favourites and searches, route rules) were created with whole seconds as their
//! column defaults (`2026-11-23T18:25:30Z`); their columns keep that precision ([`NOW_SECONDS`]),
//! because a millisecond value and a whole-second value of the same second do not compare in
//! order (`.` sorts before `Z`). A column is only ever written and compared in its own precision.
//!
//! Tokens and one-time codes count whole seconds since the Unix epoch ([`unix_seconds`]).

use std::time::{SystemTime, UNIX_EPOCH};

/// SQL: now, with milliseconds.
pub const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// SQL: now, in whole seconds, for the columns created with that precision (see the module).
pub const NOW_SECONDS: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

/// SQL: now moved by a bound SQLite modifier (`?`, e.g. `"+24 hours"`), with milliseconds.
pub const NOW_PLUS: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)";

/// SQL: now moved by a bound SQLite modifier, in whole seconds (see [`NOW_SECONDS`]).
pub const NOW_SECONDS_PLUS: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?)";

/// Seconds since the Unix epoch.
pub fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}
