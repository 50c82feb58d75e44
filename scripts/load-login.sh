#!/usr/bin/env bash
# tg_login through the whole stack `make run` starts (edge -> auth service -> sandbox platform,
# release build, SQLite), driven open-loop (docs/performance.md). Usage:
#   scripts/load-login.sh [rate per second ...]        (default: 1000 2000 4000)
# Environment: LOAD_SECONDS (30) per run, LOAD_RUNS (3) runs per rate, LOAD_USERS (2000) distinct
# users, LOAD_CONNECTIONS (1024), LOAD_WARM_UP_RATE (500; 0 skips signing every user up first),
# LOAD_TARGET (host:port of a stack already running: then nothing is started, and that stack must
# allow the load's rate from one address: AUTH_RATE_PER_IP_PER_MINUTE, AUTH_RATE_PER_USER_PER_MINUTE),
# LOAD_STACK_BIN (target/release/stack, built here; another build of it to compare, e.g. a copy
# kept from before a change).
# LOAD_AUTH_ALONE=1: the auth service and the sandbox platform as two processes of their own
# (`target/release/auth-service`, `target/release/platform`, built here), the load sent to the auth
# service directly, so its RSS is reported alone (its budget: ≤ 40 MB at any offered load).
# LOAD_FIRST_TIME=1: first sign-ins instead of returning players' (the spike a broadcast or a
# channel post brings): before each run, rate × LOAD_SECONDS users never seen before are signed (plus
# one per connection), each request is another one's first sign-in, so the platform creates a player
# for every request; no warm-up, LOAD_USERS unused.
# Any other variable the stack reads (AUTH_MAX_IN_FLIGHT, EDGE_MAX_IN_FLIGHT...) passes through.
#
# Users' init data is signed once, by the independent reference library
# (@telegram-apps/init-data-node, auth-service/tests/node/sign-users.mjs) with the sandbox's test bot
# token, the token the stack checks with when TELEGRAM_BOT_TOKEN is unset. The stack runs on a free
# port with a fresh data folder under a temporary directory, so ./data is never touched and every run
# starts from the same seeded database; its log is kept there. Each run prints throughput, latency
# from the scheduled send time (p50/p90/p99 of the 200 answers), 503 `overloaded` answers (shed),
# other errors, and the stack's RSS; at the end, the median of the runs per rate.
set -euo pipefail
cd "$(dirname "$0")/.."

rates=("$@")
[[ ${#rates[@]} -gt 0 ]] || rates=(1000 2000 4000)
seconds=${LOAD_SECONDS:-30}
runs=${LOAD_RUNS:-3}
users=${LOAD_USERS:-2000}
connections=${LOAD_CONNECTIONS:-1024}
warm_up_rate=${LOAD_WARM_UP_RATE:-500}
sandbox_token=7000000001:AAE-sandbox_test_token_not_for_prod

node_dir=auth-service/tests/node
[[ -f $node_dir/node_modules/.package-lock.json ]] || npm ci --prefix "$node_dir" --no-audit --no-fund >/dev/null
# Two builds: the generator's own features must not change the stack's (the stack is built exactly
# as `make run` builds it).
auth_alone=${LOAD_AUTH_ALONE:-}
if [[ -n $auth_alone ]]; then
  cargo build --release --locked --quiet -p platform -p auth-service
elif [[ -z ${LOAD_STACK_BIN:-} && -z ${LOAD_TARGET:-} ]]; then
  cargo build --release --locked --quiet -p stack
fi
cargo build --release --locked --quiet -p loadgen --bin load_login
stack_bin=${LOAD_STACK_BIN:-target/release/stack}

work=$(mktemp -d)
started=()
cleanup() {
  for pid in "${started[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Waits for `address`'s /readyz while process `pid` lives; shows its log if it died.
await_ready() {
  local address=$1 pid=$2 log=$3
  for _ in $(seq 1 600); do
    curl -fsS "http://$address/readyz" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
  done
  curl -fsS "http://$address/readyz" >/dev/null
}
# Every request comes from one address and each user logs in many times a minute: the rate limits
# would answer 429, which is not what is measured.
export AUTH_RATE_PER_IP_PER_MINUTE=100000000 AUTH_RATE_PER_USER_PER_MINUTE=100000000

first_time=${LOAD_FIRST_TIME:-}
if [[ -n $first_time ]]; then
  warm_up_rate=0
  users="new ones"
else
  node "$node_dir/sign-users.mjs" "$sandbox_token" "$users" >"$work/users.txt"
fi

pids=()
watched=stack
if [[ -n ${LOAD_TARGET:-} ]]; then
  target=$LOAD_TARGET
elif [[ -n $auth_alone ]]; then
  platform_address=127.0.0.1:$(free_port)
  mkdir -p "$work/data"
  PLATFORM_BIND=$platform_address PLATFORM_DATABASE_URL=sqlite://$work/data/platform.db \
    target/release/platform >"$work/platform.log" 2>&1 &
  started+=($!)
  await_ready "$platform_address" "$!" "$work/platform.log"
  target=127.0.0.1:$(free_port)
  AUTH_BIND=$target DATABASE_URL=sqlite://$work/data/services.db PLATFORM_URL=http://$platform_address \
    target/release/auth-service >"$work/auth.log" 2>&1 &
  auth_pid=$!
  started+=("$auth_pid")
  await_ready "$target" "$auth_pid" "$work/auth.log"
  pids=(--pid "$auth_pid" --pid "${started[0]}")
  watched="auth service"
  echo "auth service: pid $auth_pid on $target, platform: pid ${started[0]} on $platform_address (data and logs in $work), users $users, connections $connections"
else
  static_dir=${STATIC_DIR:-miniapp/dist}
  if [[ ! -f $static_dir/index.html ]]; then
    # tg_login never reads the miniapp's files; the stack only needs them to exist.
    echo "no miniapp build in $static_dir: the stack serves a placeholder page (run \`make build\` for the real one)"
    static_dir=$work/static
    mkdir -p "$static_dir"
    echo '<!doctype html><title>placeholder</title>' >"$static_dir/index.html"
  fi
  target=127.0.0.1:$(free_port)
  PORT=${target##*:} DATA_DIR=$work/data STATIC_DIR=$static_dir "$stack_bin" >"$work/stack.log" 2>&1 &
  stack_pid=$!
  started+=("$stack_pid")
  pids=(--pid "$stack_pid")
  await_ready "$target" "$stack_pid" "$work/stack.log"
  echo "$stack_bin: pid $stack_pid on $target (data and log in $work), users $users, connections $connections"
fi

results=()
first=1
signed=0
for rate in "${rates[@]}"; do
  for run in $(seq 1 "$runs"); do
    warm=0
    [[ $first -eq 1 ]] && warm=$warm_up_rate
    first=0
    first_time_args=()
    if [[ -n $first_time ]]; then
      # Every run's users after the last run's: ids the stack has never seen.
      count=$(( rate * seconds + connections ))
      node "$node_dir/sign-users.mjs" "$sandbox_token" "$count" $(( 8000000000 + signed )) >"$work/users.txt"
      signed=$(( signed + count ))
      first_time_args=(--first-time 1)
    fi
    echo "--- rate $rate/s, run $run of $runs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    out=$(target/release/load_login --target "$target" --users "$work/users.txt" \
      --rate "$rate" --seconds "$seconds" --connections "$connections" \
      --warm-up-rate "$warm" "${first_time_args[@]}" "${pids[@]}")
    grep -v '^RESULT' <<<"$out"
    results+=("$(grep '^RESULT' <<<"$out")")
  done
done

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
field() { sed -E "s/.* $1=([^ ]+).*/\1/"; }
echo "--- medians of $runs runs of $seconds s (load average now $(cut -d' ' -f1-3 /proc/loadavg))"
for rate in "${rates[@]}"; do
  of_rate=$(printf '%s\n' "${results[@]}" | grep "rate=$rate ")
  printf 'rate %s/s: 200 %s/s, p50 %s ms, p99 %s ms, shed %s, errors %s, %s RSS peak %s MB\n' "$rate" \
    "$(field ok_per_s <<<"$of_rate" | median)" "$(field p50_ms <<<"$of_rate" | median)" \
    "$(field p99_ms <<<"$of_rate" | median)" "$(field shed <<<"$of_rate" | median)" \
    "$(field errors <<<"$of_rate" | median)" "$watched" \
    "$(field rss_peak_kb <<<"$of_rate" | median | awk '{ printf "%.1f", $1 / 1024 }')"
done
# Warnings and errors of the processes started here (their logs are coloured when a terminal's: the
# colours are stripped before matching).
for log in "$work"/*.log; do
  sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E ' (WARN|ERROR) ' | tail -5 || true
done
