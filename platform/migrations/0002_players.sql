-- Players, their sessions, and the sandbox's own settings.

CREATE TABLE sandbox_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    email TEXT UNIQUE COLLATE NOCASE,
    phone TEXT UNIQUE,
    password_hash TEXT,                  -- argon2id PHC string; NULL for messenger-only players
    nickname TEXT,
    first_name TEXT,
    last_name TEXT,
    tg_user_id INTEGER UNIQUE,
    language TEXT,
    country TEXT,
    locale TEXT NOT NULL DEFAULT 'en',
    freshchat_restore_id TEXT,
    email_verified_at TEXT,
    affiliate_tag TEXT,
    registration_fingerprints TEXT,      -- the client's device fingerprints at sign-up
    referrer_player_id INTEGER REFERENCES players (id),
    is_blocked INTEGER NOT NULL DEFAULT 0 CHECK (is_blocked IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- One row per sign-in. Closing a session revokes every token issued for it.
CREATE TABLE player_sessions (
    id TEXT PRIMARY KEY,                 -- random UUID, the `sid` claim of its tokens
    player_id INTEGER NOT NULL REFERENCES players (id),
    ip TEXT,
    user_agent TEXT,
    platform TEXT,                       -- 'tg' or 'web', from the client's platform header
    source TEXT,                         -- the bot URL or site origin, from the source header
    fingerprint TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    closed_at TEXT
);
CREATE INDEX player_sessions_player ON player_sessions (player_id, closed_at);

-- Messenger users as the bot last pushed them (PUT /api/tg-bot/users).
CREATE TABLE tg_bot_users (
    tg_user_id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT,
    username TEXT,
    language_code TEXT,
    is_premium INTEGER NOT NULL CHECK (is_premium IN (0, 1)),
    ref_id TEXT,
    affiliate_tag TEXT,
    is_blocked INTEGER NOT NULL CHECK (is_blocked IN (0, 1)),
    synced_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
