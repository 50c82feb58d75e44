//! The platform's events, as `docs/bot-events.md` defines them: the JSON body of
//! `POST /platform-events`, what each kind carries, and the signature over it.

use chrono::DateTime;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;

/// The header the platform signs each delivery in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.
pub const SIGNATURE_HEADER: &str = "X-Platform-Signature";
/// How far a signature's time may be from the bot's clock, either way, before it is refused.
pub const FRESHNESS_SECONDS: i64 = 300;
/// The largest body the hook reads.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
const MAX_ID_CHARS: usize = 128;
const MAX_TEXT_CHARS: usize = 500;

/// The kinds of event that can become a message, with the names the body and the settings use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    DepositCredited,
    WithdrawalPaid,
    WithdrawalDeclined,
    SportBetWon,
    SportBetSettled,
    BonusAwarded,
    FreeSpinsAwarded,
    BonusExpiring,
    QuestCompleted,
    LoyaltyLevelReached,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::DepositCredited,
        Kind::WithdrawalPaid,
        Kind::WithdrawalDeclined,
        Kind::SportBetWon,
        Kind::SportBetSettled,
        Kind::BonusAwarded,
        Kind::FreeSpinsAwarded,
        Kind::BonusExpiring,
        Kind::QuestCompleted,
        Kind::LoyaltyLevelReached,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::DepositCredited => "deposit_credited",
            Self::WithdrawalPaid => "withdrawal_paid",
            Self::WithdrawalDeclined => "withdrawal_declined",
            Self::SportBetWon => "sport_bet_won",
            Self::SportBetSettled => "sport_bet_settled",
            Self::BonusAwarded => "bonus_awarded",
            Self::FreeSpinsAwarded => "free_spins_awarded",
            Self::BonusExpiring => "bonus_expiring",
            Self::QuestCompleted => "quest_completed",
            Self::LoyaltyLevelReached => "loyalty_level_reached",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == raw)
    }

    /// Whether a player who never chose gets it: every settled bet is asked for, the rest is not.
    pub fn on_by_default(self) -> bool {
        self != Self::SportBetSettled
    }
}

/// An amount of money: integer minor units of `currency`, with what formatting needs of the
/// currency (the fields of the platform's `GET /settings/currencies`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Money {
    pub amount: i64,
    pub currency: String,
    pub subunit_to_unit: u64,
    /// `fiat` or `crypto`.
    #[serde(rename = "type")]
    pub currency_type: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BetOutcome {
    Won,
    Lost,
    Void,
    CashedOut,
}

/// What an event says, by kind (`data` of the body). `Cancel` sends nothing: it drops the pending
/// events whose keys it names.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
#[serde(rename_all_fields = "camelCase")]
pub enum Notice {
    DepositCredited {
        amount: Money,
    },
    WithdrawalPaid {
        amount: Money,
    },
    WithdrawalDeclined {
        amount: Money,
        reason: String,
    },
    SportBetWon {
        payout: Money,
        title: Option<String>,
    },
    SportBetSettled {
        outcome: BetOutcome,
        payout: Money,
        title: Option<String>,
    },
    BonusAwarded {
        title: String,
        amount: Option<Money>,
    },
    FreeSpinsAwarded {
        count: u32,
        game: Option<String>,
    },
    BonusExpiring {
        title: String,
        /// RFC 3339.
        expires_at: String,
    },
    QuestCompleted {
        title: String,
        reward: Option<Money>,
    },
    LoyaltyLevelReached {
        level: String,
    },
    Cancel {},
}

impl Notice {
    /// The message kind; `None` for a cancellation.
    pub fn kind(&self) -> Option<Kind> {
        Some(match self {
            Self::DepositCredited { .. } => Kind::DepositCredited,
            Self::WithdrawalPaid { .. } => Kind::WithdrawalPaid,
            Self::WithdrawalDeclined { .. } => Kind::WithdrawalDeclined,
            Self::SportBetWon { .. } => Kind::SportBetWon,
            Self::SportBetSettled { .. } => Kind::SportBetSettled,
            Self::BonusAwarded { .. } => Kind::BonusAwarded,
            Self::FreeSpinsAwarded { .. } => Kind::FreeSpinsAwarded,
            Self::BonusExpiring { .. } => Kind::BonusExpiring,
            Self::QuestCompleted { .. } => Kind::QuestCompleted,
            Self::LoyaltyLevelReached { .. } => Kind::LoyaltyLevelReached,
            Self::Cancel {} => return None,
        })
    }

    fn texts(&self) -> Vec<&str> {
        match self {
            Self::WithdrawalDeclined { reason, .. } => vec![reason],
            Self::SportBetWon { title, .. } | Self::SportBetSettled { title, .. } => {
                title.iter().map(String::as_str).collect()
            }
            Self::FreeSpinsAwarded { game, .. } => game.iter().map(String::as_str).collect(),
            Self::BonusAwarded { title, .. }
            | Self::BonusExpiring { title, .. }
            | Self::QuestCompleted { title, .. }
            | Self::LoyaltyLevelReached { level: title } => vec![title],
            _ => Vec::new(),
        }
    }

    fn amounts(&self) -> Vec<&Money> {
        match self {
            Self::DepositCredited { amount }
            | Self::WithdrawalPaid { amount }
            | Self::WithdrawalDeclined { amount, .. } => vec![amount],
            Self::SportBetWon { payout, .. } | Self::SportBetSettled { payout, .. } => {
                vec![payout]
            }
            Self::BonusAwarded { amount: money, .. }
            | Self::QuestCompleted { reward: money, .. } => money.iter().collect(),
            _ => Vec::new(),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Envelope {
    id: String,
    kind: String,
    occurred_at: String,
    telegram_user_id: i64,
    #[serde(default)]
    player_id: Option<Value>,
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    valid_until: Option<String>,
    #[serde(default)]
    key: Option<String>,
    #[serde(default)]
    cancels: Vec<String>,
    #[serde(default)]
    data: Option<Value>,
}

/// An accepted event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: String,
    pub occurred_at_ms: i64,
    pub telegram_id: i64,
    pub locale: Option<String>,
    pub valid_until_ms: Option<i64>,
    pub key: Option<String>,
    pub cancels: Vec<String>,
    pub notice: Notice,
}

/// Why a body is refused: `Malformed` is a 400 (not the envelope), `Invalid` a 422 (the envelope,
/// but a kind or a value the contract does not allow).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("{0}")]
    Malformed(String),
    #[error("{0}")]
    Invalid(String),
}

impl Event {
    pub fn parse(body: &[u8]) -> Result<Self, EventError> {
        let envelope: Envelope = serde_json::from_slice(body)
            .map_err(|e| EventError::Malformed(format!("the body is not an event: {e}")))?;
        let invalid = |reason: String| EventError::Invalid(reason);
        let id = envelope.id.trim().to_owned();
        if id.is_empty() || id.chars().count() > MAX_ID_CHARS {
            return Err(invalid(format!(
                "id must be 1 to {MAX_ID_CHARS} characters"
            )));
        }
        if envelope.telegram_user_id <= 0 {
            return Err(invalid(
                "telegramUserId must be a Telegram user id".to_owned(),
            ));
        }
        if let Some(player) = &envelope.player_id
            && !(player.is_string() || player.is_i64())
        {
            return Err(invalid(
                "playerId must be a string or an integer".to_owned(),
            ));
        }
        if envelope.kind != "cancel" && Kind::parse(&envelope.kind).is_none() {
            return Err(invalid(format!("unknown kind {:?}", envelope.kind)));
        }
        let tagged = serde_json::json!({
            "kind": envelope.kind,
            "data": envelope.data.unwrap_or_else(|| serde_json::json!({})),
        });
        let notice: Notice = serde_json::from_value(tagged)
            .map_err(|e| invalid(format!("data of {}: {e}", envelope.kind)))?;
        check_values(&notice)?;
        if let Notice::BonusExpiring { expires_at, .. } = &notice {
            timestamp_ms("expiresAt", expires_at)?;
        }
        if matches!(notice, Notice::Cancel {}) && envelope.cancels.is_empty() {
            return Err(invalid(
                "a cancel event names the keys it cancels".to_owned(),
            ));
        }
        let keys = envelope.key.iter().chain(&envelope.cancels);
        if keys
            .into_iter()
            .any(|k| k.is_empty() || k.chars().count() > MAX_ID_CHARS)
        {
            return Err(invalid(format!(
                "keys must be 1 to {MAX_ID_CHARS} characters"
            )));
        }
        let valid_until_ms = match (&envelope.valid_until, &notice) {
            (Some(raw), _) => Some(timestamp_ms("validUntil", raw)?),
            (None, Notice::BonusExpiring { expires_at, .. }) => {
                Some(timestamp_ms("expiresAt", expires_at)?)
            }
            (None, _) => None,
        };
        Ok(Self {
            id,
            occurred_at_ms: timestamp_ms("occurredAt", &envelope.occurred_at)?,
            telegram_id: envelope.telegram_user_id,
            locale: envelope.locale,
            valid_until_ms,
            key: envelope.key,
            cancels: envelope.cancels,
            notice,
        })
    }
}

fn check_values(notice: &Notice) -> Result<(), EventError> {
    let invalid = |reason: &str| Err(EventError::Invalid(reason.to_owned()));
    for money in notice.amounts() {
        let digits = money.subunit_to_unit.to_string();
        let power_of_ten = digits.starts_with('1') && digits[1..].bytes().all(|b| b == b'0');
        if !power_of_ten {
            return invalid("subunitToUnit must be a power of ten");
        }
        if money.amount < 0 {
            return invalid("amounts are not negative");
        }
        if money.currency.is_empty() || money.currency.chars().count() > 12 {
            return invalid("currency must be a currency code");
        }
        if !matches!(money.currency_type.as_str(), "fiat" | "crypto") {
            return invalid("type must be fiat or crypto");
        }
    }
    if notice
        .texts()
        .iter()
        .any(|text| text.trim().is_empty() || text.chars().count() > MAX_TEXT_CHARS)
    {
        return invalid("texts must be 1 to 500 characters");
    }
    if matches!(notice, Notice::FreeSpinsAwarded { count: 0, .. }) {
        return invalid("count must be at least 1");
    }
    Ok(())
}

fn timestamp_ms(field: &str, raw: &str) -> Result<i64, EventError> {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.timestamp_millis())
        .map_err(|_| EventError::Invalid(format!("{field} must be an RFC 3339 time")))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the X-Platform-Signature header is missing or malformed")]
    Malformed,
    #[error("the signature's time is more than 300 seconds from the bot's clock")]
    Stale,
    #[error("the signature does not match the body")]
    Mismatch,
}

/// The header value for `body` signed at `unix_seconds` (the platform's side, and the tests').
pub fn sign(secret: &[u8], unix_seconds: i64, body: &[u8]) -> String {
    format!(
        "t={unix_seconds},v1={}",
        hex::encode(mac(secret, unix_seconds, body).finalize().into_bytes())
    )
}

/// Checks a delivery's signature: well formed, fresh, and the HMAC of its time and body (compared
/// in constant time).
pub fn verify(
    secret: &[u8],
    header: Option<&str>,
    body: &[u8],
    now_seconds: i64,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Malformed)?;
    let mut time = None;
    let mut signature = None;
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => time = value.parse::<i64>().ok(),
            Some(("v1", value)) => signature = hex::decode(value).ok(),
            _ => {}
        }
    }
    let (Some(time), Some(signature)) = (time, signature) else {
        return Err(SignatureError::Malformed);
    };
    if (now_seconds - time).abs() > FRESHNESS_SECONDS {
        return Err(SignatureError::Stale);
    }
    mac(secret, time, body)
        .verify_slice(&signature)
        .map_err(|_| SignatureError::Mismatch)
}

fn mac(secret: &[u8], unix_seconds: i64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(unix_seconds.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn body(kind: &str, data: Value) -> Vec<u8> {
        serde_json::to_vec(&serde_json::json!({
            "id": "evt-1", "kind": kind, "occurredAt": "2026-11-28T03:00:00Z",
            "telegramUserId": 42, "locale": "pt-br", "data": data,
        }))
        .expect("json")
    }

    fn usd(amount: i64) -> Value {
        serde_json::json!({"amount": amount, "currency": "USD", "subunitToUnit": 100, "type": "fiat"})
    }

    #[test]
    fn a_deposit_reads_with_its_money() {
        let event = Event::parse(&body(
            "deposit_credited",
            serde_json::json!({"amount": usd(2500)}),
        ))
        .expect("valid");
        assert_eq!(event.telegram_id, 42);
        assert_eq!(event.occurred_at_ms, 1_795_834_800_000);
        assert_eq!(event.notice.kind(), Some(Kind::DepositCredited));
    }

    #[test]
    fn malformed_bodies_are_400_and_bad_values_422() {
        assert!(matches!(Event::parse(b"{"), Err(EventError::Malformed(_))));
        assert!(matches!(
            Event::parse(b"{\"id\":\"x\"}"),
            Err(EventError::Malformed(_))
        ));
        for (kind, data) in [
            ("jackpot", serde_json::json!({})),
            ("deposit_credited", serde_json::json!({})),
            (
                "deposit_credited",
                serde_json::json!({"amount": {"amount": 12.5, "currency": "USD", "subunitToUnit": 100, "type": "fiat"}}),
            ),
            (
                "deposit_credited",
                serde_json::json!({"amount": {"amount": 1, "currency": "USD", "subunitToUnit": 60, "type": "fiat"}}),
            ),
            (
                "withdrawal_declined",
                serde_json::json!({"amount": usd(1), "reason": " "}),
            ),
            ("free_spins_awarded", serde_json::json!({"count": 0})),
            ("cancel", serde_json::json!({})),
        ] {
            assert!(
                matches!(
                    Event::parse(&body(kind, data.clone())),
                    Err(EventError::Invalid(_))
                ),
                "{kind} {data}"
            );
        }
    }

    #[test]
    fn a_bonus_expiry_is_valid_until_the_bonus_expires() {
        let event = Event::parse(&body(
            "bonus_expiring",
            serde_json::json!({"title": "Welcome", "expiresAt": "2026-11-29T00:00:00Z"}),
        ))
        .expect("valid");
        assert_eq!(event.valid_until_ms, Some(1_795_910_400_000));
    }

    #[test]
    fn signatures_must_match_and_be_fresh() {
        let body = b"{\"id\":\"evt-1\"}";
        let header = sign(SECRET, 1000, body);
        assert_eq!(
            verify(SECRET, Some(&header), body, 1000 + FRESHNESS_SECONDS),
            Ok(())
        );
        assert_eq!(
            verify(SECRET, Some(&header), body, 1301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify(SECRET, Some(&header), body, 699),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify(b"another secret", Some(&header), body, 1000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(SECRET, Some(&header), b"{\"id\":\"evt-2\"}", 1000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(SECRET, None, body, 1000),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify(SECRET, Some("v1=00"), body, 1000),
            Err(SignatureError::Malformed)
        );
    }
}
