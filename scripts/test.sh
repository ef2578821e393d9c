#!/usr/bin/env bash
# Runs every test on a fresh machine: static checks, jest (unit, API on SQLite and on PostgreSQL,
# crash, and production builds under `npm start` with every optional feature on, several of them
# on one PostgreSQL database), then Playwright journeys in Debian's Chromium against a demo build,
# some of them again through the contract suite's validation proxy.
# Installs Chromium, promtool, pg_dump, and PostgreSQL when no server answers, from Debian's packages; never
# downloads a browser of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

# Chromium and an emoji font (the transfer receipt shows ✅) from Debian's packages.
if [ ! -x /usr/bin/chromium ] || [ ! -d /usr/share/fonts/truetype/noto ]; then
  echo "Installing Chromium and fonts from Debian's packages…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi
# promtool (Debian's prometheus package) checks the metrics a production build serves; pg_dump and
# pg_restore (postgresql-client) back up and restore on PostgreSQL. Only prometheus's binary is
# wanted: policy-rc.d keeps the package from starting a Prometheus server on :9090.
TOOLS=()
command -v promtool >/dev/null || TOOLS+=(prometheus)
command -v pg_dump >/dev/null || TOOLS+=(postgresql-client)
if [ ${#TOOLS[@]} -gt 0 ]; then
  echo "Installing ${TOOLS[*]} from Debian's packages…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  POLICY=/usr/sbin/policy-rc.d
  if [ ! -e "$POLICY" ]; then printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null; $SUDO chmod +x "$POLICY"; ADDED_POLICY=1; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${TOOLS[@]}" >/dev/null
  if [ -n "${ADDED_POLICY:-}" ]; then $SUDO rm -f "$POLICY"; fi
  if command -v systemctl >/dev/null; then $SUDO systemctl disable --now prometheus >/dev/null 2>&1 || true; fi
fi
[ -f lib/generated/prisma/client.ts ] && [ -f lib/generated/prisma-pg/client.ts ] || npm run --silent postinstall

# PostgreSQL for the suites that run on it (scripts/lib/postgres.sh).
source scripts/lib/postgres.sh

echo "== lint and types"
npm run --silent lint
npm run --silent typecheck

echo "== build: production (for the production-mode run), demo (for the crash and e2e suites)"
unset MINIBANK_DEMO
npx tsx scripts/build.ts production .next-prod
export MINIBANK_PROD_BUILD_DIR=.next-prod
NEXT_PUBLIC_TON_TEST_WALLET=1 npx tsx scripts/build.ts demo .next-e2e
export NEXT_DIST_DIR=.next-e2e NEXT_PUBLIC_TON_TEST_WALLET=1 MINIBANK_BUILD_DIR=.next-e2e

echo "== jest"
npx jest --ci

echo "== playwright"
E2E_SKIP_BUILD=1 npx playwright test

echo "== playwright through npm run contract -- proxy: sign-in, transfers, history, receipts; zero breaches"
E2E_SKIP_BUILD=1 npx playwright test -c playwright.proxy.config.ts
