-- The Telegram updates the bot has taken. Telegram redelivers an update whose webhook call it did not
-- see acknowledged, and with several bot replicas behind one webhook a redelivery can reach another
-- replica: the first to insert an update's id handles it, every other delivery is dropped. Rows older
-- than Telegram's 24 hours of redelivery are pruned. Portable SQL (SQLite and PostgreSQL).
CREATE TABLE bot_updates (
    update_id BIGINT PRIMARY KEY,
    received_at BIGINT NOT NULL
);

CREATE INDEX bot_updates_received ON bot_updates (received_at);
