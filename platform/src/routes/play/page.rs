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

use crate::html::{Framing, escape, sandbox_page};
use crate::play::{Session, session, slot};
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(game_page))
}

const STYLE: &str = "\
body{margin:0;font-family:system-ui,sans-serif;background:#14121f;color:#f4f1ff;\
display:flex;min-height:100vh;align-items:center;justify-content:center}\
main{width:min(26rem,94vw);text-align:center}\
h1{font-size:1.3rem;margin:.2rem 0 1rem}\
.reels{display:flex;gap:.5rem;justify-content:center;margin:1rem 0}\
.reel{width:5rem;height:5rem;border-radius:.6rem;background:#fff;color:#222;font-size:2rem;\
display:flex;align-items:center;justify-content:center;font-weight:700}\
.row{display:flex;justify-content:space-between;margin:.4rem 0}\
.bet{display:flex;gap:.5rem;align-items:center;justify-content:center;margin:1rem 0}\
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.5rem;border:0;cursor:pointer}\
#spin{background:#f5b400;color:#222;font-weight:700;width:100%;font-size:1.2rem}\
button:disabled{opacity:.5;cursor:default}\
#message{min-height:1.4rem;margin:.6rem 0}.error{color:#ff7a7a}.won{color:#7dff9a}\
.note{color:#a9a3c4;font-size:.8rem}a{color:#c9b8ff}";

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
    let script = if script {
        format!("<script>{SCRIPT}</script>")
    } else {
        String::new()
    };
    let document = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title>\
         <style>{STYLE}</style></head><body>{body}{script}</body></html>",
        title = escape(title),
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
            format!(
                "<p><a href=\"{}\" target=\"_top\">Back to the lobby</a></p>",
                escape(url)
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
            "<main><h1>Game not found</h1><p>Start the game again from the lobby.</p></main>",
            false,
        ));
    };
    if session.is_expired {
        return Ok(page(
            StatusCode::GONE,
            "Game session expired",
            &format!(
                "<main><h1>This game session has expired</h1>\
                 <p>Start the game again from the lobby.</p>{}</main>",
                lobby_link(&session)
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
            &format!(
                "<main><h1>{name}</h1><p>Sportsbook session in {currency}. The sportsbook places \
                 its bets with this session's token.</p>{lobby}</main>",
                name = escape(&session.game_name),
                currency = escape(&session.currency),
                lobby = lobby_link(&session),
            ),
            false,
        ));
    }
    let body = format!(
        "<main id=\"game\" data-token=\"{token}\" data-currency=\"{currency}\" \
         data-subunit=\"{subunit}\" data-balance=\"{balance}\" data-bets=\"{bets}\">\
         <h1>{name}</h1><p class=\"note\">{mode} · return to player {rtp}%</p>\
         <div class=\"reels\"><div class=\"reel\" id=\"r1\">7</div><div class=\"reel\" id=\"r2\">7</div>\
         <div class=\"reel\" id=\"r3\">7</div></div>\
         <div class=\"row\"><span>Balance</span><strong id=\"balance\"></strong></div>\
         <div class=\"row\"><span>Last win</span><strong id=\"win\">–</strong></div>\
         <div class=\"bet\"><button id=\"less\" type=\"button\" aria-label=\"Lower bet\">−</button>\
         <span>Bet <strong id=\"bet\"></strong></span>\
         <button id=\"more\" type=\"button\" aria-label=\"Higher bet\">+</button></div>\
         <button id=\"spin\" type=\"button\">Spin</button><p id=\"message\" role=\"status\"></p>\
         <p class=\"note\">7 7 7 pays 100×, BAR BAR BAR 20×, three ★ 5×, three ♥ 2×, two ♥ 1×.</p>{lobby}</main>",
        token = escape(&session.token),
        currency = escape(&session.currency),
        subunit = session.subunit_to_unit,
        bets = bet_steps(session.subunit_to_unit),
        name = escape(&session.game_name),
        rtp = slot::RTP_PERCENT,
        lobby = lobby_link(&session),
    );
    Ok(page(StatusCode::OK, &session.game_name, &body, true))
}
