//! Rewards of the sandbox: bonus packages, deposit bonuses, bonus codes, quest campaigns and
//! loyalty levels. Every player gets the welcome bonus (100% of the first deposit) automatically,
//! can add 50 free spins with `SPINS50` or a deposit code with `WELCOME100`, and holds every quest.

use sqlx::{Sqlite, Transaction};

use crate::rewards::cashback;
use crate::rewards::quests::{TASK_DEPOSITS, TASK_GAME_SPINS, TASK_SPINS, TASK_WAGER, TASK_WINS};

/// Minor units of each currency worth about one US dollar, so one package reads in dollars.
const PER_DOLLAR: &[(&str, i64)] = &[
    ("USD", 100),
    ("EUR", 93),
    ("BRL", 556),
    ("RUB", 9_091),
    ("INR", 8_333),
    ("UZS", 1_265_823),
    ("USDT", 1_000_000),
    ("BTC", 1_053),
    ("ETH", 29_412),
    ("TON", 192_307_692),
];

/// The first sandbox title, Lucky Sevens: the game of the free spins and of a quest.
const LUCKY_SEVENS: i64 = 1;
/// The sandbox's slot titles, whose bets count for the `WELCOME100` bonus.
const SANDBOX_SLOTS: &[i64] = &[1, 4, 6, 7];

struct Package {
    id: i64,
    name: &'static str,
    match_percent: Option<i64>,
    wager_multiplier: i64,
    lifetime_hours: i64,
    /// Free spins: (count, game).
    freespins: Option<(i64, i64)>,
    /// The amount (or a match's cap; or a free spin's value) and the max bet, in dollars.
    dollars: i64,
    max_bet_dollars: Option<i64>,
    games: &'static [i64],
}

const PACKAGES: &[Package] = &[
    Package {
        id: 1,
        name: "Welcome bonus 100%",
        match_percent: Some(100),
        wager_multiplier: 10,
        lifetime_hours: 7 * 24,
        freespins: None,
        dollars: 500,
        max_bet_dollars: Some(5),
        games: &[],
    },
    Package {
        id: 2,
        name: "Reload bonus 50%",
        match_percent: Some(50),
        wager_multiplier: 15,
        lifetime_hours: 7 * 24,
        freespins: None,
        dollars: 200,
        max_bet_dollars: Some(5),
        games: &[],
    },
    Package {
        id: 3,
        name: "50 free spins on Lucky Sevens",
        match_percent: None,
        wager_multiplier: 0,
        lifetime_hours: 3 * 24,
        freespins: Some((50, LUCKY_SEVENS)),
        dollars: 1,
        max_bet_dollars: None,
        games: &[],
    },
    Package {
        id: 4,
        name: "WELCOME100: 100% on your deposit",
        match_percent: Some(100),
        wager_multiplier: 5,
        lifetime_hours: 7 * 24,
        freespins: None,
        dollars: 100,
        max_bet_dollars: Some(2),
        games: SANDBOX_SLOTS,
    },
    Package {
        id: 5,
        name: "Quest reward: 5 bonus",
        match_percent: None,
        wager_multiplier: 3,
        lifetime_hours: 3 * 24,
        freespins: None,
        dollars: 5,
        max_bet_dollars: Some(2),
        games: &[],
    },
    Package {
        id: 6,
        name: "10 bonus, wager ×5",
        match_percent: None,
        wager_multiplier: 5,
        lifetime_hours: 7 * 24,
        freespins: None,
        dollars: 10,
        max_bet_dollars: Some(2),
        games: &[],
    },
    Package {
        id: cashback::PACKAGE_ID,
        name: "Weekly cashback",
        match_percent: None,
        wager_multiplier: 1,
        lifetime_hours: 7 * 24,
        freespins: None,
        dollars: 0,
        max_bet_dollars: None,
        games: &[],
    },
];

/// (package, deposit numbers from..=to, smallest deposit in dollars).
const DEPOSIT_BONUSES: &[(i64, i64, Option<i64>, i64)] = &[(1, 1, Some(1), 10), (2, 2, None, 50)];

/// (code, package, trigger, valid until).
const CODES: &[(&str, i64, i64, Option<&str>)] = &[
    ("WELCOME100", 4, 3, None),
    ("SPINS50", 3, 1, None),
    ("BONUS10", 6, 1, None),
    ("SUMMER2025", 6, 1, Some("2025-09-01T00:00:00.000Z")),
];

struct Quest {
    id: i64,
    name: &'static str,
    description: &'static str,
    duration_hours: i64,
    reward_points: i64,
    reward_package_id: Option<i64>,
    /// (type, quantity, game).
    tasks: &'static [(i64, i64, Option<i64>)],
}

const QUESTS: &[Quest] = &[
    Quest {
        id: 1,
        name: "First steps",
        description: "Make 10 spins, then win once.",
        duration_hours: 3 * 24,
        reward_points: 50,
        reward_package_id: None,
        tasks: &[(TASK_SPINS, 10, None), (TASK_WINS, 1, None)],
    },
    Quest {
        id: 2,
        name: "Top up and play",
        description: "Make a deposit, then 5 spins.",
        duration_hours: 7 * 24,
        reward_points: 20,
        reward_package_id: Some(5),
        tasks: &[(TASK_DEPOSITS, 1, None), (TASK_SPINS, 5, None)],
    },
    Quest {
        id: 3,
        name: "Lucky Sevens fan",
        description: "Spin Lucky Sevens 20 times.",
        duration_hours: 3 * 24,
        reward_points: 30,
        reward_package_id: None,
        tasks: &[(TASK_GAME_SPINS, 20, Some(LUCKY_SEVENS))],
    },
    Quest {
        id: 4,
        name: "High roller",
        description: "Wager 100 in total.",
        duration_hours: 7 * 24,
        reward_points: 100,
        reward_package_id: Some(5),
        // Minor units of the base currency: 100 USD.
        tasks: &[(TASK_WAGER, 10_000, None)],
    },
];

/// (name, points from).
const LEVELS: &[(&str, i64)] = &[
    ("Bronze", 0),
    ("Silver", 100),
    ("Gold", 500),
    ("Platinum", 2_000),
    ("Diamond", 10_000),
];

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    for p in PACKAGES {
        sqlx::query(
            "INSERT INTO bonus_packages (id, name, kind, match_percent, wager_multiplier,
                 freespin_count, freespin_game_id, lifetime_hours)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(p.id)
        .bind(p.name)
        .bind(if p.freespins.is_some() {
            "freespins"
        } else {
            "bonus"
        })
        .bind(p.match_percent)
        .bind(p.wager_multiplier)
        .bind(p.freespins.map(|(count, _)| count))
        .bind(p.freespins.map(|(_, game)| game))
        .bind(p.lifetime_hours)
        .execute(&mut **tx)
        .await?;
        for (currency, per_dollar) in PER_DOLLAR {
            let amount = p.dollars * per_dollar;
            sqlx::query(
                "INSERT INTO bonus_package_currencies (package_id, currency, amount, max_bet_amount,
                     freespin_bet)
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(p.id)
            .bind(currency)
            .bind(if p.freespins.is_some() { 0 } else { amount })
            .bind(p.max_bet_dollars.map(|dollars| dollars * per_dollar))
            // A free spin is worth 20 cents.
            .bind(p.freespins.map(|_| per_dollar / 5))
            .execute(&mut **tx)
            .await?;
        }
        for game in p.games {
            sqlx::query("INSERT INTO bonus_package_games (package_id, game_id) VALUES (?, ?)")
                .bind(p.id)
                .bind(game)
                .execute(&mut **tx)
                .await?;
        }
    }
    for (position, (package, from, to, dollars)) in DEPOSIT_BONUSES.iter().enumerate() {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO deposit_bonuses (package_id, deposit_number_from, deposit_number_to,
                 base_currency_amount_from, position)
             VALUES (?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(package)
        .bind(from)
        .bind(to)
        .bind(dollars * 100)
        .bind(position as i64)
        .fetch_one(&mut **tx)
        .await?;
        // Fiat thresholds are set per currency; crypto ones follow the rate.
        for (currency, per_dollar) in &PER_DOLLAR[..6] {
            sqlx::query(
                "INSERT INTO deposit_bonus_currencies (deposit_bonus_id, currency, amount_from)
                 VALUES (?, ?, ?)",
            )
            .bind(id)
            .bind(currency)
            .bind(dollars * per_dollar)
            .execute(&mut **tx)
            .await?;
        }
    }
    for (code, package, trigger, valid_until) in CODES {
        sqlx::query(
            "INSERT INTO bonus_codes (code, package_id, trigger, valid_until) VALUES (?, ?, ?, ?)",
        )
        .bind(code)
        .bind(package)
        .bind(trigger)
        .bind(valid_until)
        .execute(&mut **tx)
        .await?;
    }
    for (position, q) in QUESTS.iter().enumerate() {
        sqlx::query(
            "INSERT INTO quests (id, name, description, duration_hours, reward_points,
                 reward_package_id, position)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(q.id)
        .bind(q.name)
        .bind(q.description)
        .bind(q.duration_hours)
        .bind(q.reward_points)
        .bind(q.reward_package_id)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
        for (task_position, (kind, quantity, game)) in q.tasks.iter().enumerate() {
            sqlx::query(
                "INSERT INTO quest_tasks (quest_id, position, type, quantity, game_id)
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(q.id)
            .bind(task_position as i64)
            .bind(kind)
            .bind(quantity)
            .bind(game)
            .execute(&mut **tx)
            .await?;
        }
    }
    for (order, (name, points)) in LEVELS.iter().enumerate() {
        sqlx::query("INSERT INTO loyalty_levels (name, points, level_order) VALUES (?, ?, ?)")
            .bind(name)
            .bind(points)
            .bind(order as i64 + 1)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
