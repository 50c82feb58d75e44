//! Microseconds per init-data check: `cargo bench -p telegram-init-data` (see docs/performance.md).

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use telegram_init_data::{
    SANDBOX_BOT_TOKEN, TelegramEnvironment, ThirdPartyValidator, Validator, sign_pairs,
};

#[path = "common/launch.rs"]
mod common;
use common::launch;

/// Telegram's published third-party example (bot 7342037359, production key).
const THIRD_PARTY: &str = "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6";

fn benches(c: &mut Criterion) {
    let raw = launch();
    let validator = Validator::new(SANDBOX_BOT_TOKEN);
    // The check the Node reference's `validate` makes: structure, HMAC and age, nothing typed.
    c.bench_function("first-party HMAC check of a typical launch", |b| {
        b.iter(|| {
            validator
                .verify(std::hint::black_box(&raw))
                .map(|verified| verified.auth_date())
        })
    });
    // The auth service's login path: the check, then the typed user it reads the id from.
    c.bench_function("first-party check and typed user", |b| {
        b.iter(|| {
            validator
                .verify(std::hint::black_box(&raw))
                .and_then(|verified| verified.user())
        })
    });
    c.bench_function("first-party check with every field typed", |b| {
        b.iter(|| validator.validate(std::hint::black_box(&raw)))
    });
    let third_party = ThirdPartyValidator::telegram(7_342_037_359, TelegramEnvironment::Production)
        .with_max_age(None);
    c.bench_function("third-party Ed25519 check of Telegram's example", |b| {
        b.iter(|| third_party.validate(std::hint::black_box(THIRD_PARTY)))
    });
    // What no check can go below: the HMAC-SHA256 of the launch's data-check string alone, with the
    // key's two pads already hashed (as the validator keeps them). SHA-256 runs at the hardware's
    // pace here (the SHA extensions; OpenSSL's runs no faster), so this floor moves with the clock,
    // not with the code: everything the check costs above it is reading the string.
    let check_string = check_string(&raw);
    let keyed = {
        let mut derive = Hmac::<Sha256>::new_from_slice(b"WebAppData").expect("any key length");
        derive.update(SANDBOX_BOT_TOKEN.as_bytes());
        Hmac::<Sha256>::new_from_slice(&derive.finalize().into_bytes()).expect("any key length")
    };
    let signed = validator.verify(&raw).expect("the launch is valid");
    assert_eq!(
        hex::encode(
            keyed
                .clone()
                .chain_update(&check_string)
                .finalize()
                .into_bytes()
        ),
        signed.get("hash").expect("the launch has a hash"),
        "the floor must hash the very string the launch's hash covers",
    );
    c.bench_function("HMAC of the data-check string alone (the floor)", |b| {
        b.iter(|| {
            let mut mac = keyed.clone();
            mac.update(std::hint::black_box(check_string.as_bytes()));
            mac.finalize().into_bytes()
        })
    });
    // The same check-string length with nothing to decode: how much of the check is the escapes
    // (the JSON of `user` has 59) and how much is splitting, sorting and hashing.
    let unescaped = unescaped_launch(check_string.len(), signed.auth_date());
    assert!(
        validator.verify(&unescaped).is_ok(),
        "the benchmark measures a valid launch"
    );
    c.bench_function(
        "first-party check of a launch as long with nothing escaped",
        |b| {
            b.iter(|| {
                validator
                    .verify(std::hint::black_box(&unescaped))
                    .map(|verified| verified.auth_date())
            })
        },
    );
    c.bench_function("parse only", |b| {
        b.iter(|| telegram_init_data::parse(std::hint::black_box(&raw)))
    });
}

/// The launch's data-check string, built from the parsed data (the launch was signed from the same
/// pairs).
fn check_string(raw: &str) -> String {
    let data = telegram_init_data::parse(raw).expect("the launch parses");
    data_check_string(&data.to_pairs())
}

/// Decoded pairs (`hash` left out) as the data-check string has them: `key=value` lines sorted by
/// key, written here apart from the crate's own so that the floor's assertion checks it.
fn data_check_string(pairs: &[(&str, String)]) -> String {
    let mut lines: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    lines.sort();
    lines.join("\n")
}

/// A launch with the same pairs as the benchmark's and a data-check string `check_len` bytes long,
/// whose `user` is plain letters: nothing in it is escaped.
fn unescaped_launch(check_len: usize, auth_date: u64) -> String {
    let auth_date = auth_date.to_string();
    let mut pairs = vec![
        ("user", String::new()),
        ("chat_instance", "8134722200314281151".to_owned()),
        ("chat_type", "private".to_owned()),
        ("start_param", "ref_42".to_owned()),
        ("auth_date", auth_date),
    ];
    let others: usize = pairs.iter().map(|(k, v)| k.len() + 1 + v.len() + 1).sum();
    pairs[0].1 = "a".repeat(check_len + 1 - others);
    assert_eq!(
        data_check_string(&pairs).len(),
        check_len,
        "as long as the launch's"
    );
    let raw = sign_pairs(&pairs, SANDBOX_BOT_TOKEN);
    assert!(!raw.contains(['%', '+']), "nothing escaped");
    raw
}

criterion_group! {
    name = validation;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = benches
}
criterion_main!(validation);
