#!/usr/bin/env bash
# The first-party init-data check, Rust against the independent Node reference
# (@telegram-apps/init-data-node's `validate` on Node), measured in one run, alternating, so both
# see the same machine; prints every round and the median ratio. Usage:
#   scripts/bench-init-data.sh [rounds=5] [seconds per measurement=3]
# Both check the same kind of launch (~540 bytes: a user with every field, chat_type,
# chat_instance, start_param) for structure, HMAC and age, typing nothing (the Node reference types
# nothing either); the Rust benchmark also reports the check with the typed user and with every
# field typed.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-5}
seconds=${2:-3}
node_dir=auth-service/tests/node
[[ -f $node_dir/node_modules/.package-lock.json ]] || npm ci --prefix "$node_dir" --no-audit --no-fund >/dev/null

cargo bench -p telegram-init-data --bench validate --no-run --quiet 2>/dev/null
rust_check() {
  # Criterion's middle estimate, in µs, of the check alone.
  cargo bench -p telegram-init-data --bench validate --quiet -- \
    --warm-up-time 1 --measurement-time "$seconds" "first-party HMAC check of a typical launch" 2>/dev/null |
    awk '/time:/ { v = $4; u = $5; if (u == "ns") v /= 1000; if (u == "ms") v *= 1000; print v; exit }'
}
node_check() {
  node "$node_dir/bench.mjs" "$seconds" | sed -E 's/.* ([0-9.]+) µs per check.*/\1/'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); node $(node --version)"
ratios=()
for round in $(seq 1 "$rounds"); do
  rust=$(rust_check)
  node=$(node_check)
  ratio=$(awk -v n="$node" -v r="$rust" 'BEGIN { printf "%.1f", n / r }')
  ratios+=("$ratio")
  printf 'round %d: rust %.3f µs, node %.2f µs, ratio %s×\n' "$round" "$rust" "$node" "$ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
echo "median ratio over $rounds rounds: ${median}×"
