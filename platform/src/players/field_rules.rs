//! Field rules per form scenario (`profile`, `registration`), served from data so an operator can
//! change a form without a client release. The HTTP side is `routes/player/fields.rs`.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};

#[derive(FromRow)]
struct Row {
    field: String,
    is_required: bool,
    rules: String,
}

/// The rules of one form field.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldRules {
    field: String,
    is_required: bool,
    rules: Vec<FieldRule>,
}

/// One rule in the spec's vocabulary (`email`, `minLength`, `alpha_dash`, `minAge`...), with its
/// value when the rule takes one.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldRule {
    rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    value: Option<i64>,
}

/// The rules of every field of a scenario's form, in the form's order.
pub async fn of_scenario(
    pool: &SqlitePool,
    scenario: &str,
) -> Result<Vec<FieldRules>, anyhow::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT field, is_required, rules FROM field_validations WHERE scenario = ? ORDER BY position",
    )
    .bind(scenario)
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|row| {
            Ok(FieldRules {
                field: row.field,
                is_required: row.is_required,
                rules: serde_json::from_str(&row.rules)
                    .map_err(|e| anyhow::anyhow!("stored rules are not JSON: {e}"))?,
            })
        })
        .collect::<Result<Vec<_>, anyhow::Error>>()
}
