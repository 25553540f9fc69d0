#!/bin/sh
set -e
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "${POSTGRES_PASSWORD:-postgres}" > /tmp/pwfile
  su postgres -c "initdb -D '$PGDATA' -U '${POSTGRES_USER:-postgres}' --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null"
  rm -f /tmp/pwfile
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses=127.0.0.1' -w start >/dev/null"
  PGPASSWORD="${POSTGRES_PASSWORD:-postgres}" psql -h 127.0.0.1 -U "${POSTGRES_USER:-postgres}" -d postgres \
    -qc "CREATE DATABASE \"${POSTGRES_DB:-${POSTGRES_USER:-postgres}}\"" 2>/dev/null || true
  su postgres -c "pg_ctl -D '$PGDATA' -w stop >/dev/null"
fi
exec su postgres -c "postgres -D '$PGDATA' -c listen_addresses='*'"
