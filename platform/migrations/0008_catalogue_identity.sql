-- Part 2 of the catalogue (game features, favourites, recent searches, the indexes of the filtered
-- listing), the sportsbook's sport data, content pages, and identity documents.

CREATE TABLE game_features (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);

-- Keyed by game first: a listing page reads the features of its games; the filter goes through
-- the second index.
CREATE TABLE game_feature_games (
    game_id INTEGER NOT NULL REFERENCES games (id),
    feature_id INTEGER NOT NULL REFERENCES game_features (id),
    PRIMARY KEY (game_id, feature_id)
) WITHOUT ROWID;
CREATE INDEX game_feature_games_feature ON game_feature_games (feature_id, game_id);

-- The orders of the game listing, alone and under the provider and category filters, so a page is
-- read in index order instead of sorting the catalogue.
CREATE INDEX games_by_popularity ON games (popularity DESC, id);
CREATE INDEX games_by_release ON games (released_on DESC, id);
CREATE INDEX games_by_name ON games (name COLLATE NOCASE, id);
CREATE INDEX games_provider_by_popularity ON games (provider_id, popularity DESC, id);
CREATE INDEX games_category_by_popularity ON games (category, popularity DESC, id);

-- Rowid tables on purpose: the rowid is the order of adding, finer than any clock.
CREATE TABLE player_favorite_games (
    player_id INTEGER NOT NULL REFERENCES players (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (player_id, game_id)
);

-- The texts a player searched for, one row per distinct text (any case); searching a text again
-- replaces its row, so the latest rowid is the latest search.
CREATE TABLE player_recent_searches (
    player_id INTEGER NOT NULL REFERENCES players (id),
    query TEXT NOT NULL COLLATE NOCASE,
    searched_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (player_id, query)
);

-- The sportsbook's tree: sport, category (a country, or a game for e-sports), championship, event.
-- Ids are the sportsbook provider's, as the client's sport catalogue uses them.
CREATE TABLE sports (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,           -- the URL slug
    position INTEGER NOT NULL
);

CREATE TABLE sport_categories (
    id INTEGER PRIMARY KEY,
    sport_id INTEGER NOT NULL REFERENCES sports (id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX sport_categories_sport ON sport_categories (sport_id, position);

CREATE TABLE sport_championships (
    id INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES sport_categories (id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX sport_championships_category ON sport_championships (category_id, position);

CREATE TABLE sport_events (
    id INTEGER PRIMARY KEY,
    championship_id INTEGER NOT NULL REFERENCES sport_championships (id),
    home TEXT NOT NULL,
    away TEXT NOT NULL,
    starts_at TEXT NOT NULL              -- RFC 3339, UTC
);
CREATE INDEX sport_events_championship ON sport_events (championship_id, starts_at);
CREATE INDEX sport_events_start ON sport_events (starts_at);

-- Markdown content per locale: static pages, FAQ entries, bonus pages and the welcome package.
-- A locale without its own row falls back to English.
CREATE TABLE content_entries (
    kind TEXT NOT NULL CHECK (kind IN ('page', 'faq', 'bonus', 'welcome')),
    slug TEXT NOT NULL,
    locale TEXT NOT NULL REFERENCES locales (code),
    title TEXT NOT NULL,
    body TEXT NOT NULL,                  -- markdown, no raw HTML
    position INTEGER NOT NULL,
    PRIMARY KEY (kind, slug, locale)
) WITHOUT ROWID;

-- Identity documents a player uploaded; the file lies in the platform's documents directory under
-- `stored_name`. Status values are the `documentStatuses` of GET /api/settings/constants.
CREATE TABLE player_documents (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    type TEXT NOT NULL,
    status INTEGER NOT NULL DEFAULT 1,
    file_name TEXT NOT NULL,             -- as the player's device named it
    content_type TEXT NOT NULL,          -- as its first bytes say, not as the upload claimed
    size_bytes INTEGER NOT NULL,
    stored_name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX player_documents_player ON player_documents (player_id, id);
