#!/usr/bin/env bash
# The first-party init-data check, Rust against the independent Node reference
# (@telegram-apps/init-data-node's `validate` on Node), measured in one run, alternating, so both
# see the same machine; prints every round and the median ratio. Usage:
#   scripts/bench-init-data.sh [rounds=5] [seconds per measurement=3]
# Both check the same kind of launch (~540 bytes: a user with every field, chat_type,
# chat_instance, start_param) for structure, HMAC and age, typing nothing (the Node reference types
# nothing either); the Rust benchmark also reports the check with the typed user and with every
# field typed. Each round also measures the floor, the HMAC-SHA256 of the launch's data-check string
# alone (at the hardware's pace: SHA extensions), so the budget a ratio leaves for reading the string
# is printed from the same run.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-5}
seconds=${2:-3}
node_dir=auth-service/tests/node
[[ -f $node_dir/node_modules/.package-lock.json ]] || npm ci --prefix "$node_dir" --no-audit --no-fund >/dev/null

cargo bench -p telegram-init-data --bench validate --no-run --quiet 2>/dev/null
rust_bench() {
  # Criterion's middle estimate, in µs, of the benchmark named $1.
  cargo bench -p telegram-init-data --bench validate --quiet -- \
    --warm-up-time 1 --measurement-time "$seconds" "$1" 2>/dev/null |
    awk '/time:/ { v = $4; u = $5; if (u == "ns") v /= 1000; if (u == "ms") v *= 1000; print v; exit }'
}
rust_check() { rust_bench "first-party HMAC check of a typical launch"; }
hmac_floor() { rust_bench "HMAC of the data-check string alone"; }
node_check() {
  node "$node_dir/bench.mjs" "$seconds" | sed -E 's/.* ([0-9.]+) µs per check.*/\1/'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); node $(node --version)"
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ratios=() nodes=() floors=()
for round in $(seq 1 "$rounds"); do
  rust=$(rust_check)
  node=$(node_check)
  floor=$(hmac_floor)
  ratio=$(awk -v n="$node" -v r="$rust" 'BEGIN { printf "%.1f", n / r }')
  ratios+=("$ratio") nodes+=("$node") floors+=("$floor")
  printf 'round %d: rust %.3f µs, node %.2f µs, ratio %s×; HMAC alone %.3f µs\n' "$round" "$rust" "$node" "$ratio" "$floor"
done
echo "median ratio over $rounds rounds: $(printf '%s\n' "${ratios[@]}" | median)×"
# What 20× leaves for everything but the HMAC: parsing, decoding, sorting, the clock.
node=$(printf '%s\n' "${nodes[@]}" | median)
floor=$(printf '%s\n' "${floors[@]}" | median)
awk -v n="$node" -v f="$floor" 'BEGIN {
  printf "20x the median reference (%.2f µs) is %.3f µs per check: the HMAC alone takes %.3f µs of it, leaving %.3f µs to read the string (a check that only hashed would be %.1fx)\n", n, n / 20, f, n / 20 - f, n / f
}'
