-- Rewards: bonuses and free spins, bonus codes, deposit bonuses, cashback, quests, loyalty,
-- notifications and contact messages. Amounts are integer minor units; times are ISO 8601 UTC text
-- (strftime('%Y-%m-%dT%H:%M:%fZ')), so they compare as text.

-- What a bonus gives. A 'bonus' package is money released by wagering: a fixed amount, or with
-- match_percent a share of the deposit that triggered it, capped by the currency's amount. A
-- 'freespins' package is a number of spins on one game.
CREATE TABLE bonus_packages (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('bonus', 'freespins')),
    match_percent INTEGER CHECK (match_percent IS NULL OR match_percent > 0),
    wager_multiplier INTEGER NOT NULL DEFAULT 0 CHECK (wager_multiplier >= 0),
    freespin_count INTEGER CHECK (freespin_count IS NULL OR freespin_count > 0),
    freespin_game_id INTEGER REFERENCES games (id),
    -- An issued package not activated within this is expired; an active bonus not wagered within
    -- it (counted again from activation) too.
    lifetime_hours INTEGER NOT NULL CHECK (lifetime_hours > 0),
    CHECK ((kind = 'bonus') = (freespin_count IS NULL)),
    CHECK ((kind = 'freespins') = (freespin_game_id IS NOT NULL))
);

-- Per currency: the bonus amount (or the match's cap), the largest bet while it is active, and for
-- free spins the stake one free spin covers. A package is offered only in its currencies here.
CREATE TABLE bonus_package_currencies (
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    max_bet_amount INTEGER CHECK (max_bet_amount IS NULL OR max_bet_amount > 0),
    freespin_bet INTEGER CHECK (freespin_bet IS NULL OR freespin_bet > 0),
    PRIMARY KEY (package_id, currency)
);

-- Games whose bets count towards wagering; a package without rows here counts every game.
CREATE TABLE bonus_package_games (
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (package_id, game_id)
);

-- Bonuses issued automatically on a qualifying deposit.
CREATE TABLE deposit_bonuses (
    id INTEGER PRIMARY KEY,
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    -- Which successful deposits qualify: 1..1 is the first-time deposit, 2..NULL every later one.
    deposit_number_from INTEGER NOT NULL DEFAULT 1,
    deposit_number_to INTEGER,
    -- The smallest deposit that qualifies, in minor units of the base currency, for currencies
    -- without their own row below.
    base_currency_amount_from INTEGER NOT NULL,
    position INTEGER NOT NULL
);

CREATE TABLE deposit_bonus_currencies (
    deposit_bonus_id INTEGER NOT NULL REFERENCES deposit_bonuses (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    amount_from INTEGER NOT NULL CHECK (amount_from > 0),
    PRIMARY KEY (deposit_bonus_id, currency)
);

-- Promotional codes. trigger 1: the package is issued when the code is applied; trigger 3: it is
-- issued on the player's next successful deposit.
CREATE TABLE bonus_codes (
    code TEXT PRIMARY KEY COLLATE NOCASE,
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    trigger INTEGER NOT NULL CHECK (trigger IN (1, 3)),
    valid_until TEXT
);

-- A code a player applied. status 1 waits for its trigger, 2 issued its package. A code applies
-- once per player: removing a waiting code (DELETE) frees it again, a used one never.
CREATE TABLE player_bonus_codes (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    code TEXT NOT NULL REFERENCES bonus_codes (code),
    trigger INTEGER NOT NULL,
    status INTEGER NOT NULL CHECK (status IN (1, 2)),
    session_id TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (player_id, code)
);

-- status 1 issued, 2 active, 3 finished; result (status 3 only) 2 played, 3 canceled,
-- 4 expired before activation, 5 wagering time ran out.
CREATE TABLE player_bonuses (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
    result INTEGER CHECK (result IN (2, 3, 4, 5)),
    amount INTEGER NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL REFERENCES currencies (code),
    wager_required INTEGER NOT NULL,
    wagered INTEGER NOT NULL DEFAULT 0,
    max_bet_amount INTEGER,
    issue_session_id TEXT,
    source TEXT NOT NULL,                -- 'deposit', 'code', 'quest', 'cashback'
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((status = 3) = (result IS NOT NULL))
);
CREATE INDEX player_bonuses_player ON player_bonuses (player_id, status);
-- One active bonus per currency: bets can be limited and wagered against one bonus only.
CREATE UNIQUE INDEX player_bonuses_one_active ON player_bonuses (player_id, currency) WHERE status = 2;

-- Same statuses; result 2 played, 3 canceled, 4 expired.
CREATE TABLE player_freespins (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    package_id INTEGER NOT NULL REFERENCES bonus_packages (id),
    status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
    result INTEGER CHECK (result IN (2, 3, 4)),
    count INTEGER NOT NULL CHECK (count > 0),
    used INTEGER NOT NULL DEFAULT 0 CHECK (used <= count),
    currency TEXT NOT NULL REFERENCES currencies (code),
    game_id INTEGER NOT NULL REFERENCES games (id),
    bet_amount INTEGER NOT NULL,
    total_win INTEGER NOT NULL DEFAULT 0,
    issue_session_id TEXT,
    source TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK ((status = 3) = (result IS NOT NULL))
);
CREATE INDEX player_freespins_player ON player_freespins (player_id, status);

-- Net losses of real-money play per player, currency and ISO week (Monday 00:00 UTC).
CREATE TABLE cashback_weeks (
    player_id INTEGER NOT NULL REFERENCES players (id),
    currency TEXT NOT NULL REFERENCES currencies (code),
    week_start TEXT NOT NULL,            -- YYYY-MM-DD of the Monday
    wagered INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    paid_bonus_id INTEGER REFERENCES player_bonuses (id),
    PRIMARY KEY (player_id, currency, week_start)
);

-- Quest campaigns every player is offered, and their tasks in order.
CREATE TABLE quests (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    duration_hours INTEGER NOT NULL CHECK (duration_hours > 0),
    reward_points INTEGER NOT NULL DEFAULT 0,
    reward_package_id INTEGER REFERENCES bonus_packages (id),
    position INTEGER NOT NULL
);

-- type 1 spins, 2 wager (minor units of the base currency), 3 winning spins, 4 spins on game_id,
-- 5 successful deposits.
CREATE TABLE quest_tasks (
    id INTEGER PRIMARY KEY,
    quest_id INTEGER NOT NULL REFERENCES quests (id),
    position INTEGER NOT NULL,
    type INTEGER NOT NULL CHECK (type IN (1, 2, 3, 4, 5)),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    game_id INTEGER REFERENCES games (id),
    CHECK ((type = 4) = (game_id IS NOT NULL)),
    UNIQUE (quest_id, position)
);

-- state 1 issued, 2 active, 3 completed, 5 expired (its time ran out), 6 cancelled by the player.
CREATE TABLE player_quests (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    quest_id INTEGER NOT NULL REFERENCES quests (id),
    state INTEGER NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3, 5, 6)),
    expires_at TEXT,                     -- set on activation
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (player_id, quest_id)
);

CREATE TABLE player_quest_tasks (
    id INTEGER PRIMARY KEY,
    player_quest_id INTEGER NOT NULL REFERENCES player_quests (id),
    task_id INTEGER NOT NULL REFERENCES quest_tasks (id),
    progress INTEGER NOT NULL DEFAULT 0,
    is_completed INTEGER NOT NULL DEFAULT 0 CHECK (is_completed IN (0, 1)),
    UNIQUE (player_quest_id, task_id)
);

CREATE TABLE loyalty_levels (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    points INTEGER NOT NULL UNIQUE,      -- points from which the level holds
    level_order INTEGER NOT NULL UNIQUE
);

CREATE TABLE loyalty_accounts (
    player_id INTEGER PRIMARY KEY REFERENCES players (id),
    points INTEGER NOT NULL DEFAULT 0,
    -- Wagers below one whole point so far, in minor units of the base currency.
    wager_remainder INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Inbox messages (state 1 unread, 2 read) and pushes of the same states.
CREATE TABLE notification_messages (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    state INTEGER NOT NULL DEFAULT 1 CHECK (state IN (1, 2)),
    read_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX notification_messages_player ON notification_messages (player_id, id);

CREATE TABLE notification_pushes (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    state INTEGER NOT NULL DEFAULT 1 CHECK (state IN (1, 2)),
    read_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX notification_pushes_player ON notification_pushes (player_id, id);

-- The contact form.
CREATE TABLE communications (
    id INTEGER PRIMARY KEY,
    player_id INTEGER REFERENCES players (id),
    name TEXT,
    email TEXT NOT NULL,
    subject TEXT,
    message TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
