//! `GET /api/sandbox/games/{token}`: the sandbox provider's game page, a three-reel slot. The page
//! only shows outcomes: every spin is drawn and paid by the platform (`spins.rs`).
//!
//! Its Content-Security-Policy lets it load nothing from anywhere: the one inline script and the
//! one inline style are allowed by their SHA-256 hashes, `fetch` may reach only this origin, and
//! only this origin (the client) may frame it. The per-session values ride in `data-` attributes,
//! so the script, and with it its hash, never changes.

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use base64::Engine;
use sha2::{Digest, Sha256};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::html::{Framing, Slot, fill, sandbox_page};
use crate::page_template;
use crate::play::{Session, session, slot};
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(game_page))
}

const STYLE: &str = page_template!("game.css");

const SCRIPT: &str = include_str!("../../../assets/game-page.js");

fn hash(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
}

static POLICY: LazyLock<String> = LazyLock::new(|| {
    format!(
        "default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; connect-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
        hash(SCRIPT),
        hash(STYLE)
    )
});

fn page(status: StatusCode, title: &str, body: &str, script: bool) -> Response {
    let body = if script {
        format!("{body}<script>{SCRIPT}</script>")
    } else {
        body.to_owned()
    };
    let document = fill(
        page_template!("page.html"),
        &[
            ("title", Slot::Text(title)),
            ("style", Slot::Markup(STYLE)),
            ("body", Slot::Markup(&body)),
        ],
    );
    // The policy is built from constants at start-up; an unencodable one would be a programming error.
    let policy = HeaderValue::from_str(&POLICY)
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'"));
    sandbox_page(status, document, policy, Framing::SameOrigin)
}

/// Bet steps: 10 to 1000 hundredths of a unit (0.10 to 10.00 for cents).
fn bet_steps(subunit_to_unit: i64) -> String {
    let hundredth = (subunit_to_unit / 100).max(1);
    [10, 20, 50, 100, 200, 500, 1000]
        .iter()
        .map(|step| (step * hundredth).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn lobby_link(session: &Session) -> String {
    session
        .lobby_url
        .as_deref()
        .map(|url| {
            fill(
                page_template!("game-lobby-link.html"),
                &[("url", Slot::Text(url))],
            )
        })
        .unwrap_or_default()
}

/// The sandbox provider's game page of a session: the slot (return to player 96%) for casino
/// games, a short notice for the sportsbook. HTML, for people.
#[utoipa::path(get, path = "/api/sandbox/games/{token}", tag = "sandbox",
    params(("token" = String, Path)),
    responses((status = 200, description = "The game page", content_type = "text/html", body = String),
              (status = 404, content_type = "text/html", body = String),
              (status = 410, description = "The session expired", content_type = "text/html", body = String)))]
async fn game_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    let Some(session) = session(&state.pool, &token).await? else {
        return Ok(page(
            StatusCode::NOT_FOUND,
            "Game not found",
            page_template!("game-not-found.html"),
            false,
        ));
    };
    if session.is_expired {
        return Ok(page(
            StatusCode::GONE,
            "Game session expired",
            &fill(
                page_template!("game-expired.html"),
                &[("lobby", Slot::Markup(&lobby_link(&session)))],
            ),
            false,
        ));
    }
    let balance = session.balance(&state.pool).await?;
    let mode = if session.account_id.is_some() {
        "Real money"
    } else {
        "Demo: virtual money"
    };
    if session.game_id.is_none() {
        return Ok(page(
            StatusCode::OK,
            &session.game_name,
            &fill(
                page_template!("game-sportsbook.html"),
                &[
                    ("name", Slot::Text(&session.game_name)),
                    ("currency", Slot::Text(&session.currency)),
                    ("lobby", Slot::Markup(&lobby_link(&session))),
                ],
            ),
            false,
        ));
    }
    let body = fill(
        page_template!("game-slot.html"),
        &[
            ("token", Slot::Text(&session.token)),
            ("currency", Slot::Text(&session.currency)),
            ("subunit", Slot::Text(&session.subunit_to_unit.to_string())),
            ("balance", Slot::Text(&balance.to_string())),
            ("bets", Slot::Text(&bet_steps(session.subunit_to_unit))),
            ("name", Slot::Text(&session.game_name)),
            ("mode", Slot::Text(mode)),
            ("rtp", Slot::Text(&slot::RTP_PERCENT.to_string())),
            ("lobby", Slot::Markup(&lobby_link(&session))),
        ],
    );
    Ok(page(StatusCode::OK, &session.game_name, &body, true))
}
