#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL primary with one hot standby, for the report tests that
# read through DATABASE_READ_URL (issue 17, Part 5; docs/reports.md, "Reading from a standby").
#
#   scripts/pg-standby.sh start [DIR]   # primary on PRIMARY_PORT (5441), standby on STANDBY_PORT (5442)
#   scripts/pg-standby.sh stop  [DIR]
#
# The primary commits with synchronous_commit = remote_apply and the standby as its synchronous
# standby, so a row a test writes is visible on the standby when the write returns (tests write
# then read at once). Production keeps the default (asynchronous) and shows "dados até HH:mm"
# when the standby lags. The standby is a `pg_basebackup -R` copy, as a real one is made.
# Runs the server binaries as the postgres user (initdb refuses root). Prints the two URLs.
set -euo pipefail
ACTION="${1:-start}"
DIR="${2:-/tmp/acervo-pg-standby}"
PRIMARY_PORT="${PRIMARY_PORT:-5441}"
STANDBY_PORT="${STANDBY_PORT:-5442}"
BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)}"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "$ACTION" = stop ]; then
  for node in standby primary; do
    [ -d "$DIR/$node" ] && as_pg "$BIN/pg_ctl" -D "$DIR/$node" -m immediate stop >/dev/null 2>&1 || true
  done
  rm -rf "$DIR"
  exit 0
fi

"$0" stop "$DIR"
mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust >/dev/null
cat >> "$DIR/primary/postgresql.conf" <<CONF
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 4
synchronous_standby_names = '*'
synchronous_commit = remote_apply
fsync = off
CONF
as_pg "$BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/primary.log" -w start >/dev/null
as_pg "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/standby" -R -X stream >/dev/null
cat >> "$DIR/standby/postgresql.conf" <<CONF
port = $STANDBY_PORT
hot_standby = on
CONF
as_pg "$BIN/pg_ctl" -D "$DIR/standby" -l "$DIR/standby.log" -w start >/dev/null
for _ in $(seq 1 30); do
  state="$(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -Atc "SELECT sync_state FROM pg_stat_replication" postgres 2>/dev/null || true)"
  [ "$state" = sync ] && break
  sleep 1
done
[ "$state" = sync ] || { echo "standby did not become synchronous (state: '$state')" >&2; exit 1; }
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PRIMARY_PORT/postgres"
echo "DATABASE_READ_URL=postgres://postgres@127.0.0.1:$STANDBY_PORT/postgres"
