-- Play (game sessions, bets, spins, the sportsbook entry) and responsible-gambling limits.
-- Timestamps are UTC ISO 8601 with milliseconds, so text order is time order.

-- Sportsbooks are started through the same play call as games, but they are not casino games:
-- never listed, searched or put in collections, so they live outside `games`.
CREATE TABLE sportsbooks (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    provider TEXT NOT NULL               -- the start-game params' provider, e.g. 'altenar'
);

-- One launch of a game or of the sportsbook. The token is the credential of the game page and of
-- the provider's calls, as with real game providers.
CREATE TABLE game_sessions (
    token TEXT PRIMARY KEY,
    game_id INTEGER REFERENCES games (id),
    sportsbook_id INTEGER REFERENCES sportsbooks (id),
    player_id INTEGER REFERENCES players (id),              -- NULL: a guest's demo
    player_session_id TEXT REFERENCES player_sessions (id), -- the sign-in it was launched from
    account_id INTEGER REFERENCES accounts (id),            -- NULL: demo
    currency TEXT NOT NULL REFERENCES currencies (code),
    demo_balance INTEGER CHECK (demo_balance >= 0),         -- demo only: virtual money
    locale TEXT,
    lobby_url TEXT,
    platform INTEGER CHECK (platform IN (1, 2)),
    country TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    expires_at TEXT NOT NULL,
    CHECK ((game_id IS NULL) <> (sportsbook_id IS NULL)),
    CHECK ((account_id IS NULL) = (demo_balance IS NOT NULL)),
    CHECK (account_id IS NULL OR (player_id IS NOT NULL AND player_session_id IS NOT NULL))
);
CREATE INDEX game_sessions_player ON game_sessions (player_id, created_at);

-- Real-money bets. A spin's bet is settled in the spin's own transaction; a sportsbook bet stays
-- unsettled (win and settled_at NULL) until the sportsbook settles it.
CREATE TABLE game_bets (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    session_token TEXT NOT NULL REFERENCES game_sessions (token),
    game_id INTEGER REFERENCES games (id),
    sportsbook_id INTEGER REFERENCES sportsbooks (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    amount INTEGER NOT NULL CHECK (amount > 0),
    win INTEGER CHECK (win >= 0),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    settled_at TEXT,
    CHECK ((game_id IS NULL) <> (sportsbook_id IS NULL)),
    CHECK ((win IS NULL) = (settled_at IS NULL))
);
CREATE INDEX game_bets_history ON game_bets (player_id, id);
CREATE INDEX game_bets_period ON game_bets (player_id, currency, created_at);

-- Spins of the sandbox slot. Demo spins (bet_id NULL) keep ids unique for the page and never show
-- in any history.
CREATE TABLE game_spins (
    id INTEGER PRIMARY KEY,
    session_token TEXT NOT NULL REFERENCES game_sessions (token),
    bet_id INTEGER UNIQUE REFERENCES game_bets (id),
    player_id INTEGER REFERENCES players (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    bet INTEGER NOT NULL CHECK (bet > 0),
    win INTEGER NOT NULL CHECK (win >= 0),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX game_spins_history ON game_spins (player_id, id) WHERE bet_id IS NOT NULL;
CREATE INDEX game_spins_big_wins ON game_spins (id) WHERE bet_id IS NOT NULL AND win >= 5 * bet;

-- Responsible-gambling limits. Definitions (spec, section 4): 1 bet, 2 loss, 3 deposit (an amount
-- in a currency per period), 4 self-exclusion, 5 cooling-off (until `ends_at`).
-- A loosening change waits in the pending columns until `pending_effective_at`.
CREATE TABLE player_limits (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    definition INTEGER NOT NULL CHECK (definition BETWEEN 1 AND 5),
    period TEXT CHECK (period IN ('daily', 'weekly', 'monthly')),
    amount INTEGER CHECK (amount > 0),
    currency TEXT REFERENCES currencies (code),
    ends_at TEXT,
    pending_period TEXT CHECK (pending_period IN ('daily', 'weekly', 'monthly')),
    pending_amount INTEGER CHECK (pending_amount > 0),
    pending_removal INTEGER NOT NULL DEFAULT 0 CHECK (pending_removal IN (0, 1)),
    pending_effective_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (CASE WHEN definition <= 3
                THEN period IS NOT NULL AND amount IS NOT NULL AND currency IS NOT NULL
                     AND ends_at IS NULL
                ELSE period IS NULL AND amount IS NULL AND currency IS NULL AND ends_at IS NOT NULL
                     AND pending_effective_at IS NULL END),
    CHECK ((pending_effective_at IS NULL)
           = (pending_amount IS NULL AND pending_period IS NULL AND pending_removal = 0))
);
CREATE UNIQUE INDEX player_limits_one_per_period
    ON player_limits (player_id, definition, currency, period) WHERE definition <= 3;
CREATE INDEX player_limits_player ON player_limits (player_id, definition);
