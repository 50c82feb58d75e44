//! Answers of the game listing kept in memory. The catalogue (games, providers, collections,
//! features) is written only by seed steps, which all run before the platform serves, so a
//! listing's answer for a filter, a country and a page never changes while the process runs; the
//! lobby's traffic is a few dozen such combinations, and answering them from memory spares SQLite
//! the same statement thousands of times a second. A future write path to the catalogue (an
//! operator's back office) must call `clear` after its commit.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use axum::body::Bytes;

/// Distinct answers kept at most; past it the cache starts over, which bounds memory (about
/// 15 KB an answer) against a client walking every combination of filters.
const CAPACITY: usize = 2_048;

pub struct ListingCache {
    answers: Mutex<HashMap<String, Bytes>>,
    capacity: usize,
}

impl Default for ListingCache {
    fn default() -> Self {
        Self {
            answers: Mutex::default(),
            capacity: CAPACITY,
        }
    }
}

impl ListingCache {
    /// A cache that keeps nothing: every listing runs its statement (the benchmark's cold mode).
    pub fn disabled() -> Self {
        Self {
            answers: Mutex::default(),
            capacity: 0,
        }
    }

    pub fn get(&self, key: &str) -> Option<Bytes> {
        self.lock().get(key).cloned()
    }

    pub fn insert(&self, key: String, answer: Bytes) {
        if self.capacity == 0 {
            return;
        }
        let mut answers = self.lock();
        if answers.len() >= self.capacity {
            answers.clear();
        }
        answers.insert(key, answer);
    }

    pub fn clear(&self) {
        self.lock().clear();
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Bytes>> {
        // A panic while holding the lock cannot leave a half-written map: every change is one call.
        self.answers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_kept_and_the_cache_starts_over_when_full() {
        let cache = ListingCache::default();
        cache.insert("a".to_owned(), Bytes::from_static(b"[1]"));
        assert_eq!(cache.get("a"), Some(Bytes::from_static(b"[1]")));
        assert_eq!(cache.get("b"), None);
        for n in 0..CAPACITY {
            cache.insert(format!("k{n}"), Bytes::new());
        }
        assert!(cache.len() <= CAPACITY);
        assert_eq!(cache.get("a"), None, "a full cache starts over");
        cache.clear();
        assert!(cache.is_empty());

        let disabled = ListingCache::disabled();
        disabled.insert("a".to_owned(), Bytes::from_static(b"[1]"));
        assert_eq!(disabled.get("a"), None);
    }
}
