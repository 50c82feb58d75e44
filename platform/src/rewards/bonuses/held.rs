//! What a player holds, a bonus or a free-spin bundle: its activation, cancellation and
//! publication.

use super::wagering::release;
use super::{
    RESULT_CANCELED, STATUS_ACTIVE, STATUS_FINISHED, STATUS_ISSUED, bonuses_of, expire_due,
};
use crate::bot_events::BonusState;
use crate::clock::{NOW, NOW_PLUS};
use crate::realtime::channels;
use crate::rewards::RewardError;
use crate::rewards::changes::{Changes, Tx};
use crate::rewards::freespins;

/// The two kinds of package a player holds, which activate and cancel alike.
#[derive(Debug, Clone, Copy)]
pub enum Held {
    Bonus,
    Freespins,
}

impl Held {
    pub(super) fn table(self) -> &'static str {
        match self {
            Self::Bonus => "player_bonuses",
            Self::Freespins => "player_freespins",
        }
    }

    fn not_found(self) -> RewardError {
        match self {
            Self::Bonus => RewardError::BonusNotFound,
            Self::Freespins => RewardError::FreespinsNotFound,
        }
    }

    /// Tells the player about the package's change, after the commit.
    pub async fn publish(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), RewardError> {
        match self {
            Self::Bonus => {
                let bonuses = bonuses_of(tx, player_id, Some(id)).await?;
                for bonus in &bonuses {
                    let state = BonusState {
                        id: bonus.id,
                        title: &bonus.name,
                        open: bonus.status != STATUS_FINISHED,
                        expires_at: &bonus.expires_at,
                    };
                    changes.bonus_changed(tx, player_id, &state).await?;
                }
                changes.publish_each(
                    &channels::bonuses(player_id),
                    "bonus.updated",
                    "playerBonus",
                    &bonuses,
                );
            }
            Self::Freespins => {
                let freespins = freespins::freespins_of(tx, player_id, Some(id)).await?;
                changes.publish_each(
                    &channels::freespins(player_id),
                    "freespin.updated",
                    "playerFreespin",
                    &freespins,
                );
            }
        }
        Ok(())
    }

    /// 1 → 2, its lifetime counted again from now. A bonus needs no other active bonus in its
    /// currency, and one without wagering (multiplier 0) is released at once.
    pub async fn activate(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), RewardError> {
        expire_due(tx, changes, player_id).await?;
        let lifetime = self.activatable(tx, player_id, id).await?;
        let release_at_once = match self {
            Self::Bonus => bonus_may_start(tx, player_id, id).await?,
            Self::Freespins => false,
        };
        self.start(tx, id, lifetime).await?;
        if release_at_once {
            release(tx, changes, player_id, id).await?;
        }
        self.publish(tx, changes, player_id, id).await
    }

    /// The lifetime in hours of an issued package the player may activate; an active or finished
    /// one is refused.
    async fn activatable(self, tx: &mut Tx, player_id: i64, id: i64) -> Result<i64, RewardError> {
        let row: Option<(i64, i64)> = sqlx::query_as(&format!(
            "SELECT h.status, p.lifetime_hours
             FROM {} h JOIN bonus_packages p ON p.id = h.package_id
             WHERE h.id = ? AND h.player_id = ?",
            self.table()
        ))
        .bind(id)
        .bind(player_id)
        .fetch_optional(&mut **tx)
        .await?;
        let (status, lifetime) = row.ok_or_else(|| self.not_found())?;
        match status {
            STATUS_ISSUED => Ok(lifetime),
            STATUS_ACTIVE => Err(match self {
                Self::Bonus => RewardError::BonusAlreadyActive,
                Self::Freespins => RewardError::FreespinsAlreadyActive,
            }),
            _ => Err(RewardError::Finished(self)),
        }
    }

    async fn start(self, tx: &mut Tx, id: i64, lifetime_hours: i64) -> Result<(), RewardError> {
        sqlx::query(&format!(
            "UPDATE {} SET status = 2, updated_at = {NOW}, expires_at = {NOW_PLUS} WHERE id = ?",
            self.table()
        ))
        .bind(format!("+{lifetime_hours} hours"))
        .bind(id)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// 1 or 2 → 3 with result 3 (expired ones first, so a finished package is refused). An
    /// active bonus's wagering is given up: its money was never in the account, so nothing is
    /// taken back. Free spins not used are lost.
    pub async fn cancel(
        self,
        tx: &mut Tx,
        changes: &mut Changes,
        player_id: i64,
        id: i64,
    ) -> Result<(), RewardError> {
        expire_due(tx, changes, player_id).await?;
        let status: i64 = sqlx::query_scalar(&format!(
            "SELECT status FROM {} WHERE id = ? AND player_id = ?",
            self.table()
        ))
        .bind(id)
        .bind(player_id)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or_else(|| self.not_found())?;
        if status == STATUS_FINISHED {
            return Err(RewardError::Finished(self));
        }
        sqlx::query(&format!(
            "UPDATE {} SET status = 3, result = {RESULT_CANCELED}, updated_at = {NOW} WHERE id = ?",
            self.table()
        ))
        .bind(id)
        .execute(&mut **tx)
        .await?;
        self.publish(tx, changes, player_id, id).await
    }
}

/// Whether a bonus may start now (no other bonus of its currency is active), and whether it is
/// released at once (it needs no wagering).
async fn bonus_may_start(tx: &mut Tx, player_id: i64, id: i64) -> Result<bool, RewardError> {
    let (currency, required): (String, i64) =
        sqlx::query_as("SELECT currency, wager_required FROM player_bonuses WHERE id = ?")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
    let other_active: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM player_bonuses WHERE player_id = ? AND currency = ? AND status = 2)",
    )
    .bind(player_id)
    .bind(&currency)
    .fetch_one(&mut **tx)
    .await?;
    if other_active {
        return Err(RewardError::AnotherBonusActive { currency });
    }
    Ok(required == 0)
}
