-- One-time codes, the sandbox outbox that stands in for SMS and e-mail, avatars, and the field
-- rules the client fetches per scenario.

ALTER TABLE players ADD COLUMN phone_verified_at TEXT;
ALTER TABLE players ADD COLUMN avatar_id INTEGER REFERENCES avatars (id);

-- What a real platform would send by SMS or e-mail. People and tests read it through
-- GET /api/sandbox/outbox?to=...
CREATE TABLE sandbox_outbox (
    id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    code TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sandbox_outbox_recipient ON sandbox_outbox (recipient, id);

-- Codes are stored as SHA-256 digests; a code works once, before it expires, within 5 attempts.
CREATE TABLE verification_codes (
    id INTEGER PRIMARY KEY,
    purpose TEXT NOT NULL,               -- 'phone', 'email', 'password_reset', 'email_verify'
    recipient TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id),
    code_digest TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER NOT NULL,         -- unix seconds
    used_at INTEGER,
    created_at INTEGER NOT NULL
);
CREATE INDEX verification_codes_lookup ON verification_codes (purpose, recipient, id);

CREATE TABLE avatars (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);

-- Rules per form scenario ('profile', 'registration'): a rule list in the spec's vocabulary.
CREATE TABLE field_validations (
    scenario TEXT NOT NULL,
    field TEXT NOT NULL,
    is_required INTEGER NOT NULL CHECK (is_required IN (0, 1)),
    rules TEXT NOT NULL,                 -- JSON array, e.g. [{"rule":"minLength","value":3}]
    position INTEGER NOT NULL,
    PRIMARY KEY (scenario, field)
);
