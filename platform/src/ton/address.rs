//! TON account addresses in their two written forms.
//!
//! The raw form is `workchain:hash` (`0:83df…31a8`, 64 hex digits). The user-friendly form is 36
//! bytes in base64url (48 characters): a tag byte (0x11 bounceable, 0x51 non-bounceable, plus
//! 0x80 on the test network), the workchain as a signed byte, the 32-byte account hash and a
//! CRC16-XModem of those 34 bytes, big-endian. Wallets and explorers accept either alphabet of
//! base64, so both are read; the platform always writes the bounceable main-network form, the one
//! TON asks for when the destination is an existing contract.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};

const BOUNCEABLE: u8 = 0x11;
const NON_BOUNCEABLE: u8 = 0x51;
const TEST_NETWORK: u8 = 0x80;

/// Why a text is not a TON address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("Enter the wallet address.")]
    Empty,
    #[error(
        "A TON address is 48 letters, digits, - and _, or a workchain, a colon and 64 hex digits."
    )]
    Malformed,
    #[error("This address does not check out: a character is wrong or missing.")]
    Checksum,
    #[error("This is not the address of a TON account.")]
    UnknownTag,
    #[error("This address is on a TON workchain other than 0 or -1.")]
    UnknownWorkchain,
    #[error("This address is on the TON test network; give a main network address.")]
    TestNetwork,
}

impl AddressError {
    /// The stable code of the refusal.
    pub fn code(self) -> &'static str {
        match self {
            Self::Empty => "ton_address_missing",
            Self::Malformed => "ton_address_malformed",
            Self::Checksum => "ton_address_checksum",
            Self::UnknownTag => "ton_address_unknown_tag",
            Self::UnknownWorkchain => "ton_address_unknown_workchain",
            Self::TestNetwork => "ton_address_test_network",
        }
    }
}

/// An account: its workchain and hash, whatever form named it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Address {
    pub workchain: i8,
    pub hash: [u8; 32],
}

/// An address as written, with the flags of its user-friendly form (a raw address has none: it
/// reads as bounceable on the main network).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub address: Address,
    pub bounceable: bool,
    pub test_network: bool,
}

/// CRC-16/XMODEM: polynomial 0x1021, initial value 0, no reflection.
pub fn crc16_xmodem(data: &[u8]) -> u16 {
    data.iter().fold(0u16, |crc, &byte| {
        (0..8).fold(crc ^ (u16::from(byte) << 8), |crc, _| {
            if crc & 0x8000 == 0 {
                crc << 1
            } else {
                (crc << 1) ^ 0x1021
            }
        })
    })
}

fn workchain(value: i8) -> Result<i8, AddressError> {
    match value {
        0 | -1 => Ok(value),
        _ => Err(AddressError::UnknownWorkchain),
    }
}

impl Written {
    /// Reads either form; the flags and checksum of a user-friendly one are checked.
    pub fn parse(text: &str) -> Result<Self, AddressError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AddressError::Empty);
        }
        if let Some((chain, hex)) = text.split_once(':') {
            let chain: i8 = chain.parse().map_err(|_| AddressError::Malformed)?;
            if hex.len() != 64 {
                return Err(AddressError::Malformed);
            }
            let mut hash = [0u8; 32];
            for (byte, pair) in hash.iter_mut().zip(hex.as_bytes().chunks(2)) {
                let pair = std::str::from_utf8(pair).map_err(|_| AddressError::Malformed)?;
                *byte = u8::from_str_radix(pair, 16).map_err(|_| AddressError::Malformed)?;
            }
            return Ok(Self {
                address: Address {
                    workchain: workchain(chain)?,
                    hash,
                },
                bounceable: true,
                test_network: false,
            });
        }
        if text.len() != 48 {
            return Err(AddressError::Malformed);
        }
        let bytes = if text.contains(['+', '/']) {
            STANDARD.decode(text)
        } else {
            URL_SAFE.decode(text)
        }
        .map_err(|_| AddressError::Malformed)?;
        let bytes: [u8; 36] = bytes.try_into().map_err(|_| AddressError::Malformed)?;
        if crc16_xmodem(&bytes[..34]).to_be_bytes() != bytes[34..] {
            return Err(AddressError::Checksum);
        }
        let test_network = bytes[0] & TEST_NETWORK != 0;
        let bounceable = match bytes[0] & !TEST_NETWORK {
            BOUNCEABLE => true,
            NON_BOUNCEABLE => false,
            _ => return Err(AddressError::UnknownTag),
        };
        let mut hash = [0u8; 32];
        hash.copy_from_slice(&bytes[2..34]);
        Ok(Self {
            address: Address {
                workchain: workchain(i8::from_ne_bytes([bytes[1]]))?,
                hash,
            },
            bounceable,
            test_network,
        })
    }
}

impl Address {
    /// The user-friendly form with the given flags.
    pub fn friendly(&self, bounceable: bool, test_network: bool) -> String {
        let mut bytes = [0u8; 36];
        bytes[0] = if bounceable {
            BOUNCEABLE
        } else {
            NON_BOUNCEABLE
        } | if test_network { TEST_NETWORK } else { 0 };
        bytes[1] = self.workchain.to_ne_bytes()[0];
        bytes[2..34].copy_from_slice(&self.hash);
        let crc = crc16_xmodem(&bytes[..34]).to_be_bytes();
        bytes[34..].copy_from_slice(&crc);
        URL_SAFE.encode(bytes)
    }

    /// The form the platform writes: bounceable, main network.
    pub fn bounceable(&self) -> String {
        self.friendly(true, false)
    }

    pub fn raw(&self) -> String {
        let hex: String = self.hash.iter().map(|b| format!("{b:02x}")).collect();
        format!("{}:{hex}", self.workchain)
    }
}

/// The account of a main-network address in any form a player or a wallet writes.
pub fn main_network(text: &str) -> Result<Address, AddressError> {
    let written = Written::parse(text)?;
    if written.test_network {
        return Err(AddressError::TestNetwork);
    }
    Ok(written.address)
}

/// A main-network address as the platform stores and shows it (bounceable, user-friendly), from
/// any form a player or a wallet writes.
pub fn normalise(text: &str) -> Result<String, AddressError> {
    main_network(text).map(|address| address.bounceable())
}

#[cfg(test)]
mod tests {
    use super::*;

    // The example account of TON's documentation, in its four user-friendly forms.
    const RAW: &str = "0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8";
    const BOUNCEABLE_FORM: &str = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N";
    const NON_BOUNCEABLE_FORM: &str = "UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI";

    #[test]
    fn crc16_is_xmodem() {
        assert_eq!(crc16_xmodem(b"123456789"), 0x31c3);
        assert_eq!(crc16_xmodem(b""), 0);
    }

    #[test]
    fn both_forms_name_the_same_account() {
        let raw = Written::parse(RAW).expect("raw");
        let bounceable = Written::parse(BOUNCEABLE_FORM).expect("bounceable");
        let non_bounceable = Written::parse(NON_BOUNCEABLE_FORM).expect("non-bounceable");
        assert_eq!(raw.address, bounceable.address);
        assert_eq!(raw.address, non_bounceable.address);
        assert!(bounceable.bounceable && !non_bounceable.bounceable);
        assert!(!bounceable.test_network && !non_bounceable.test_network);
        assert_eq!(raw.address.raw(), RAW);
        assert_eq!(raw.address.bounceable(), BOUNCEABLE_FORM);
        assert_eq!(raw.address.friendly(false, false), NON_BOUNCEABLE_FORM);
    }

    #[test]
    fn flags_show_in_the_first_characters() {
        let address = Written::parse(RAW).expect("raw").address;
        let prefixes: Vec<String> = [(true, false), (false, false), (true, true), (false, true)]
            .iter()
            .map(|&(b, t)| address.friendly(b, t)[..2].to_owned())
            .collect();
        assert_eq!(prefixes, ["EQ", "UQ", "kQ", "0Q"]);
        let test_form = address.friendly(false, true);
        let read = Written::parse(&test_form).expect("test network form");
        assert!(read.test_network && !read.bounceable);
        assert_eq!(normalise(&test_form), Err(AddressError::TestNetwork));
    }

    #[test]
    fn the_platform_writes_the_bounceable_main_network_form() {
        for form in [
            RAW,
            BOUNCEABLE_FORM,
            NON_BOUNCEABLE_FORM,
            " EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N\n",
        ] {
            assert_eq!(normalise(form).as_deref(), Ok(BOUNCEABLE_FORM), "{form}");
        }
        // The standard base64 alphabet names the same account.
        let standard = BOUNCEABLE_FORM.replace('_', "/").replace('-', "+");
        assert_eq!(normalise(&standard).as_deref(), Ok(BOUNCEABLE_FORM));
        let masterchain = format!("-1:{}", &RAW[2..]);
        let master = Written::parse(&masterchain).expect("masterchain");
        assert_eq!(master.address.workchain, -1);
        assert!(master.address.bounceable().starts_with("Ef"));
        assert_eq!(Written::parse(&master.address.bounceable()), Ok(master));
    }

    #[test]
    fn a_wrong_character_or_shape_is_refused() {
        let mut typo = BOUNCEABLE_FORM.to_owned();
        typo.replace_range(10..11, "x");
        assert_eq!(normalise(&typo), Err(AddressError::Checksum));
        assert_eq!(normalise(""), Err(AddressError::Empty));
        assert_eq!(
            normalise(&BOUNCEABLE_FORM[..47]),
            Err(AddressError::Malformed)
        );
        assert_eq!(
            normalise("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"),
            Err(AddressError::Malformed)
        );
        assert_eq!(
            normalise(&format!("{BOUNCEABLE_FORM}!")),
            Err(AddressError::Malformed)
        );
        assert_eq!(normalise("0:83df"), Err(AddressError::Malformed));
        assert_eq!(
            normalise(&format!("0:{}", "zz".repeat(32))),
            Err(AddressError::Malformed)
        );
        assert_eq!(
            normalise(&format!("5:{}", &RAW[2..])),
            Err(AddressError::UnknownWorkchain)
        );
        // A valid checksum over an unknown tag byte.
        let mut bytes = [0u8; 36];
        bytes[0] = 0x22;
        let crc = crc16_xmodem(&bytes[..34]).to_be_bytes();
        bytes[34..].copy_from_slice(&crc);
        assert_eq!(
            normalise(&URL_SAFE.encode(bytes)),
            Err(AddressError::UnknownTag)
        );
    }
}
