//! `/api/connection/websocket`: the sandbox's own real-time server, whose connections present the
//! platform's access tokens.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::auth::{self, NotSignedIn};
use crate::realtime::{self, TokenCheck, TokenCheckFuture};
use crate::{ApiError, AppState};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/connection/websocket", get(websocket))
}

async fn websocket(
    State(state): State<AppState>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => {
            return ApiError::bad_request(
                "websocket_required",
                format!(
                    "This is the real-time WebSocket: connect with a WebSocket client ({}).",
                    rejection.body_text()
                ),
            )
            .into_response();
        }
    };
    let hub = state.hub.clone();
    realtime::accept(upgrade, hub, Arc::new(Sessions(state)))
}

/// The platform's sessions, as the hub asks them about a connection's token.
struct Sessions(AppState);

impl realtime::Tokens for Sessions {
    /// An expired token gets error 109 (the client fetches a new one and retries); any other bad
    /// token, a closed session or a blocked player close the socket for good (3500), as Centrifugo
    /// answers tokens it cannot verify.
    fn check(&self, token: String) -> TokenCheckFuture {
        let state = self.0.clone();
        Box::pin(async move {
            match auth::player_of_token(&state.pool, &state.tokens, &token).await {
                Ok((player, claims)) => TokenCheck::Player {
                    player_id: player.id,
                    session_id: player.session_id,
                    expires_at: claims.exp,
                },
                Err(NotSignedIn::TokenExpired) => TokenCheck::Expired,
                Err(NotSignedIn::Database(e)) => {
                    tracing::error!(error = %e, "checking a real-time session failed");
                    TokenCheck::Failed
                }
                Err(_) => TokenCheck::Refused,
            }
        })
    }
}
