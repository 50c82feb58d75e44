-- One timestamp format: every time the platform stores is `YYYY-MM-DDTHH:MM:SS.sssZ` (src/clock.rs).
--
-- The first tables were created with whole-second column defaults (`...:30Z`). A whole-second value
-- and a millisecond value of the same second do not compare in order as text ('.' sorts before 'Z'),
-- so until now each column kept its own precision and the code had two clocks. This migration
-- rewrites the stored whole-second values as the same instant with `.000Z`, and changes the column
-- defaults that wrote whole seconds.
--
-- Changing a default is one of the changes SQLite documents as safe to make by editing the table's
-- CREATE text (https://www.sqlite.org/lang_altertable.html#otheralter): the file format does not
-- change. The alternative, rebuilding `players` and the tables that reference it, cannot be done
-- safely here: sqlx runs a SQLite migration inside a transaction, where foreign keys cannot be
-- switched off, and `DROP TABLE players` with them on acts as a DELETE of every player. The edit
-- must be seen by every connection: the CREATE/DROP below changes the schema cookie, so other
-- connections reload the schema, and `writable_schema = RESET` reloads this one's.
-- tests/timestamps.rs migrates a database with old rows from 0011 and checks rows, links and schema.

PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'strftime(''%Y-%m-%dT%H:%M:%SZ'', ''now'')', 'strftime(''%Y-%m-%dT%H:%M:%fZ'', ''now'')')
WHERE type = 'table'
  AND name IN ('sandbox_seed_steps', 'players', 'player_sessions', 'tg_bot_users', 'accounts',
               'social_connections', 'player_favorite_games', 'player_recent_searches',
               'player_documents', 'route_rules');
CREATE TABLE timestamp_format_schema_change (unused INTEGER);
DROP TABLE timestamp_format_schema_change;
PRAGMA writable_schema = RESET;

-- The same instant, with milliseconds: `2026-01-02T03:04:05Z` becomes `2026-01-02T03:04:05.000Z`.
-- Only values of exactly the whole-second shape change, so running it over a millisecond value is a no-op.
UPDATE sandbox_seed_steps SET applied_at = substr(applied_at, 1, 19) || '.000Z'
WHERE applied_at GLOB '????-??-??T??:??:??Z';
UPDATE players SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
UPDATE players SET email_verified_at = substr(email_verified_at, 1, 19) || '.000Z'
WHERE email_verified_at GLOB '????-??-??T??:??:??Z';
UPDATE players SET phone_verified_at = substr(phone_verified_at, 1, 19) || '.000Z'
WHERE phone_verified_at GLOB '????-??-??T??:??:??Z';
UPDATE player_sessions SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
UPDATE player_sessions SET last_seen_at = substr(last_seen_at, 1, 19) || '.000Z'
WHERE last_seen_at GLOB '????-??-??T??:??:??Z';
UPDATE player_sessions SET closed_at = substr(closed_at, 1, 19) || '.000Z'
WHERE closed_at GLOB '????-??-??T??:??:??Z';
UPDATE tg_bot_users SET synced_at = substr(synced_at, 1, 19) || '.000Z'
WHERE synced_at GLOB '????-??-??T??:??:??Z';
UPDATE accounts SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
UPDATE social_connections SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
UPDATE player_favorite_games SET added_at = substr(added_at, 1, 19) || '.000Z'
WHERE added_at GLOB '????-??-??T??:??:??Z';
UPDATE player_recent_searches SET searched_at = substr(searched_at, 1, 19) || '.000Z'
WHERE searched_at GLOB '????-??-??T??:??:??Z';
UPDATE player_documents SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
UPDATE route_rules SET created_at = substr(created_at, 1, 19) || '.000Z'
WHERE created_at GLOB '????-??-??T??:??:??Z';
-- Sport events have no default; the seed wrote their start times in whole seconds.
UPDATE sport_events SET starts_at = substr(starts_at, 1, 19) || '.000Z'
WHERE starts_at GLOB '????-??-??T??:??:??Z';

-- The edited schema must still be a sound database; a CHECK failure rolls the migration back.
CREATE TEMP TABLE timestamp_format_check (problems INTEGER NOT NULL CHECK (problems = 0));
INSERT INTO timestamp_format_check
SELECT (SELECT count(*) FROM pragma_integrity_check WHERE integrity_check <> 'ok')
     + (SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%:\%SZ%' ESCAPE '\');
DROP TABLE timestamp_format_check;
