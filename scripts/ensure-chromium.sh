#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a browser downloaded by a test tool).
set -euo pipefail
if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi
echo "Installing Debian's chromium for the end-to-end tests..."
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
