//! Deposit addresses of the sandbox's crypto provider and the QR payloads the client renders.
//!
//! A real provider hands out a fresh address per invoice from its own wallets. The sandbox derives
//! one from the invoice id: shaped like an address of the network (prefix, alphabet, length) so
//! the client's display and copy code meet realistic values, but not a valid address, never funded
//! and never to be paid. The `qr` is the text to encode (a BIP-21 / EIP-681 / TON transfer URI, or
//! the bare address where the network has no common URI); the client draws the QR code itself, so
//! nothing is fetched from an outside QR service.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const BECH32: &[u8] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE64URL: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const HEX: &[u8] = b"0123456789abcdef";

/// `len` characters of `alphabet` chosen by the hash of `seed`.
fn characters(seed: &str, alphabet: &[u8], len: usize) -> String {
    let mut out = String::with_capacity(len);
    let mut block = 0u32;
    while out.len() < len {
        let digest = Sha256::digest(format!("{seed}:{block}"));
        for byte in digest {
            if out.len() == len {
                break;
            }
            out.push(char::from(alphabet[usize::from(byte) % alphabet.len()]));
        }
        block += 1;
    }
    out
}

/// `amount` minor units as a decimal number of units, without trailing zeros.
pub fn units(amount: i64, subunit_to_unit: i64) -> String {
    let whole = amount / subunit_to_unit;
    let fraction = amount % subunit_to_unit;
    if fraction == 0 {
        return whole.to_string();
    }
    let width = subunit_to_unit.max(1).to_string().len() - 1;
    let fraction = format!("{fraction:0width$}");
    format!("{whole}.{}", fraction.trim_end_matches('0'))
}

/// The `publicData` of a crypto deposit: `{address, network, qr}`.
pub fn deposit_public_data(
    invoice_id: &str,
    network: &str,
    amount: i64,
    subunit_to_unit: i64,
) -> Value {
    let seed = format!("{network}:{invoice_id}");
    let (address, qr) = match network {
        "Bitcoin" => {
            let address = format!("bc1q{}", characters(&seed, BECH32, 38));
            let qr = format!(
                "bitcoin:{address}?amount={}",
                units(amount, subunit_to_unit)
            );
            (address, qr)
        }
        "Ethereum" => {
            let address = format!("0x{}", characters(&seed, HEX, 40));
            // EIP-681 amounts are wei; the sandbox keeps ETH in 10^-8 units.
            let wei = i128::from(amount) * 10i128.pow(18) / i128::from(subunit_to_unit);
            (address.clone(), format!("ethereum:{address}?value={wei}"))
        }
        "TON" => {
            let address = format!("UQ{}", characters(&seed, BASE64URL, 46));
            // TON's transfer links count nanotons, the sandbox's TON minor unit.
            (
                address.clone(),
                format!("ton://transfer/{address}?amount={amount}"),
            )
        }
        "TRON (TRC-20)" => {
            let address = format!("T{}", characters(&seed, BASE58, 33));
            (address.clone(), address)
        }
        _ => {
            // Tokens on Ethereum (ERC-20): the wallet app picks the token; the QR is the address.
            let address = format!("0x{}", characters(&seed, HEX, 40));
            (address.clone(), address)
        }
    };
    json!({ "address": address, "network": network, "qr": qr })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_shaped_like_the_networks_and_stable_per_invoice() {
        let btc = deposit_public_data("inv-1", "Bitcoin", 150_000, 100_000_000);
        let address = btc["address"].as_str().unwrap_or_default();
        assert!(
            address.starts_with("bc1q") && address.len() == 42,
            "{address}"
        );
        assert_eq!(btc["qr"], format!("bitcoin:{address}?amount=0.0015"));
        assert_eq!(
            btc,
            deposit_public_data("inv-1", "Bitcoin", 150_000, 100_000_000)
        );
        assert_ne!(
            btc["address"],
            deposit_public_data("inv-2", "Bitcoin", 150_000, 100_000_000)["address"]
        );

        let eth = deposit_public_data("inv-1", "Ethereum", 100_000_000, 100_000_000);
        assert!(
            eth["qr"]
                .as_str()
                .unwrap_or_default()
                .ends_with("?value=1000000000000000000")
        );
        let tron = deposit_public_data("inv-1", "TRON (TRC-20)", 1, 1_000_000);
        assert_eq!(tron["address"].as_str().map(str::len), Some(34));
        let ton = deposit_public_data("inv-1", "TON", 2_000_000_000, 1_000_000_000);
        assert!(
            ton["qr"]
                .as_str()
                .unwrap_or_default()
                .starts_with("ton://transfer/UQ")
        );
    }

    #[test]
    fn units_are_exact() {
        assert_eq!(units(150_000, 100_000_000), "0.0015");
        assert_eq!(units(1_000, 100), "10");
        assert_eq!(units(1_050, 100), "10.5");
        assert_eq!(units(5, 100), "0.05");
    }
}
