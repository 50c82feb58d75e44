//! The route-rule lookup (spec section 2, "Page rules"): on every navigation the client sends the
//! path (without its locale prefix) and follows the redirect of the answer, and runs the guards it
//! names. The spec does not show the call; it sits with the other public content calls as
//! `GET /api/content/route-rules?path=/casino`.
//!
//! The rules are `crate::route_rules`. Rules change rarely and every navigation asks, so answers
//! may be cached for five minutes.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::route_rules::{self, RouteRule};
use crate::routes::extract::Query;
use crate::{ApiError, AppState};

const ROUTE_RULES_CACHE_CONTROL: &str = "public, max-age=300";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(route_rule))
}

#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct RouteRuleQuery {
    /// The path of the page, starting with `/`, without the locale prefix, query or fragment.
    path: String,
}

/// The rule for a page path: redirect and guards, or neither when no rule matches.
#[utoipa::path(get, path = "/api/content/route-rules", tag = "content", params(RouteRuleQuery),
    responses(
        (status = 200, body = RouteRule,
         headers(("Cache-Control" = String, description = "public, max-age=300"))),
        (status = 400, body = service_kit::ErrorBody)))]
async fn route_rule(
    State(state): State<AppState>,
    Query(query): Query<RouteRuleQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let rule = route_rules::rule_for(&state.pool, &query.path).await?;
    Ok((
        [(header::CACHE_CONTROL, ROUTE_RULES_CACHE_CONTROL)],
        Json(rule),
    ))
}
