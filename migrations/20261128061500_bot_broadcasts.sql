-- Staff broadcasts (`/broadcast`): one text per language, sent to every player who started the bot
-- through the outbox (`bot_outbox`), one row per player. Portable SQL (SQLite and PostgreSQL); times
-- are unix milliseconds.

-- A broadcast from its draft to its report. `state`: 'draft' while its texts are written (`step` is
-- the language awaited: 'en', 'ru', 'es', 'pt'), 'confirming' while its preview waits for the
-- author, then 'sending', and 'done' or 'cancelled'. A missing text means English. While sending,
-- players are added to the outbox in id order a batch at a time: `cursor_id` is the last one added,
-- so a restarted bot goes on from there and the outbox's unique event ids (`broadcast-<id>-<player>`)
-- keep anyone from being added twice. The counts are written when it is done.
CREATE TABLE bot_broadcasts (
    id BIGINT PRIMARY KEY,
    staff_id BIGINT NOT NULL,
    state TEXT NOT NULL,
    step TEXT,
    text_en TEXT,
    text_ru TEXT,
    text_es TEXT,
    text_pt TEXT,
    total BIGINT NOT NULL DEFAULT 0,
    cursor_id BIGINT NOT NULL DEFAULT 0,
    all_added BIGINT NOT NULL DEFAULT 0,
    -- The author's message that shows the progress and then the report.
    progress_message_id BIGINT,
    next_edit_at_ms BIGINT NOT NULL DEFAULT 0,
    sent BIGINT NOT NULL DEFAULT 0,
    blocked BIGINT NOT NULL DEFAULT 0,
    failed BIGINT NOT NULL DEFAULT 0,
    skipped BIGINT NOT NULL DEFAULT 0,
    created_at_ms BIGINT NOT NULL,
    finished_at_ms BIGINT
);

CREATE INDEX bot_broadcasts_state ON bot_broadcasts (state, staff_id);

-- The broadcast an outbox row belongs to; NULL for the platform's events.
ALTER TABLE bot_outbox ADD COLUMN broadcast_id BIGINT;

CREATE INDEX bot_outbox_broadcast ON bot_outbox (broadcast_id, state);
