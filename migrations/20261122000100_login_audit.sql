-- Every tg_login and refresh the auth service answered: who (the player's Telegram id, only once
-- their init data checked out), when (unix milliseconds), and how it ended (`session_issued`, the
-- platform's refusal code, or the auth service's own error code). Never the init data itself.
-- Portable SQL: it runs on SQLite and on PostgreSQL.
CREATE TABLE login_audit (
    id TEXT PRIMARY KEY,
    telegram_user_id BIGINT,
    occurred_at_ms BIGINT NOT NULL,
    -- 'tg_login' or 'tg_login_refresh'.
    route TEXT NOT NULL,
    outcome TEXT NOT NULL,
    upstream_status BIGINT,
    request_id TEXT NOT NULL
);

CREATE INDEX login_audit_player ON login_audit (telegram_user_id, occurred_at_ms);
CREATE INDEX login_audit_time ON login_audit (occurred_at_ms);
