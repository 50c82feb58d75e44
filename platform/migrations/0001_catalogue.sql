-- Settings and the game catalogue of the sandbox platform.

CREATE TABLE locales (
    code TEXT PRIMARY KEY,               -- URL prefix form: 'en', 'pt-br'
    locale_code TEXT NOT NULL,           -- BCP 47 form: 'en-US', 'pt-BR'
    name TEXT NOT NULL,                  -- the language's own name
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    position INTEGER NOT NULL
);
CREATE UNIQUE INDEX locales_one_default ON locales (is_default) WHERE is_default = 1;

CREATE TABLE currencies (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('fiat', 'crypto')),
    symbol TEXT NOT NULL,
    subunit_to_unit INTEGER NOT NULL CHECK (subunit_to_unit > 0),
    -- Value of one unit in the base currency, as an exact decimal string.
    rate TEXT NOT NULL,
    is_enabled INTEGER NOT NULL CHECK (is_enabled IN (0, 1)),
    is_visible INTEGER NOT NULL CHECK (is_visible IN (0, 1)),
    is_base INTEGER NOT NULL DEFAULT 0 CHECK (is_base IN (0, 1)),
    position INTEGER NOT NULL
);
CREATE UNIQUE INDEX currencies_one_base ON currencies (is_base) WHERE is_base = 1;

-- Display units of a currency, e.g. mBTC for BTC.
CREATE TABLE sub_currencies (
    currency_code TEXT NOT NULL REFERENCES currencies (code),
    code TEXT NOT NULL,
    subunit_to_unit INTEGER NOT NULL CHECK (subunit_to_unit > 0),
    PRIMARY KEY (currency_code, code)
);

CREATE TABLE countries (
    code TEXT PRIMARY KEY CHECK (length(code) = 2),
    name TEXT NOT NULL,
    locale TEXT NOT NULL REFERENCES locales (code)
);

CREATE TABLE game_providers (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    provider_id INTEGER NOT NULL REFERENCES game_providers (id),
    category TEXT NOT NULL CHECK (category IN ('slots', 'live', 'table', 'crash')),
    has_demo INTEGER NOT NULL DEFAULT 1 CHECK (has_demo IN (0, 1)),
    popularity INTEGER NOT NULL DEFAULT 0,
    released_on TEXT NOT NULL            -- YYYY-MM-DD
);
CREATE INDEX games_provider ON games (provider_id);

CREATE TABLE game_collections (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    is_hidden INTEGER NOT NULL DEFAULT 0 CHECK (is_hidden IN (0, 1)),
    position INTEGER NOT NULL
);

-- A collection limited to some countries; one without rows here is shown everywhere.
CREATE TABLE game_collection_countries (
    collection_id INTEGER NOT NULL REFERENCES game_collections (id),
    country_code TEXT NOT NULL REFERENCES countries (code),
    PRIMARY KEY (collection_id, country_code)
);

CREATE TABLE game_collection_games (
    collection_id INTEGER NOT NULL REFERENCES game_collections (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (collection_id, game_id)
);
CREATE INDEX game_collection_games_order ON game_collection_games (collection_id, position);

-- Seed steps already applied, so a restart never seeds twice.
CREATE TABLE sandbox_seed_steps (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
