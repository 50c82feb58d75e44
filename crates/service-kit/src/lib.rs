//! The plumbing every service of the product shares, so that each service's own code is only its
//! routes and rules: environment configuration, logs, request ids, health routes, database
//! connections, listening sockets and graceful shutdown.

pub mod db;
pub mod env;
pub mod error_body;
pub mod health;
pub mod http;
pub mod load_shed;
pub mod serve;
pub mod shutdown;
pub mod telemetry;
pub mod testing;

pub use env::{ConfigError, Env, Secret};
pub use error_body::ErrorBody;
