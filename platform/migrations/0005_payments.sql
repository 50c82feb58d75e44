-- Payment methods of the sandbox's providers and the players' invoices.

-- One method of one provider in one direction. The id is the spec's method id,
-- `provider.deposit|withdrawal.name` (e.g. 'card.deposit.visa').
CREATE TABLE payment_methods (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('deposit', 'withdrawal')),
    name TEXT NOT NULL,                  -- the spec's popular method name: visa, cashAgent, bitcoin...
    display_name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('card', 'bank', 'cash', 'wallet', 'crypto')),
    group_name TEXT NOT NULL,            -- the group the method is listed under
    group_position INTEGER NOT NULL,     -- manual-agent groups come first
    position INTEGER NOT NULL,
    network TEXT,                        -- crypto only: the chain the address lives on
    fee_percent TEXT NOT NULL DEFAULT '0', -- the provider's fee, an exact decimal; informational
    UNIQUE (provider, direction, name)
);

-- The currencies a method takes, with its limits in minor units of that currency.
CREATE TABLE payment_method_currencies (
    method_id TEXT NOT NULL REFERENCES payment_methods (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    min_amount INTEGER NOT NULL CHECK (min_amount > 0),
    max_amount INTEGER NOT NULL CHECK (max_amount >= min_amount),
    PRIMARY KEY (method_id, currency)
);

-- The regions a method is offered in. A method without rows here is offered everywhere.
CREATE TABLE payment_method_countries (
    method_id TEXT NOT NULL REFERENCES payment_methods (id),
    country TEXT NOT NULL REFERENCES countries (code),
    PRIMARY KEY (method_id, country)
);

CREATE TABLE invoices (
    id TEXT PRIMARY KEY,                 -- random UUID: it appears in payment page URLs
    player_id INTEGER NOT NULL REFERENCES players (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    type TEXT NOT NULL CHECK (type IN ('deposit', 'withdrawal')),
    method_id TEXT NOT NULL REFERENCES payment_methods (id),
    status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)), -- pending, success, failure
    amount INTEGER NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL REFERENCES currencies (code),
    -- Deposits: the ordinal among the player's successful deposits, set when one succeeds.
    number INTEGER,
    public_data TEXT,                    -- JSON shown to the player (crypto address and QR...)
    fields TEXT,                         -- JSON the player filled in (withdrawal destination...)
    page_token TEXT,                     -- the sandbox payment page's form token
    failure_reason TEXT,                 -- 'declined_by_player', 'declined_by_provider'
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((number IS NULL) OR (type = 'deposit' AND status = 2))
);
CREATE INDEX invoices_player ON invoices (player_id, type, status);
CREATE UNIQUE INDEX invoices_deposit_number ON invoices (player_id, number) WHERE number IS NOT NULL;
