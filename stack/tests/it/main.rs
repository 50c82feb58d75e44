//! The one-process stack's integration tests: the stack as players and operators meet it.
//!
//! One test binary, not one per file: each binary links the crate with its HTTP and database stack and
//! instantiates their generic code again. A new file here is a module below.

#[path = "../common/mod.rs"]
mod common;

mod embedded_bot;
mod one_port;
mod realtime_edge;
mod security_headers;
mod static_encodings;
mod telegram_login;
