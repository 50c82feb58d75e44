-- Reality checks (responsible gambling, beyond the spec): every N minutes of a session the client reminds
-- the player how long they have played and what they have won or lost. The player's choice, kept here
-- so it follows them to every device; NULL is off, the default.
ALTER TABLE players ADD COLUMN reality_check_minutes INTEGER
    CHECK (reality_check_minutes IS NULL OR reality_check_minutes BETWEEN 1 AND 240);
