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

/// The rest of section 3's profile fields, after the first ones in the form.
const MORE_PROFILE_RULES: &[(&str, &str, bool, &str)] = &[
    (
        "profile",
        "fullName",
        false,
        r#"[{"rule":"twoWords","value":2},{"rule":"maxLength","value":30}]"#,
    ),
    (
        "profile",
        "nationality",
        false,
        r#"[{"rule":"countryCode"}]"#,
    ),
    (
        "profile",
        "additionalAddress",
        false,
        r#"[{"rule":"minLength","value":2}]"#,
    ),
    (
        "profile",
        "profession",
        false,
        r#"[{"rule":"minLength","value":2},{"rule":"maxLength","value":100}]"#,
    ),
    (
        "profile",
        "placeOfBirth",
        false,
        r#"[{"rule":"minLength","value":2},{"rule":"maxLength","value":100}]"#,
    ),
    (
        "profile",
        "personalIdNumber",
        false,
        r#"[{"rule":"minLength","value":2},{"rule":"maxLength","value":20},{"rule":"alphaNum"}]"#,
    ),
    (
        "profile",
        "securityQuestion",
        false,
        r#"[{"rule":"minLength","value":2},{"rule":"maxLength","value":100}]"#,
    ),
    (
        "profile",
        "securityAnswer",
        false,
        r#"[{"rule":"minLength","value":2},{"rule":"maxLength","value":100}]"#,
    ),
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
    insert_rules(tx, FIELD_RULES, 0).await
}

pub async fn seed_more_fields(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    insert_rules(tx, MORE_PROFILE_RULES, FIELD_RULES.len()).await
}

async fn insert_rules(
    tx: &mut Transaction<'static, Sqlite>,
    rules: &[(&str, &str, bool, &str)],
    first_position: usize,
) -> Result<(), sqlx::Error> {
    for (offset, (scenario, field, required, rules)) in rules.iter().enumerate() {
        sqlx::query(
            "INSERT INTO field_validations (scenario, field, is_required, rules, position) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(scenario)
        .bind(field)
        .bind(required)
        .bind(rules)
        .bind((first_position + offset) as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
