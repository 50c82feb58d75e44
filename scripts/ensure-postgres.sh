#!/usr/bin/env bash
# Runs a command next to a throw-away PostgreSQL: Debian's `postgresql` package (installed when
# missing), a fresh cluster in a temporary folder on a free loopback port, stopped and deleted when
# the command ends. The command gets its URL in TEST_POSTGRES_URL.
#   scripts/ensure-postgres.sh cargo test --workspace
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

bin=$(find_bin)
if [[ -z "$bin" || ! -x "$bin/initdb" ]]; then
  echo "Installing Debian's postgresql for the PostgreSQL tests..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bin=$(find_bin)
fi

# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  as_owner=(runuser -u postgres --)
fi

dir=$(mktemp -d /tmp/test-postgres.XXXXXX)
chmod 755 "$dir"
if [[ $(id -u) -eq 0 ]]; then
  chown postgres: "$dir"
fi

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }

# A free port, below Linux's ephemeral range (32768 and up by default): a port there can be taken by
# any outgoing connection, which the probe below cannot see, and PostgreSQL's bind then fails (it did
# once in CI). A port taken between the probe and the bind is tried again with another.
port=""
for candidate in $(shuf -i 20000-32000 -n 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    continue
  fi
  if "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server-$candidate.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $candidate -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null; then
    port=$candidate
    break
  fi
  grep -q "could not bind" "$dir/server-$candidate.log" || { cat "$dir/server-$candidate.log" >&2; exit 1; }
done
if [[ -z "$port" ]]; then
  echo "error: no free port found for the test PostgreSQL" >&2
  exit 1
fi

export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "Test PostgreSQL ($("$bin/postgres" --version)) at $TEST_POSTGRES_URL"
"$@"
