//! The player's referral programme (`/api/referral`): who they invited, what they earned, and the
//! transfer of earnings into the wallet. The rules are in `crate::referrals`.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::referrals::{self, PreparedReferralMessage, ReferralProgramme, ReferralTransfer};
use crate::rewards::Unit;
use crate::routes::extract::Json;
use crate::routes::player::validation::Checks;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(programme))
        .routes(routes!(transfer))
        .routes(routes!(telegram_message))
}

/// The player's referral link parameter, invited players with their state and earnings, and the
/// referral balance per currency.
#[utoipa::path(get, path = "/api/referral", tag = "referral", security(("bearer" = [])),
    responses((status = 200, body = ReferralProgramme), (status = 401, body = service_kit::ErrorBody)))]
async fn programme(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<ReferralProgramme>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    Ok(JsonResponse(
        referrals::programme(&mut conn, player.id).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TransferRequest {
    /// The currency whose available earnings move.
    currency: String,
    /// Chosen by the client, 8 to 64 characters (a UUID): repeating a transfer with the same key
    /// answers the first transfer and moves nothing more.
    idempotency_key: String,
}

const KEY_MIN: usize = 8;
const KEY_MAX: usize = 64;

/// Moves all available referral earnings of a currency into the wallet account in it (opened if
/// missing). Idempotent by `idempotencyKey`.
#[utoipa::path(post, path = "/api/referral/transfers", tag = "referral", security(("bearer" = [])),
    request_body = TransferRequest,
    responses((status = 200, body = ReferralTransfer),
              (status = 401, body = service_kit::ErrorBody),
              (status = 422, description = "validation_failed", body = service_kit::ErrorBody),
              (status = 409, description = "nothing_to_transfer, idempotency_key_reused", body = service_kit::ErrorBody)))]
async fn transfer(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Json(body): Json<TransferRequest>,
) -> Result<JsonResponse<ReferralTransfer>, ApiError> {
    let currency = body.currency.trim().to_ascii_uppercase();
    let key = body.idempotency_key.trim();
    let mut checks = Checks::default();
    checks.check(
        "currency",
        (currency.is_empty()
            || currency.len() > 10
            || !currency.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| "The currency is a code such as USD.".to_owned()),
    );
    checks.check(
        "idempotencyKey",
        (key.len() < KEY_MIN
            || key.len() > KEY_MAX
            || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then(|| format!("The key is {KEY_MIN} to {KEY_MAX} letters, digits or hyphens.")),
    );
    checks.finish()?;
    let mut unit = Unit::begin(&state.deps(), player.id).await?;
    let done =
        referrals::transfer(&mut unit.tx, &mut unit.changes, player.id, &currency, key).await?;
    unit.commit(&state.deps()).await?;
    Ok(JsonResponse(done))
}

/// The referral card the bot prepared for the player's Telegram account, to share with Telegram's
/// `shareMessage`: a short invitation in their language whose button opens the Mini App with their
/// referral. The client falls back to the inline query or the link when this is refused.
#[utoipa::path(post, path = "/api/referral/telegram-message", tag = "referral", security(("bearer" = [])),
    responses((status = 200, body = PreparedReferralMessage),
              (status = 401, body = service_kit::ErrorBody),
              (status = 409, description = "The player has no Telegram account", body = service_kit::ErrorBody),
              (status = 503, description = "The bot is not configured, cannot be reached or could not prepare it", body = service_kit::ErrorBody)))]
async fn telegram_message(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<JsonResponse<PreparedReferralMessage>, ApiError> {
    let hook = state.config.bot_events.as_ref();
    Ok(JsonResponse(
        referrals::telegram_message(&state.pool, hook, player.id).await?,
    ))
}
