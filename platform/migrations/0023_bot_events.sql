-- Player events for the bot (docs/bot-events.md): the platform's side of the hook. A row is written
-- in the transaction of the change it tells of, and the delivery worker posts it until the bot
-- accepts it (202), refuses it for good (400, 413, 422), or it is a day past its time.

CREATE TABLE bot_events (
    id TEXT PRIMARY KEY,                 -- the envelope's id, the bot's idempotency key
    player_id INTEGER NOT NULL REFERENCES players (id),
    event_key TEXT,                      -- the envelope's key (`bonus:42`), for a later cancel
    kind TEXT NOT NULL,
    body TEXT NOT NULL,                  -- the envelope, the same bytes on every try
    occurred_at TEXT NOT NULL,           -- the envelope's occurredAt; not sent before it
    next_attempt_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    delivered_at TEXT,
    given_up_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX bot_events_pending ON bot_events (next_attempt_at)
    WHERE delivered_at IS NULL AND given_up_at IS NULL;
CREATE INDEX bot_events_key ON bot_events (player_id, event_key) WHERE event_key IS NOT NULL;

-- Envelope ids start with this database's own random origin, so a fresh sandbox database never
-- reuses an id a bot already stored (its bets and bonuses count from 1 again).
INSERT INTO sandbox_meta (key, value) VALUES ('bot_events_origin', lower(hex(randomblob(6))));
