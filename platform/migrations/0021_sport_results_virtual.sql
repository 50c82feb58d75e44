-- The sandbox sportsbook's results pages and virtual sports (issue 17): an event's final score,
-- how long a championship's matches last (virtual ones a few minutes, so a bet settles within
-- minutes), and which championships are virtual.

ALTER TABLE sport_events ADD COLUMN home_score INTEGER CHECK (home_score >= 0);
ALTER TABLE sport_events ADD COLUMN away_score INTEGER CHECK (away_score >= 0);
CREATE INDEX sport_events_resulted ON sport_events (resulted_at) WHERE result IS NOT NULL;

ALTER TABLE sport_championships ADD COLUMN match_minutes INTEGER NOT NULL DEFAULT 120 CHECK (match_minutes > 0);
ALTER TABLE sport_championships ADD COLUMN is_virtual INTEGER NOT NULL DEFAULT 0 CHECK (is_virtual IN (0, 1));
