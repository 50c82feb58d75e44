//! Bonus codes. A code is checked when applied: unknown is status 3 (incorrect); expired, already
//! applied by this player, meant for another trigger, or not offered in the currency of the
//! player's active account is status 4 (not available). A code applies once per player.
//! Trigger 1 codes issue their package at once; trigger 3 (deposit) codes wait, status 1, until
//! the player's next credited deposit issues it (status 2). Only one deposit code waits at a time,
//! and a waiting code may be removed, which frees it to be applied again.
//! Every change is published on `bonus:player-bonus-codes#{id}` as
//! `{"event": "bonus-code.updated" | "bonus-code.removed", "playerBonusCode": {...}}`.

use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use super::SettledDeposit;
use super::bonuses::{self, Grant};
use super::changes::{Changes, Tx};
use crate::clock::NOW;
use crate::realtime::channels;
use crate::rewards::RewardError;

/// Issues its package when applied.
pub const TRIGGER_NOW: i64 = 1;
/// Issues its package on the next deposit (spec, section 9: the deposit bonus code trigger).
pub const TRIGGER_DEPOSIT: i64 = 3;

pub const STATUS_WAITING: i64 = 1;
pub const STATUS_USED: i64 = 2;
pub const STATUS_INCORRECT: i64 = 3;
pub const STATUS_NOT_AVAILABLE: i64 = 4;

#[derive(Debug, Clone, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PlayerBonusCode {
    pub player_bonus_code_id: i64,
    pub bonus_code: String,
    pub trigger: i64,
    /// 1 waiting for its trigger, 2 used (its package was issued).
    pub status: i64,
    pub package_id: i64,
    pub created_at: String,
    pub updated_at: String,
}

pub async fn codes_of(
    conn: &mut SqliteConnection,
    player_id: i64,
    id: Option<i64>,
) -> Result<Vec<PlayerBonusCode>, RewardError> {
    Ok(sqlx::query_as(
        "SELECT pc.id AS player_bonus_code_id, bc.code AS bonus_code, pc.trigger, pc.status,
                bc.package_id, pc.created_at, pc.updated_at
         FROM player_bonus_codes pc JOIN bonus_codes bc ON bc.code = pc.code
         WHERE pc.player_id = ?1 AND (?2 IS NULL OR pc.id = ?2) ORDER BY pc.id DESC",
    )
    .bind(player_id)
    .bind(id)
    .fetch_all(conn)
    .await?)
}

fn publish(changes: &mut Changes, player_id: i64, event: &str, code: &PlayerBonusCode) {
    changes.publish(
        channels::bonus_codes(player_id),
        json!({ "event": event, "playerBonusCode": code }),
    );
}

async fn publish_updated(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), RewardError> {
    for code in codes_of(tx, player_id, Some(id)).await? {
        publish(changes, player_id, "bonus-code.updated", &code);
    }
    Ok(())
}

/// Why a code was refused: the spec's status and the reason for people.
#[derive(Debug)]
pub struct Refusal {
    pub status: i64,
    pub code: &'static str,
    pub message: String,
}

fn not_available(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        status: STATUS_NOT_AVAILABLE,
        code,
        message: message.into(),
    }
}

/// A code that exists and has not expired.
struct Valid {
    code: String,
    package_id: i64,
    trigger: i64,
}

async fn find(
    conn: &mut SqliteConnection,
    entered: &str,
) -> Result<Result<Valid, Refusal>, RewardError> {
    let found: Option<(String, i64, i64, bool)> = sqlx::query_as(&format!(
        "SELECT code, package_id, trigger, valid_until IS NOT NULL AND valid_until <= {NOW}
         FROM bonus_codes WHERE code = ?"
    ))
    .bind(entered)
    .fetch_optional(conn)
    .await?;
    let Some((code, package_id, trigger, expired)) = found else {
        return Ok(Err(Refusal {
            status: STATUS_INCORRECT,
            code: "bonus_code_incorrect",
            message: "There is no such bonus code.".to_owned(),
        }));
    };
    if expired {
        return Ok(Err(not_available(
            "bonus_code_expired",
            "This bonus code has expired.",
        )));
    }
    Ok(Ok(Valid {
        code,
        package_id,
        trigger,
    }))
}

/// Whether a new player may enter the code at sign-up for a first account in `currency`: its
/// trigger when they may (the code is applied with it once the player exists).
pub async fn check_at_sign_up(
    conn: &mut SqliteConnection,
    entered: &str,
    currency: &str,
) -> Result<Result<i64, Refusal>, RewardError> {
    let valid = match find(conn, entered).await? {
        Ok(valid) => valid,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if !bonuses::offered_in(conn, valid.package_id, currency).await? {
        return Ok(Err(not_available(
            "bonus_code_wrong_currency",
            format!("This bonus code is not available for {currency} accounts."),
        )));
    }
    Ok(Ok(valid.trigger))
}

/// Applies a code for the player (`session_id`: the session that entered it, none at sign-up). The
/// outer error is a failure of the platform; the inner one a refused code.
pub async fn apply(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    session_id: Option<&str>,
    entered: &str,
    trigger: i64,
) -> Result<Result<i64, Refusal>, RewardError> {
    let Valid {
        code,
        package_id,
        trigger: code_trigger,
    } = match find(tx, entered).await? {
        Ok(valid) => valid,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if code_trigger != trigger {
        let hint = if code_trigger == TRIGGER_DEPOSIT {
            "It is a deposit code: enter it with your deposit."
        } else {
            "It is not a deposit code: enter it on the bonuses page."
        };
        return Ok(Err(not_available(
            "bonus_code_wrong_trigger",
            format!("This bonus code cannot be used here. {hint}"),
        )));
    }
    let used: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM player_bonus_codes WHERE player_id = ? AND code = ?)",
    )
    .bind(player_id)
    .bind(&code)
    .fetch_one(&mut **tx)
    .await?;
    if used {
        return Ok(Err(not_available(
            "bonus_code_used",
            "You have already used this bonus code.",
        )));
    }
    let currency: Option<String> =
        sqlx::query_scalar("SELECT currency FROM accounts WHERE player_id = ? AND is_active = 1")
            .bind(player_id)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(currency) = currency else {
        return Ok(Err(not_available(
            "bonus_code_no_account",
            "Open an account before using a bonus code.",
        )));
    };
    if !bonuses::offered_in(tx, package_id, &currency).await? {
        return Ok(Err(not_available(
            "bonus_code_wrong_currency",
            format!("This bonus code is not available for {currency} accounts."),
        )));
    }
    if trigger == TRIGGER_DEPOSIT {
        let waiting: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM player_bonus_codes
                            WHERE player_id = ? AND trigger = 3 AND status = 1)",
        )
        .bind(player_id)
        .fetch_one(&mut **tx)
        .await?;
        if waiting {
            return Ok(Err(not_available(
                "bonus_code_already_waiting",
                "Another deposit bonus code is waiting for your deposit. Remove it first.",
            )));
        }
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO player_bonus_codes (player_id, code, trigger, status, session_id)
         VALUES (?, ?, ?, 1, ?) RETURNING id",
    )
    .bind(player_id)
    .bind(&code)
    .bind(trigger)
    .bind(session_id)
    .fetch_one(&mut **tx)
    .await?;
    if trigger == TRIGGER_NOW {
        let grant = Grant {
            player_id,
            package_id,
            currency: &currency,
            deposit_amount: None,
            fixed_amount: None,
            source: "code",
            session_id,
        };
        if bonuses::issue(tx, changes, &grant).await?.is_none() {
            return Err(
                anyhow::anyhow!("package {package_id} of code {code} came to nothing").into(),
            );
        }
        mark_used(tx, id).await?;
    }
    publish_updated(tx, changes, player_id, id).await?;
    Ok(Ok(id))
}

async fn mark_used(tx: &mut Tx, id: i64) -> Result<(), RewardError> {
    sqlx::query(&format!(
        "UPDATE player_bonus_codes SET status = {STATUS_USED}, updated_at = {NOW} WHERE id = ?"
    ))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Removes a waiting code. A used code stays: its bonus was issued.
pub async fn remove(
    tx: &mut Tx,
    changes: &mut Changes,
    player_id: i64,
    id: i64,
) -> Result<(), RewardError> {
    let code = codes_of(tx, player_id, Some(id))
        .await?
        .into_iter()
        .next()
        .ok_or(RewardError::BonusCodeNotFound)?;
    if code.status == STATUS_USED {
        return Err(RewardError::BonusCodeUsed);
    }
    sqlx::query("DELETE FROM player_bonus_codes WHERE id = ?")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    publish(changes, player_id, "bonus-code.removed", &code);
    Ok(())
}

/// Issues the package of the deposit code waiting for this deposit, if there is one and it is
/// offered in the deposit's currency (else the code keeps waiting). `true` if a bonus was issued.
pub async fn issue_waiting(
    tx: &mut Tx,
    changes: &mut Changes,
    deposit: &SettledDeposit,
) -> Result<bool, RewardError> {
    let waiting: Option<(i64, i64, Option<String>)> = sqlx::query_as(
        "SELECT pc.id, bc.package_id, pc.session_id
         FROM player_bonus_codes pc JOIN bonus_codes bc ON bc.code = pc.code
         WHERE pc.player_id = ? AND pc.trigger = 3 AND pc.status = 1 ORDER BY pc.id LIMIT 1",
    )
    .bind(deposit.player_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((id, package_id, session_id)) = waiting else {
        return Ok(false);
    };
    let grant = Grant {
        player_id: deposit.player_id,
        package_id,
        currency: &deposit.currency,
        deposit_amount: Some(deposit.amount),
        fixed_amount: None,
        source: "code",
        session_id: session_id.as_deref(),
    };
    if bonuses::issue(tx, changes, &grant).await?.is_none() {
        return Ok(false);
    }
    mark_used(tx, id).await?;
    publish_updated(tx, changes, deposit.player_id, id).await?;
    Ok(true)
}
