#!/usr/bin/env bash
# PgBouncer in transaction pooling mode in front of a local PostgreSQL, for the tests and for
# trying the app behind a pooler as managed PostgreSQL hosts run it (issue 34).
#
#   scripts/pgbouncer.sh start   # listens on 127.0.0.1:6432, prints the TEST_PGBOUNCER_URL line
#   scripts/pgbouncer.sh stop
#
# Every database of the server is reachable through it (a `*` entry), so the tests' throwaway
# databases are too. Apart from pool_mode=transaction, PgBouncer's defaults are kept on purpose
# (no ignore_startup_parameters, no prepared-statement support, max_client_conn 100,
# default_pool_size 20): the app must work with what hosts ship. Trust authentication: for a
# local server that trusts 127.0.0.1, never for a reachable one.
#
# Environment: PGBOUNCER_PORT (6432), PGBOUNCER_UPSTREAM_HOST (127.0.0.1),
# PGBOUNCER_UPSTREAM_PORT (5432), PGBOUNCER_USER (postgres: the user the tests connect as),
# PGBOUNCER_DIR (its config, log and pid file; default a folder under /tmp per port).
# PgBouncer refuses to run as root; as root the script runs it as the `postgres` system user.
set -euo pipefail

port="${PGBOUNCER_PORT:-6432}"
upstream_host="${PGBOUNCER_UPSTREAM_HOST:-127.0.0.1}"
upstream_port="${PGBOUNCER_UPSTREAM_PORT:-5432}"
user="${PGBOUNCER_USER:-postgres}"
dir="${PGBOUNCER_DIR:-${TMPDIR:-/tmp}/glowhaven-pgbouncer-$port}"
pidfile="$dir/pgbouncer.pid"

running() {
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

start() {
  if ! command -v pgbouncer >/dev/null; then
    echo "pgbouncer is not installed (Debian: apt-get install pgbouncer)." >&2
    exit 1
  fi
  if running; then
    echo "PgBouncer already runs on 127.0.0.1:$port (pid $(cat "$pidfile"))."
  else
    mkdir -p "$dir"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$upstream_host port=$upstream_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
admin_users = $user
pool_mode = transaction
logfile = $dir/pgbouncer.log
pidfile = $pidfile
EOF
    printf '"%s" ""\n' "$user" >"$dir/userlist.txt"
    run_as=()
    if [ "$(id -u)" = 0 ]; then
      chown -R postgres "$dir"
      run_as=(-u postgres)
    fi
    pgbouncer -d "${run_as[@]}" "$dir/pgbouncer.ini"
    for _ in $(seq 1 50); do
      if running && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
      sleep 0.1
    done
    if ! running; then
      echo "PgBouncer did not start; its log:" >&2
      cat "$dir/pgbouncer.log" >&2 || true
      exit 1
    fi
    echo "PgBouncer (transaction pooling) on 127.0.0.1:$port in front of $upstream_host:$upstream_port; log $dir/pgbouncer.log"
  fi
  echo "TEST_PGBOUNCER_URL=postgres://$user@127.0.0.1:$port/test"
}

stop() {
  if running; then
    pid="$(cat "$pidfile")"
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    echo "PgBouncer on port $port stopped."
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
