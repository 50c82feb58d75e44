//! What play and payments tell the player's rewards: bonuses (wagering, max bet), quests, loyalty
//! and notifications. Play (`routes::play`) and payments call these; the rewards routes own the
//! tables behind them. Everything here runs after the money's transaction committed: progress is
//! derived from settled bets and deposits, so a failure here is logged and never undoes money.
//!
//! Each event is applied in one transaction of its own, and what it changed is published after
//! that commits (see `changes`).

pub mod bonus_codes;
pub mod bonuses;
pub mod cashback;
pub mod changes;
pub mod deposit_offers;
pub mod freespins;
pub mod loyalty;
pub mod notifications;
pub mod quests;

use std::future::Future;
use std::pin::Pin;

use crate::clock::NOW;
use crate::money::rates::Rates;
use bonuses::Held;
use changes::{Changes, Tx};
use notifications::Kind;
use quests::Progress;

use crate::deps::Deps;
use crate::wallet::WalletError;
use sqlx::SqliteConnection;

/// Why the rewards refuse what the player asked.
#[derive(Debug, thiserror::Error)]
pub enum RewardError {
    #[error("there is no currency {asked:?}")]
    CurrencyUnknown { asked: String },
    #[error("there is no such bonus")]
    BonusNotFound,
    #[error("there are no such free spins")]
    FreespinsNotFound,
    #[error("the bonus is already active")]
    BonusAlreadyActive,
    #[error("the free spins are already active")]
    FreespinsAlreadyActive,
    /// Issued bonuses and free spins are finished once they are no longer issued or active.
    #[error("the {0:?} is finished")]
    Finished(Held),
    #[error("another {currency} bonus is active")]
    AnotherBonusActive { currency: String },
    #[error("there is no such applied bonus code")]
    BonusCodeNotFound,
    #[error("the bonus code has issued its bonus")]
    BonusCodeUsed,
    #[error("there is no such quest")]
    QuestNotFound,
    #[error("the quest is already active")]
    QuestAlreadyActive,
    /// The quest is completed, expired or cancelled (`state`, one of `quests::STATE_*`).
    #[error("the quest is over (state {state})")]
    QuestOver { state: i64 },
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A spin that has been paid out: the bet left the account and the win (maybe 0) came back.
#[derive(Debug, Clone)]
pub struct SettledSpin {
    pub spin_id: i64,
    pub player_id: i64,
    pub account_id: i64,
    pub currency: String,
    pub game_id: i64,
    /// Minor units of `currency`.
    pub bet: i64,
    /// Minor units of `currency`.
    pub win: i64,
}

/// A deposit that has been credited.
#[derive(Debug, Clone)]
pub struct SettledDeposit {
    pub invoice_id: String,
    pub player_id: i64,
    pub account_id: i64,
    pub currency: String,
    /// Minor units of `currency`.
    pub amount: i64,
    /// 1 for the player's first successful deposit, 2 for the second, ...
    pub number: i64,
}

/// The most a single bet may be while the player's active bonus in `currency` limits it (the
/// bonus's `maxBetAmount`), or `None` when no active bonus limits bets on `game_id`.
pub async fn max_bet(
    deps: &Deps,
    player_id: i64,
    currency: &str,
    game_id: i64,
) -> Result<Option<i64>, RewardError> {
    let mut conn = deps.pool.acquire().await?;
    bonuses::max_bet(&mut conn, player_id, currency, game_id).await
}

/// Advances wagering, quest tasks and loyalty points from a settled spin, and publishes what changed.
pub async fn spin_settled(deps: &Deps, spin: &SettledSpin) {
    if let Err(e) = apply_spin(deps, spin).await {
        tracing::error!(spin = spin.spin_id, error = %format!("{e:#}"), "rewards of a spin failed");
    }
}

/// What a programme above rewards owes on a credited deposit, written in the deposit's rewards
/// change.
pub type DepositHook =
    for<'a> fn(
        &'a mut Tx,
        &'a mut Changes,
        &'a SettledDeposit,
    ) -> Pin<Box<dyn Future<Output = Result<(), RewardError>> + Send + 'a>>;

/// Issues deposit bonuses and notifications for a credited deposit, and what programmes above
/// rewards owe on it (`also`: the referrer's earning) in the same transaction, and publishes what
/// changed.
pub async fn deposit_settled(deps: &Deps, deposit: &SettledDeposit, also: DepositHook) {
    if let Err(e) = apply_deposit(deps, deposit, also).await {
        tracing::error!(invoice = %deposit.invoice_id, error = %format!("{e:#}"),
            "rewards of a deposit failed");
    }
}

/// One rewards change: a transaction in which the player's rewards were first brought up to date
/// with time (expiry, quests to issue, cashback of finished weeks), and what to publish once it
/// commits.
pub struct Unit {
    pub tx: Tx,
    pub changes: Changes,
}

impl Unit {
    pub async fn begin(deps: &Deps, player_id: i64) -> Result<Self, RewardError> {
        // IMMEDIATE: the reads below decide the writes, so take the write lock first.
        let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
        let mut changes = Changes::new(deps.bot_events.clone());
        bonuses::expire_due(&mut tx, &mut changes, player_id).await?;
        quests::expire_due(&mut tx, &mut changes, player_id).await?;
        quests::issue_new(&mut tx, &mut changes, player_id).await?;
        cashback::pay_due(&mut tx, &mut changes, player_id).await?;
        Ok(Self { tx, changes })
    }

    pub async fn commit(self, deps: &Deps) -> Result<(), RewardError> {
        self.tx.commit().await?;
        self.changes.send(deps).await;
        Ok(())
    }
}

/// What a player does to one of their rewards.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    ActivateBonus,
    CancelBonus,
    ActivateFreespins,
    CancelFreespins,
    ActivateQuest,
    CancelQuest,
}

/// Applies a player's action to their reward `id` in one rewards change.
pub async fn act(deps: &Deps, player_id: i64, action: Action, id: i64) -> Result<(), RewardError> {
    let mut unit = Unit::begin(deps, player_id).await?;
    let (tx, changes) = (&mut unit.tx, &mut unit.changes);
    match action {
        Action::ActivateBonus => Held::Bonus.activate(tx, changes, player_id, id).await?,
        Action::CancelBonus => Held::Bonus.cancel(tx, changes, player_id, id).await?,
        Action::ActivateFreespins => Held::Freespins.activate(tx, changes, player_id, id).await?,
        Action::CancelFreespins => Held::Freespins.cancel(tx, changes, player_id, id).await?,
        Action::ActivateQuest => {
            quests::choose(tx, changes, player_id, id, quests::Choice::Activate).await?
        }
        Action::CancelQuest => {
            quests::choose(tx, changes, player_id, id, quests::Choice::Cancel).await?
        }
    }
    unit.commit(deps).await
}

/// Brings the player's rewards up to date before they are read, so every answer is current.
/// Reads take the write lock only when something is due, so concurrent reads do not queue.
pub async fn bring_up_to_date(deps: &Deps, player_id: i64) -> Result<(), RewardError> {
    let due: bool = sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM player_bonuses
                        WHERE player_id = ?1 AND status IN (1, 2) AND expires_at <= {NOW})
             OR EXISTS (SELECT 1 FROM player_freespins
                        WHERE player_id = ?1 AND status IN (1, 2) AND expires_at <= {NOW})
             OR EXISTS (SELECT 1 FROM player_quests
                        WHERE player_id = ?1 AND state = 2 AND expires_at <= {NOW})
             OR EXISTS (SELECT 1 FROM quests q WHERE NOT EXISTS (
                        SELECT 1 FROM player_quests pq WHERE pq.player_id = ?1 AND pq.quest_id = q.id))
             OR EXISTS (SELECT 1 {})",
        cashback::due()
    ))
    .bind(player_id)
    .fetch_one(&deps.pool)
    .await?;
    if due {
        Unit::begin(deps, player_id).await?.commit(deps).await?;
    }
    Ok(())
}

async fn apply_spin(deps: &Deps, spin: &SettledSpin) -> Result<(), RewardError> {
    let mut unit = Unit::begin(deps, spin.player_id).await?;
    let (tx, changes) = (&mut unit.tx, &mut unit.changes);
    let rates = Rates::load(&mut **tx).await?;
    let free = freespins::use_one(tx, changes, spin).await?;
    let base_wager = if free {
        0
    } else {
        bonuses::wager(tx, changes, spin).await?;
        cashback::accrue(tx, spin).await?;
        let base_wager = rates.to_base(&spin.currency, spin.bet);
        loyalty::wagered(tx, changes, &rates, spin.player_id, base_wager).await?;
        base_wager
    };
    let progress = Progress::Spin {
        game_id: spin.game_id,
        base_wager,
        won: spin.win > 0,
    };
    quests::advance(tx, changes, spin.player_id, progress, &spin.currency).await?;
    unit.commit(deps).await
}

async fn apply_deposit(
    deps: &Deps,
    deposit: &SettledDeposit,
    also: DepositHook,
) -> Result<(), RewardError> {
    let mut unit = Unit::begin(deps, deposit.player_id).await?;
    let (tx, changes) = (&mut unit.tx, &mut unit.changes);
    let rates = Rates::load(&mut **tx).await?;
    let subunit = notifications::subunit_of(tx, &deposit.currency).await?;
    let shown = notifications::format_amount(deposit.amount, subunit, &deposit.currency);
    notifications::notify(
        tx,
        changes,
        deposit.player_id,
        Kind::Deposit,
        format!("Deposit of {shown} credited"),
        format!("Your deposit of {shown} is on your balance. Good luck!"),
    )
    .await?;
    deposit_offers::deposit_settled(tx, changes, &rates, deposit).await?;
    also(tx, changes, deposit).await?;
    quests::advance(
        tx,
        changes,
        deposit.player_id,
        Progress::Deposit,
        &deposit.currency,
    )
    .await?;
    unit.commit(deps).await
}

/// The currency an offer or cashback is shown in: the one asked for (enabled and visible; 400
/// `currency_unknown` otherwise), else the player's active account's, else the base currency.
pub async fn currency_for(
    conn: &mut SqliteConnection,
    asked: Option<&str>,
    player_id: Option<i64>,
) -> Result<String, RewardError> {
    if let Some(asked) = asked {
        return sqlx::query_scalar(
            "SELECT code FROM currencies WHERE code = ? AND is_enabled = 1 AND is_visible = 1",
        )
        .bind(asked.to_ascii_uppercase())
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| RewardError::CurrencyUnknown {
            asked: asked.to_owned(),
        });
    }
    let active: Option<String> =
        sqlx::query_scalar("SELECT currency FROM accounts WHERE player_id = ? AND is_active = 1")
            .bind(player_id)
            .fetch_optional(&mut *conn)
            .await?;
    match active {
        Some(currency) => Ok(currency),
        None => Ok(
            sqlx::query_scalar("SELECT code FROM currencies WHERE is_base = 1")
                .fetch_one(conn)
                .await?,
        ),
    }
}
