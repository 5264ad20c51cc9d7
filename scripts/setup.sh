#!/usr/bin/env bash
# Idempotent fresh-machine setup for Portico: pnpm, Chromium (for the e2e tests), dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=12.21.0

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "[setup] installing pnpm@$PNPM_VERSION"
  if [ "$(id -u)" -eq 0 ] || [ -w "$(npm prefix -g)/lib" ]; then
    npm i -g "pnpm@$PNPM_VERSION" --allow-scripts=pnpm
  else
    sudo npm i -g "pnpm@$PNPM_VERSION" --allow-scripts=pnpm
  fi
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "[setup] installing chromium (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  as_root apt-get install -y chromium
fi

# The visual snapshots (e2e/tests/visual.spec.ts) are drawn in fonts pinned to Debian's packages: Inter, and DejaVu Sans
# for Arabic and anything Inter lacks.
if [ ! -d /usr/share/fonts/opentype/inter ] || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
  echo "[setup] installing fonts-inter and fonts-dejavu-core (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  as_root apt-get install -y --no-install-recommends fonts-inter fonts-dejavu-core
fi

# `pnpm prod:local` and e2e/tests/prod-topology.spec.ts: HAProxy terminates TLS in front of the replicas, and
# certutil puts the topology's local CA into the test browser's NSS database.
if [ ! -x /usr/sbin/haproxy ] || [ ! -x /usr/bin/certutil ]; then
  echo "[setup] installing haproxy and libnss3-tools (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  as_root apt-get install -y --no-install-recommends haproxy libnss3-tools
fi

if [ -f pnpm-lock.yaml ]; then
  pnpm install --frozen-lockfile
else
  pnpm install
fi
echo "[setup] done: pnpm $(pnpm --version), $(/usr/bin/chromium --version 2>/dev/null || echo 'chromium ?')"
