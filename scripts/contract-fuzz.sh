#!/usr/bin/env bash
# Schema-driven fuzzing of the platform against its own OpenAPI document: every call of
# /api/openapi.json gets generated requests (valid and invalid), and every answer must have a
# documented status, a documented content type, a body that matches the documented schema of its
# status, and no 5xx. A short, seeded run; part of `make test`.
#
#   scripts/contract-fuzz.sh                 the run CI makes
#   FUZZ_EXAMPLES=200 FUZZ_SECONDS=600 scripts/contract-fuzz.sh    a longer hunt
#   FUZZ_SEED=random scripts/contract-fuzz.sh                      other inputs than CI's
#
# It installs schemathesis (pinned) into a virtual environment under target/, starts the platform
# binary on a free loopback port with a throw-away database, signs up a sandbox player for the
# bearer token of signed-in calls, and stops the platform when done.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
EXAMPLES=${FUZZ_EXAMPLES:-8}
SECONDS_BUDGET=${FUZZ_SECONDS:-90}
SEED=${FUZZ_SEED:-20261123}
VENV=target/contract-fuzz/venv
SERVICE_KEY=contract-fuzz-service-key

if [[ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != *"version $SCHEMATHESIS_VERSION" ]]; then
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# The Makefile's DEBUG_BUILD, with the test build's features: `-p platform` alone resolves others and
# recompiled the platform and its dependencies a second time on a clean clone. `make test` has built
# it already and runs this beside `cargo test`, whose lock on target/ would hold this build back.
if [[ -z "${DEBUG_BUILT:-}" ]]; then
    scripts/cargo-linted.sh build --quiet --workspace --all-targets --locked
fi

data=$(mktemp -d)
platform_pid=
stop() {
    if [[ -n "$platform_pid" ]]; then
        kill "$platform_pid" 2>/dev/null || true
        wait "$platform_pid" 2>/dev/null || true
    fi
    rm -rf "$data"
}
trap stop EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
PLATFORM_BIND="127.0.0.1:$port" \
    PLATFORM_DATABASE_URL="sqlite://$data/platform.db" \
    TG_BOT_SERVICE_KEY="$SERVICE_KEY" \
    RUST_LOG=warn \
    target/debug/platform >"$data/platform.log" 2>&1 &
platform_pid=$!

for _ in $(seq 1 300); do
    curl --silent --fail --output /dev/null "$base/api/openapi.json" && break
    kill -0 "$platform_pid" 2>/dev/null || { cat "$data/platform.log"; exit 1; }
    sleep 0.2
done

# A sandbox player: signed up, then signed in for its access token.
post() {
    curl --silent --show-error --fail-with-body -H 'content-type: application/json' \
        -X POST "$base$1" --data "$2"
}
post /api/player/register \
    '{"email": "fuzz@example.com", "password": "contract-fuzz-1", "currency": "USD", "agreements": true}' \
    >/dev/null
token=$(post /api/player/sessions '{"login": "fuzz@example.com", "password": "contract-fuzz-1"}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')

started=$SECONDS
status=0
# Logging out, or closing the session by its id (the stateful phase finds it in the session
# list), would end the session every later call signs in with; both are tested in
# platform/tests/it/players.rs.
# Run inside the throw-away directory: schemathesis keeps a cache of failures in its working
# directory, and every run should start from the same nothing.
(cd "$data" && "$OLDPWD/$VENV/bin/schemathesis" run "$base/api/openapi.json" \
    --url "$base" \
    --header "Authorization: Bearer $token" \
    --header "x-service-key: $SERVICE_KEY" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path /api/player/sessions/logout \
    --exclude-path "/api/player/sessions/{id}/close" \
    --max-examples "$EXAMPLES" \
    --max-time "$SECONDS_BUDGET" \
    $([[ "$SEED" == random ]] || echo "--seed $SEED") \
    --generation-database none \
    --no-color \
    --workers 1) || status=$?
echo "contract fuzzing took $((SECONDS - started)) s"
if [[ $status -ne 0 ]] && grep -q 'request failed' "$data/platform.log"; then
    echo "--- platform log (server errors)"
    grep 'request failed' "$data/platform.log" | tail -20
fi
exit $status
