//! The registration scenario as the sandbox's operator sets it: what the sign-up form asks, its
//! rules and masks (spec sections 3 and 5). It replaces the first version's shorter list.

use sqlx::{Sqlite, Transaction};

/// (field, required, rules in the spec's vocabulary, mask).
const REGISTRATION: &[(&str, bool, &str, Option<&str>)] = &[
    ("email", true, r#"[{"rule":"email"}]"#, None),
    (
        "password",
        true,
        r#"[{"rule":"minLength","value":8}]"#,
        None,
    ),
    // The base currency when none is chosen.
    ("currency", false, r#"[]"#, None),
    (
        "nickname",
        false,
        r#"[{"rule":"minLength","value":3},{"rule":"maxLength","value":24},{"rule":"alpha_dash"}]"#,
        None,
    ),
    // International format: a plus, then the calling code and the national number.
    (
        "phone",
        false,
        r#"[{"rule":"phone"}]"#,
        Some("+#################"),
    ),
    ("country", false, r#"[{"rule":"countryCode"}]"#, None),
    (
        "bonusCode",
        false,
        r#"[{"rule":"maxLength","value":50}]"#,
        None,
    ),
    ("receiveEmailPromo", false, r#"[]"#, None),
    ("receiveSmsPromo", false, r#"[]"#, None),
    ("receiveBonus", false, r#"[]"#, None),
    ("agreements", true, r#"[{"rule":"accepted"}]"#, None),
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM field_validations WHERE scenario = 'registration'")
        .execute(&mut **tx)
        .await?;
    for (position, (field, required, rules, mask)) in REGISTRATION.iter().enumerate() {
        sqlx::query(
            "INSERT INTO field_validations (scenario, field, is_required, rules, mask, position)
             VALUES ('registration', ?, ?, ?, ?, ?)",
        )
        .bind(field)
        .bind(required)
        .bind(rules)
        .bind(mask)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
