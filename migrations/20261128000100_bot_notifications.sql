-- The player's messages through the bot (docs/bot-events.md). Portable SQL: it runs on SQLite and on
-- PostgreSQL. Times are unix milliseconds.

-- Every platform event the bot accepted, once per event id, and what became of it: 'pending' until
-- it is sent ('sent') or found no longer useful or not to be sent ('dropped', with the reason in
-- `outcome`). A replica claims a pending row by setting `claimed_until_ms` (a lease); the send's
-- result clears it, and a replica that dies mid-send leaves the row to be claimed again when the
-- lease ends.
CREATE TABLE bot_outbox (
    event_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    telegram_id BIGINT NOT NULL,
    -- The event as the platform sent it (JSON): the message is made from it when it is sent.
    body TEXT NOT NULL,
    occurred_at_ms BIGINT NOT NULL,
    valid_until_ms BIGINT,
    -- The key a later event's `cancels` names to drop this one (e.g. 'bonus:42').
    cancel_key TEXT,
    received_at_ms BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    next_attempt_at_ms BIGINT NOT NULL,
    claimed_until_ms BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    outcome TEXT,
    telegram_message_id BIGINT,
    finished_at_ms BIGINT
);

CREATE INDEX bot_outbox_due ON bot_outbox (state, next_attempt_at_ms);
CREATE INDEX bot_outbox_chat ON bot_outbox (telegram_id, state, received_at_ms);
CREATE INDEX bot_outbox_cancel ON bot_outbox (telegram_id, cancel_key);

-- Cancellations by key, kept so that an event arriving after the cancellation that names it (the
-- platform's deliveries are not ordered) is dropped too.
CREATE TABLE bot_outbox_cancels (
    telegram_id BIGINT NOT NULL,
    cancel_key TEXT NOT NULL,
    cancelled_at_ms BIGINT NOT NULL,
    PRIMARY KEY (telegram_id, cancel_key)
);

-- When each chat may get its next message (Telegram allows one a second per chat): shared by the
-- replicas, so the per-chat pace holds across them.
CREATE TABLE bot_chat_pace (
    telegram_id BIGINT PRIMARY KEY,
    next_send_at_ms BIGINT NOT NULL
);

-- The player's choices: kind 'all' is the master switch (/stop, /start's button), any other row one
-- kind's switch. A missing row is the default: on, except 'sport_bet_settled' (every settled bet).
CREATE TABLE bot_notification_settings (
    telegram_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    enabled BIGINT NOT NULL,
    updated_at_ms BIGINT NOT NULL,
    PRIMARY KEY (telegram_id, kind)
);
