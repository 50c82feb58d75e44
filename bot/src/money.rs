//! Money as the client shows it (`miniapp/src/lib/money.ts`, the spec's money rules): integer minor
//! units, BTC and ETH in their 1000:1 sub-unit (mBTC, mETH), fiat in the locale's currency style
//! with the narrow symbol, anything else as the number and the unit's code. The four locales'
//! separators and patterns are those `Intl.NumberFormat` gives the client, written out here.

use crate::events::Money;
use crate::texts::Language;

const NBSP: char = '\u{a0}';
/// The currencies shown in a sub-unit, and its ratio (the client's `CRYPTO_SUB_UNIT_*`).
const SUB_UNIT_CURRENCIES: [&str; 2] = ["BTC", "ETH"];
const SUB_UNIT_RATIO: u64 = 1000;
/// The fewest fraction digits a number of a crypto unit shows (the client's equivalents' 2).
const MIN_CRYPTO_FRACTION_DIGITS: usize = 2;

/// The narrow symbols the locales' data give these currencies; others show their code.
const NARROW_SYMBOLS: [(&str, &str); 7] = [
    ("USD", "$"),
    ("EUR", "€"),
    ("BRL", "R$"),
    ("RUB", "₽"),
    ("INR", "₹"),
    ("UAH", "₴"),
    ("GBP", "£"),
];

/// A unit money is shown in: its code and minor units per one of it.
struct Unit {
    code: String,
    subunit_to_unit: u64,
}

fn display_unit(money: &Money) -> (Unit, bool) {
    let own = Unit {
        code: money.currency.clone(),
        subunit_to_unit: money.subunit_to_unit,
    };
    if !SUB_UNIT_CURRENCIES.contains(&money.currency.as_str())
        || !money.subunit_to_unit.is_multiple_of(SUB_UNIT_RATIO)
    {
        return (own, false);
    }
    let sub = Unit {
        code: format!("m{}", money.currency),
        subunit_to_unit: money.subunit_to_unit / SUB_UNIT_RATIO,
    };
    (sub, true)
}

/// `money` for a player of `language`, e.g. `$1,234.56`, `1 234,56 ₽`, `1,234.56789 mBTC`.
pub fn format(money: &Money, language: Language) -> String {
    let (unit, sub_unit) = display_unit(money);
    let digits = fraction_digits(unit.subunit_to_unit);
    let negative = money.amount < 0;
    let magnitude = money.amount.unsigned_abs();
    let scale = unit.subunit_to_unit;
    let whole = magnitude / scale;
    let fraction = if digits == 0 {
        String::new()
    } else {
        format!("{:0digits$}", magnitude % scale)
    };
    let sign = if negative { "-" } else { "" };
    let is_currency_code =
        unit.code.len() == 3 && unit.code.bytes().all(|b| b.is_ascii_uppercase());
    if money.currency_type == "fiat" && !sub_unit && is_currency_code {
        let number = number(language, whole, &fraction);
        let symbol = NARROW_SYMBOLS
            .iter()
            .find(|(code, _)| *code == unit.code)
            .map_or(unit.code.as_str(), |(_, symbol)| symbol);
        let alphabetic = symbol.chars().all(|c| c.is_ascii_alphabetic());
        return match language {
            Language::En if alphabetic => format!("{sign}{symbol}{NBSP}{number}"),
            Language::En => format!("{sign}{symbol}{number}"),
            Language::Pt => format!("{sign}{symbol}{NBSP}{number}"),
            Language::Ru | Language::Es => format!("{sign}{number}{NBSP}{symbol}"),
        };
    }
    let kept = MIN_CRYPTO_FRACTION_DIGITS.min(digits);
    let trimmed = fraction.trim_end_matches('0');
    let fraction = if trimmed.len() >= kept {
        trimmed.to_owned()
    } else {
        fraction[..kept].to_owned()
    };
    format!(
        "{sign}{}{NBSP}{}",
        number(language, whole, &fraction),
        unit.code
    )
}

fn fraction_digits(subunit_to_unit: u64) -> usize {
    subunit_to_unit.max(1).to_string().len() - 1
}

/// The locale's number: grouped whole part, then the fraction (if any) after its separator.
fn number(language: Language, whole: u64, fraction: &str) -> String {
    let (group, decimal, min_grouping) = match language {
        Language::En => (",", ".", 1),
        Language::Ru => ("\u{a0}", ",", 1),
        // Spanish groups only from five digits (1234 but 12.345).
        Language::Es => (".", ",", 2),
        Language::Pt => (".", ",", 1),
    };
    let digits = whole.to_string();
    let grouped = if digits.len() >= 3 + min_grouping {
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(group);
            }
            out.push(c);
        }
        out
    } else {
        digits
    };
    if fraction.is_empty() {
        grouped
    } else {
        format!("{grouped}{decimal}{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NB: &str = "\u{a0}";

    fn money(amount: i64, currency: &str, subunit_to_unit: u64, kind: &str) -> Money {
        Money {
            amount,
            currency: currency.to_owned(),
            subunit_to_unit,
            currency_type: kind.to_owned(),
        }
    }

    fn fiat(amount: i64, code: &str) -> Money {
        money(amount, code, 100, "fiat")
    }

    fn btc(amount: i64) -> Money {
        money(amount, "BTC", 100_000_000, "crypto")
    }

    #[test]
    fn fiat_uses_the_locale_and_the_currency_symbol() {
        // The client's money.test.ts cases.
        assert_eq!(format(&fiat(123_456, "USD"), Language::En), "$1,234.56");
        assert_eq!(format(&fiat(5, "USD"), Language::En), "$0.05");
        assert_eq!(
            format(&fiat(-123_456_789, "RUB"), Language::Ru),
            format!("-1{NB}234{NB}567,89{NB}₽")
        );
        assert_eq!(
            format(&fiat(123_450, "BRL"), Language::Pt),
            format!("R${NB}1.234,50")
        );
        assert_eq!(format(&fiat(-500, "USD"), Language::En), "-$5.00");
        // Intl's other patterns in the four locales.
        assert_eq!(
            format(&fiat(123_456, "EUR"), Language::Es),
            format!("1234,56{NB}€")
        );
        assert_eq!(
            format(&fiat(123_456_789, "EUR"), Language::Es),
            format!("1.234.567,89{NB}€")
        );
        assert_eq!(
            format(&fiat(123_456, "USD"), Language::Ru),
            format!("1{NB}234,56{NB}$")
        );
        assert_eq!(
            format(&fiat(123_456, "UZS"), Language::En),
            format!("UZS{NB}1,234.56")
        );
        assert_eq!(
            format(&fiat(123_456, "UZS"), Language::Ru),
            format!("1{NB}234,56{NB}UZS")
        );
        assert_eq!(
            format(&fiat(-500, "EUR"), Language::Pt),
            format!("-€{NB}5,00")
        );
    }

    #[test]
    fn btc_shows_in_mbtc_keeping_every_significant_satoshi() {
        assert_eq!(
            format(&btc(100_000_000), Language::En),
            format!("1,000.00{NB}mBTC")
        );
        assert_eq!(
            format(&btc(123_456_789), Language::En),
            format!("1,234.56789{NB}mBTC")
        );
        assert_eq!(format(&btc(1), Language::En), format!("0.00001{NB}mBTC"));
        let eth = money(250_000, "ETH", 100_000_000, "crypto");
        assert_eq!(format(&eth, Language::Es), format!("2,50{NB}mETH"));
        assert_eq!(
            format(&btc(-100_000), Language::En),
            format!("-1.00{NB}mBTC")
        );
    }

    #[test]
    fn other_crypto_shows_in_its_own_unit_with_its_own_precision() {
        let usdt = money(1_500_001, "USDT", 1_000_000, "crypto");
        assert_eq!(format(&usdt, Language::En), format!("1.500001{NB}USDT"));
        let ton = money(12_345_600_000_000, "TON", 1_000_000_000, "crypto");
        assert_eq!(format(&ton, Language::Pt), format!("12.345,60{NB}TON"));
    }

    #[test]
    fn exact_beyond_the_float_range() {
        assert_eq!(
            format(&fiat(9_007_199_254_740_993, "USD"), Language::En),
            "$90,071,992,547,409.93"
        );
    }
}
