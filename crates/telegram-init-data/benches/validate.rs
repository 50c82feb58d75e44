//! Microseconds per init-data check: `cargo bench -p telegram-init-data` (see docs/performance.md).

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use telegram_init_data::{SANDBOX_BOT_TOKEN, TelegramEnvironment, ThirdPartyValidator, Validator};

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
    c.bench_function("parse only", |b| {
        b.iter(|| telegram_init_data::parse(std::hint::black_box(&raw)))
    });
}

criterion_group! {
    name = validation;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = benches
}
criterion_main!(validation);
