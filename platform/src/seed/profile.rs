//! Avatars and the field rules of the registration and profile forms.

use sqlx::{Sqlite, Transaction};

const AVATARS: &[&str] = &[
    "Ace", "Bishop", "Clover", "Diamond", "Eagle", "Fox", "Gem", "Hawk", "Iris", "Jade", "King",
    "Lotus",
];

/// (scenario, field, required, rules in the spec's vocabulary).
const FIELD_RULES: &[(&str, &str, bool, &str)] = &[
    ("registration", "email", true, r#"[{"rule":"email"}]"#),
    (
        "registration",
        "password",
        true,
        r#"[{"rule":"minLength","value":8}]"#,
    ),
    ("registration", "currency", true, r#"[]"#),
    (
        "registration",
        "country",
        false,
        r#"[{"rule":"countryCode"}]"#,
    ),
    (
        "registration",
        "nickname",
        false,
        r#"[{"rule":"minLength","value":3},{"rule":"maxLength","value":24},{"rule":"alpha_dash"}]"#,
    ),
    (
        "registration",
        "agreements",
        true,
        r#"[{"rule":"accepted"}]"#,
    ),
    (
        "profile",
        "nickname",
        false,
        r#"[{"rule":"minLength","value":3},{"rule":"maxLength","value":24},{"rule":"alpha_dash"}]"#,
    ),
    (
        "profile",
        "firstName",
        true,
        r#"[{"rule":"minLength","value":2}]"#,
    ),
    (
        "profile",
        "lastName",
        true,
        r#"[{"rule":"minLength","value":2}]"#,
    ),
    (
        "profile",
        "birthdate",
        true,
        r#"[{"rule":"date"},{"rule":"minAge","value":18}]"#,
    ),
    ("profile", "country", true, r#"[{"rule":"countryCode"}]"#),
    (
        "profile",
        "city",
        false,
        r#"[{"rule":"minLength","value":2}]"#,
    ),
    (
        "profile",
        "address",
        false,
        r#"[{"rule":"minLength","value":2}]"#,
    ),
    ("profile", "postalCode", false, r#"[{"rule":"alphaNum"}]"#),
    ("profile", "phone", false, r#"[{"rule":"phone"}]"#),
    // Asked of players in Brazil only (the client adds `required` when the country is BR).
    ("profile", "cpf_number", false, r#"[{"rule":"cpf_number"}]"#),
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for (position, name) in AVATARS.iter().enumerate() {
        sqlx::query("INSERT INTO avatars (id, name, position) VALUES (?, ?, ?)")
            .bind(position as i64 + 1)
            .bind(name)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
    }
    for (position, (scenario, field, required, rules)) in FIELD_RULES.iter().enumerate() {
        sqlx::query(
            "INSERT INTO field_validations (scenario, field, is_required, rules, position) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(scenario)
        .bind(field)
        .bind(required)
        .bind(rules)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
