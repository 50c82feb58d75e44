use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::extract::ws::{Message, WebSocketUpgrade};
use axum::routing::get;

/// Centrifugo is not packaged for Debian: this stands in for its WebSocket endpoint
/// (`/connection/websocket`, where nginx sends `/api/connection/websocket`), echoing frames.
pub struct CentrifugoStandIn {
    pub address: SocketAddr,
    pub upgrades: Arc<AtomicUsize>,
}

impl CentrifugoStandIn {
    pub async fn spawn() -> anyhow::Result<Self> {
        let upgrades = Arc::new(AtomicUsize::new(0));
        let counter = upgrades.clone();
        let app = Router::new().route(
            "/connection/websocket",
            get(move |ws: WebSocketUpgrade| {
                counter.fetch_add(1, Ordering::SeqCst);
                async move {
                    ws.on_upgrade(|mut socket| async move {
                        while let Some(Ok(message)) = socket.recv().await {
                            if matches!(message, Message::Text(_))
                                && socket.send(message).await.is_err()
                            {
                                break;
                            }
                        }
                    })
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        Ok(Self { address, upgrades })
    }
}
