//! Field rules per form scenario (`profile`, `registration`), served from data so an operator can
//! change a form without a client release. The HTTP side is `routes/player/fields.rs`.

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqlitePool};

#[derive(FromRow)]
struct Row {
    field: String,
    is_required: bool,
    rules: String,
    mask: Option<String>,
}

/// The rules of one form field.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldRules {
    pub field: String,
    pub is_required: bool,
    pub rules: Vec<FieldRule>,
    /// The input mask of spec section 5 (`#` a digit, `@` a letter, `*` either), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub mask: Option<String>,
}

impl FieldRules {
    /// A field with no rules but being required (the captcha, when the platform asks for one).
    pub fn required(field: &str) -> Self {
        Self {
            field: field.to_owned(),
            is_required: true,
            rules: Vec::new(),
            mask: None,
        }
    }
}

/// One rule in the spec's vocabulary (`email`, `minLength`, `alpha_dash`, `minAge`...), with its
/// value when the rule takes one.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldRule {
    pub rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub value: Option<i64>,
}

/// The rules of every field of a scenario's form, in the form's order.
pub async fn of_scenario(
    pool: &SqlitePool,
    scenario: &str,
) -> Result<Vec<FieldRules>, anyhow::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT field, is_required, rules, mask FROM field_validations WHERE scenario = ? ORDER BY position",
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
                mask: row.mask,
            })
        })
        .collect::<Result<Vec<_>, anyhow::Error>>()
}
