//! `POST /api/game/games/{id}/play`: opens a game session (or the sportsbook's) and answers the
//! game page's `url` and the session `token`. The rules (geo, limits, demo) are
//! `crate::play::launch`.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::play::launch;
use crate::routes::extract::{Json, Path, VisitorCountry};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(play))
}

/// The start-game params (spec, section 3).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PlayRequest {
    /// Virtual money instead of the player's (default false). Guests can only play demo.
    #[serde(default)]
    demo_mode: bool,
    /// The account to play from; by default the active one.
    account_id: Option<i64>,
    /// The game's language, e.g. `en` or `pt-br`.
    locale: Option<String>,
    /// Where the game's lobby button leads: a path of this site or an http(s) URL.
    lobby_url: Option<String>,
    /// 1 mobile, 2 desktop.
    platform: Option<i64>,
    /// The visitor's country, used only when the CDN sent no country header.
    country_code: Option<String>,
    /// The game's provider identity (`altenar` for the sportsbook); must match if given.
    provider: Option<String>,
    /// The captcha's token (`crate::captcha`): asked for when the sportsbook starts for real money
    /// and the platform has a captcha provider; ignored otherwise.
    captcha: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Launch {
    /// The game page: `/api/sandbox/games/{token}`.
    url: String,
    /// The game session token (the sportsbook widget's token).
    token: String,
}

/// Starts a game (or, with the sportsbook's identity `altenar-sportsbook` and provider `altenar`,
/// the sportsbook) for real money from the player's account, or in demo mode with virtual money.
/// `{id}` is a game's numeric id or identity.
#[utoipa::path(post, path = "/api/game/games/{id}/play", tag = "games", security((), ("bearer" = [])),
    params(("id" = String, Path, description = "A game's id or identity"),
           ("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    request_body = PlayRequest,
    responses((status = 200, body = Launch),
              (status = 401, description = "Real play without signing in", body = service_kit::ErrorBody),
              (status = 451, description = "game.geo.restricted", body = service_kit::ErrorBody),
              (status = 409, description = "limit.self_exclusion.active, limit.cooling_off.active, game.demo.unavailable", body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 409, description = "game.demo.unavailable", body = service_kit::ErrorBody),
              (status = 422, description = "A bad field; `captcha` when the sportsbook's robot check did not pass", body = service_kit::ErrorBody),
              (status = 503, description = "captcha_unavailable: the captcha provider could not be reached", body = service_kit::ErrorBody)))]
async fn play(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    visitor_country: Option<VisitorCountry>,
    Path(id): Path<String>,
    Json(body): Json<PlayRequest>,
) -> Result<JsonResponse<Launch>, ApiError> {
    let requested = launch::Requested {
        demo_mode: body.demo_mode,
        account_id: body.account_id,
        locale: body.locale.as_deref(),
        lobby_url: body.lobby_url.as_deref(),
        platform: body.platform,
        country_code: body.country_code.as_deref(),
        provider: body.provider.as_deref(),
        captcha: body.captcha.as_deref(),
    };
    let token = launch::open_session(
        &state.pool,
        &state.captcha,
        player.as_ref(),
        visitor_country.map(|c| c.0),
        &id,
        requested,
    )
    .await?;
    Ok(JsonResponse(Launch {
        url: format!("/api/sandbox/games/{token}"),
        token,
    }))
}
