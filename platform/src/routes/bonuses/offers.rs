//! What the platform offers: deposit bonuses, their availability to the player, and cashback.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::money::rates::Rates;
use crate::rewards::cashback::{self, Cashback};
use crate::rewards::deposit_offers::{self, BonusAvailability, DepositBonus};
use crate::routes::List;
use crate::routes::extract::Query;
use crate::routes::list_query::ListQuery;
use crate::{ApiError, AppState, rewards};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(deposit_bonuses))
        .routes(routes!(availability))
        .routes(routes!(current_cashback))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct OffersQuery {
    /// The deposit's currency; the active account's (or the base currency) without it.
    currency: Option<String>,
    /// The deposit in minor units: only bonuses it qualifies for are listed.
    amount: Option<i64>,
}

/// Deposit bonuses in a currency. For a signed-in player, only those their next deposit can get
/// (the welcome bonus only before the first deposit); with `amount`, only those it reaches.
#[utoipa::path(get, path = "/api/game/bonuses", tag = "bonuses", security((), ("bearer" = [])), params(OffersQuery),
    responses((status = 200, body = List<DepositBonus>), (status = 400, body = service_kit::ErrorBody)))]
async fn deposit_bonuses(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Query(query): Query<OffersQuery>,
) -> Result<JsonResponse<List<DepositBonus>>, ApiError> {
    if query.amount.is_some_and(|amount| amount < 0) {
        return Err(ApiError::bad_request(
            "invalid_query",
            "amount is a deposit in minor units, 0 or more.",
        ));
    }
    let player_id = player.map(|p| p.id);
    let mut conn = state.pool.acquire().await?;
    let currency = rewards::currency_for(&mut conn, query.currency.as_deref(), player_id).await?;
    let rates = Rates::load(&mut *conn).await?;
    let number = match player_id {
        Some(id) => Some(deposit_offers::next_deposit_number(&mut conn, id).await?),
        None => None,
    };
    let data = deposit_offers::deposit_bonuses(&mut conn, &currency)
        .await?
        .into_iter()
        .filter(|offer| number.is_none_or(|n| offer.number_qualifies(n)))
        .filter(|offer| {
            query
                .amount
                .is_none_or(|amount| offer.amount_qualifies(&rates, &currency, amount))
        })
        .collect();
    Ok(JsonResponse(List { data }))
}

/// Whether each deposit bonus is available to the player's next deposit in a currency.
#[utoipa::path(get, path = "/api/game/bonuses/status", tag = "bonuses", security(("bearer" = [])),
    params(("bonusIds" = Vec<i64>, Query, description = "Deposit bonus ids, repeated or comma-separated"),
           ("currency" = Option<String>, Query)),
    responses((status = 200, body = List<BonusAvailability>), (status = 400, body = service_kit::ErrorBody)))]
async fn availability(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<JsonResponse<List<BonusAvailability>>, ApiError> {
    let query = ListQuery::new(query, &["bonusIds", "currency"])?;
    let ids = query.integers("bonusIds")?.ok_or_else(|| {
        ApiError::bad_request(
            "invalid_query",
            "bonusIds lists the deposit bonuses to check.",
        )
    })?;
    let mut conn = state.pool.acquire().await?;
    let currency =
        rewards::currency_for(&mut conn, query.text("currency")?, Some(player.id)).await?;
    let data = deposit_offers::availability(&mut conn, player.id, &currency, ids).await?;
    Ok(JsonResponse(List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct CashbackQuery {
    /// The active account's currency without it.
    currency: Option<String>,
}

/// This week's cashback so far in a currency (see `crate::rewards::cashback`).
#[utoipa::path(get, path = "/api/game/bonuses/cashback", tag = "bonuses", security(("bearer" = [])),
    params(CashbackQuery),
    responses((status = 200, body = Cashback), (status = 400, body = service_kit::ErrorBody)))]
async fn current_cashback(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Query(query): Query<CashbackQuery>,
) -> Result<JsonResponse<Cashback>, ApiError> {
    rewards::bring_up_to_date(&state.deps(), player.id).await?;
    let mut conn = state.pool.acquire().await?;
    let currency =
        rewards::currency_for(&mut conn, query.currency.as_deref(), Some(player.id)).await?;
    Ok(JsonResponse(
        cashback::current(&mut conn, player.id, &currency).await?,
    ))
}
