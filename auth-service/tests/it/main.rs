//! The auth service's integration tests: the real service on loopback, its upstreams stood in.
//!
//! One test binary, not one per file: each binary links the crate with its HTTP and database stack and
//! instantiates their generic code again. A new file here is a module below.
//! `logs.rs` stays its own binary: its log capture is process-wide.

#[path = "../common/mod.rs"]
mod common;

mod audit_batches;
mod login;
mod node_interop;
mod postgres;
mod sandbox;
