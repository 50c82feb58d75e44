-- Route rules: what the client looks up on every navigation (spec section 2, "Page rules"). A rule
-- matches one exact path (`/casino`) or, with a pattern ending in `/*`, a path and everything under
-- it (`/vip/*` matches `/vip` and `/vip/a/b`). It may redirect (to an internal path or an https
-- URL) and may name guards the client runs (`middleware`, comma-separated, e.g. `auth`). Operators
-- fill the table; the sandbox seeds demo rules (step `routes-v1`).
CREATE TABLE route_rules (
    id INTEGER PRIMARY KEY,
    -- Paths are matched without a trailing slash, so a pattern never ends in one (except `/`).
    pattern TEXT NOT NULL UNIQUE
        CHECK (substr(pattern, 1, 1) = '/' AND (pattern = '/' OR substr(pattern, -1) <> '/')),
    -- An internal path (one leading `/`; `//` and `/\` would leave the site) or an https URL.
    redirect_to TEXT
        CHECK (redirect_to IS NULL
               OR redirect_to LIKE 'https://_%'
               OR (substr(redirect_to, 1, 1) = '/' AND substr(redirect_to, 2, 1) NOT IN ('/', '\'))),
    redirect_status INTEGER CHECK (redirect_status IN (301, 302, 307, 308)),
    middleware TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK ((redirect_to IS NULL) = (redirect_status IS NULL))
);
