-- Social sign-in: accounts linked to players, and the sandbox provider's authorization codes.

CREATE TABLE social_connections (
    provider TEXT NOT NULL,              -- 'google', 'facebook', 'apple', 'telegram'
    subject TEXT NOT NULL,               -- the provider's id of the person
    player_id INTEGER NOT NULL REFERENCES players (id),
    email TEXT,
    display_name TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (provider, subject),
    UNIQUE (player_id, provider)
);

-- Codes the sandbox consent page hands back to the client, as a provider would.
CREATE TABLE sandbox_oauth_codes (
    code_digest TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    email TEXT NOT NULL,
    display_name TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
