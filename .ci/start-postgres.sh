#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1:${PGPORT:-54329} with trust auth, data under $1 (default
# /tmp/sightline-pg), and prints the URL. Runs the server as the `postgres` user because it refuses root.
set -euo pipefail
dir=${1:-/tmp/sightline-pg}
port=${PGPORT:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
if [ ! -s "$dir/PG_VERSION" ]; then
  rm -rf "$dir"; mkdir -p "$dir"; chown postgres:postgres "$dir"
  su postgres -c "$bin/initdb -D $dir -A trust -U postgres --no-sync" >/dev/null
fi
chown -R postgres:postgres "$dir"
if ! su postgres -c "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; then
  su postgres -c "$bin/pg_ctl -D $dir -l $dir/server.log -w -o '-c listen_addresses=127.0.0.1 -p $port -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off' start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
