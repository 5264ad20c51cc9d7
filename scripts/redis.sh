#!/usr/bin/env bash
# Start a throwaway Redis server for tests (Debian's redis-server package; installs it when missing), on a free
# port of 127.0.0.1, without persistence. Prints its URL on stdout as its last line; a second call while it runs
# prints the same URL. Usage: PORTICO_RELAY_TEST_REDIS_URL=$(bash scripts/redis.sh | tail -1)
# Stop it with: bash scripts/redis.sh stop
set -euo pipefail

DATA_DIR=${PORTICO_REDIS_DIR:-/tmp/portico-redis}
FIRST_PORT=${PORTICO_REDIS_PORT:-63790}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
# Debian's package makes a redis user: run the server as it when we are root, as packaged servers run.
as_redis() { if [ "$(id -u)" -eq 0 ]; then runuser -u redis -- "$@"; else "$@"; fi; }
# Ours answers on the port we wrote down, and its pid file is there (the server removes it when it stops).
running() { [ -f "$DATA_DIR/redis.pid" ] && [ -f "$DATA_DIR/port" ] && redis-cli -h 127.0.0.1 -p "$(cat "$DATA_DIR/port")" ping >/dev/null 2>&1; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [ "${1:-}" = stop ]; then
  if running; then
    redis-cli -h 127.0.0.1 -p "$(cat "$DATA_DIR/port")" shutdown nosave >&2 || true
  fi
  exit 0
fi

if ! command -v redis-server >/dev/null 2>&1; then
  echo "[redis] installing redis-server (apt)" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update >&2
  as_root apt-get install -y --no-install-recommends redis-server >&2
fi

if ! running; then
  as_root mkdir -p "$DATA_DIR"
  [ "$(id -u)" -eq 0 ] && chown redis:redis "$DATA_DIR"
  PORT=$FIRST_PORT
  while ! port_free "$PORT"; do PORT=$((PORT + 1)); done
  echo "$PORT" | as_redis tee "$DATA_DIR/port" >/dev/null
  # No RDB/AOF: a throwaway server whose data never outlives it.
  as_redis redis-server --bind 127.0.0.1 --port "$PORT" --dir "$DATA_DIR" --daemonize yes \
    --pidfile "$DATA_DIR/redis.pid" --logfile "$DATA_DIR/server.log" --save '' --appendonly no >&2
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -h 127.0.0.1 -p "$PORT" ping >/dev/null || { echo "[redis] server did not start, see $DATA_DIR/server.log" >&2; exit 1; }
fi
echo "redis://127.0.0.1:$(cat "$DATA_DIR/port")"
