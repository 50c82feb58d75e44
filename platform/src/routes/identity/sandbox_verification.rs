//! The sandbox's stand-in for the identity-verification service (Sumsub): the web SDK script the
//! client loads when no real SDK address is configured, and the applicant page it frames, which walks
//! a player through the steps (document, selfie, submit) and lets a sandbox reviewer approve or
//! decline. A real platform has none of this: the service hosts its SDK and tells the platform the
//! review's answer through a signed webhook.

use axum::extract::rejection::FormRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Form, Router};
use serde::Deserialize;

use crate::html::{Framing, Slot, fill, sandbox_page};
use crate::identity::documents::DOCUMENT_TYPES;
use crate::identity::sumsub::{self, Status};
use crate::page_template;
use crate::routes::extract::SandboxControl;
use crate::{ApiError, AppState};

const WEB_SDK: &str = include_str!("../../../assets/identity/websdk.js");
const APPLICANT_SCRIPT: &str = include_str!("../../../assets/identity/applicant.js");

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sandbox/sumsub/websdk.js", get(web_sdk))
        .route("/sandbox/sumsub/applicant.js", get(applicant_script))
        .route("/sandbox/sumsub/applicant", get(page).post(step))
}

fn script(source: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        source,
    )
        .into_response()
}

async fn web_sdk() -> Response {
    script(WEB_SDK)
}

async fn applicant_script() -> Response {
    script(APPLICANT_SCRIPT)
}

#[derive(Deserialize)]
struct PageQuery {
    #[serde(rename = "accessToken", default)]
    access_token: String,
    #[serde(default)]
    theme: Option<String>,
}

/// One step of the applicant's walk, as its form posts it.
#[derive(Deserialize)]
struct StepForm {
    #[serde(rename = "accessToken")]
    access_token: String,
    step: String,
    #[serde(rename = "documentType", default)]
    document_type: Option<String>,
    #[serde(default)]
    theme: Option<String>,
}

/// What the page shows now, and the event it tells the framing SDK about.
enum View<'a> {
    Start,
    Selfie { document_type: &'a str },
    Review { document_type: &'a str },
    Pending,
    Approved,
    Rejected,
    Expired,
}

async fn page(
    _: SandboxControl,
    State(state): State<AppState>,
    Query(query): Query<PageQuery>,
) -> Result<Response, ApiError> {
    let dark = query.theme.as_deref() == Some("dark");
    let Some((_, status)) = sumsub::applicant(&state.pool, &query.access_token).await? else {
        return Ok(render(
            StatusCode::NOT_FOUND,
            &query.access_token,
            dark,
            View::Expired,
            Some(("idCheck.onTokenExpired", "{}")),
        ));
    };
    let view = match status {
        Status::None => View::Start,
        Status::Pending => View::Pending,
        Status::Approved => View::Approved,
        Status::Rejected => View::Rejected,
    };
    Ok(render(
        StatusCode::OK,
        &query.access_token,
        dark,
        view,
        Some(("idCheck.onReady", "{}")),
    ))
}

async fn step(
    _: SandboxControl,
    State(state): State<AppState>,
    form: Result<Form<StepForm>, FormRejection>,
) -> Result<Response, ApiError> {
    let Ok(Form(form)) = form else {
        return Err(ApiError::bad_request(
            "invalid_form",
            "The form is not one this page sent.",
        ));
    };
    let dark = form.theme.as_deref() == Some("dark");
    let token = form.access_token.as_str();
    let Some((player_id, status)) = sumsub::applicant(&state.pool, token).await? else {
        return Ok(render(
            StatusCode::NOT_FOUND,
            token,
            dark,
            View::Expired,
            Some(("idCheck.onTokenExpired", "{}")),
        ));
    };
    let document_type = form
        .document_type
        .as_deref()
        .filter(|kind| DOCUMENT_TYPES.contains(kind));
    const SUBMITTED: &str = r#"{"reviewStatus":"pending"}"#;
    const GREEN: &str = r#"{"reviewStatus":"completed","reviewResult":{"reviewAnswer":"GREEN"}}"#;
    const RED: &str = r#"{"reviewStatus":"completed","reviewResult":{"reviewAnswer":"RED","rejectLabels":["BAD_PROOF_OF_IDENTITY"]}}"#;
    let (view, event) = match (form.step.as_str(), status, document_type) {
        ("document", Status::None | Status::Rejected, Some(kind)) => (
            View::Selfie {
                document_type: kind,
            },
            Some(("idCheck.onStepCompleted", r#"{"idDocSetType":"IDENTITY"}"#)),
        ),
        ("document", Status::None | Status::Rejected, None) => (View::Start, None),
        ("selfie", Status::None | Status::Rejected, Some(kind)) => (
            View::Review {
                document_type: kind,
            },
            Some(("idCheck.onStepCompleted", r#"{"idDocSetType":"SELFIE"}"#)),
        ),
        ("submit", Status::None | Status::Rejected, Some(_)) => {
            sumsub::advance(
                &state.pool,
                player_id,
                &[Status::None, Status::Rejected],
                Status::Pending,
            )
            .await?;
            (
                View::Pending,
                Some(("idCheck.onApplicantSubmitted", SUBMITTED)),
            )
        }
        ("restart", Status::Rejected, _) => (View::Start, None),
        ("approve" | "decline", Status::Pending, _) => {
            let approve = form.step == "approve";
            let to = if approve {
                Status::Approved
            } else {
                Status::Rejected
            };
            sumsub::advance(&state.pool, player_id, &[Status::Pending], to).await?;
            (
                if approve {
                    View::Approved
                } else {
                    View::Rejected
                },
                Some((
                    "idCheck.onApplicantStatusChanged",
                    if approve { GREEN } else { RED },
                )),
            )
        }
        // A step that no longer fits (a second tab, the back button): show where the applicant is.
        (_, Status::None, _) => (View::Start, None),
        (_, Status::Pending, _) => (View::Pending, None),
        (_, Status::Approved, _) => (View::Approved, None),
        (_, Status::Rejected, _) => (View::Rejected, None),
    };
    Ok(render(StatusCode::OK, token, dark, view, event))
}

fn document_name(kind: &str) -> &'static str {
    match kind {
        "passport" => "Passport",
        "id_card" => "ID card",
        "driving_licence" => "Driving licence",
        "residence_permit" => "Residence permit",
        _ => "Document",
    }
}

/// The steps a player may pick a document from (proofs of address and selfies are other steps).
const IDENTITY_DOCUMENTS: &[&str] = &["passport", "id_card", "driving_licence", "residence_permit"];

fn render(
    status: StatusCode,
    token: &str,
    dark: bool,
    view: View<'_>,
    event: Option<(&str, &str)>,
) -> Response {
    let theme = if dark { "dark" } else { "light" };
    let form = |step: &str, label: &str, class: &str, fields: &str| {
        fill(
            page_template!("verification-form.html"),
            &[
                ("token", Slot::Text(token)),
                ("theme", Slot::Text(theme)),
                ("step", Slot::Text(step)),
                ("fields", Slot::Markup(fields)),
                ("class", Slot::Text(class)),
                ("label", Slot::Text(label)),
            ],
        )
    };
    let kept = |kind: &str| {
        fill(
            page_template!("verification-kept-document.html"),
            &[("kind", Slot::Text(kind))],
        )
    };
    let (title, body) = match view {
        View::Start => {
            let options: String = IDENTITY_DOCUMENTS
                .iter()
                .enumerate()
                .map(|(index, kind)| {
                    fill(
                        page_template!("verification-document-option.html"),
                        &[
                            ("kind", Slot::Text(kind)),
                            (
                                "checked",
                                Slot::Markup(if index == 0 { " checked" } else { "" }),
                            ),
                            ("name", Slot::Text(document_name(kind))),
                        ],
                    )
                })
                .collect();
            let documents = fill(
                page_template!("verification-documents.html"),
                &[("options", Slot::Markup(&options))],
            );
            let form = form("document", "Continue", "primary", &documents);
            (
                "Verify your identity",
                fill(
                    page_template!("verification-start.html"),
                    &[("form", Slot::Markup(&form))],
                ),
            )
        }
        View::Selfie { document_type } => {
            let form = form("selfie", "Take the selfie", "primary", &kept(document_type));
            (
                "Take a selfie",
                fill(
                    page_template!("verification-selfie.html"),
                    &[
                        ("document", Slot::Text(document_name(document_type))),
                        ("form", Slot::Markup(&form)),
                    ],
                ),
            )
        }
        View::Review { document_type } => {
            let form = form("submit", "Send for review", "primary", &kept(document_type));
            (
                "Check and send",
                fill(
                    page_template!("verification-review.html"),
                    &[
                        ("document", Slot::Text(document_name(document_type))),
                        ("form", Slot::Markup(&form)),
                    ],
                ),
            )
        }
        View::Pending => (
            "Under review",
            fill(
                page_template!("verification-pending.html"),
                &[
                    (
                        "approve",
                        Slot::Markup(&form("approve", "Approve", "primary", "")),
                    ),
                    (
                        "decline",
                        Slot::Markup(&form("decline", "Decline", "secondary", "")),
                    ),
                ],
            ),
        ),
        View::Approved => (
            "Verified",
            page_template!("verification-approved.html").to_owned(),
        ),
        View::Rejected => (
            "Not verified",
            fill(
                page_template!("verification-rejected.html"),
                &[(
                    "form",
                    Slot::Markup(&form("restart", "Try again", "primary", "")),
                )],
            ),
        ),
        View::Expired => (
            "Session expired",
            page_template!("verification-expired.html").to_owned(),
        ),
    };
    let event = event
        .map(|(kind, payload)| {
            fill(
                page_template!("verification-event.html"),
                &[("kind", Slot::Text(kind)), ("payload", Slot::Text(payload))],
            )
        })
        .unwrap_or_default();
    let (background, text, hint, border) = if dark {
        ("#161920", "#f3f4f6", "#9ba3b1", "#3a404c")
    } else {
        ("#ffffff", "#15181d", "#586170", "#c9ced6")
    };
    let style = fill(
        page_template!("verification.css"),
        &[
            ("background", Slot::Text(background)),
            ("text", Slot::Text(text)),
            ("hint", Slot::Text(hint)),
            ("border", Slot::Text(border)),
        ],
    );
    let main = fill(
        page_template!("verification-main.html"),
        &[
            ("body", Slot::Markup(&body)),
            ("event", Slot::Markup(&event)),
        ],
    );
    let document = fill(
        page_template!("page.html"),
        &[
            ("title", Slot::Text(title)),
            ("style", Slot::Markup(&style)),
            ("body", Slot::Markup(&main)),
        ],
    );
    // Framed by the client's own pages only; its one script is this page's event messenger.
    sandbox_page(
        status,
        document,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
        ),
        Framing::SameOrigin,
    )
}
