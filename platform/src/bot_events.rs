//! Player events for the bot (`docs/bot-events.md`): what happened to a player who came through
//! Telegram (a deposit credited, a bet settled, a bonus about to expire, …), told to the bot,
//! which messages them.
//!
//! An event is written to `bot_events` in the transaction of the change it tells of, so it exists
//! exactly when the change does, and survives restarts; [`delivery`] posts it to the bot, signed,
//! until the bot accepts it. Only players with a Telegram user id get events, and none at all
//! while the hook is off (`BOT_EVENTS_URL` unset).

pub mod delivery;
pub mod requests;

use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};
use service_kit::{ConfigError, Env, Secret};
use sqlx::SqliteConnection;
use tokio::sync::Notify;

use crate::clock::NOW;

/// Where the bot's hook is and the key deliveries are signed with.
#[derive(Debug, Clone)]
pub struct Hook {
    /// `BOT_EVENTS_URL`: the bot's base address (`http://bot:8083`); events go to
    /// `{url}/platform-events`.
    pub url: String,
    /// `BOT_EVENTS_SECRET`: the bot's own, at least 32 characters.
    pub secret: Secret,
}

/// The shortest secret accepted: 32 bytes, HMAC-SHA256's own size (the bot's rule too).
pub const MIN_SECRET_CHARS: usize = 32;

impl Hook {
    /// The hook from `BOT_EVENTS_URL` and `BOT_EVENTS_SECRET`; off (`None`) without the URL.
    pub fn from_env(env: &Env) -> Result<Option<Self>, ConfigError> {
        let secret = env.secret("BOT_EVENTS_SECRET");
        if let Some(secret) = &secret
            && secret.expose().chars().count() < MIN_SECRET_CHARS
        {
            return Err(ConfigError::Invalid {
                name: "BOT_EVENTS_SECRET".to_owned(),
                reason: format!("it must be at least {MIN_SECRET_CHARS} characters"),
            });
        }
        let Some(raw) = env.get("BOT_EVENTS_URL") else {
            return Ok(None);
        };
        let url = raw.trim().trim_end_matches('/').to_owned();
        if !(url.starts_with("http://") || url.starts_with("https://"))
            || url.contains(['?', '#', ' '])
        {
            return Err(ConfigError::Invalid {
                name: "BOT_EVENTS_URL".to_owned(),
                reason: format!("{url:?} is not an http(s) address"),
            });
        }
        let secret = secret.ok_or(ConfigError::Missing {
            name: "BOT_EVENTS_SECRET".to_owned(),
            hint: "the key shared with the bot that signs the events sent to BOT_EVENTS_URL"
                .to_owned(),
        })?;
        Ok(Some(Self { url, secret }))
    }
}

/// The domain's handle on the events: off, or on with the delivery worker to wake.
#[derive(Debug, Clone, Default)]
pub struct BotEvents {
    wake: Option<Arc<Notify>>,
}

impl BotEvents {
    pub fn new(on: bool) -> Self {
        Self {
            wake: on.then(Arc::default),
        }
    }

    pub fn is_on(&self) -> bool {
        self.wake.is_some()
    }

    /// Tells the delivery worker that events were committed; call it after the commit.
    pub fn wake(&self) {
        if let Some(wake) = &self.wake {
            wake.notify_one();
        }
    }

    pub(crate) fn waker(&self) -> Option<Arc<Notify>> {
        self.wake.clone()
    }

    /// Writes the envelopes of `notice` for `player_id` in the caller's transaction: nothing when
    /// the hook is off or the player has no Telegram user id. Answers whether anything was
    /// written (wake the worker after the commit then).
    pub async fn enqueue(
        &self,
        conn: &mut SqliteConnection,
        player_id: i64,
        notice: Notice,
    ) -> Result<bool, sqlx::Error> {
        if !self.is_on() {
            return Ok(false);
        }
        let Some(player) = recipient(conn, player_id).await? else {
            return Ok(false);
        };
        for envelope in notice.envelopes(conn, &player).await? {
            insert(conn, player_id, &player, envelope).await?;
        }
        Ok(true)
    }

    /// Keeps the expiry reminder of bonus `bonus_id` in step with the bonus: while it is open
    /// (issued or active), one `bonus_expiring` due 24 hours before `expires_at` (a new one when
    /// activation moved the expiry); once it is over (used, cancelled, expired), its pending
    /// reminders are dropped and, if one was ever written, a `cancel` of its key is sent.
    pub async fn bonus_changed(
        &self,
        conn: &mut SqliteConnection,
        player_id: i64,
        bonus: &BonusState<'_>,
    ) -> Result<bool, sqlx::Error> {
        // Every wagering spin of a bonus comes through here: a player without Telegram costs one
        // lookup by id, not the reminder's statements (only players with one get reminders).
        if !self.is_on() || recipient(conn, player_id).await?.is_none() {
            return Ok(false);
        }
        let key = bonus_key(bonus.id);
        let reminder_id = format!("bonus-expiring-{}-{}", bonus.id, bonus.expires_at);
        let origin = origin(conn).await?;
        let current = format!("{origin}-{reminder_id}");
        // A reminder not sent yet is dropped once it no longer tells the truth: the bonus is
        // over, or its activation moved the expiry.
        sqlx::query(
            "DELETE FROM bot_events
             WHERE player_id = ? AND event_key = ? AND kind = 'bonus_expiring'
               AND delivered_at IS NULL AND given_up_at IS NULL AND (? = 0 OR id <> ?)",
        )
        .bind(player_id)
        .bind(&key)
        .bind(bonus.open)
        .bind(&current)
        .execute(&mut *conn)
        .await?;
        if bonus.open {
            let due: Option<String> = sqlx::query_scalar(&format!(
                "SELECT due FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-24 hours') AS due)
                 WHERE due > {NOW}
                   AND NOT EXISTS (SELECT 1 FROM bot_events WHERE id = ?)"
            ))
            .bind(bonus.expires_at)
            .bind(&current)
            .fetch_optional(&mut *conn)
            .await?;
            // None: already written, or a bonus that lives a day or less, told of once when it
            // is awarded.
            let Some(due) = due else { return Ok(false) };
            let notice = Notice::BonusExpiring {
                reminder_id,
                key,
                title: bonus.title.to_owned(),
                expires_at: bonus.expires_at.to_owned(),
                due,
            };
            return self.enqueue(conn, player_id, notice).await;
        }
        let reminded: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM bot_events
                            WHERE player_id = ? AND event_key = ? AND kind = 'bonus_expiring')
                AND NOT EXISTS (SELECT 1 FROM bot_events WHERE player_id = ? AND id = ?)",
        )
        .bind(player_id)
        .bind(&key)
        .bind(player_id)
        .bind(format!("{origin}-bonus-{}-over", bonus.id))
        .fetch_one(&mut *conn)
        .await?;
        if !reminded {
            return Ok(false);
        }
        let notice = Notice::Cancel {
            id: format!("bonus-{}-over", bonus.id),
            keys: vec![key],
        };
        self.enqueue(conn, player_id, notice).await
    }
}

/// A bonus as its expiry reminder needs it.
pub struct BonusState<'a> {
    pub id: i64,
    pub title: &'a str,
    /// Issued or active: it can still expire.
    pub open: bool,
    /// The platform's time format (`crate::clock`).
    pub expires_at: &'a str,
}

fn bonus_key(bonus_id: i64) -> String {
    format!("bonus:{bonus_id}")
}

/// An amount as the platform keeps it; the envelope adds what formatting needs of its currency.
#[derive(Debug, Clone)]
pub struct Amount {
    /// Minor units of `currency`.
    pub minor: i64,
    pub currency: String,
}

/// Money in an envelope, as `GET /settings/currencies` describes its currency.
#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct Money {
    amount: i64,
    currency: String,
    subunit_to_unit: i64,
    #[serde(rename = "type")]
    kind: String,
}

impl Amount {
    async fn money(&self, conn: &mut SqliteConnection) -> Result<Value, sqlx::Error> {
        let money: Money = sqlx::query_as(
            "SELECT ?1 AS amount, code AS currency, subunit_to_unit, kind FROM currencies
             WHERE code = ?2",
        )
        .bind(self.minor)
        .bind(&self.currency)
        .fetch_one(conn)
        .await?;
        Ok(json!(money))
    }
}

/// Why a withdrawal was declined, told in the player's words.
#[derive(Debug, Clone, Copy)]
pub enum DeclineReason {
    Provider,
}

impl DeclineReason {
    fn text(self, locale: &str) -> &'static str {
        match (self, locale.split('-').next().unwrap_or_default()) {
            (Self::Provider, "ru") => "Платёжная система отклонила выплату.",
            (Self::Provider, "es") => "El proveedor de pagos rechazó el retiro.",
            (Self::Provider, "pt") => "O provedor de pagamento recusou o saque.",
            (Self::Provider, _) => "The payment provider declined the withdrawal.",
        }
    }
}

/// What happened, with what its envelope says. The ids are the platform's own, so an event is
/// written once per change.
#[derive(Debug, Clone)]
pub enum Notice {
    DepositCredited {
        invoice_id: String,
        amount: Amount,
    },
    WithdrawalPaid {
        invoice_id: String,
        amount: Amount,
    },
    WithdrawalDeclined {
        invoice_id: String,
        amount: Amount,
        reason: DeclineReason,
    },
    /// Every settlement is a `sport_bet_settled`; a won one is a `sport_bet_won` too.
    SportBetSettled {
        bet_id: i64,
        payout: Amount,
        title: Option<String>,
    },
    BonusAwarded {
        bonus_id: i64,
        title: String,
        amount: Amount,
    },
    FreeSpinsAwarded {
        freespins_id: i64,
        count: i64,
        game: Option<String>,
    },
    BonusExpiring {
        reminder_id: String,
        key: String,
        title: String,
        expires_at: String,
        /// When to send it (the platform's time format).
        due: String,
    },
    Cancel {
        id: String,
        keys: Vec<String>,
    },
    QuestCompleted {
        player_quest_id: i64,
        title: String,
    },
    LoyaltyLevelReached {
        /// The level's place in the ladder: a player reaches each once.
        level_order: i64,
        level: String,
    },
}

/// One envelope before its common fields: the id's own part, the kind, `data`, and when and
/// under which key it applies.
struct Draft {
    id: String,
    kind: &'static str,
    data: Value,
    key: Option<String>,
    cancels: Vec<String>,
    /// When it is due (the platform's time format); now when `None`.
    due: Option<String>,
}

impl Draft {
    fn now(id: String, kind: &'static str, data: Value) -> Self {
        Self {
            id,
            kind,
            data,
            key: None,
            cancels: Vec::new(),
            due: None,
        }
    }
}

impl Notice {
    async fn envelopes(
        self,
        conn: &mut SqliteConnection,
        player: &Recipient,
    ) -> Result<Vec<Draft>, sqlx::Error> {
        Ok(match self {
            Self::DepositCredited { invoice_id, amount } => vec![Draft::now(
                format!("deposit-{invoice_id}"),
                "deposit_credited",
                json!({ "amount": amount.money(conn).await? }),
            )],
            Self::WithdrawalPaid { invoice_id, amount } => vec![Draft::now(
                format!("withdrawal-{invoice_id}"),
                "withdrawal_paid",
                json!({ "amount": amount.money(conn).await? }),
            )],
            Self::WithdrawalDeclined {
                invoice_id,
                amount,
                reason,
            } => vec![Draft::now(
                format!("withdrawal-{invoice_id}"),
                "withdrawal_declined",
                json!({
                    "amount": amount.money(conn).await?,
                    "reason": reason.text(&player.locale),
                }),
            )],
            Self::SportBetSettled {
                bet_id,
                payout,
                title,
            } => {
                let won = payout.minor > 0;
                let payout = payout.money(conn).await?;
                let mut settled = json!({
                    "outcome": if won { "won" } else { "lost" },
                    "payout": payout,
                });
                if let Some(title) = &title {
                    settled["title"] = json!(title);
                }
                let mut drafts = Vec::new();
                if won {
                    let mut data = json!({ "payout": settled["payout"] });
                    if let Some(title) = &title {
                        data["title"] = json!(title);
                    }
                    drafts.push(Draft::now(
                        format!("bet-{bet_id}-won"),
                        "sport_bet_won",
                        data,
                    ));
                }
                drafts.push(Draft::now(
                    format!("bet-{bet_id}-settled"),
                    "sport_bet_settled",
                    settled,
                ));
                drafts
            }
            Self::BonusAwarded {
                bonus_id,
                title,
                amount,
            } => vec![Draft::now(
                format!("bonus-{bonus_id}"),
                "bonus_awarded",
                json!({ "title": title, "amount": amount.money(conn).await? }),
            )],
            Self::FreeSpinsAwarded {
                freespins_id,
                count,
                game,
            } => {
                let mut data = json!({ "count": count });
                if let Some(game) = game {
                    data["game"] = json!(game);
                }
                vec![Draft::now(
                    format!("freespins-{freespins_id}"),
                    "free_spins_awarded",
                    data,
                )]
            }
            Self::BonusExpiring {
                reminder_id,
                key,
                title,
                expires_at,
                due,
            } => vec![Draft {
                key: Some(key),
                due: Some(due),
                ..Draft::now(
                    reminder_id,
                    "bonus_expiring",
                    json!({ "title": title, "expiresAt": expires_at }),
                )
            }],
            Self::Cancel { id, keys } => vec![Draft {
                cancels: keys,
                ..Draft::now(id, "cancel", Value::Null)
            }],
            Self::QuestCompleted {
                player_quest_id,
                title,
            } => vec![Draft::now(
                format!("quest-{player_quest_id}"),
                "quest_completed",
                json!({ "title": title }),
            )],
            Self::LoyaltyLevelReached { level_order, level } => vec![Draft::now(
                format!("loyalty-{}-{level_order}", player.player_id),
                "loyalty_level_reached",
                json!({ "level": level }),
            )],
        })
    }
}

struct Recipient {
    player_id: i64,
    telegram_user_id: i64,
    locale: String,
}

async fn recipient(
    conn: &mut SqliteConnection,
    player_id: i64,
) -> Result<Option<Recipient>, sqlx::Error> {
    let row: Option<(Option<i64>, String)> =
        sqlx::query_as("SELECT tg_user_id, locale FROM players WHERE id = ?")
            .bind(player_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.and_then(|(telegram, locale)| {
        telegram.map(|telegram_user_id| Recipient {
            player_id,
            telegram_user_id,
            locale,
        })
    }))
}

async fn origin(conn: &mut SqliteConnection) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM sandbox_meta WHERE key = 'bot_events_origin'")
        .fetch_one(conn)
        .await
}

async fn insert(
    conn: &mut SqliteConnection,
    player_id: i64,
    player: &Recipient,
    draft: Draft,
) -> Result<(), sqlx::Error> {
    let id = format!("{}-{}", origin(conn).await?, draft.id);
    let occurred_at: String = match &draft.due {
        Some(due) => due.clone(),
        None => {
            sqlx::query_scalar(&format!("SELECT {NOW}"))
                .fetch_one(&mut *conn)
                .await?
        }
    };
    let mut envelope = json!({
        "id": id,
        "kind": draft.kind,
        "occurredAt": occurred_at,
        "telegramUserId": player.telegram_user_id,
        "playerId": player_id.to_string(),
        "locale": player.locale,
    });
    if !draft.data.is_null() {
        envelope["data"] = draft.data;
    }
    if let Some(key) = &draft.key {
        envelope["key"] = json!(key);
    }
    if !draft.cancels.is_empty() {
        envelope["cancels"] = json!(draft.cancels);
    }
    sqlx::query(
        "INSERT INTO bot_events (id, player_id, event_key, kind, body, occurred_at, next_attempt_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) ON CONFLICT (id) DO NOTHING",
    )
    .bind(&id)
    .bind(player_id)
    .bind(&draft.key)
    .bind(draft.kind)
    .bind(envelope.to_string())
    .bind(&occurred_at)
    .execute(conn)
    .await?;
    Ok(())
}
