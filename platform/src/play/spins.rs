//! The provider's side of a game session: spins of the sandbox slot, and the sportsbook's bets and
//! their settlement. A real platform receives these as the provider's wallet calls; here the game
//! page (and the sportsbook, or a test standing in for it) makes them. The HTTP side is
//! `routes/play/spins.rs`.

use serde::Serialize;
use serde_json::json;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::{MAX_BET, PlayError, Session, StakeCap, history, session, slot};
use crate::auth::CurrentPlayer;
use crate::bot_events::{Amount, Notice};
use crate::clock::NOW;
use crate::db::Tx;
use crate::deps::Deps;
use crate::limits::checks;
use crate::realtime::{channels, publish_logged};
use crate::rewards::{self, SettledSpin};
use crate::wallet;

/// A stake the game (or the sportsbook) sends on its session.
pub struct Wager<'a> {
    /// The game session's token.
    pub token: &'a str,
    /// The signed-in caller, if a bearer token came along: it must own the session.
    pub caller: Option<&'a CurrentPlayer>,
    /// Minor units of the session's currency.
    pub amount: i64,
}

impl Wager<'_> {
    /// The session, if it may take this stake now, and the stake's checked amount.
    pub(crate) async fn open(&self, deps: &Deps) -> Result<(Session, i64), PlayError> {
        let amount = check_stake(self.amount)?;
        let session = usable_session(deps, self.token, self.caller).await?;
        Ok((session, amount))
    }
}

/// What a spin or a bet did, and the balance it left: the account's for real money, the
/// session's virtual balance for demo.
pub struct Played<T> {
    pub item: T,
    /// Minor units.
    pub balance: i64,
}

/// One spin (the contract other parts rely on: id, gameId, bet, win, currency, createdAt).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Spin {
    pub id: i64,
    pub game_id: i64,
    /// Minor units of `currency`.
    pub bet: i64,
    /// Minor units of `currency`; 0 for a loss.
    pub win: i64,
    pub currency: String,
    pub created_at: String,
}

/// A real-money bet (spec: bets history; the sportsbook's bets are unsettled until it settles).
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bet {
    pub id: i64,
    /// The casino game; `null` for a sportsbook bet.
    pub game_id: Option<i64>,
    pub game_identity: String,
    pub game_name: String,
    pub account_id: i64,
    /// Minor units of `currency`.
    pub amount: i64,
    /// Minor units of `currency`; `null` until settled.
    pub win: Option<i64>,
    pub currency: String,
    pub is_settled: bool,
    pub created_at: String,
    pub settled_at: Option<String>,
}

pub const BET_SELECT: &str =
    "SELECT b.id, b.game_id, COALESCE(g.identity, sb.identity) AS game_identity,
        COALESCE(g.name, sb.name) AS game_name, b.account_id, b.amount, b.win, b.currency,
        b.settled_at IS NOT NULL AS is_settled, b.created_at, b.settled_at
    FROM game_bets b
    LEFT JOIN games g ON g.id = b.game_id
    LEFT JOIN sportsbooks sb ON sb.id = b.sportsbook_id";

pub(crate) fn check_stake(amount: i64) -> Result<i64, PlayError> {
    if (1..=MAX_BET).contains(&amount) {
        Ok(amount)
    } else {
        Err(PlayError::InvalidStake)
    }
}

/// The session, if it may take a bet now from this caller.
pub(crate) async fn usable_session(
    deps: &Deps,
    token: &str,
    caller: Option<&CurrentPlayer>,
) -> Result<Session, PlayError> {
    let session = session(&deps.pool, token)
        .await?
        .ok_or(PlayError::SessionNotFound)?;
    if session.is_expired {
        return Err(PlayError::SessionExpired);
    }
    if let (Some(caller), Some(owner)) = (caller, session.player_id)
        && caller.id != owner
    {
        return Err(PlayError::SessionForeign);
    }
    if let (Some(player_id), Some(account_id)) = (session.player_id, session.account_id) {
        // The sign-in the game was opened from must still be open, and the account the player's.
        let usable: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM player_sessions s
                            JOIN players p ON p.id = s.player_id AND p.is_blocked = 0
                            JOIN accounts a ON a.player_id = p.id AND a.id = ?3 AND a.is_hidden = 0
                            WHERE s.id = ?1 AND s.player_id = ?2 AND s.closed_at IS NULL)",
        )
        .bind(&session.player_session_id)
        .bind(player_id)
        .bind(account_id)
        .fetch_one(&deps.pool)
        .await?;
        if !usable {
            return Err(PlayError::SessionClosed);
        }
    }
    Ok(session)
}

pub(crate) async fn publish_bet_event(deps: &Deps, player_id: i64, data: serde_json::Value) {
    publish_logged(deps.realtime.as_ref(), channels::game_bets(player_id), data).await;
}

/// A real-money stake in its open transaction: the player's limits allowed it and the account
/// paid it. Spins and sportsbook bets both go through it, writing their own rows into `tx`
/// between [`Stake::take`] and [`Stake::commit`]; dropping it rolls the stake back.
pub(crate) struct Stake<'a> {
    session: &'a Session,
    player_id: i64,
    account_id: i64,
    amount: i64,
    pub tx: Tx,
}

impl<'a> Stake<'a> {
    /// Opens the bet's transaction and takes the stake from the account. A bet the player's
    /// limits refuse is rolled back before it is published (no write lock held across a
    /// publication) and refused; so is a balance lower than the stake.
    pub(crate) async fn take(
        deps: &Deps,
        session: &'a Session,
        player_id: i64,
        account_id: i64,
        amount: i64,
    ) -> Result<Self, PlayError> {
        let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
        if let Some(refusal) =
            checks::bet_refusal(&mut tx, player_id, &session.currency, amount).await?
        {
            tx.rollback().await?;
            publish_bet_event(
                deps,
                player_id,
                json!({ "event": "game.bet.restricted", "gameIdentity": session.game_identity }),
            )
            .await;
            return Err(PlayError::BetRefused(refusal));
        }
        if !wallet::debit(&mut tx, account_id, amount).await? {
            return Err(PlayError::InsufficientFunds);
        }
        Ok(Self {
            session,
            player_id,
            account_id,
            amount,
            tx,
        })
    }

    /// The `game_bets` row of a casino game's stake, settled at once with its `win`; answers its id.
    pub(crate) async fn insert_game_bet(
        &mut self,
        game_id: i64,
        win: i64,
    ) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(&format!(
            "INSERT INTO game_bets (player_id, account_id, session_token, game_id, currency, amount,
                                    win, settled_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, {NOW}) RETURNING id"
        ))
        .bind(self.player_id)
        .bind(self.account_id)
        .bind(&self.session.token)
        .bind(game_id)
        .bind(&self.session.currency)
        .bind(self.amount)
        .bind(win)
        .fetch_one(&mut *self.tx)
        .await
    }

    /// The unsettled `game_bets` row of a sportsbook stake; answers its id.
    pub(crate) async fn insert_sportsbook_bet(
        &mut self,
        sportsbook_id: i64,
    ) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "INSERT INTO game_bets (player_id, account_id, session_token, sportsbook_id, currency,
                                    amount)
             VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(self.player_id)
        .bind(self.account_id)
        .bind(&self.session.token)
        .bind(sportsbook_id)
        .bind(&self.session.currency)
        .bind(self.amount)
        .fetch_one(&mut *self.tx)
        .await
    }

    /// Commits the stake with its bet and tells the player's connections about the bet; answers
    /// the bet and the account's balance as committed.
    pub(crate) async fn commit(self, deps: &Deps, bet_id: i64) -> Result<(Bet, i64), sqlx::Error> {
        let (bet, balance) = commit_bet(self.tx, bet_id, self.account_id).await?;
        publish_bet_event(
            deps,
            self.player_id,
            json!({
                "event": "bet.placebet",
                "gameIdentity": self.session.game_identity,
                "bet": bet,
            }),
        )
        .await;
        Ok((bet, balance))
    }
}

/// Refuses a stake above `max_bet`, the most `cap` allows (published as `game.bet.max.exceed`,
/// with the limit).
pub(crate) async fn refuse_over_max_bet(
    deps: &Deps,
    session: &Session,
    player_id: i64,
    amount: i64,
    max_bet: i64,
    cap: StakeCap,
) -> Result<(), PlayError> {
    if amount <= max_bet {
        return Ok(());
    }
    publish_bet_event(
        deps,
        player_id,
        json!({
            "event": "game.bet.max.exceed",
            "gameIdentity": session.game_identity,
            "playerBonus": { "currency": session.currency, "maxBetAmount": max_bet },
        }),
    )
    .await;
    Err(PlayError::OverMaxBet {
        cap,
        max_bet,
        currency: session.currency.clone(),
    })
}

/// Records a spin of the session: a real one with its bet, a demo one without.
async fn insert_spin(
    tx: &mut Tx,
    session: &Session,
    bet_id: Option<i64>,
    game_id: i64,
    amount: i64,
    win: i64,
) -> Result<Spin, sqlx::Error> {
    sqlx::query_as(
        "INSERT INTO game_spins (session_token, bet_id, player_id, game_id, currency, bet, win)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         RETURNING id, game_id, bet, win, currency, created_at",
    )
    .bind(&session.token)
    .bind(bet_id)
    .bind(session.player_id)
    .bind(game_id)
    .bind(&session.currency)
    .bind(amount)
    .bind(win)
    .fetch_one(&mut **tx)
    .await
}

/// Commits a bet's transaction, answering the bet and its account's balance as committed.
async fn commit_bet(mut tx: Tx, bet_id: i64, account_id: i64) -> Result<(Bet, i64), sqlx::Error> {
    let bet: Bet = sqlx::query_as(&format!("{BET_SELECT} WHERE b.id = ?"))
        .bind(bet_id)
        .fetch_one(&mut *tx)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance FROM accounts WHERE id = ?")
        .bind(account_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((bet, balance))
}

/// One spin of the sandbox slot for `amount` minor units, drawn server-side (return to player
/// 96%). Real money: refused by limits, by an active bonus's max bet or by the balance; else the
/// bet, the
/// win, both rows and the balance change happen in one transaction, published after the commit.
/// Demo: the session's virtual balance moves, nothing is published; a signed-in player's running
/// self-exclusion or cooling-off stops it. Answers the spin and the session's balance after it.
pub async fn spin(deps: &Deps, wager: Wager<'_>) -> Result<Played<Spin>, PlayError> {
    let (session, amount) = wager.open(deps).await?;
    let Some(game_id) = session.game_id else {
        return Err(PlayError::SpinOnSportsbook);
    };
    let multiplier = slot::draw();
    let win = amount
        .checked_mul(multiplier)
        .ok_or_else(|| anyhow::anyhow!("win of {amount} × {multiplier} overflows"))?;
    match (session.player_id, session.account_id) {
        (Some(player_id), Some(account_id)) => {
            real_spin(deps, &session, game_id, player_id, account_id, amount, win).await
        }
        (Some(player_id), None) => {
            // A player who excluded themselves or took a break stops demo play too, as at launch.
            let mut conn = deps.pool.acquire().await?;
            if let Some(refusal) = checks::play_refusal(&mut conn, player_id).await? {
                return Err(PlayError::Excluded(refusal));
            }
            drop(conn);
            demo_spin(deps, &session, game_id, amount, win).await
        }
        _ => demo_spin(deps, &session, game_id, amount, win).await,
    }
}

async fn demo_spin(
    deps: &Deps,
    session: &Session,
    game_id: i64,
    amount: i64,
    win: i64,
) -> Result<Played<Spin>, PlayError> {
    let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
    let balance: Option<i64> = sqlx::query_scalar(
        "UPDATE game_sessions SET demo_balance = demo_balance - ?1 + ?2
         WHERE token = ?3 AND demo_balance >= ?1 RETURNING demo_balance",
    )
    .bind(amount)
    .bind(win)
    .bind(&session.token)
    .fetch_optional(&mut *tx)
    .await?;
    let balance = balance.ok_or(PlayError::DemoInsufficientFunds)?;
    let spin = insert_spin(&mut tx, session, None, game_id, amount, win).await?;
    tx.commit().await?;
    Ok(Played {
        item: spin,
        balance,
    })
}

async fn real_spin(
    deps: &Deps,
    session: &Session,
    game_id: i64,
    player_id: i64,
    account_id: i64,
    amount: i64,
    win: i64,
) -> Result<Played<Spin>, PlayError> {
    // The bonus's max bet is rewards' state, not money: read before taking the write lock.
    if let Some(max_bet) = rewards::max_bet(deps, player_id, &session.currency, game_id).await? {
        refuse_over_max_bet(
            deps,
            session,
            player_id,
            amount,
            max_bet,
            StakeCap::ActiveBonus,
        )
        .await?;
    }
    let mut stake = Stake::take(deps, session, player_id, account_id, amount).await?;
    if win > 0 {
        wallet::credit(&mut stake.tx, account_id, win).await?;
    }
    let bet_id = stake.insert_game_bet(game_id, win).await?;
    let spin = insert_spin(&mut stake.tx, session, Some(bet_id), game_id, amount, win).await?;
    let (_, balance) = stake.commit(deps, bet_id).await?;

    // A big win joins everyone's latest wins: the player's own list shows it at once. The spin is
    // committed, so a failed look-up only leaves it to the list's next fetch.
    let winner = if win >= slot::BIG_WIN_MULTIPLIER * amount {
        history::big_win(&deps.pool, spin.id)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "the big win's look-up failed");
                None
            })
    } else {
        None
    };
    publish_logged(
        deps.realtime.as_ref(),
        channels::game_spins(player_id),
        json!({
            "event": "spin.settled",
            "gameIdentity": session.game_identity,
            "gameName": session.game_name,
            "spin": spin,
            "balance": balance,
            "winner": winner,
        }),
    )
    .await;
    wallet::publish_balance_change(deps, player_id, account_id).await;
    rewards::spin_settled(
        deps,
        &SettledSpin {
            spin_id: spin.id,
            player_id,
            account_id,
            currency: session.currency.clone(),
            game_id,
            bet: amount,
            win,
        },
    )
    .await;
    Ok(Played {
        item: spin,
        balance,
    })
}

/// Places a sportsbook bet of `amount` minor units from the session's account: limits and the
/// balance are checked as for spins (bonus max bets apply to casino games only); the bet stays
/// unsettled until the sportsbook settles it. Answers the bet and the account's balance.
pub async fn place_sportsbook_bet(deps: &Deps, wager: Wager<'_>) -> Result<Played<Bet>, PlayError> {
    let (session, amount) = wager.open(deps).await?;
    let (Some(sportsbook_id), Some(player_id), Some(account_id)) =
        (session.sportsbook_id, session.player_id, session.account_id)
    else {
        return Err(PlayError::BetOnCasino);
    };
    let mut stake = Stake::take(deps, &session, player_id, account_id, amount).await?;
    let bet_id = stake.insert_sportsbook_bet(sportsbook_id).await?;
    let (bet, balance) = stake.commit(deps, bet_id).await?;
    wallet::publish_balance_change(deps, player_id, account_id).await;
    Ok(Played { item: bet, balance })
}

/// The sportsbook's settlement of an unsettled bet: credits the win once. A settled bet is refused
/// and nothing changes. Answers the bet and the account's balance.
pub async fn settle_sportsbook_bet(
    deps: &Deps,
    id: i64,
    win: i64,
) -> Result<Played<Bet>, PlayError> {
    if !(0..=MAX_BET.saturating_mul(1000)).contains(&win) {
        return Err(PlayError::InvalidWin);
    }
    let mut tx = deps.pool.begin_with("BEGIN IMMEDIATE").await?;
    let bet: Option<(i64, i64, bool, String)> = sqlx::query_as(
        "SELECT player_id, account_id, settled_at IS NOT NULL, currency FROM game_bets
         WHERE id = ? AND sportsbook_id IS NOT NULL",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let (player_id, account_id, settled, currency) = bet.ok_or(PlayError::BetNotFound)?;
    if settled {
        return Err(PlayError::BetSettled);
    }
    sqlx::query(&format!(
        "UPDATE game_bets SET win = ?, settled_at = {NOW} WHERE id = ? AND settled_at IS NULL"
    ))
    .bind(win)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if win > 0 {
        wallet::credit(&mut tx, account_id, win).await?;
    }
    let told = if deps.bot_events.is_on() {
        // A single is told by its event's name; an accumulator's events are too many to name.
        let title: Option<String> = sqlx::query_scalar(
            "SELECT CASE WHEN COUNT(*) = 1 THEN MAX(e.home || ' – ' || e.away) END
             FROM sport_bet_selections s JOIN sport_events e ON e.id = s.event_id
             WHERE s.bet_id = ?",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        let payout = Amount {
            minor: win,
            currency,
        };
        let notice = Notice::SportBetSettled {
            bet_id: id,
            payout,
            title,
        };
        deps.bot_events.enqueue(&mut tx, player_id, notice).await?
    } else {
        false
    };
    let (bet, balance) = commit_bet(tx, id, account_id).await?;
    if told {
        deps.bot_events.wake();
    }
    publish_bet_event(
        deps,
        player_id,
        json!({ "event": "bet.settled", "gameIdentity": bet.game_identity, "bet": bet }),
    )
    .await;
    if win > 0 {
        wallet::publish_balance_change(deps, player_id, account_id).await;
    }
    Ok(Played { item: bet, balance })
}
