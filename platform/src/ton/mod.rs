//! The TON network's own written forms: account addresses, amounts in the assets' smallest units,
//! and the payloads of a payment (a text comment, a jetton transfer) in their bags of cells. Pure
//! functions; the simulated network that uses
//! them is `crate::payments::ton_network`.

pub mod address;
pub mod boc;
pub mod comment;
pub mod jetton;
pub mod payload;
pub mod units;

pub use address::{Address, AddressError, main_network, normalise};

/// The USDT jetton's master contract on the TON main network: the asset of USDT-on-TON payments.
pub const USDT_MASTER: &str = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs";

#[cfg(test)]
mod tests {
    #[test]
    fn the_usdt_master_is_a_bounceable_main_network_address() {
        assert_eq!(
            super::normalise(super::USDT_MASTER).as_deref(),
            Ok(super::USDT_MASTER)
        );
    }
}
