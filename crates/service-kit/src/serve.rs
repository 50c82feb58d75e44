//! A service binary's `main`, listening sockets with a clear error when the address is taken, and
//! serving until shutdown.

use std::future::Future;
use std::io;
use std::net::SocketAddr;

use axum::Router;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::{ConfigError, Env};

/// The whole `main` of a service binary: logs, then its configuration read from the process's
/// environment, then `run` until shutdown. A bad variable or a failed start is printed as one line
/// and ends the process with status 1.
pub async fn run_from_env<C, Fut>(
    config_from_env: impl FnOnce(&Env) -> Result<C, ConfigError>,
    run: impl FnOnce(C) -> Fut,
) where
    Fut: Future<Output = anyhow::Result<()>>,
{
    crate::telemetry::init();
    let outcome = async { run(config_from_env(&Env::from_process())?).await };
    if let Err(e) = outcome.await {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {addr} for {what}: {reason}{hint}")]
pub struct BindError {
    addr: SocketAddr,
    what: String,
    reason: String,
    hint: String,
}

/// Binds `addr`; `port_var` names the variable that moves the service elsewhere, for the message.
pub async fn bind(addr: SocketAddr, what: &str, port_var: &str) -> Result<TcpListener, BindError> {
    TcpListener::bind(addr).await.map_err(|e| {
        let taken = e.kind() == io::ErrorKind::AddrInUse;
        BindError {
            addr,
            what: what.to_owned(),
            reason: if taken {
                "the address is already in use".to_owned()
            } else {
                e.to_string()
            },
            hint: if taken && !port_var.is_empty() {
                format!(" (stop the other program or set {port_var} to a free port)")
            } else {
                String::new()
            },
        }
    })
}

/// Serves `router` until `shutdown` is cancelled, then lets requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: CancellationToken,
) -> io::Result<()> {
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown.cancelled_owned())
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_taken_port_is_one_readable_line() {
        let first = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = first.local_addr().expect("addr");
        let err = bind(addr, "the stack", "PORT").await.unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot listen on {addr} for the stack: the address is already in use \
                 (stop the other program or set PORT to a free port)"
            )
        );
    }
}
