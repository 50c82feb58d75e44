//! Field rules per form scenario over HTTP (`crate::players::field_rules`). A field the server marks
//! required gets a `required` rule in the client. The registration asks for a captcha whenever the
//! platform checks one (`crate::captcha`), so the form knows to show it.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::Deserialize;

use crate::players::field_rules::{self, FieldRules};
use crate::routes::List;
use crate::routes::extract::Query;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(validations))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ScenarioQuery {
    scenario: String,
}

#[utoipa::path(get, path = "/api/player/fields/validations", tag = "player", params(ScenarioQuery), responses((status = 200, body = List<FieldRules>), (status = 400, body = service_kit::ErrorBody)))]
async fn validations(
    State(state): State<AppState>,
    Query(query): Query<ScenarioQuery>,
) -> Result<JsonResponse<List<FieldRules>>, ApiError> {
    if !matches!(query.scenario.as_str(), "profile" | "registration") {
        return Err(ApiError::bad_request(
            "invalid_query",
            "scenario must be profile or registration.",
        ));
    }
    let data = scenario(&state, &query.scenario).await?;
    Ok(JsonResponse(List { data }))
}

/// A scenario's fields as the form gets them and the platform enforces them.
pub async fn scenario(state: &AppState, scenario: &str) -> Result<Vec<FieldRules>, ApiError> {
    let mut fields = field_rules::of_scenario(&state.pool, scenario).await?;
    if scenario == REGISTRATION && state.captcha.asks() {
        fields.push(FieldRules::required("captcha"));
    }
    Ok(fields)
}

pub const REGISTRATION: &str = "registration";
