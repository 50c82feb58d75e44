//! Money arithmetic on integer minor units. Exchange rates are exact decimals; conversions round
//! down, so a converted balance never shows more than there is. Rates to the base currency live in
//! `rates`, beside the arithmetic they use.

pub mod rates;

/// An exchange rate `mantissa / 10^scale`: the value of one unit in the base currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    mantissa: i128,
    scale: u32,
}

impl Rate {
    /// Parses a non-negative decimal such as `"95000"` or `"0.000079"`.
    pub fn parse(text: &str) -> Option<Self> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty()
            || fraction.len() > 18
            || !whole
                .bytes()
                .chain(fraction.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let mantissa: i128 = format!("{whole}{fraction}").parse().ok()?;
        Some(Self {
            mantissa,
            scale: u32::try_from(fraction.len()).ok()?,
        })
    }
}

/// Converts `amount` minor units of a currency with `subunit_to_unit` minor units per unit into
/// minor units of the base currency.
pub fn convert(amount: i64, subunit_to_unit: i64, rate: Rate, base_subunit_to_unit: i64) -> i64 {
    let numerator = i128::from(amount) * rate.mantissa * i128::from(base_subunit_to_unit);
    let denominator = i128::from(subunit_to_unit) * 10i128.pow(rate.scale);
    if denominator == 0 {
        return 0;
    }
    i64::try_from(numerator.div_euclid(denominator)).unwrap_or(i64::MAX)
}

/// Converts `amount` minor units of one currency into minor units of another, each given by its
/// minor units per unit and its rate to the base currency, in one exact step (rounded down, so a
/// negative amount rounds away from zero). Amounts too large for the arithmetic saturate.
pub fn convert_between(amount: i64, from: (i64, Rate), to: (i64, Rate)) -> i64 {
    let ((from_subunit, from_rate), (to_subunit, to_rate)) = (from, to);
    let exact = || {
        let numerator = i128::from(amount)
            .checked_mul(from_rate.mantissa)?
            .checked_mul(i128::from(to_subunit))?
            .checked_mul(10i128.checked_pow(to_rate.scale)?)?;
        let denominator = i128::from(from_subunit)
            .checked_mul(10i128.checked_pow(from_rate.scale)?)?
            .checked_mul(to_rate.mantissa)?;
        (denominator != 0).then(|| numerator.div_euclid(denominator))
    };
    match exact() {
        Some(converted) => {
            i64::try_from(converted).unwrap_or(if converted < 0 { i64::MIN } else { i64::MAX })
        }
        None if amount < 0 => i64::MIN,
        None if amount == 0 => 0,
        None => i64::MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_exact_decimals() {
        assert_eq!(
            Rate::parse("95000"),
            Some(Rate {
                mantissa: 95000,
                scale: 0
            })
        );
        assert_eq!(
            Rate::parse("0.000079"),
            Some(Rate {
                mantissa: 79,
                scale: 6
            })
        );
        for bad in ["", ".5", "1.2.3", "-1", "1e5", "abc"] {
            assert_eq!(Rate::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn conversions_round_down_in_minor_units() {
        // 0.5 BTC at 95000 USD = 47500.00 USD.
        let btc = Rate::parse("95000").unwrap();
        assert_eq!(convert(50_000_000, 100_000_000, btc, 100), 4_750_000);
        // 1.99 EUR at 1.08 = 2.1492 USD, shown as 2.14.
        let eur = Rate::parse("1.08").unwrap();
        assert_eq!(convert(199, 100, eur, 100), 214);
        // A whole lot of satoshis still fits.
        assert_eq!(
            convert(i64::MAX, 100_000_000, btc, 100),
            876_220_343_501_203_701
        );
    }

    #[test]
    fn conversions_between_two_currencies_go_through_both_rates_at_once() {
        let usd = (100, Rate::parse("1").unwrap());
        let eur = (100, Rate::parse("1.08").unwrap());
        let btc = (100_000_000, Rate::parse("95000").unwrap());
        // 10.00 EUR = 10.80 USD; 10.80 USD = 10.00 EUR exactly, with no rounding through a base.
        assert_eq!(convert_between(1000, eur, usd), 1080);
        assert_eq!(convert_between(1080, usd, eur), 1000);
        // 950 USD = 0.01 BTC.
        assert_eq!(convert_between(95_000, usd, btc), 1_000_000);
        // A net win converts too, rounded down.
        assert_eq!(convert_between(-1, eur, usd), -2);
        assert_eq!(convert_between(i64::MAX, usd, btc), i64::MAX);
        assert_eq!(
            convert_between(5, usd, (100, Rate::parse("0").unwrap())),
            i64::MAX
        );
    }
}
