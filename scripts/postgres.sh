#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for tests (Debian's postgresql package; installs it when missing).
# Prints the connection URL on stdout as its last line. Usage: DATABASE_URL=$(bash scripts/postgres.sh)
# Stop it with: bash scripts/postgres.sh stop
set -euo pipefail

DATA_DIR=${PORTICO_PG_DIR:-/tmp/portico-pg}
PORT=${PORTICO_PG_PORT:-54329}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
# The server refuses to run as root: run it as the postgres user when we are root.
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = stop ]; then
  [ -d "$DATA_DIR" ] && as_pg "$(pg_bin)/pg_ctl" -D "$DATA_DIR" -m fast stop >&2 || true
  exit 0
fi

if [ -z "$(pg_bin)" ]; then
  echo "[postgres] installing postgresql (apt)" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update >&2
  as_root apt-get install -y --no-install-recommends postgresql >&2
fi
BIN=$(pg_bin)

if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
  as_root mkdir -p "$DATA_DIR"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$DATA_DIR"
  as_pg "$BIN/initdb" -D "$DATA_DIR" -U portico --auth=trust >&2
fi
if ! as_pg "$BIN/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1; then
  as_pg "$BIN/pg_ctl" -D "$DATA_DIR" -l "$DATA_DIR/server.log" -w \
    -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
fi
echo "postgres://portico@127.0.0.1:$PORT/postgres"
