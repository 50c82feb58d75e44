-- Every Telegram user who started the bot, and where their sync to the platform stands.
-- Portable SQL: it runs on SQLite and on PostgreSQL. Flags are 0/1 BIGINTs and times are unix
-- seconds, except `next_sync_at_ms`, which schedules retries finer than a second.
CREATE TABLE bot_users (
    telegram_id BIGINT PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT,
    username TEXT,
    language_code TEXT,
    is_premium BIGINT NOT NULL DEFAULT 0,
    ref_id TEXT,
    affiliate_tag TEXT,
    is_blocked BIGINT NOT NULL DEFAULT 0,
    -- Bumped on every change; a sync result is recorded only for the revision it pushed.
    revision BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- 'pending', 'synced' or 'failed'.
    sync_state TEXT NOT NULL DEFAULT 'pending',
    last_sync_at BIGINT,
    last_sync_error TEXT,
    sync_failures BIGINT NOT NULL DEFAULT 0,
    next_sync_at_ms BIGINT
);

CREATE INDEX bot_users_sync_due ON bot_users (sync_state, next_sync_at_ms);
