//! The sandbox's payment providers: their payment page and their settlement callback.
//!
//! Neither exists on a production platform, where the provider hosts the page and confirms
//! payments through its own signed callbacks. Here:
//! - `GET /sandbox/payments/{id}` is the provider's page for a card-like deposit, with Approve and
//!   Decline; the form carries the invoice's random page token (a cross-site form cannot know it),
//!   and the answer sends the player back to the client's wallet
//!   (`/wallet?deposit-success={id}` or `/wallet?deposit-error={id}`, the spec's modal keys).
//! - `POST /api/sandbox/invoices/{id}/settle` with `{"status": 2 | 3}` is the provider's
//!   confirmation, for any pending invoice (crypto and cash agents have no page); people and tests
//!   use it. It needs no player auth, as a provider callback would not have one.

use axum::extract::State;
use axum::extract::rejection::FormRejection;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Form, Json as JsonResponse};
use serde::Deserialize;
use subtle::ConstantTimeEq;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::html::{Framing, Slot, fill, sandbox_page};
use crate::page_template;
use crate::payments::{
    self, Invoice, Outcome, STATUS_FAILURE, STATUS_PENDING, STATUS_SUCCESS, SettleError,
    provider_page,
};
use crate::routes::extract::SandboxControl;
use crate::routes::extract::{Json, Path};
use crate::{ApiError, AppState};

/// The settle hook is part of the API document; the payment page is HTML for people, not API.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(settle))
        .route("/sandbox/payments/{id}", get(page).post(decide))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Settlement {
    /// 2 success, 3 failure.
    status: i64,
}

/// The sandbox provider's confirmation of a pending invoice (a real platform has no such route:
/// its providers call back with their own signed requests). A settled invoice is a 409 and nothing
/// changes.
#[utoipa::path(post, path = "/api/sandbox/invoices/{id}/settle", tag = "sandbox",
    params(("id" = String, Path)), request_body = Settlement,
    responses((status = 200, body = Invoice), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn settle(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Json(body): Json<Settlement>,
) -> Result<JsonResponse<Invoice>, ApiError> {
    let outcome = match body.status {
        STATUS_SUCCESS => Outcome::Success,
        STATUS_FAILURE => Outcome::DeclinedByProvider,
        _ => {
            return Err(ApiError::client(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_status",
                "status is 2 (success) or 3 (failure).",
            ));
        }
    };
    Ok(JsonResponse(
        payments::settle(&state.deps(), &id, outcome, None).await?,
    ))
}

/// The sandbox's page shell with the payment page's style: nothing loads from elsewhere, the page
/// cannot be framed, forms post only here.
fn html(status: StatusCode, title: &str, body: &str) -> Response {
    let document = fill(
        page_template!("page.html"),
        &[
            ("title", Slot::Text(title)),
            ("style", Slot::Markup(page_template!("payment.css"))),
            ("body", Slot::Markup(body)),
        ],
    );
    sandbox_page(
        status,
        document,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        ),
        Framing::Deny,
    )
}

fn not_found_page() -> Response {
    html(
        StatusCode::NOT_FOUND,
        "Payment not found",
        page_template!("payment-not-found.html"),
    )
}

/// Where the player lands after the page: the client's wallet with the spec's result modal.
fn wallet_return(invoice_id: &str, status: i64) -> Redirect {
    let modal = if status == STATUS_SUCCESS {
        "deposit-success"
    } else {
        "deposit-error"
    };
    // Invoice ids are UUIDs, safe in a query as they are.
    Redirect::to(&format!("/wallet?{modal}={invoice_id}"))
}

async fn page(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Some(row) = payments::invoice_row(&state.pool, &id).await? else {
        return Ok(not_found_page());
    };
    let Some(token) = row.page_token.clone() else {
        return Ok(not_found_page());
    };
    let (method, amount) = provider_page::method_and_amount(&state.pool, &row).await?;
    let action = payments::payment_page_path(&row.id);
    let body = if row.status == STATUS_PENDING {
        fill(
            page_template!("payment-pending.html"),
            &[
                ("method", Slot::Text(&method)),
                ("amount", Slot::Text(&amount)),
                ("action", Slot::Text(&action)),
                ("token", Slot::Text(&token)),
                ("id", Slot::Text(&row.id)),
            ],
        )
    } else {
        let outcome = if row.status == STATUS_SUCCESS {
            "was paid"
        } else {
            "was declined"
        };
        fill(
            page_template!("payment-settled.html"),
            &[
                ("method", Slot::Text(&method)),
                ("amount", Slot::Text(&amount)),
                ("outcome", Slot::Text(outcome)),
            ],
        )
    };
    Ok(html(StatusCode::OK, "Sandbox payment", &body))
}

#[derive(Deserialize)]
struct Decision {
    token: String,
    decision: String,
}

async fn decide(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(id): Path<String>,
    form: Result<Form<Decision>, FormRejection>,
) -> Result<Response, ApiError> {
    let refused = || {
        html(
            StatusCode::FORBIDDEN,
            "Payment refused",
            "<h1>This form is not valid</h1><p>Open the payment page again.</p>",
        )
    };
    let Ok(Form(form)) = form else {
        return Ok(refused());
    };
    let Some(row) = payments::invoice_row(&state.pool, &id).await? else {
        return Ok(not_found_page());
    };
    let token_matches = row
        .page_token
        .as_deref()
        .is_some_and(|t| bool::from(t.as_bytes().ct_eq(form.token.as_bytes())));
    let outcome = match form.decision.as_str() {
        "approve" => Outcome::Success,
        "decline" => Outcome::DeclinedByProvider,
        _ => return Ok(refused()),
    };
    if !token_matches {
        return Ok(refused());
    }
    match payments::settle(&state.deps(), &id, outcome, None).await {
        Ok(invoice) => Ok(wallet_return(&invoice.id, invoice.status).into_response()),
        // A second click after the first settled: show the player where it stands.
        Err(SettleError::AlreadySettled { .. }) => Ok(wallet_return(
            &row.id,
            provider_page::current_status(&state.pool, &id).await?,
        )
        .into_response()),
        Err(e) => Err(e.into()),
    }
}
