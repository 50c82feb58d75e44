//! Field rules per form scenario, served from data so an operator can change a form without a
//! client release. A field the server marks required gets a `required` rule in the client.

use axum::Json as JsonResponse;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;

use crate::extract::Query;
use crate::routes::List;
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

#[derive(FromRow)]
struct Row {
    field: String,
    is_required: bool,
    rules: String,
}

/// The rules of one form field.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct FieldRules {
    field: String,
    is_required: bool,
    rules: Vec<FieldRule>,
}

/// One rule in the spec's vocabulary (`email`, `minLength`, `alpha_dash`, `minAge`...), with its
/// value when the rule takes one.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
struct FieldRule {
    rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    value: Option<i64>,
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
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT field, is_required, rules FROM field_validations WHERE scenario = ? ORDER BY position",
    )
    .bind(&query.scenario)
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|row| {
            Ok(FieldRules {
                field: row.field,
                is_required: row.is_required,
                rules: serde_json::from_str(&row.rules)
                    .map_err(|e| anyhow::anyhow!("stored rules are not JSON: {e}"))?,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(JsonResponse(List { data }))
}
