//! Staff broadcasts: `/broadcast` asks its author for one text per language, shows a preview and
//! waits for a confirmation ([`dialogue`]); then every player who started the bot and neither
//! blocked it nor turned messages off gets it in their language, through the outbox and its
//! pacing (`crate::sender`), and the author sees the progress and a report ([`driver`]). The
//! broadcast, where it stands and each player's row are in the database (`bot_broadcasts`,
//! `bot_outbox`), so a restarted bot goes on where it stopped and sends no one the same broadcast
//! twice.

pub mod dialogue;
pub mod driver;

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use teloxide::types::{InlineKeyboardButton, WebAppInfo};
use url::Url;

use crate::storage::now_ms;
use crate::texts::Language;

/// The languages in the order the author writes them; English first, as every other falls back
/// to it.
pub const LANGUAGES: [Language; 4] = [Language::En, Language::Ru, Language::Es, Language::Pt];

/// The players a broadcast goes to: they started the bot, did not block it and did not turn
/// messages off (`/stop`).
const ELIGIBLE: &str = "u.is_blocked = 0 AND NOT EXISTS (SELECT 1 FROM bot_notification_settings s \
    WHERE s.telegram_id = u.telegram_id AND s.kind = 'all' AND s.enabled = 0)";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Its texts are being written; `step` is the language awaited.
    Draft,
    /// Its preview waits for the author's confirmation.
    Confirming,
    Sending,
    Done,
    Cancelled,
}

impl State {
    fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Confirming => "confirming",
            Self::Sending => "sending",
            Self::Done => "done",
            Self::Cancelled => "cancelled",
        }
    }

    fn parse(value: &str) -> Self {
        match value {
            "draft" => Self::Draft,
            "confirming" => Self::Confirming,
            "sending" => Self::Sending,
            "done" => Self::Done,
            _ => Self::Cancelled,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broadcast {
    pub id: i64,
    pub staff_id: i64,
    pub state: State,
    pub step: Option<Language>,
    /// In the order of [`LANGUAGES`]; `None` for a language left out.
    pub texts: [Option<String>; 4],
    pub total: i64,
    cursor_id: i64,
    all_added: bool,
    pub progress_message_id: Option<i32>,
}

impl Broadcast {
    /// The text for `language`: its own, or the English one.
    pub fn text(&self, language: Language) -> &str {
        self.texts[index(language)]
            .as_deref()
            .or(self.texts[0].as_deref())
            .unwrap_or_default()
    }

    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let step: Option<String> = row.try_get("step")?;
        Ok(Self {
            id: row.try_get("id")?,
            staff_id: row.try_get("staff_id")?,
            state: State::parse(&row.try_get::<String, _>("state")?),
            step: step.map(|code| Language::from_code(Some(&code))),
            texts: [
                row.try_get("text_en")?,
                row.try_get("text_ru")?,
                row.try_get("text_es")?,
                row.try_get("text_pt")?,
            ],
            total: row.try_get("total")?,
            cursor_id: row.try_get("cursor_id")?,
            all_added: row.try_get::<i64, _>("all_added")? != 0,
            progress_message_id: row
                .try_get::<Option<i64>, _>("progress_message_id")?
                .and_then(|id| i32::try_from(id).ok()),
        })
    }
}

fn index(language: Language) -> usize {
    LANGUAGES
        .iter()
        .position(|l| *l == language)
        .unwrap_or_default()
}

/// The language code staff see (Brazilian Portuguese is the client's `pt-br`).
pub fn label(language: Language) -> &'static str {
    match language {
        Language::Pt => "pt-br",
        other => other.code(),
    }
}

/// What a player gets: the text in their language and the button that opens the Mini App.
pub fn player_message(
    broadcast: &Broadcast,
    language: Language,
    url: Url,
) -> (String, InlineKeyboardButton) {
    let button = InlineKeyboardButton::web_app(language.texts().play_button, WebAppInfo { url });
    (broadcast.text(language).to_owned(), button)
}

/// Where a broadcast's rows stand in the outbox.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub sent: i64,
    /// The player had blocked the bot (Telegram answered 403, or it was known when its turn came).
    pub blocked: i64,
    /// Refused by Telegram for another reason.
    pub failed: i64,
    /// The player turned messages off after the broadcast started.
    pub skipped: i64,
    pub pending: i64,
}

impl Counts {
    pub fn done(&self) -> i64 {
        self.sent + self.blocked + self.failed + self.skipped
    }
}

const COLUMNS: &str = "id, staff_id, state, step, text_en, text_ru, text_es, text_pt, total, \
    cursor_id, all_added, progress_message_id";

#[derive(Clone)]
pub struct Broadcasts {
    pool: AnyPool,
}

impl Broadcasts {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    /// A new draft by `staff_id`, awaiting its English text; the author's unfinished ones are
    /// cancelled.
    pub async fn start_draft(&self, staff_id: i64) -> Result<Broadcast, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE bot_broadcasts SET state = 'cancelled', finished_at_ms = $1 \
             WHERE staff_id = $2 AND state IN ('draft', 'confirming')",
        )
        .bind(now_ms())
        .bind(staff_id)
        .execute(&mut *tx)
        .await?;
        let sql = format!(
            "INSERT INTO bot_broadcasts (id, staff_id, state, step, created_at_ms) \
             SELECT COALESCE(MAX(id), 0) + 1, $1, 'draft', 'en', $2 FROM bot_broadcasts \
             RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(staff_id)
            .bind(now_ms())
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Broadcast::from_row(&row)
    }

    pub async fn get(&self, id: i64) -> Result<Option<Broadcast>, sqlx::Error> {
        let sql = format!("SELECT {COLUMNS} FROM bot_broadcasts WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(Broadcast::from_row).transpose()
    }

    /// The author's draft that waits for a text, if any.
    pub async fn open_draft(&self, staff_id: i64) -> Result<Option<Broadcast>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS} FROM bot_broadcasts WHERE staff_id = $1 AND state = 'draft' \
             ORDER BY id DESC LIMIT 1"
        );
        let row = sqlx::query(&sql)
            .bind(staff_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(Broadcast::from_row).transpose()
    }

    /// Sets the text of the language the draft awaits (`None`: left out, English stands in) and
    /// moves to the next language, or to the confirmation after the last. `None` when the draft
    /// no longer awaits `step` (a second press of an old button).
    pub async fn write(
        &self,
        id: i64,
        staff_id: i64,
        step: Language,
        text: Option<&str>,
    ) -> Result<Option<Broadcast>, sqlx::Error> {
        let next = LANGUAGES.get(index(step) + 1).copied();
        let state = if next.is_some() {
            State::Draft
        } else {
            State::Confirming
        };
        let sql = format!(
            "UPDATE bot_broadcasts SET text_{} = $1, step = $2, state = $3 \
             WHERE id = $4 AND staff_id = $5 AND state = 'draft' AND step = $6 \
             RETURNING {COLUMNS}",
            step.code()
        );
        let row = sqlx::query(&sql)
            .bind(text)
            .bind(next.map(Language::code))
            .bind(state.as_str())
            .bind(id)
            .bind(staff_id)
            .bind(step.code())
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(Broadcast::from_row).transpose()
    }

    /// How many players a broadcast would reach now.
    pub async fn audience(&self) -> Result<i64, sqlx::Error> {
        let sql = format!("SELECT COUNT(*) AS n FROM bot_users u WHERE {ELIGIBLE}");
        sqlx::query(&sql).fetch_one(&self.pool).await?.try_get("n")
    }

    /// The author confirms: the broadcast starts, the message `progress_message_id` shows its
    /// progress from `first_edit` on. `false` when it was not waiting for this author's
    /// confirmation.
    pub async fn confirm(
        &self,
        id: i64,
        staff_id: i64,
        total: i64,
        progress_message_id: i32,
        first_edit: std::time::Duration,
    ) -> Result<bool, sqlx::Error> {
        let first_edit = i64::try_from(first_edit.as_millis()).unwrap_or(i64::MAX);
        let confirmed = sqlx::query(
            "UPDATE bot_broadcasts SET state = 'sending', total = $1, progress_message_id = $2, \
                 next_edit_at_ms = $5 \
             WHERE id = $3 AND staff_id = $4 AND state = 'confirming'",
        )
        .bind(total)
        .bind(i64::from(progress_message_id))
        .bind(id)
        .bind(staff_id)
        .bind(now_ms().saturating_add(first_edit))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(confirmed == 1)
    }

    /// `false` when it is no longer a draft of this author (sent, or cancelled already).
    pub async fn cancel(&self, id: i64, staff_id: i64) -> Result<bool, sqlx::Error> {
        let cancelled = sqlx::query(
            "UPDATE bot_broadcasts SET state = 'cancelled', finished_at_ms = $1 \
             WHERE id = $2 AND staff_id = $3 AND state IN ('draft', 'confirming')",
        )
        .bind(now_ms())
        .bind(id)
        .bind(staff_id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(cancelled == 1)
    }

    pub async fn sending(&self) -> Result<Vec<Broadcast>, sqlx::Error> {
        let sql =
            format!("SELECT {COLUMNS} FROM bot_broadcasts WHERE state = 'sending' ORDER BY id");
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        rows.iter().map(Broadcast::from_row).collect()
    }

    /// Adds the next players, in id order, to the outbox until `backlog` of the broadcast's rows
    /// are pending. The cursor moves in the same transaction, and only from where this call read
    /// it, so replicas doing this at once add each player once; the event id
    /// `broadcast-<id>-<player>` makes a second row for a player impossible anyway. Returns how
    /// many were added.
    pub async fn top_up(&self, broadcast: &Broadcast, backlog: i64) -> Result<usize, sqlx::Error> {
        if broadcast.all_added {
            return Ok(0);
        }
        let pending: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM bot_outbox WHERE broadcast_id = $1 AND state = 'pending'",
        )
        .bind(broadcast.id)
        .fetch_one(&self.pool)
        .await?
        .try_get("n")?;
        let wanted = backlog - pending;
        if wanted <= backlog / 2 {
            return Ok(0);
        }
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        let sql = format!(
            "SELECT u.telegram_id FROM bot_users u WHERE u.telegram_id > $1 AND {ELIGIBLE} \
             ORDER BY u.telegram_id LIMIT $2"
        );
        let players: Vec<i64> = sqlx::query(&sql)
            .bind(broadcast.cursor_id)
            .bind(wanted)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.try_get("telegram_id"))
            .collect::<Result<_, _>>()?;
        for player in &players {
            sqlx::query(
                "INSERT INTO bot_outbox (event_id, kind, telegram_id, body, occurred_at_ms, \
                     received_at_ms, state, next_attempt_at_ms, broadcast_id) \
                 VALUES ($1, 'broadcast', $2, '', $3, $3, 'pending', $3, $4) \
                 ON CONFLICT (event_id) DO NOTHING",
            )
            .bind(format!("broadcast-{}-{player}", broadcast.id))
            .bind(player)
            .bind(now)
            .bind(broadcast.id)
            .execute(&mut *tx)
            .await?;
        }
        let all_added = i64::try_from(players.len()).unwrap_or(i64::MAX) < wanted;
        let moved = sqlx::query(
            "UPDATE bot_broadcasts SET cursor_id = $1, all_added = $2 \
             WHERE id = $3 AND cursor_id = $4 AND state = 'sending'",
        )
        .bind(players.last().copied().unwrap_or(broadcast.cursor_id))
        .bind(i64::from(all_added))
        .bind(broadcast.id)
        .bind(broadcast.cursor_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            tx.rollback().await?;
            return Ok(0);
        }
        tx.commit().await?;
        Ok(players.len())
    }

    pub async fn counts(&self, id: i64) -> Result<Counts, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT state, outcome, COUNT(*) AS n FROM bot_outbox WHERE broadcast_id = $1 \
             GROUP BY state, outcome",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut counts = Counts::default();
        for row in rows {
            let state: String = row.try_get("state")?;
            let outcome: Option<String> = row.try_get("outcome")?;
            let n: i64 = row.try_get("n")?;
            let slot = match (state.as_str(), outcome.as_deref()) {
                ("pending", _) => &mut counts.pending,
                ("sent", _) => &mut counts.sent,
                (_, Some("blocked")) => &mut counts.blocked,
                (_, Some("opted_out" | "not_started")) => &mut counts.skipped,
                _ => &mut counts.failed,
            };
            *slot += n;
        }
        Ok(counts)
    }

    /// Takes the turn to edit the progress message: `true` at most once per `every_ms` across
    /// replicas.
    pub async fn progress_turn(&self, id: i64, every_ms: i64) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        let taken = sqlx::query(
            "UPDATE bot_broadcasts SET next_edit_at_ms = $1 \
             WHERE id = $2 AND state = 'sending' AND next_edit_at_ms <= $3",
        )
        .bind(now.saturating_add(every_ms))
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(taken == 1)
    }

    /// Marks the broadcast done with its counts once every player was added and no row is
    /// pending; the counts for the one call (of any replica) that did, which reports them.
    pub async fn finish(&self, broadcast: &Broadcast) -> Result<Option<Counts>, sqlx::Error> {
        if !broadcast.all_added {
            return Ok(None);
        }
        let counts = self.counts(broadcast.id).await?;
        if counts.pending > 0 {
            return Ok(None);
        }
        let finished = sqlx::query(
            "UPDATE bot_broadcasts SET state = 'done', sent = $1, blocked = $2, failed = $3, \
                 skipped = $4, finished_at_ms = $5 \
             WHERE id = $6 AND state = 'sending' AND NOT EXISTS (SELECT 1 FROM bot_outbox \
                 WHERE broadcast_id = $6 AND state = 'pending')",
        )
        .bind(counts.sent)
        .bind(counts.blocked)
        .bind(counts.failed)
        .bind(counts.skipped)
        .bind(now_ms())
        .bind(broadcast.id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok((finished == 1).then_some(counts))
    }
}
