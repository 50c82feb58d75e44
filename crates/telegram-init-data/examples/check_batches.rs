//! The first-party check of the benchmark's launch, timed in batches of 10,000: prints the fastest
//! batch, the tenth percentile and the median, in µs per check. For comparing two builds on a noisy
//! machine, where criterion's estimate moves with the load: build, copy the binary, change, build
//! again, then run the two copies alternately and compare their fastest batches
//! (docs/performance.md, "Init-data check"). Under `valgrind --tool=cachegrind` the difference between two
//! batch counts gives the instructions per check.
//!
//! `cargo build --release -p telegram-init-data --example check_batches &&
//! target/release/examples/check_batches [checks=2000000]`

use std::time::Instant;

use telegram_init_data::{SANDBOX_BOT_TOKEN, Validator};

#[path = "../benches/common/launch.rs"]
mod common;
use common::launch;

const BATCH: u32 = 10_000;

fn main() {
    let checks: u32 = match std::env::args().nth(1).map(|arg| arg.parse()) {
        None => 2_000_000,
        Some(Ok(checks)) if checks >= BATCH => checks,
        Some(_) => {
            eprintln!("usage: check_batches [checks, at least {BATCH}]");
            std::process::exit(2);
        }
    };
    let raw = launch();
    let validator = Validator::new(SANDBOX_BOT_TOKEN);
    let mut batches = Vec::with_capacity((checks / BATCH) as usize);
    let mut valid = 0u64;
    for _ in 0..checks / BATCH {
        let started = Instant::now();
        for _ in 0..BATCH {
            let checked = validator.verify(std::hint::black_box(&raw));
            valid += u64::from(checked.map(|verified| verified.auth_date()).is_ok());
        }
        batches.push(started.elapsed().as_secs_f64() * 1e6 / f64::from(BATCH));
    }
    if valid != u64::from(checks / BATCH * BATCH) {
        eprintln!("the launch was refused: the benchmark would measure an error path");
        std::process::exit(1);
    }
    batches.sort_by(f64::total_cmp);
    println!(
        "{:.3} µs fastest batch, {:.3} p10, {:.3} median ({} batches of {BATCH})",
        batches[0],
        batches[batches.len() / 10],
        batches[batches.len() / 2],
        batches.len()
    );
}
