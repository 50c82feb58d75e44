-- The referral programme. Who invited whom is `players.referrer_player_id` (set from the launch's
-- `ref_<id>` when a messenger player is created). A referrer earns a share of each deposit their
-- invitee makes; the earnings wait in a referral balance per currency until the referrer moves them
-- into the wallet.

CREATE INDEX players_referrer ON players (referrer_player_id) WHERE referrer_player_id IS NOT NULL;

-- One earning per credited deposit of an invited player: the invoice is unique, so a settlement
-- seen twice earns once.
CREATE TABLE referral_earnings (
    id INTEGER PRIMARY KEY,
    referrer_player_id INTEGER NOT NULL REFERENCES players (id),
    referred_player_id INTEGER NOT NULL REFERENCES players (id),
    invoice_id TEXT NOT NULL UNIQUE REFERENCES invoices (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    amount INTEGER NOT NULL CHECK (amount > 0),     -- minor units of `currency`
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX referral_earnings_referrer ON referral_earnings (referrer_player_id, currency);

-- Earnings moved into the wallet. The player's idempotency key is unique per player: a transfer
-- retried after a lost answer finds the first one instead of paying twice.
CREATE TABLE referral_transfers (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    idempotency_key TEXT NOT NULL,
    currency TEXT NOT NULL REFERENCES currencies (code),
    amount INTEGER NOT NULL CHECK (amount > 0),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (player_id, idempotency_key)
);
CREATE INDEX referral_transfers_player ON referral_transfers (player_id, currency);
