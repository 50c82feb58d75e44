//! Deposit addresses of the sandbox's crypto provider and the QR payloads the client renders.
//!
//! A real provider hands out a fresh address per invoice from its own wallets. The sandbox derives
//! one from the invoice id: shaped like an address of the network (prefix, alphabet, length) so
//! the client's display and copy code meet realistic values, but not a valid address, never funded
//! and never to be paid. TON is paid as TON operators are: to one wallet, with the invoice's
//! comment, so its address is a valid one (the configured `TON_DEPOSIT_WALLET`) and the sandbox's
//! stand-in network (`super::ton_network`) settles the transfers sent to it. The `qr` is the text to
//! encode (a BIP-21 / EIP-681 / TON transfer URI, or the bare address where the network has no
//! common URI); the client draws the QR code itself, so nothing is fetched from an outside QR
//! service.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::ton::{self, units};

/// The network of toncoin deposits and withdrawals.
pub const TON_NETWORK: &str = "TON";
/// The network of USDT-on-TON: the USDT jetton, paid to the same wallet as toncoin.
pub const TON_JETTON_NETWORK: &str = "TON (jetton)";

/// Whether a method's network is TON's, whose addresses the platform checks and normalises.
pub fn is_ton(network: &str) -> bool {
    network == TON_NETWORK || network == TON_JETTON_NETWORK
}

/// The comment that identifies an invoice in a TON transfer: its id, which is unique and which the
/// watcher finds the invoice by.
pub fn ton_comment(invoice_id: &str) -> String {
    invoice_id.to_owned()
}

const BECH32: &[u8] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
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

/// The `publicData` of a TON or USDT-on-TON deposit: the operator's wallet (`wallet`, one for
/// every deposit, the transfer's comment saying which invoice it pays), the exact amount in
/// the network's units (nanotons, or the jetton's units with its master), the comment, and the
/// `ton://transfer` link carrying all three. `None` when the network cannot carry the amount
/// exactly.
fn ton_deposit_public_data(
    invoice_id: &str,
    network: &str,
    amount: i64,
    subunit_to_unit: i64,
    wallet: &str,
) -> Option<Value> {
    let address = wallet;
    let comment = ton_comment(invoice_id);
    Some(if network == TON_JETTON_NETWORK {
        let units = units::network_units(amount, subunit_to_unit, units::USDT_DECIMALS)?;
        json!({
            "address": address,
            "network": network,
            "qr": format!(
                "ton://transfer/{address}?jetton={}&amount={units}&text={comment}",
                ton::USDT_MASTER
            ),
            "comment": comment,
            "jettonMaster": ton::USDT_MASTER,
            "jettonAmount": units.to_string(),
        })
    } else {
        let nanotons = units::network_units(amount, subunit_to_unit, units::TON_DECIMALS)?;
        json!({
            "address": address,
            "network": network,
            "qr": format!("ton://transfer/{address}?amount={nanotons}&text={comment}"),
            "comment": comment,
            "amount": nanotons.to_string(),
        })
    })
}

/// The `publicData` of a crypto deposit: `{address, network, qr}`, and on TON's networks what a
/// wallet needs to send the exact transfer to `ton_wallet` (see `ton_deposit_public_data`).
/// `None` when the network cannot carry the amount exactly.
pub fn deposit_public_data(
    invoice_id: &str,
    network: &str,
    amount: i64,
    subunit_to_unit: i64,
    ton_wallet: &str,
) -> Option<Value> {
    if is_ton(network) {
        return ton_deposit_public_data(invoice_id, network, amount, subunit_to_unit, ton_wallet);
    }
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
    Some(json!({ "address": address, "network": network, "qr": qr }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TON deposit wallet (the example account of TON's documentation).
    const WALLET: &str = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N";

    fn public_data(id: &str, network: &str, amount: i64, subunit_to_unit: i64) -> Option<Value> {
        deposit_public_data(id, network, amount, subunit_to_unit, WALLET)
    }

    #[test]
    fn addresses_are_shaped_like_the_networks_and_stable_per_invoice() {
        let btc = public_data("inv-1", "Bitcoin", 150_000, 100_000_000).expect("bitcoin");
        let address = btc["address"].as_str().unwrap_or_default();
        assert!(
            address.starts_with("bc1q") && address.len() == 42,
            "{address}"
        );
        assert_eq!(btc["qr"], format!("bitcoin:{address}?amount=0.0015"));
        assert_eq!(
            btc,
            public_data("inv-1", "Bitcoin", 150_000, 100_000_000).expect("bitcoin")
        );
        assert_ne!(
            btc["address"],
            public_data("inv-2", "Bitcoin", 150_000, 100_000_000).expect("bitcoin")["address"]
        );

        let eth = public_data("inv-1", "Ethereum", 100_000_000, 100_000_000).expect("ether");
        assert!(
            eth["qr"]
                .as_str()
                .unwrap_or_default()
                .ends_with("?value=1000000000000000000")
        );
        let tron = public_data("inv-1", "TRON (TRC-20)", 1, 1_000_000).expect("tron");
        assert_eq!(tron["address"].as_str().map(str::len), Some(34));
    }

    #[test]
    fn ton_deposits_name_the_wallet_the_exact_amount_and_the_comment() {
        let wallet = WALLET;
        let ton = public_data("inv-1", TON_NETWORK, 2_000_000_000, 1_000_000_000);
        assert_eq!(
            ton,
            Some(json!({
                "address": wallet,
                "network": "TON",
                "qr": format!("ton://transfer/{wallet}?amount=2000000000&text=inv-1"),
                "comment": "inv-1",
                "amount": "2000000000",
            }))
        );
        let usdt = public_data("inv-2", TON_JETTON_NETWORK, 12_500_000, 1_000_000);
        assert_eq!(
            usdt,
            Some(json!({
                "address": wallet,
                "network": "TON (jetton)",
                "qr": format!(
                    "ton://transfer/{wallet}?jetton={}&amount=12500000&text=inv-2",
                    ton::USDT_MASTER
                ),
                "comment": "inv-2",
                "jettonMaster": ton::USDT_MASTER,
                "jettonAmount": "12500000",
            }))
        );
        // An amount the network cannot carry exactly makes no payment details at all.
        assert_eq!(public_data("inv-3", TON_NETWORK, 1, 10_000_000_000), None);
    }

    #[test]
    fn units_are_exact() {
        assert_eq!(units(150_000, 100_000_000), "0.0015");
        assert_eq!(units(1_000, 100), "10");
        assert_eq!(units(1_050, 100), "10.5");
        assert_eq!(units(5, 100), "0.05");
    }
}
