//! Which bytes of the raw string need a look, found 64 at a time.

/// Two masks of `block` (at most 64 bytes): bit `i` of the first is set when `block[i]` is not
/// plain (`&`, `=`, `%`, `+`, or a byte outside `!`..`~`), of the second when it is `%`.
#[inline]
pub(super) fn masks(block: &[u8]) -> (u64, u64) {
    let masks = |block: &[u8; 64]| (special_mask_64(block), percent_mask_64(block));
    match block.try_into() {
        Ok(block) => masks(block),
        Err(_) => {
            let mut padded = [b'a'; 64];
            padded[..block.len()].copy_from_slice(block);
            masks(&padded)
        }
    }
}

/// Written so that the compiler vectorises it (SSE2 on any x86-64: 16 bytes per comparison, no
/// branch), without `unsafe`: the flags are computed byte by byte into an array, then packed
/// eight at a time by a multiplication that gathers the low bit of each byte into the top byte.
#[inline]
fn special_mask_64(block: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (flag, &byte) in flags.iter_mut().zip(block) {
        // Non-short-circuiting `|`: branches would keep the loop from being vectorised. As signed
        // bytes, the controls, the space and every non-ASCII byte are below `!`.
        let special = ((byte as i8) < b'!' as i8)
            | (byte == 0x7F)
            | (byte == b'&')
            | (byte == b'=')
            | (byte == b'%')
            | (byte == b'+');
        *flag = u8::from(special);
    }
    pack(&flags)
}

#[inline]
fn percent_mask_64(block: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (flag, &byte) in flags.iter_mut().zip(block) {
        *flag = u8::from(byte == b'%');
    }
    pack(&flags)
}

/// The mask whose bit `i` is `flags[i]` (each 0 or 1).
#[inline(always)]
fn pack(flags: &[u8; 64]) -> u64 {
    flags
        .chunks_exact(8)
        .enumerate()
        .fold(0, |mask, (i, eight)| {
            let eight = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
            // Bit 8k (byte k's flag) lands on bit 56 + k, and no two products collide.
            mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        #[test]
        fn the_masks_mark_exactly_the_bytes_that_are_not_plain_and_the_percents(
            block in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::any::<u8>(),
                    proptest::sample::select(b"&=%+ !~\x7f\x80a".to_vec()),
                ],
                0..=64,
            )
        ) {
            let mask = |marked: &dyn Fn(u8) -> bool| {
                block.iter().enumerate().fold(0u64, |mask, (i, &byte)| {
                    mask | u64::from(marked(byte)) << i
                })
            };
            let special = mask(&|byte| !(b'!'..=b'~').contains(&byte) || b"&=%+".contains(&byte));
            proptest::prop_assert_eq!(masks(&block), (special, mask(&|byte| byte == b'%')));
        }
    }
}
