//! Sport data of the sportsbook pages (step `sport-v1`): the sports of the client's sport catalogue
//! with the sportsbook provider's ids (66 soccer ... 145 e-sports with its four game categories),
//! their countries or games, championships, and two rounds of upcoming fixtures each. Fixtures start
//! from an hour after seeding over the next ten days, on the hour or the half hour.

use sqlx::{Sqlite, Transaction};

struct Sport {
    id: i64,
    name: &'static str,
    code: &'static str,
    categories: &'static [Category],
}

struct Category {
    id: i64,
    name: &'static str,
    championships: &'static [Championship],
}

struct Championship {
    name: &'static str,
    /// Teams, or players for tennis, boxing and Hearthstone.
    sides: &'static [&'static str],
}

const SPORTS: &[Sport] = &[
    Sport {
        id: 66,
        name: "Soccer",
        code: "soccer",
        categories: &[
            Category {
                id: 601,
                name: "England",
                championships: &[
                    Championship {
                        name: "Premier League",
                        sides: &[
                            "Arsenal",
                            "Liverpool",
                            "Manchester City",
                            "Chelsea",
                            "Tottenham Hotspur",
                            "Newcastle United",
                            "Aston Villa",
                            "Manchester United",
                        ],
                    },
                    Championship {
                        name: "Championship",
                        sides: &[
                            "Leeds United",
                            "Sunderland",
                            "Sheffield United",
                            "Norwich City",
                            "Middlesbrough",
                            "West Bromwich Albion",
                        ],
                    },
                ],
            },
            Category {
                id: 602,
                name: "Spain",
                championships: &[Championship {
                    name: "LaLiga",
                    sides: &[
                        "Real Madrid",
                        "FC Barcelona",
                        "Atlético Madrid",
                        "Athletic Club",
                        "Real Sociedad",
                        "Villarreal",
                        "Real Betis",
                        "Sevilla",
                    ],
                }],
            },
            Category {
                id: 603,
                name: "Germany",
                championships: &[Championship {
                    name: "Bundesliga",
                    sides: &[
                        "Bayern Munich",
                        "Bayer Leverkusen",
                        "Borussia Dortmund",
                        "RB Leipzig",
                        "VfB Stuttgart",
                        "Eintracht Frankfurt",
                    ],
                }],
            },
            Category {
                id: 604,
                name: "Italy",
                championships: &[Championship {
                    name: "Serie A",
                    sides: &[
                        "Inter", "AC Milan", "Juventus", "Napoli", "AS Roma", "Atalanta",
                    ],
                }],
            },
            Category {
                id: 605,
                name: "France",
                championships: &[Championship {
                    name: "Ligue 1",
                    sides: &[
                        "Paris Saint-Germain",
                        "Olympique de Marseille",
                        "AS Monaco",
                        "LOSC Lille",
                        "Olympique Lyonnais",
                        "OGC Nice",
                    ],
                }],
            },
            Category {
                id: 606,
                name: "Brazil",
                championships: &[Championship {
                    name: "Brasileirão Série A",
                    sides: &[
                        "Flamengo",
                        "Palmeiras",
                        "São Paulo",
                        "Corinthians",
                        "Fluminense",
                        "Atlético Mineiro",
                        "Grêmio",
                        "Internacional",
                    ],
                }],
            },
            Category {
                id: 607,
                name: "International Clubs",
                championships: &[Championship {
                    name: "UEFA Champions League",
                    sides: &[
                        "Real Madrid",
                        "Manchester City",
                        "Bayern Munich",
                        "Paris Saint-Germain",
                        "Inter",
                        "Arsenal",
                        "FC Barcelona",
                        "Borussia Dortmund",
                    ],
                }],
            },
        ],
    },
    Sport {
        id: 67,
        name: "Basketball",
        code: "basketball",
        categories: &[
            Category {
                id: 611,
                name: "USA",
                championships: &[Championship {
                    name: "NBA",
                    sides: &[
                        "Boston Celtics",
                        "Denver Nuggets",
                        "Milwaukee Bucks",
                        "Los Angeles Lakers",
                        "Golden State Warriors",
                        "Oklahoma City Thunder",
                        "New York Knicks",
                        "Dallas Mavericks",
                    ],
                }],
            },
            Category {
                id: 612,
                name: "Spain",
                championships: &[Championship {
                    name: "Liga ACB",
                    sides: &[
                        "Real Madrid Baloncesto",
                        "FC Barcelona Bàsquet",
                        "Unicaja Málaga",
                        "Valencia Basket",
                    ],
                }],
            },
            Category {
                id: 613,
                name: "International",
                championships: &[Championship {
                    name: "EuroLeague",
                    sides: &[
                        "Panathinaikos",
                        "Olympiacos",
                        "Fenerbahçe Beko",
                        "Anadolu Efes",
                        "Žalgiris Kaunas",
                        "Partizan Belgrade",
                    ],
                }],
            },
        ],
    },
    Sport {
        id: 68,
        name: "Tennis",
        code: "tennis",
        categories: &[
            Category {
                id: 621,
                name: "ATP",
                championships: &[Championship {
                    name: "ATP Finals",
                    sides: &[
                        "Jannik Sinner",
                        "Carlos Alcaraz",
                        "Alexander Zverev",
                        "Novak Djokovic",
                        "Daniil Medvedev",
                        "Taylor Fritz",
                    ],
                }],
            },
            Category {
                id: 622,
                name: "WTA",
                championships: &[Championship {
                    name: "WTA Finals",
                    sides: &[
                        "Aryna Sabalenka",
                        "Iga Świątek",
                        "Coco Gauff",
                        "Elena Rybakina",
                        "Jessica Pegula",
                        "Jasmine Paolini",
                    ],
                }],
            },
        ],
    },
    Sport {
        id: 69,
        name: "Volleyball",
        code: "volleyball",
        categories: &[
            Category {
                id: 631,
                name: "Italy",
                championships: &[Championship {
                    name: "SuperLega",
                    sides: &[
                        "Sir Safety Perugia",
                        "Itas Trentino",
                        "Cucine Lube Civitanova",
                        "Allianz Milano",
                    ],
                }],
            },
            Category {
                id: 632,
                name: "Poland",
                championships: &[Championship {
                    name: "PlusLiga",
                    sides: &[
                        "Jastrzębski Węgiel",
                        "Aluron CMC Warta Zawiercie",
                        "ZAKSA Kędzierzyn-Koźle",
                        "Asseco Resovia",
                    ],
                }],
            },
        ],
    },
    Sport {
        id: 70,
        name: "Ice Hockey",
        code: "ice-hockey",
        categories: &[
            Category {
                id: 641,
                name: "USA",
                championships: &[Championship {
                    name: "NHL",
                    sides: &[
                        "Florida Panthers",
                        "Edmonton Oilers",
                        "New York Rangers",
                        "Dallas Stars",
                        "Colorado Avalanche",
                        "Vegas Golden Knights",
                    ],
                }],
            },
            Category {
                id: 642,
                name: "Sweden",
                championships: &[Championship {
                    name: "SHL",
                    sides: &["Skellefteå AIK", "Färjestad BK", "Frölunda HC", "Luleå HF"],
                }],
            },
        ],
    },
    Sport {
        id: 71,
        name: "Boxing",
        code: "boxing",
        categories: &[Category {
            id: 651,
            name: "World",
            championships: &[Championship {
                name: "Heavyweight Title Fights",
                sides: &[
                    "Oleksandr Usyk",
                    "Tyson Fury",
                    "Daniel Dubois",
                    "Joseph Parker",
                ],
            }],
        }],
    },
    Sport {
        id: 145,
        name: "E-sports",
        code: "esports",
        categories: &[
            Category {
                id: 1534,
                name: "Counter-Strike",
                championships: &[Championship {
                    name: "IEM Katowice",
                    sides: &[
                        "Natus Vincere",
                        "FaZe Clan",
                        "Team Vitality",
                        "G2 Esports",
                        "Team Spirit",
                        "MOUZ",
                    ],
                }],
            },
            Category {
                id: 1533,
                name: "Dota2",
                championships: &[Championship {
                    name: "DreamLeague",
                    sides: &[
                        "Team Liquid",
                        "Gaimin Gladiators",
                        "Tundra Esports",
                        "BetBoom Team",
                        "Team Falcons",
                        "Xtreme Gaming",
                    ],
                }],
            },
            Category {
                id: 1330,
                name: "Valorant",
                championships: &[Championship {
                    name: "VCT Masters",
                    sides: &[
                        "Fnatic",
                        "Sentinels",
                        "Paper Rex",
                        "LOUD",
                        "Team Heretics",
                        "Gen.G",
                    ],
                }],
            },
            Category {
                id: 1307,
                name: "Hearthstone",
                championships: &[Championship {
                    name: "Hearthstone Masters Tour",
                    sides: &["Gaby", "Furyhunter", "xBlyzes", "Zhangxiaojie"],
                }],
            },
        ],
    },
];

/// The first id of the seeded championships and events; the sportsbook provider's ids are large.
const FIRST_CHAMPIONSHIP_ID: i64 = 20_001;
const FIRST_EVENT_ID: i64 = 5_000_001;

/// Two rounds of fixtures in which every side plays once: neighbours, then shifted by one.
fn fixtures(sides: &[&'static str]) -> Vec<(&'static str, &'static str)> {
    let n = sides.len();
    let mut pairs: Vec<(&str, &str)> = (0..n / 2)
        .map(|i| (sides[2 * i], sides[2 * i + 1]))
        .collect();
    pairs.extend((0..n / 2).map(|i| (sides[2 * i + 1], sides[(2 * i + 2) % n])));
    pairs
}

pub async fn seed(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    let mut championship_id = FIRST_CHAMPIONSHIP_ID;
    let mut event_id = FIRST_EVENT_ID;
    for (sport_position, sport) in SPORTS.iter().enumerate() {
        sqlx::query("INSERT INTO sports (id, name, code, position) VALUES (?, ?, ?, ?)")
            .bind(sport.id)
            .bind(sport.name)
            .bind(sport.code)
            .bind(sport_position as i64)
            .execute(&mut **tx)
            .await?;
        for (category_position, category) in sport.categories.iter().enumerate() {
            sqlx::query(
                "INSERT INTO sport_categories (id, sport_id, name, position) VALUES (?, ?, ?, ?)",
            )
            .bind(category.id)
            .bind(sport.id)
            .bind(category.name)
            .bind(category_position as i64)
            .execute(&mut **tx)
            .await?;
            for (position, championship) in category.championships.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO sport_championships (id, category_id, name, position) VALUES (?, ?, ?, ?)",
                )
                .bind(championship_id)
                .bind(category.id)
                .bind(championship.name)
                .bind(position as i64)
                .execute(&mut **tx)
                .await?;
                for (n, (home, away)) in fixtures(championship.sides).into_iter().enumerate() {
                    // Spread over the next ten days, a few hours apart, from an hour from now.
                    let hours = 1 + (championship_id % 7) * 5 + n as i64 * 19 % 230;
                    let minutes = if (event_id + n as i64) % 2 == 0 {
                        "00"
                    } else {
                        "30"
                    };
                    sqlx::query(
                        "INSERT INTO sport_events (id, championship_id, home, away, starts_at)
                         VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:', 'now', '+' || ? || ' hours') || ? || ':00.000Z')",
                    )
                    .bind(event_id)
                    .bind(championship_id)
                    .bind(home)
                    .bind(away)
                    .bind(hours)
                    .bind(minutes)
                    .execute(&mut **tx)
                    .await?;
                    event_id += 1;
                }
                championship_id += 1;
            }
        }
    }
    Ok(())
}

/// The virtual sport of the sandbox book (step `sport-virtual-v1`): a "Virtual" category of soccer
/// with one championship whose matches last a few minutes; the book keeper
/// (`play::sport_bets::keep_book`) schedules its matches one per cycle.
pub async fn seed_virtual(tx: &mut Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sport_categories (id, sport_id, name, position) VALUES (699, 66, 'Virtual', 99)")
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO sport_championships (id, category_id, name, position, match_minutes, is_virtual)
         VALUES (29001, 699, 'Virtual League', 0, ?, 1)",
    )
    .bind(crate::play::sport_bets::VIRTUAL_MATCH_MINUTES)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixtures_never_pair_a_side_with_itself_or_repeat() {
        for sport in SPORTS {
            for category in sport.categories {
                for championship in category.championships {
                    let pairs = fixtures(championship.sides);
                    assert_eq!(pairs.len(), championship.sides.len());
                    assert!(pairs.iter().all(|(home, away)| home != away));
                    let mut seen = pairs.clone();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), pairs.len(), "{}", championship.name);
                }
            }
        }
    }
}
