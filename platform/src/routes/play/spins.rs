//! The provider's side of a game session: spins of the sandbox slot, and the sportsbook's bets and
//! their settlement. A real platform receives these as the provider's wallet calls; here the game
//! page (and the sportsbook, or a test standing in for it) makes them.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::FromRow;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{MAX_BET, NOW, Session, session, session_not_found, slot};
use crate::auth::CurrentPlayer;
use crate::extract::{Json, Path};
use crate::realtime::{channels, publish_logged};
use crate::rewards::{self, SettledSpin};
use crate::routes::{limits, wallet};
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

/// One spin (the contract other parts rely on: id, gameId, bet, win, currency, createdAt).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Spin {
    pub id: i64,
    pub game_id: i64,
    /// Minor units of `currency`.
    pub bet: i64,
    /// Minor units of `currency`; 0 for a loss.
    pub win: i64,
    pub currency: String,
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpinResult {
    spin: Spin,
    /// The session's balance after the spin, in minor units: the account's for real money, the
    /// session's virtual balance for demo.
    balance: i64,
}

/// A real-money bet (spec: bets history; the sportsbook's bets are unsettled until it settles).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bet {
    pub id: i64,
    /// The casino game; `null` for a sportsbook bet.
    pub game_id: Option<i64>,
    pub game_identity: String,
    pub game_name: String,
    pub account_id: i64,
    /// Minor units of `currency`.
    pub amount: i64,
    /// Minor units of `currency`; `null` until settled.
    pub win: Option<i64>,
    pub currency: String,
    pub is_settled: bool,
    pub created_at: String,
    pub settled_at: Option<String>,
}

pub const BET_SELECT: &str =
    "SELECT b.id, b.game_id, COALESCE(g.identity, sb.identity) AS game_identity,
        COALESCE(g.name, sb.name) AS game_name, b.account_id, b.amount, b.win, b.currency,
        b.settled_at IS NOT NULL AS is_settled, b.created_at, b.settled_at
    FROM game_bets b
    LEFT JOIN games g ON g.id = b.game_id
    LEFT JOIN sportsbooks sb ON sb.id = b.sportsbook_id";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BetResult {
    bet: Bet,
    /// The account's balance afterwards, in minor units.
    balance: i64,
}

fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::client(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

fn insufficient_funds() -> ApiError {
    unprocessable("insufficient_funds", "Your balance is lower than this bet.")
}

fn check_stake(amount: i64) -> Result<i64, ApiError> {
    if (1..=MAX_BET).contains(&amount) {
        Ok(amount)
    } else {
        Err(unprocessable(
            "invalid_amount",
            format!("amount is a whole number of minor units from 1 to {MAX_BET}."),
        ))
    }
}

/// The session, if it may take a bet now from this caller.
async fn usable_session(
    state: &AppState,
    token: &str,
    caller: Option<&CurrentPlayer>,
) -> Result<Session, ApiError> {
    let session = session(&state.pool, token)
        .await?
        .ok_or_else(session_not_found)?;
    if session.is_expired {
        return Err(ApiError::client(
            StatusCode::GONE,
            "game.session.expired",
            "This game session has expired. Start the game again.",
        ));
    }
    if let (Some(caller), Some(owner)) = (caller, session.player_id)
        && caller.id != owner
    {
        return Err(ApiError::forbidden(
            "game.session.foreign",
            "This game session belongs to another player.",
        ));
    }
    if let (Some(player_id), Some(account_id)) = (session.player_id, session.account_id) {
        // The sign-in the game was opened from must still be open, and the account the player's.
        let usable: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM player_sessions s
                            JOIN players p ON p.id = s.player_id AND p.is_blocked = 0
                            JOIN accounts a ON a.player_id = p.id AND a.id = ?3 AND a.is_hidden = 0
                            WHERE s.id = ?1 AND s.player_id = ?2 AND s.closed_at IS NULL)",
        )
        .bind(&session.player_session_id)
        .bind(player_id)
        .bind(account_id)
        .fetch_one(&state.pool)
        .await?;
        if !usable {
            return Err(ApiError::unauthorized(
                "game.session.closed",
                "You signed out or this account is gone. Start the game again.",
            ));
        }
    }
    Ok(session)
}

async fn publish_bet_event(state: &AppState, player_id: i64, data: serde_json::Value) {
    publish_logged(
        state.realtime.as_ref(),
        channels::game_bets(player_id),
        data,
    )
    .await;
}

/// Checks a real-money bet against the player's limits inside `tx`. A refusal rolls `tx` back
/// before it is published (no write lock held across a publication) and is answered
/// `game.bet.restricted`.
async fn check_limits(
    state: &AppState,
    mut tx: sqlx::Transaction<'static, sqlx::Sqlite>,
    session: &Session,
    player_id: i64,
    amount: i64,
) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, ApiError> {
    let Some(reason) = limits::bet_refusal(&mut tx, player_id, &session.currency, amount).await?
    else {
        return Ok(tx);
    };
    tx.rollback().await?;
    publish_bet_event(
        state,
        player_id,
        json!({ "event": "game.bet.restricted", "gameIdentity": session.game_identity }),
    )
    .await;
    Err(ApiError::conflict("game.bet.restricted", reason))
}

async fn balance_of(tx: &mut sqlx::SqliteConnection, account_id: i64) -> Result<i64, ApiError> {
    Ok(
        sqlx::query_scalar("SELECT balance FROM accounts WHERE id = ?")
            .bind(account_id)
            .fetch_one(tx)
            .await?,
    )
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
    let amount = check_stake(stake.amount)?;
    let session = usable_session(&state, &token, caller.as_ref()).await?;
    let Some(game_id) = session.game_id else {
        return Err(ApiError::conflict(
            "game.session.sportsbook",
            "A sportsbook session takes bets, not spins.",
        ));
    };
    let multiplier = slot::draw();
    let win = amount
        .checked_mul(multiplier)
        .ok_or_else(|| anyhow::anyhow!("win of {amount} × {multiplier} overflows"))?;
    match (session.player_id, session.account_id) {
        (Some(player_id), Some(account_id)) => {
            real_spin(
                &state, &session, game_id, player_id, account_id, amount, win,
            )
            .await
        }
        (Some(player_id), None) => {
            // A player who excluded themselves or took a break stops demo play too, as at launch.
            let mut conn = state.pool.acquire().await?;
            if let Some(refusal) = limits::play_refusal(&mut conn, player_id).await? {
                return Err(refusal);
            }
            drop(conn);
            demo_spin(&state, &session, game_id, amount, win).await
        }
        _ => demo_spin(&state, &session, game_id, amount, win).await,
    }
}

async fn demo_spin(
    state: &AppState,
    session: &Session,
    game_id: i64,
    amount: i64,
    win: i64,
) -> Result<JsonResponse<SpinResult>, ApiError> {
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let balance: Option<i64> = sqlx::query_scalar(
        "UPDATE game_sessions SET demo_balance = demo_balance - ?1 + ?2
         WHERE token = ?3 AND demo_balance >= ?1 RETURNING demo_balance",
    )
    .bind(amount)
    .bind(win)
    .bind(&session.token)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(balance) = balance else {
        return Err(unprocessable(
            "insufficient_funds",
            "Your demo balance is lower than this bet. Start the game again for a fresh one.",
        ));
    };
    let spin: Spin = sqlx::query_as(
        "INSERT INTO game_spins (session_token, player_id, game_id, currency, bet, win)
         VALUES (?, ?, ?, ?, ?, ?)
         RETURNING id, game_id, bet, win, currency, created_at",
    )
    .bind(&session.token)
    .bind(session.player_id)
    .bind(game_id)
    .bind(&session.currency)
    .bind(amount)
    .bind(win)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(JsonResponse(SpinResult { spin, balance }))
}

async fn real_spin(
    state: &AppState,
    session: &Session,
    game_id: i64,
    player_id: i64,
    account_id: i64,
    amount: i64,
    win: i64,
) -> Result<JsonResponse<SpinResult>, ApiError> {
    // The bonus's max bet is rewards' state, not money: read before taking the write lock.
    if let Some(max_bet) = rewards::max_bet(state, player_id, &session.currency, game_id).await?
        && amount > max_bet
    {
        publish_bet_event(
            state,
            player_id,
            json!({
                "event": "game.bet.max.exceed",
                "gameIdentity": session.game_identity,
                "playerBonus": { "currency": session.currency, "maxBetAmount": max_bet },
            }),
        )
        .await;
        return Err(ApiError::conflict(
            "game.bet.max.exceed",
            format!(
                "Your active bonus allows bets of at most {max_bet} minor units of {}.",
                session.currency
            ),
        ));
    }
    let tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let mut tx = check_limits(state, tx, session, player_id, amount).await?;
    if !wallet::debit(&mut tx, account_id, amount).await? {
        return Err(insufficient_funds());
    }
    if win > 0 {
        wallet::credit(&mut tx, account_id, win).await?;
    }
    let bet_id: i64 = sqlx::query_scalar(&format!(
        "INSERT INTO game_bets (player_id, account_id, session_token, game_id, currency, amount,
                                win, settled_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, {NOW}) RETURNING id"
    ))
    .bind(player_id)
    .bind(account_id)
    .bind(&session.token)
    .bind(game_id)
    .bind(&session.currency)
    .bind(amount)
    .bind(win)
    .fetch_one(&mut *tx)
    .await?;
    let spin: Spin = sqlx::query_as(
        "INSERT INTO game_spins (session_token, bet_id, player_id, game_id, currency, bet, win)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         RETURNING id, game_id, bet, win, currency, created_at",
    )
    .bind(&session.token)
    .bind(bet_id)
    .bind(player_id)
    .bind(game_id)
    .bind(&session.currency)
    .bind(amount)
    .bind(win)
    .fetch_one(&mut *tx)
    .await?;
    let bet: Bet = sqlx::query_as(&format!("{BET_SELECT} WHERE b.id = ?"))
        .bind(bet_id)
        .fetch_one(&mut *tx)
        .await?;
    let balance = balance_of(&mut tx, account_id).await?;
    tx.commit().await?;

    publish_bet_event(
        state,
        player_id,
        json!({ "event": "bet.placebet", "gameIdentity": session.game_identity, "bet": bet }),
    )
    .await;
    publish_logged(
        state.realtime.as_ref(),
        channels::game_spins(player_id),
        json!({
            "event": "spin.settled",
            "gameIdentity": session.game_identity,
            "spin": spin,
            "balance": balance,
        }),
    )
    .await;
    wallet::publish_balance_change(state, player_id, account_id).await;
    rewards::spin_settled(
        state,
        &SettledSpin {
            spin_id: spin.id,
            player_id,
            account_id,
            currency: session.currency.clone(),
            game_id,
            bet: amount,
            win,
        },
    )
    .await;
    Ok(JsonResponse(SpinResult { spin, balance }))
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
    let amount = check_stake(stake.amount)?;
    let session = usable_session(&state, &token, caller.as_ref()).await?;
    let (Some(sportsbook_id), Some(player_id), Some(account_id)) =
        (session.sportsbook_id, session.player_id, session.account_id)
    else {
        return Err(ApiError::conflict(
            "game.session.casino",
            "Only a sportsbook session takes bets; casino games spin.",
        ));
    };
    let tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let mut tx = check_limits(&state, tx, &session, player_id, amount).await?;
    if !wallet::debit(&mut tx, account_id, amount).await? {
        return Err(insufficient_funds());
    }
    let bet_id: i64 = sqlx::query_scalar(
        "INSERT INTO game_bets (player_id, account_id, session_token, sportsbook_id, currency,
                                amount)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(player_id)
    .bind(account_id)
    .bind(&session.token)
    .bind(sportsbook_id)
    .bind(&session.currency)
    .bind(amount)
    .fetch_one(&mut *tx)
    .await?;
    let bet: Bet = sqlx::query_as(&format!("{BET_SELECT} WHERE b.id = ?"))
        .bind(bet_id)
        .fetch_one(&mut *tx)
        .await?;
    let balance = balance_of(&mut tx, account_id).await?;
    tx.commit().await?;
    publish_bet_event(
        &state,
        player_id,
        json!({ "event": "bet.placebet", "gameIdentity": session.game_identity, "bet": bet }),
    )
    .await;
    wallet::publish_balance_change(&state, player_id, account_id).await;
    Ok((
        StatusCode::CREATED,
        JsonResponse(BetResult { bet, balance }),
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
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(settlement): Json<Settlement>,
) -> Result<JsonResponse<BetResult>, ApiError> {
    if !(0..=MAX_BET.saturating_mul(1000)).contains(&settlement.win) {
        return Err(unprocessable(
            "invalid_amount",
            "win is a whole number of minor units, 0 or more.",
        ));
    }
    let mut tx = state.pool.begin_with("BEGIN IMMEDIATE").await?;
    let bet: Option<(i64, i64, bool)> = sqlx::query_as(
        "SELECT player_id, account_id, settled_at IS NOT NULL FROM game_bets
         WHERE id = ? AND sportsbook_id IS NOT NULL",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((player_id, account_id, settled)) = bet else {
        return Err(ApiError::not_found(
            "bet_not_found",
            "There is no such sportsbook bet.",
        ));
    };
    if settled {
        return Err(ApiError::conflict(
            "bet_settled",
            "This bet is already settled.",
        ));
    }
    sqlx::query(&format!(
        "UPDATE game_bets SET win = ?, settled_at = {NOW} WHERE id = ? AND settled_at IS NULL"
    ))
    .bind(settlement.win)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if settlement.win > 0 {
        wallet::credit(&mut tx, account_id, settlement.win).await?;
    }
    let bet: Bet = sqlx::query_as(&format!("{BET_SELECT} WHERE b.id = ?"))
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let balance = balance_of(&mut tx, account_id).await?;
    tx.commit().await?;
    if settlement.win > 0 {
        wallet::publish_balance_change(&state, player_id, account_id).await;
    }
    Ok(JsonResponse(BetResult { bet, balance }))
}
