# Sourced by scripts/test.sh: exports TEST_POSTGRES_URL, the PostgreSQL server the tests create
# and drop their databases on. Taken from the environment when set; else the server answering on
# 127.0.0.1:5432; else Debian's postgresql package (installed when missing) runs a throwaway
# cluster in a temporary folder, stopped when the tests end.

postgres_answers() {
  node -e 'const pg=require("pg");const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});
c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))' "$1" 2>/dev/null
}

run_as_postgres_owner() {
  if [ -n "${MINIBANK_POSTGRES_OWNER:-}" ]; then su "$MINIBANK_POSTGRES_OWNER" -s /bin/sh -c "$*"; else sh -c "$*"; fi
}

# Debian's PostgreSQL binaries (initdb, pg_ctl, pg_basebackup): the throwaway cluster below, and the
# failover test's own primary and standby (tests/production/replica-failover.test.ts), need them
# even when a server already answers.
install_postgres_binaries() {
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if ! ls -d /usr/lib/postgresql/*/bin/pg_basebackup >/dev/null 2>&1; then
    echo "Installing PostgreSQL from Debian's packages…"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  fi
}

start_throwaway_postgres() {
  local bin dir port=55432
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  dir=$(mktemp -d /tmp/minibank-postgres-XXXXXX)
  # PostgreSQL refuses to run as root: as root, the cluster belongs to the package's own user.
  MINIBANK_POSTGRES_OWNER=""
  [ "$(id -u)" -eq 0 ] && { chown postgres "$dir"; MINIBANK_POSTGRES_OWNER=postgres; }
  run_as_postgres_owner "$bin/initdb -D $dir/data -A trust -U postgres >/dev/null"
  run_as_postgres_owner "$bin/pg_ctl -D $dir/data -l $dir/log -w -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' start >/dev/null"
  MINIBANK_POSTGRES_STOP="$bin/pg_ctl -D $dir/data -m fast stop; rm -rf $dir"
  trap 'run_as_postgres_owner "$MINIBANK_POSTGRES_STOP" >/dev/null 2>&1 || true' EXIT
  export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/postgres"
}

install_postgres_binaries
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if postgres_answers "postgresql://postgres@127.0.0.1:5432/postgres"; then
    export TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:5432/postgres"
  else
    start_throwaway_postgres
  fi
fi
postgres_answers "$TEST_POSTGRES_URL" || { echo "PostgreSQL at $TEST_POSTGRES_URL does not answer"; exit 1; }
echo "PostgreSQL for the tests: $TEST_POSTGRES_URL"
