#!/usr/bin/env bash
# Docs and comments say what is true of the product, not how it came to be: this fails, naming
# file:line, on work-log language in tracked files (numbered sessions, issues, rounds, stops or parts
# of the work, helpers' branches, "we tried"). History belongs in git; docs/performance.md keeps only
# the date and machine of each figure as its provenance. Usage: scripts/check-prose.sh
set -euo pipefail
cd "$(dirname "$0")/.."

patterns=(
  '\b[Ss]essions? [0-9]+'
  '\b[Ii]ssues? [0-9]+'
  '(^|[^-[:alnum:]_])[Rr]ounds? [0-9]+'
  '\b[Ss]tops? [0-9]+'
  '\b[Pp]arts? [0-9]+\b'
  '\(helpers?\)|\bhelpers?'"'"'?s? (branch|session|sets?|runs?)\b'
  '\b([Ww]e|I) (tried|measured|found|changed|made|kept|decided)\b'
  '\b[Tt]ried and not kept\b'
  '\b(this|helper|feature|work) branch\b'
  '\b[Oo]ther engineers?\b|\bengineers?'"'"'s?\b'
  '\b(before|after|with|without) this change\b'
  '\bused to (be|follow|set|take|run|have|do|make|read|write|render)\b'
)
pattern=$(IFS='|'; echo "${patterns[*]}")

# An applied migration cannot change, not even its comments: sqlx refuses a database whose applied
# migration's checksum differs. These predate the check; every later migration is checked.
frozen_migrations=(
  platform/migrations/0008_catalogue_identity.sql
  platform/migrations/0019_sport_betting.sql
  platform/migrations/0021_sport_results_virtual.sql
)

excluded=(':!*/node_modules/*' ':!*package-lock.json' ':!Cargo.lock' ':!deploy/schemas/*'
  ":!scripts/$(basename "$0")")
for file in "${frozen_migrations[@]}"; do excluded+=(":!$file"); done

# In the docs a session is a player's, never a period of work ("this session", "the previous session").
docs_pattern='\b([Tt]his|[Tt]hat|[Tt]he same|[Pp]revious|[Ll]ast|[Nn]ext|[Ee]arlier|[Ll]ater) session\b'

found=$({
  git grep -nIE "$pattern" -- . "${excluded[@]}"
  git grep -nIE "$docs_pattern" -- '*.md' "${excluded[@]}"
} || true)
if [[ -n $found ]]; then
  echo "$found"
  echo "check-prose: work-log language above; say what is true of the product (history stays in git)" >&2
  exit 1
fi
