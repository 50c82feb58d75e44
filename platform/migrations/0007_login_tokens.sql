-- One-time sign-in tokens for auto-login links (`/auth/autologin?state=<token>`).
CREATE TABLE login_tokens (
    token_digest TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
