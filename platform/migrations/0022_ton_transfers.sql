-- The sandbox's stand-in for the TON network: every transfer a wallet sent to it, as an operator's chain
-- indexer would record the transfers reaching its wallet, and what the deposit watcher made of each. A
-- real platform keeps the same facts from its indexer.
CREATE TABLE ton_transfers (
    id INTEGER PRIMARY KEY,
    from_address TEXT NOT NULL,          -- bounceable user-friendly form
    to_address TEXT NOT NULL,            -- bounceable user-friendly form
    -- 'TON' for toncoin, else the jetton master's address (bounceable user-friendly form).
    asset TEXT NOT NULL,
    -- Integer string of the asset's smallest unit (nanotons, jetton units): it can exceed 64 bits.
    amount TEXT NOT NULL CHECK (amount NOT GLOB '*[^0-9]*' AND amount <> ''),
    comment TEXT,
    -- received: recorded, not yet matched; settled: it paid invoice_id; unmatched: it paid nothing.
    status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'settled', 'unmatched')),
    -- Unmatched: unknown_comment, wrong_amount, wrong_asset, wrong_destination, invoice_not_pending.
    reason TEXT,
    invoice_id TEXT REFERENCES invoices (id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((status = 'unmatched') = (reason IS NOT NULL)),
    CHECK (status <> 'settled' OR invoice_id IS NOT NULL)
);
-- An invoice is paid by one transfer: a second one with its comment stays unmatched.
CREATE UNIQUE INDEX ton_transfers_settling ON ton_transfers (invoice_id) WHERE status = 'settled';
CREATE INDEX ton_transfers_by_status ON ton_transfers (status, id);
