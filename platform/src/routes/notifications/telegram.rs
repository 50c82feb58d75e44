//! The signed-in player's Telegram message switches (`/api/player/telegram-notifications`), kept
//! by the bot and reached through it: `crate::notifications::telegram`.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::bot_events::requests::{BotRequestError, PlayerRequestError};
use crate::notifications::telegram::{self, TelegramSwitches, TelegramSwitchesChange};
use crate::routes::extract::Json;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, change))
}

/// A change the bot refused names an unknown kind of message.
fn refused_change(error: PlayerRequestError) -> ApiError {
    match error {
        PlayerRequestError::Bot(BotRequestError::Refused(reason)) => ApiError::client(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_telegram_notifications",
            reason,
        ),
        other => other.into(),
    }
}

#[utoipa::path(get, path = "/api/player/telegram-notifications", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = TelegramSwitches), (status = 401, body = service_kit::ErrorBody),
        (status = 409, description = "The player has no Telegram account", body = service_kit::ErrorBody),
        (status = 503, description = "The bot is not configured or cannot be reached", body = service_kit::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<TelegramSwitches>, ApiError> {
    let hook = state.config.bot_events.as_ref();
    let change = TelegramSwitchesChange::default();
    Ok(JsonResponse(
        telegram::switches(&state.pool, hook, player.id, &change)
            .await
            .map_err(refused_change)?,
    ))
}

/// Turns messages on or off (all of them, or kinds), and records the player's write access.
#[utoipa::path(put, path = "/api/player/telegram-notifications", tag = "notifications", security(("bearer" = [])),
    request_body = TelegramSwitchesChange,
    responses((status = 200, body = TelegramSwitches), (status = 401, body = service_kit::ErrorBody),
        (status = 409, description = "The player has no Telegram account", body = service_kit::ErrorBody),
        (status = 422, description = "An unknown kind of message", body = service_kit::ErrorBody),
        (status = 503, description = "The bot is not configured or cannot be reached", body = service_kit::ErrorBody)))]
async fn change(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(change): Json<TelegramSwitchesChange>,
) -> Result<JsonResponse<TelegramSwitches>, ApiError> {
    let hook = state.config.bot_events.as_ref();
    Ok(JsonResponse(
        telegram::switches(&state.pool, hook, player.id, &change)
            .await
            .map_err(refused_change)?,
    ))
}
