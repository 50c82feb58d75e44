#!/usr/bin/env bash
# Runs cargo with Clippy compiling the workspace's own crates, its warnings denied: one compilation both
# lints the code and builds what the tests run. `cargo clippy` and then `cargo build` compiled every
# dependency twice, once for metadata only and once in full (from a clean clone, 674 CPU-seconds for the
# two against 500 for this; docs/performance.md, "CI time").
#
#   scripts/cargo-linted.sh build --workspace --all-targets --locked   # the Makefile's DEBUG_BUILD
#   scripts/cargo-linted.sh test --workspace --locked                  # runs on that build
#
# Dependencies are compiled by rustc as usual and are shared with plain cargo commands. Cargo keeps the
# workspace's crates built this way apart from theirs (the wrapper is part of their hash), so switching
# between the two rebuilds nothing that was built before.
set -euo pipefail

driver=$(command -v clippy-driver) || {
  echo "cargo-linted: clippy-driver is not installed (rustup component add clippy)" >&2
  exit 1
}
export RUSTC_WORKSPACE_WRAPPER=$driver
# `cargo clippy -- -D warnings` hands its arguments to the driver this way, each one ended by the separator.
export CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
exec cargo "$@"
