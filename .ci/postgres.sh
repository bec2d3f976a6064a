#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the web judge's tests and prints
# the `export DATABASE_URL=...` line for it; `.ci/postgres.sh stop DIR`
# stops it and removes its folder. PostgreSQL comes from Debian's packages,
# installed when missing (CI runs as root on a fresh Debian 12 machine).
# Usage: eval "$(.ci/postgres.sh start)"
set -euo pipefail
if [ "${1:-}" = stop ]; then
    dir="$2"
    bin="$(cat "$dir/bin")"
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    else "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true; fi
    rm -rf "$dir"
    exit 0
fi
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
    echo "postgres.sh: installing PostgreSQL from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi
bin="$(pg_bin)"
dir="$(mktemp -d /tmp/polemarch-pg.XXXXXX)"
echo "$bin" > "$dir/bin"
port="${PGPORT_CI:-55432}"
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; chmod 755 "$dir"; fi
as_owner "$bin/initdb" -D "$dir/data" -A trust -U polemarch --no-sync >/dev/null
# Tests open many pools at once: room for them.
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400" start >&2
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U polemarch polemarch
echo "export DATABASE_URL=postgres://polemarch@127.0.0.1:$port/polemarch PG_CI_DIR=$dir"
