-- The auth service's rate-limit counts when replicas share them (AUTH_RATE_LIMIT_STORE=database):
-- requests per key ('ip:…' or 'user:…') in each minute's window. Past windows are pruned every minute.
-- Portable SQL (SQLite and PostgreSQL).
CREATE TABLE auth_rate_limits (
    key TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (key, window_start)
);
