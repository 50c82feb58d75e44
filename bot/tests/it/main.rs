//! The bot's integration tests: the real bot against a fake Bot API server and the real sandbox
//! platform on loopback.
//!
//! One test binary, not one per file: each binary links the crate with its HTTP and database stack and
//! instantiates their generic code again. A new file here is a module below.
//! `logs.rs` stays its own binary: its log capture is process-wide.

#[path = "../common/mod.rs"]
mod common;

mod broadcast;
mod chat;
mod notifications;
mod pacing;
mod postgres;
mod preferences;
mod referral;
mod replicas;
