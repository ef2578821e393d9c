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

# Chromium and an emoji font (for the words people write: messages and titles may hold emoji; the
# app's own words and icons hold none, tests/e2e/support/finish-audit.ts checks) from Debian's packages.
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

# Each phase's wall time, and a table of them at the end (also when a phase fails). A phase past
# its share of the budget in docs/testing.md gets a warning line; time never fails the run.
PHASE_NAMES=(); PHASE_SECONDS=(); PHASE_BUDGETS=(); PHASE_CPU=(); RUN_START=$SECONDS
# The machine's busy and total CPU time so far (/proc/stat, all cores): how much of the machine a
# phase kept busy tells whether it is bound by CPU or by waiting.
cpu_ticks() { awk '/^cpu /{ print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat 2>/dev/null || echo "0 0"; }
phase() {
  local name=$1 budget=$2; shift 2
  echo "== $name"
  local start=$SECONDS before after status=0
  before=$(cpu_ticks)
  "$@" || status=$?
  after=$(cpu_ticks)
  local took=$((SECONDS - start))
  PHASE_NAMES+=("$name"); PHASE_SECONDS+=("$took"); PHASE_BUDGETS+=("$budget")
  PHASE_CPU+=("$(echo "$before $after" | awk '{ t = $4 - $2; print (t > 0 ? int(100 * ($3 - $1) / t) : 0) }')")
  if [ "$status" -ne 0 ]; then PHASE_NAMES[-1]="$name (failed)"; fi
  echo "== ${PHASE_NAMES[-1]}: ${took} s"
  return "$status"
}
phase_table() {
  local total=$((SECONDS - RUN_START)) i
  echo
  echo "== phases (wall time; the machine's CPU kept busy; budget from docs/testing.md)"
  for i in "${!PHASE_NAMES[@]}"; do
    printf '  %-12s %5d s  cpu %3d %%  (budget %4d s)\n' "${PHASE_NAMES[$i]}" "${PHASE_SECONDS[$i]}" "${PHASE_CPU[$i]}" "${PHASE_BUDGETS[$i]}"
  done
  printf '  %-12s %5d s            (budget %4d s)\n' total "$total" "$TOTAL_BUDGET"
  for i in "${!PHASE_NAMES[@]}"; do
    if [ "${PHASE_SECONDS[$i]}" -gt "${PHASE_BUDGETS[$i]}" ]; then
      echo "WARNING: phase '${PHASE_NAMES[$i]}' took ${PHASE_SECONDS[$i]} s, past its budget of ${PHASE_BUDGETS[$i]} s (docs/testing.md)"
    fi
  done
  if [ "$total" -gt "$TOTAL_BUDGET" ]; then echo "WARNING: the run took ${total} s, past its budget of ${TOTAL_BUDGET} s (docs/testing.md)"; fi
}
# Replaces scripts/lib/postgres.sh's trap, and does what it did: stop a throwaway cluster.
on_exit() {
  local status=$?
  phase_table
  if [ -n "${MINIBANK_POSTGRES_STOP:-}" ]; then run_as_postgres_owner "$MINIBANK_POSTGRES_STOP" >/dev/null 2>&1 || true; fi
  exit "$status"
}
TOTAL_BUDGET=1800
trap on_exit EXIT

# `npm run typecheck` has just checked every file the builds would check again.
build_both() {
  unset MINIBANK_DEMO
  export MINIBANK_BUILD_SKIP_TYPECHECK=1
  npx tsx scripts/build.ts production .next-prod
  NEXT_PUBLIC_TON_TEST_WALLET=1 npx tsx scripts/build.ts demo .next-e2e
  unset MINIBANK_BUILD_SKIP_TYPECHECK
}

phase lint 60 npm run --silent lint
phase types 60 npm run --silent typecheck
phase builds 120 build_both
export MINIBANK_PROD_BUILD_DIR=.next-prod
export NEXT_DIST_DIR=.next-e2e NEXT_PUBLIC_TON_TEST_WALLET=1 MINIBANK_BUILD_DIR=.next-e2e
# Two workers on two cores: every API file has a database of its own and every production file its
# own servers, ports and folders; much of a production file's time is spent waiting on its server.
phase jest 780 npx jest --ci --maxWorkers=2
phase playwright 660 env E2E_SKIP_BUILD=1 npx playwright test
# Through npm run contract -- proxy: sign-in, transfers, history, receipts; zero breaches.
phase proxy 120 env E2E_SKIP_BUILD=1 npx playwright test -c playwright.proxy.config.ts
