#!/usr/bin/env bash
# `make test-topology`: the production topology of deploy/ started for real on loopback and
# checked (crates/topology): Debian's nginx with deploy/nginx.conf, the platform, two auth-service
# and two bot replicas (debug builds), a throw-away PostgreSQL (scripts/ensure-postgres.sh) and the
# miniapp's build. Installs Debian's nginx, its brotli module and envsubst when missing.
#   TOPOLOGY_RATE (logins/s, 100) and TOPOLOGY_SECONDS (20) set the failover load;
#   TOPOLOGY_KEEP=1 keeps the run's folder (configs, logs) even when it passes.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
missing=()
command -v nginx >/dev/null || missing+=(nginx)
compgen -G "/etc/nginx/modules-enabled/*brotli-static*" >/dev/null || missing+=(libnginx-mod-http-brotli-static)
command -v envsubst >/dev/null || missing+=(gettext-base)
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing Debian's ${missing[*]} for the topology test..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ ! -f miniapp/dist/index.html ]]; then
  npm --prefix miniapp run build
fi
# The Makefile's DEBUG_BUILD (Clippy-compiled debug builds with the features of `cargo test
# --workspace`): what the other tests build too, so CI compiles nothing extra for this. (`--bins` alone
# resolves fewer features than the test build and recompiled about 40 crates.)
scripts/cargo-linted.sh build --workspace --all-targets --locked
built=$SECONDS

dir=$(mktemp -d /tmp/test-topology.XXXXXX)
chmod 755 "$dir"
passed=0
finish() {
  # The driver stops nginx itself; this covers a driver that died first.
  if [[ -f "$dir/nginx/nginx.pid" ]]; then
    kill -TERM "$(cat "$dir/nginx/nginx.pid")" 2>/dev/null || true
  fi
  if [[ $passed -eq 1 && -z "${TOPOLOGY_KEEP:-}" ]]; then
    rm -rf "$dir"
  else
    echo "The run's configs and logs: $dir"
  fi
}
trap finish EXIT

TOPOLOGY_DIR="$dir" scripts/ensure-postgres.sh target/debug/topology
passed=1
echo "test-topology: $((SECONDS - built)) s after the build ($((built - started)) s of installing and building)"
