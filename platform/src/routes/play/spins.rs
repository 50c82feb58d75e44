//! The provider's side of a game session over HTTP: spins of the sandbox slot, and the
//! sportsbook's bets and their settlement. What they do is `crate::play::spins`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::play::spins::{self, Bet, Spin, Wager};
use crate::routes::extract::SandboxControl;
use crate::routes::extract::{Json, Path};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(spin))
        .routes(routes!(place_sportsbook_bet))
        .routes(routes!(settle_sportsbook_bet))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Stake {
    /// Minor units of the session's currency.
    amount: i64,
}

impl Stake {
    fn on<'a>(&self, token: &'a str, caller: Option<&'a CurrentPlayer>) -> Wager<'a> {
        Wager {
            token,
            caller,
            amount: self.amount,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpinResult {
    spin: Spin,
    /// The session's balance after the spin, in minor units: the account's for real money, the
    /// session's virtual balance for demo.
    balance: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BetResult {
    bet: Bet,
    /// The account's balance afterwards, in minor units.
    balance: i64,
}

/// One spin of the sandbox slot for `amount` minor units, drawn server-side (return to player
/// 96%). Real money: refused by limits (409 `game.bet.restricted`), by an active bonus's max bet
/// (409 `game.bet.max.exceed`) or by the balance (422 `insufficient_funds`); else the bet, the
/// win, both rows and the balance change happen in one transaction. Demo: the session's virtual
/// balance moves, nothing is published; a signed-in player's running self-exclusion or cooling-off
/// stops it (409 `limit.self_exclusion.active` / `limit.cooling_off.active`).
#[utoipa::path(post, path = "/api/sandbox/game-sessions/{token}/spins", tag = "sandbox", security((), ("bearer" = [])),
    params(("token" = String, Path)), request_body = Stake,
    responses((status = 200, body = SpinResult),
              (status = 401, description = "game.session.closed", body = service_kit::ErrorBody),
              (status = 409, description = "game.bet.restricted, game.bet.max.exceed, limit.self_exclusion.active, limit.cooling_off.active", body = service_kit::ErrorBody),
              (status = 403, description = "game.session.foreign", body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 409, description = "game.session.sportsbook", body = service_kit::ErrorBody),
              (status = 410, description = "game.session.expired", body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn spin(
    State(state): State<AppState>,
    caller: Option<CurrentPlayer>,
    Path(token): Path<String>,
    Json(stake): Json<Stake>,
) -> Result<JsonResponse<SpinResult>, ApiError> {
    let played = spins::spin(&state.deps(), stake.on(&token, caller.as_ref())).await?;
    Ok(JsonResponse(SpinResult {
        spin: played.item,
        balance: played.balance,
    }))
}

/// Places a sportsbook bet of `amount` minor units from the session's account: limits and the
/// balance are checked as for spins (bonus max bets apply to casino games only), the bet stays
/// unsettled until `POST /api/sandbox/bets/{id}/settle`. The sandbox stands in for the
/// sportsbook provider's wallet call.
#[utoipa::path(post, path = "/api/sandbox/game-sessions/{token}/bets", tag = "sandbox", security((), ("bearer" = [])),
    params(("token" = String, Path)), request_body = Stake,
    responses((status = 201, body = BetResult),
              (status = 401, description = "game.session.closed", body = service_kit::ErrorBody),
              (status = 409, description = "game.bet.restricted", body = service_kit::ErrorBody),
              (status = 403, description = "game.session.foreign", body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody),
              (status = 409, description = "game.session.casino: a casino session spins", body = service_kit::ErrorBody),
              (status = 410, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn place_sportsbook_bet(
    State(state): State<AppState>,
    caller: Option<CurrentPlayer>,
    Path(token): Path<String>,
    Json(stake): Json<Stake>,
) -> Result<(StatusCode, JsonResponse<BetResult>), ApiError> {
    let played =
        spins::place_sportsbook_bet(&state.deps(), stake.on(&token, caller.as_ref())).await?;
    Ok((
        StatusCode::CREATED,
        JsonResponse(BetResult {
            bet: played.item,
            balance: played.balance,
        }),
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Settlement {
    /// What the bet pays back, in minor units (0 for a lost bet).
    win: i64,
}

/// The sportsbook's settlement of an unsettled bet: credits the win once. A settled bet is a 409
/// and nothing changes.
#[utoipa::path(post, path = "/api/sandbox/bets/{id}/settle", tag = "sandbox",
    params(("id" = i64, Path)), request_body = Settlement,
    responses((status = 200, body = BetResult), (status = 404, body = service_kit::ErrorBody),
              (status = 409, body = service_kit::ErrorBody),
              (status = 422, body = service_kit::ErrorBody)))]
async fn settle_sportsbook_bet(
    _: SandboxControl,
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(settlement): Json<Settlement>,
) -> Result<JsonResponse<BetResult>, ApiError> {
    let played = spins::settle_sportsbook_bet(&state.deps(), id, settlement.win).await?;
    Ok(JsonResponse(BetResult {
        bet: played.item,
        balance: played.balance,
    }))
}
