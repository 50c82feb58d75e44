//! The checks, each in the module of what it checks; every one prints what it measured and fails
//! with what it saw.

pub mod bot_events;
pub mod bot_replicas;
pub mod failover;
pub mod logins;
pub mod routing;
pub mod static_files;

use std::collections::BTreeMap;

use crate::access_log::Entry;
use crate::fleet::Service;

/// Requests (of the entries `filter` keeps) answered by each of `replicas`.
pub fn count_by_replica(
    entries: &[Entry],
    replicas: &[Service],
    filter: impl Fn(&Entry) -> bool,
) -> BTreeMap<String, usize> {
    replicas
        .iter()
        .map(|r| {
            let n = entries
                .iter()
                .filter(|e| filter(e) && e.answered_by_any(&[r.address]))
                .count();
            (r.name.clone(), n)
        })
        .collect()
}

pub fn describe(counts: &BTreeMap<String, usize>) -> String {
    counts
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
