-- Identity verification through the external service (Sumsub's web SDK). `verification_status` is
-- where the player stands: nothing sent yet, sent and waiting for the review, or the review's answer.
-- A real platform learns the answer from the service's signed webhook; the sandbox's stand-in page
-- gives it (`/sandbox/sumsub/applicant`).
ALTER TABLE players ADD COLUMN verification_status TEXT NOT NULL DEFAULT 'none'
    CHECK (verification_status IN ('none', 'pending', 'approved', 'rejected'));

-- The SDK access tokens the sandbox issued, so its stand-in page knows whose applicant it shows.
CREATE TABLE sumsub_tokens (
    token TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sumsub_tokens_player ON sumsub_tokens (player_id);
