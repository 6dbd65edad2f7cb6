#!/usr/bin/env bash
# Differential test of the SQL engine against a real server:
#   tests/oracles/sql_differential.sh [TUNELAB_BINARY]     (default: target/debug/tunelab)
# A throwaway MariaDB (Debian's mariadb-server) on a loopback port (SQL_DIFF_PORT, default
# 3391) and `tunelab sql` get the same small schema and the same 300+ generated queries
# (tests/oracles/sql_differential.py: joins, subqueries, set operations, CTEs, NULLs); the
# result sets must be equal (order-insensitive where no ORDER BY fixes the order). The
# MySQL-versus-MariaDB differences the generator avoids are listed in the .py file's EXCLUDED.
# Without mariadbd it prints a SKIP line and exits 0. It stops only the mariadbd it started.
set -euo pipefail
cd "$(dirname "$0")/../.."
TUNELAB=${1:-target/debug/tunelab}
here=tests/oracles
port=${SQL_DIFF_PORT:-3391}

if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null \
  || ! command -v mariadb >/dev/null; then
  echo "SKIP: mariadbd is not installed (Debian package mariadb-server; ./dev.sh setup installs it)"
  exit 0
fi
if ! command -v python3 >/dev/null; then
  echo "SKIP: python3 is not installed"
  exit 0
fi
if [ ! -x "$TUNELAB" ]; then
  echo "FAIL: $TUNELAB is not built (cargo build -p tunelab-core --bin tunelab)"
  exit 1
fi
work=$(mktemp -d /tmp/tunelab-sqldiff.XXXXXX)
cleanup() {
  # Only the mariadbd this script started, by its process id.
  if [ -f "$work/mariadb.pid" ]; then
    kill "$(cat "$work/mariadb.pid")" 2>/dev/null || true
    wait "$(cat "$work/mariadb.pid")" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/data"
mariadb-install-db --no-defaults --datadir="$work/data" --user="$(id -un)" \
  --auth-root-authentication-method=normal >"$work/install.log" 2>&1 \
  || { cat "$work/install.log"; echo "FAIL: mariadb-install-db"; exit 1; }
mariadbd --no-defaults --datadir="$work/data" --user="$(id -un)" --bind-address=127.0.0.1 \
  --port="$port" --socket="$work/mysqld.sock" --pid-file="$work/mariadbd.pid" \
  --log-error="$work/error.log" --skip-log-bin --innodb-buffer-pool-size=16M \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci >/dev/null 2>&1 &
echo $! >"$work/mariadb.pid"
for _ in $(seq 1 150); do
  [ -S "$work/mysqld.sock" ] && break
  sleep 0.1
done
if [ ! -S "$work/mysqld.sock" ]; then
  cat "$work/error.log"
  echo "FAIL: mariadbd did not start"
  exit 1
fi

status=0
python3 "$here/sql_differential.py" "$TUNELAB" "$work/mysqld.sock" --verbose || status=$?
mariadb-admin --no-defaults --socket="$work/mysqld.sock" -u root shutdown 2>/dev/null || true
wait "$(cat "$work/mariadb.pid")" 2>/dev/null || true
rm -f "$work/mariadb.pid"
exit "$status"
