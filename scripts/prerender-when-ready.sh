#!/usr/bin/env bash
# `make run`'s companion: once the stack answers, pre-renders the static pages and questions from its
# sandbox platform into the miniapp's build (miniapp/tooling/prerender.ts), which the edge then serves
# for those addresses. The content lives in the platform, so this cannot run before the stack does;
# a deployment runs the same command against the operator's platform in its build pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${PORT:-8080}"
base="http://127.0.0.1:${port}"
for _ in $(seq 1 240); do
  if curl -fsS -o /dev/null "${base}/readyz" 2>/dev/null; then
    npm --prefix miniapp run --silent prerender -- --api "${base}/api" --dist "$(realpath "${STATIC_DIR:-miniapp/dist}")" ||
      echo "prerender: failed; the pages still work, rendered by the app" >&2
    exit 0
  fi
  sleep 0.5
done
echo "prerender: the stack did not answer on ${base}/readyz within 2 minutes; pages not pre-rendered" >&2
