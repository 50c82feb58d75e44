//! Sign-in from Telegram: the Mini App's raw init data is the only credential. A first sign-in
//! creates the player (with an account in the base currency), attributed to the referral and
//! affiliate values of the launch, or of the bot's record of that user.

use axum::Json as JsonResponse;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Deserialize;
use telegram_init_data::{InitData, Validator};

use crate::auth::sessions::{self, ClientInfo, SessionResponse};
use crate::extract::Json;
use crate::players::{self, NewPlayer};
use crate::wallet;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tg_login))
        .routes(routes!(tg_login_refresh))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TgLogin {
    #[serde(rename = "tg_payload")]
    tg_payload: String,
    affiliate_tag: Option<String>,
    #[serde(rename = "ref_id")]
    ref_id: Option<String>,
    frogo_fingerprint: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TgLoginRefresh {
    #[serde(rename = "tg_payload")]
    tg_payload: String,
    affiliate_tag: Option<String>,
}

#[utoipa::path(post, path = "/api/player/tg_login", tag = "player", request_body = TgLogin, responses((status = 200, body = crate::auth::sessions::SessionResponse), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn tg_login(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<TgLogin>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let attribution = Attribution {
        affiliate_tag: body.affiliate_tag,
        ref_id: body.ref_id,
    };
    sign_in(
        &state,
        &headers,
        &body.tg_payload,
        attribution,
        body.frogo_fingerprint,
    )
    .await
}

/// The messenger client's way to get a fresh session when its token can no longer be refreshed.
#[utoipa::path(post, path = "/api/player/tg_login/refresh", tag = "player", request_body = TgLoginRefresh, responses((status = 200, body = crate::auth::sessions::SessionResponse), (status = 401, body = service_kit::ErrorBody), (status = 403, body = service_kit::ErrorBody), (status = 422, body = service_kit::ErrorBody)))]
async fn tg_login_refresh(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<TgLoginRefresh>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let attribution = Attribution {
        affiliate_tag: body.affiliate_tag,
        ref_id: None,
    };
    sign_in(&state, &headers, &body.tg_payload, attribution, None).await
}

struct Attribution {
    affiliate_tag: Option<String>,
    ref_id: Option<String>,
}

fn validate(state: &AppState, raw: &str) -> Result<InitData, ApiError> {
    let data = Validator::new(state.config.telegram_bot_token.expose())
        .validate(raw)
        .map_err(|e| ApiError::unauthorized(e.code(), "The Telegram launch data is not valid."))?;
    if data.user.is_none() {
        return Err(ApiError::unauthorized(
            "init_data_invalid",
            "The Telegram launch data names no user.",
        ));
    }
    Ok(data)
}

async fn sign_in(
    state: &AppState,
    headers: &HeaderMap,
    raw: &str,
    attribution: Attribution,
    fingerprint: Option<String>,
) -> Result<JsonResponse<SessionResponse>, ApiError> {
    let data = validate(state, raw)?;
    let user = data
        .user
        .ok_or_else(|| anyhow::anyhow!("validated init data has a user"))?;
    let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE tg_user_id = ?")
        .bind(user.id)
        .fetch_optional(&state.pool)
        .await?;
    let (player_id, created) = match existing {
        Some(id) => (id, false),
        None => (create_player(state, &user, attribution).await?, true),
    };
    let mut client = ClientInfo::from_headers(headers, fingerprint);
    client.platform = Some("tg".to_owned());
    Ok(JsonResponse(
        sessions::open(&state.pool, &state.tokens, player_id, &client, created).await?,
    ))
}

async fn create_player(
    state: &AppState,
    user: &telegram_init_data::User,
    attribution: Attribution,
) -> Result<i64, ApiError> {
    let bot_record: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT ref_id, affiliate_tag FROM tg_bot_users WHERE tg_user_id = ?")
            .bind(user.id)
            .fetch_optional(&state.pool)
            .await?;
    let (bot_ref, bot_tag) = bot_record.unwrap_or_default();
    let affiliate_tag = attribution
        .affiliate_tag
        .filter(|t| !t.trim().is_empty())
        .or(bot_tag)
        .map(|t| t.chars().take(100).collect::<String>());
    // A referral names the referring player's id; anything else is ignored.
    let referrer: Option<i64> = match attribution
        .ref_id
        .or(bot_ref)
        .and_then(|r| r.trim().parse::<i64>().ok())
    {
        Some(id) => {
            sqlx::query_scalar("SELECT id FROM players WHERE id = ?")
                .bind(id)
                .fetch_optional(&state.pool)
                .await?
        }
        None => None,
    };
    let language = user
        .language_code
        .as_deref()
        .map(|l| l.chars().take(2).collect::<String>().to_ascii_lowercase());
    let locale: String = sqlx::query_scalar(
        "SELECT code FROM locales WHERE code = ?1 OR (?1 = 'pt' AND code = 'pt-br')
         UNION ALL SELECT code FROM locales WHERE is_default = 1 LIMIT 1",
    )
    .bind(&language)
    .fetch_one(&state.pool)
    .await?;
    let currency = wallet::offered_currency(&state.pool, None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no base currency is offered"))?;

    let mut tx = state.pool.begin().await?;
    let new_player = NewPlayer {
        tg_user_id: Some(user.id),
        first_name: Some(user.first_name.chars().take(100).collect()),
        last_name: user
            .last_name
            .as_deref()
            .map(|n| n.chars().take(100).collect()),
        nickname: user
            .username
            .as_deref()
            .map(|n| n.chars().take(24).collect()),
        language,
        locale: Some(locale),
        affiliate_tag,
        referrer_player_id: referrer,
        ..NewPlayer::default()
    };
    // Two launches of a new user at once: the second finds the first one's row.
    let player_id = match players::create(&mut tx, new_player, &currency).await? {
        Some(id) => id,
        None => {
            sqlx::query_scalar("SELECT id FROM players WHERE tg_user_id = ?")
                .bind(user.id)
                .fetch_one(&mut *tx)
                .await?
        }
    };
    tx.commit().await?;
    Ok(player_id)
}
