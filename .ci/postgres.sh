#!/usr/bin/env bash
# Starts Debian's PostgreSQL for the tests of the scaled deployment's database, installing it when
# the machine lacks it, and prints the URL the tests read from AISLE_TEST_POSTGRES_URL.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
read -r version cluster _ < <(pg_lsclusters -h | head -n 1)
pg_ctlcluster "$version" "$cluster" start >&2 2>/dev/null || true
for _ in $(seq 1 50); do
  su postgres -c "pg_isready -q" && break
  sleep 0.2
done
su postgres -c "psql -q -v ON_ERROR_STOP=1" >&2 <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'aisle') THEN
    CREATE ROLE aisle LOGIN PASSWORD 'aisle' CREATEDB;
  END IF;
END $$;
SQL
su postgres -c "psql -q -tc \"SELECT 1 FROM pg_database WHERE datname = 'aisle_test'\"" | grep -q 1 \
  || su postgres -c "createdb -O aisle aisle_test" >&2
port=$(pg_lsclusters -h | head -n 1 | awk '{print $3}')
echo "postgres://aisle:aisle@127.0.0.1:${port}/aisle_test"
