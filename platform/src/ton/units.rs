//! Amounts on the TON network: integers of the asset's smallest unit, never floats. A toncoin is
//! 10^9 nanotons; a jetton has its own decimals (USDT on TON: 6). They travel as decimal strings
//! of digits, since wallets and indexers write them so and a jetton amount can exceed 64 bits.

/// Decimals of toncoin (nanotons).
pub const TON_DECIMALS: u32 = 9;
/// Decimals of the USDT jetton on TON.
pub const USDT_DECIMALS: u32 = 6;

/// An amount written as digits only (no sign, point, space or leading zero), as TON Connect and
/// the platform's API write them; `None` otherwise or beyond `u128`.
pub fn parse_integer(text: &str) -> Option<u128> {
    let well_formed = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !well_formed {
        return None;
    }
    text.bytes().try_fold(0u128, |total, digit| {
        total.checked_mul(10)?.checked_add(u128::from(digit - b'0'))
    })
}

/// `minor` units of a platform currency (`subunit_to_unit` of them to the unit) in the network's
/// units of `decimals`; `None` when negative, or when the network cannot express it exactly.
pub fn network_units(minor: i64, subunit_to_unit: i64, decimals: u32) -> Option<u128> {
    let minor = u128::try_from(minor).ok()?;
    let subunit = u128::try_from(subunit_to_unit).ok().filter(|s| *s > 0)?;
    let scaled = minor.checked_mul(10u128.checked_pow(decimals)?)?;
    (scaled % subunit == 0).then(|| scaled / subunit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_digits_only() {
        assert_eq!(parse_integer("2000000000"), Some(2_000_000_000));
        assert_eq!(parse_integer("0"), Some(0));
        assert_eq!(
            parse_integer("340282366920938463463374607431768211455"),
            Some(u128::MAX)
        );
        for refused in [
            "",
            "-1",
            "+1",
            "1.5",
            "2e9",
            " 1",
            "01",
            "1_000",
            "340282366920938463463374607431768211456",
        ] {
            assert_eq!(parse_integer(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn platform_minor_units_convert_exactly() {
        // The sandbox keeps TON in nanotons and USDT in millionths: one to one.
        assert_eq!(
            network_units(2_000_000_000, 1_000_000_000, TON_DECIMALS),
            Some(2_000_000_000)
        );
        assert_eq!(
            network_units(12_500_000, 1_000_000, USDT_DECIMALS),
            Some(12_500_000)
        );
        // A platform keeping TON in hundredths still asks for exact nanotons.
        assert_eq!(network_units(250, 100, TON_DECIMALS), Some(2_500_000_000));
        // Finer than the network can carry, or negative: no amount rather than a rounded one.
        assert_eq!(network_units(1, 1_000_000_000_000, TON_DECIMALS), None);
        assert_eq!(network_units(-1, 100, TON_DECIMALS), None);
        assert_eq!(network_units(1, 0, TON_DECIMALS), None);
        assert_eq!(
            network_units(i64::MAX, 1, USDT_DECIMALS),
            Some(9_223_372_036_854_775_807_000_000)
        );
    }
}
