-- The sandbox sportsbook's bets on events (issue 17): each event's result, each bet's selections
-- with the odds taken, and the placement keys that make a retried placement charge once.

ALTER TABLE sport_events ADD COLUMN result TEXT CHECK (result IN ('1', 'X', '2'));
ALTER TABLE sport_events ADD COLUMN resulted_at TEXT;
CREATE INDEX sport_events_open ON sport_events (result, starts_at);

-- One row per event of a bet: a single has one, an accumulator two to ten (one per event). Odds are
-- integer thousandths (2150 is 2.15); `won` is set when the event's result is in.
CREATE TABLE sport_bet_selections (
    bet_id INTEGER NOT NULL REFERENCES game_bets (id),
    event_id INTEGER NOT NULL REFERENCES sport_events (id),
    outcome TEXT NOT NULL CHECK (outcome IN ('1', 'X', '2')),
    odds INTEGER NOT NULL CHECK (odds > 1000),
    won INTEGER CHECK (won IN (0, 1)),
    PRIMARY KEY (bet_id, event_id)
);
CREATE INDEX sport_bet_selections_event ON sport_bet_selections (event_id);

-- The client's key of a placement: the same key again is the same bet, answered, not charged twice.
CREATE TABLE sport_bet_requests (
    player_id INTEGER NOT NULL REFERENCES players (id),
    request_id TEXT NOT NULL,
    bet_id INTEGER NOT NULL UNIQUE REFERENCES game_bets (id),
    PRIMARY KEY (player_id, request_id)
);
