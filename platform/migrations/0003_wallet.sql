-- Wallet accounts: one per player and currency, balances in integer minor units.

CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    is_active INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
    is_hidden INTEGER NOT NULL DEFAULT 0 CHECK (is_hidden IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (player_id, currency)
);
-- Exactly one active account per player is kept by the code; at most one by the database.
CREATE UNIQUE INDEX accounts_one_active ON accounts (player_id) WHERE is_active = 1;
