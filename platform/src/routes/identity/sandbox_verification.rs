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

use crate::html::{Framing, escape, sandbox_page};
use crate::identity::documents::DOCUMENT_TYPES;
use crate::identity::sumsub::{self, Status};
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
    let token = escape(token);
    let theme = if dark { "dark" } else { "light" };
    let form = |step: &str, label: &str, class: &str, extra: &str| {
        format!(
            "<form method=\"post\" action=\"/sandbox/sumsub/applicant\"><input type=\"hidden\" name=\"accessToken\" value=\"{token}\">\
             <input type=\"hidden\" name=\"theme\" value=\"{theme}\"><input type=\"hidden\" name=\"step\" value=\"{step}\">{extra}\
             <button type=\"submit\" class=\"{class}\">{label}</button></form>"
        )
    };
    let kept = |kind: &str| {
        format!(
            "<input type=\"hidden\" name=\"documentType\" value=\"{}\">",
            escape(kind)
        )
    };
    let (title, body) = match view {
        View::Start => {
            let options: String = IDENTITY_DOCUMENTS
                .iter()
                .enumerate()
                .map(|(index, kind)| {
                    format!(
                        "<label class=\"option\"><input type=\"radio\" name=\"documentType\" value=\"{kind}\"{checked}> {name}</label>",
                        checked = if index == 0 { " checked" } else { "" },
                        name = document_name(kind)
                    )
                })
                .collect();
            (
                "Verify your identity",
                format!(
                    "<p class=\"step\">Step 1 of 3</p><h1>Verify your identity</h1><p>Choose the document you will show.</p>{}",
                    form("document", "Continue", "primary", &format!("<fieldset><legend>Document</legend>{options}</fieldset>"))
                ),
            )
        }
        View::Selfie { document_type } => (
            "Take a selfie",
            format!(
                "<p class=\"step\">Step 2 of 3</p><h1>Take a selfie</h1><p>{} photographed. Now a photo of your face, to match it.</p>\
                 <p class=\"note\">Sandbox: no camera is used.</p>{}",
                document_name(document_type),
                form("selfie", "Take the selfie", "primary", &kept(document_type))
            ),
        ),
        View::Review { document_type } => (
            "Check and send",
            format!(
                "<p class=\"step\">Step 3 of 3</p><h1>Check and send</h1><ul><li>{}: photographed</li><li>Selfie: taken</li></ul>{}",
                document_name(document_type),
                form("submit", "Send for review", "primary", &kept(document_type))
            ),
        ),
        View::Pending => (
            "Under review",
            format!(
                "<h1>Under review</h1><p>Your documents are with our reviewers. This usually takes a few minutes.</p>\
                 <section class=\"reviewer\" aria-labelledby=\"reviewer\"><h2 id=\"reviewer\">Sandbox reviewer</h2>\
                 <p class=\"note\">On a real deployment the verification service decides.</p>{}{}</section>",
                form("approve", "Approve", "primary", ""),
                form("decline", "Decline", "secondary", "")
            ),
        ),
        View::Approved => ("Verified", "<h1>Verified</h1><p>Your identity is confirmed. Nothing more to do.</p>".to_owned()),
        View::Rejected => (
            "Not verified",
            format!(
                "<h1>Not verified</h1><p>The documents could not be accepted. Check that they are readable and valid, then try again.</p>{}",
                form("restart", "Try again", "primary", "")
            ),
        ),
        View::Expired => (
            "Session expired",
            "<h1>Session expired</h1><p>This verification link is no longer valid. Start the verification again from your profile.</p>".to_owned(),
        ),
    };
    let event = event
        .map(|(kind, payload)| format!("<script src=\"/sandbox/sumsub/applicant.js\" data-event=\"{}\" data-payload=\"{}\"></script>", escape(kind), escape(payload)))
        .unwrap_or_default();
    let (background, text, hint, border) = if dark {
        ("#161920", "#f3f4f6", "#9ba3b1", "#3a404c")
    } else {
        ("#ffffff", "#15181d", "#586170", "#c9ced6")
    };
    let document = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
         <title>{title}</title><style>\
         body{{font-family:system-ui,sans-serif;background:{background};color:{text};margin:0;padding:1.25rem;line-height:1.45}}\
         h1{{font-size:1.35rem;margin:.2rem 0 .6rem}}h2{{font-size:1rem}}.step,.note{{color:{hint};font-size:.85rem;margin:0}}\
         fieldset{{border:1px solid {border};border-radius:.75rem;margin:0 0 1rem;padding:.5rem .9rem}}\
         .option{{display:flex;gap:.6rem;align-items:center;min-height:2.75rem}}form{{margin:.5rem 0}}\
         button{{font:inherit;font-weight:600;min-height:2.75rem;padding:0 1.4rem;border-radius:.75rem;border:1px solid {border};cursor:pointer}}\
         .primary{{background:#f2b630;color:#1b1400;border-color:#f2b630}}.secondary{{background:transparent;color:{text}}}\
         .reviewer{{margin-top:1.5rem;border-top:1px solid {border};padding-top:.5rem}}\
         </style></head><body><main>{body}</main>{event}</body></html>",
        title = escape(title),
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
