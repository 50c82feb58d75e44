//! The sandbox's stand-in for the TON network over HTTP (`crate::payments::ton_network`): the
//! stand-in wallet sends its transfers here, and staff list what the watcher could not match. A
//! production platform has neither route: its chain indexer feeds the same watcher. Players' clients
//! look up their jetton wallet here too, which a production platform answers from the chain.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::payments::ton_network::{self, RecordedTransfer, SentTransfer};
use crate::routes::List;
use crate::routes::extract::{Json, Query, SandboxControl};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send, list))
        .routes(routes!(jetton_wallet))
}

/// A transfer on the simulated TON network, as a wallet sends it. It is recorded, and the
/// platform's watcher matches it at once: the comment and exact amount of a pending TON or
/// USDT-on-TON deposit settle that invoice (once); anything else is kept as unmatched.
#[utoipa::path(post, path = "/api/sandbox/ton/transfers", tag = "sandbox",
    request_body = SentTransfer,
    responses((status = 201, body = RecordedTransfer),
              (status = 422, body = service_kit::ErrorBody)))]
async fn send(
    _: SandboxControl,
    State(state): State<AppState>,
    Json(body): Json<SentTransfer>,
) -> Result<(StatusCode, JsonResponse<RecordedTransfer>), ApiError> {
    let recorded = ton_network::observe(&state.deps(), &body).await?;
    Ok((StatusCode::CREATED, JsonResponse(recorded)))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct TransfersQuery {
    /// `received`, `settled` or `unmatched`; all when absent.
    status: Option<String>,
}

/// The simulated network's latest transfers (at most 100), newest first: with
/// `status=unmatched`, the payments that reached the deposit wallet and paid no invoice, for
/// staff to look into.
#[utoipa::path(get, path = "/api/sandbox/ton/transfers", tag = "sandbox",
    params(TransfersQuery),
    responses((status = 200, body = List<RecordedTransfer>),
              (status = 400, body = service_kit::ErrorBody)))]
async fn list(
    _: SandboxControl,
    State(state): State<AppState>,
    Query(query): Query<TransfersQuery>,
) -> Result<JsonResponse<List<RecordedTransfer>>, ApiError> {
    let status = query.status.as_deref();
    if status.is_some_and(|s| !matches!(s, "received" | "settled" | "unmatched")) {
        return Err(ApiError::bad_request(
            "invalid_status",
            "status is received, settled or unmatched.",
        ));
    }
    let data = ton_network::transfers(&state.pool, status, 100).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct JettonWalletQuery {
    /// The holder's account, either form.
    owner: String,
    /// The jetton's master contract, either form.
    master: String,
}

#[derive(Serialize, ToSchema)]
struct JettonWallet {
    /// The holder's jetton wallet for that jetton, bounceable user-friendly.
    address: String,
}

/// The holder's own wallet of a jetton: where a TON Connect client sends the jetton `transfer`
/// that pays a USDT-on-TON invoice (docs/ton.md). On the real network it is the master's
/// `get_wallet_address` answer; the sandbox answers for the jettons its stand-in network carries.
#[utoipa::path(get, path = "/api/payment/ton/jetton-wallet", tag = "payment",
    params(JettonWalletQuery),
    responses((status = 200, body = JettonWallet),
              (status = 400, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn jetton_wallet(
    Query(query): Query<JettonWalletQuery>,
) -> Result<JsonResponse<JettonWallet>, ApiError> {
    let address = ton_network::jetton_wallet(&query.owner, &query.master)?;
    Ok(JsonResponse(JettonWallet { address }))
}
