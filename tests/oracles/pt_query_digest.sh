#!/usr/bin/env bash
# Oracle tests: `tunelab digest` against the real pt-query-digest (Debian's percona-toolkit).
#   tests/oracles/pt_query_digest.sh [TUNELAB_BINARY]     (default: target/debug/tunelab)
# 1. Slow logs in MySQL 9.7's format (tests/digest/mysql97-slow*.log, without and with
#    log_slow_extra): the same classes, Query IDs, calls and order in the profile, and the same
#    profile and default report; and every golden of tests/digest (tests/digest.rs) equals the
#    real tool's output.
# 2. Two throwaway MariaDBs (Debian's mariadb-server) on spare loopback ports, with
#    long_query_time=0 (the second with log_slow_verbosity=query_plan,explain,innodb), run
#    tests/oracles/workload.sql (58 statement shapes, 381 statements) through the mariadb
#    client; on their real slow logs the profile must match byte for byte (pt-query-digest
#    prints no version line in --report-format=profile, so nothing is excluded there), and the
#    full default report must match apart from the lines that describe the machine and the
#    run: `# NNms user time, ...` (rusage), `# Current date:`, `# Hostname:` and `# Files:`.
# A missing tool prints a SKIP line naming its package; ./dev.sh setup installs both.
set -euo pipefail
cd "$(dirname "$0")/../.."
TUNELAB=${1:-target/debug/tunelab}
here=tests/oracles
failures=0

skip() { echo "SKIP: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if ! command -v pt-query-digest >/dev/null; then
  skip "pt-query-digest is not installed (Debian package percona-toolkit; ./dev.sh setup installs it)"
  exit 0
fi
if [ ! -x "$TUNELAB" ]; then
  echo "FAIL: $TUNELAB is not built (cargo build -p tunelab-core --bin tunelab)"
  exit 1
fi
work=$(mktemp -d /tmp/tunelab-oracle.XXXXXX)
cleanup() {
  # Only the mariadbd this script started, by its process id.
  if [ -f "$work/mariadb.pid" ]; then kill "$(cat "$work/mariadb.pid")" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# compare NAME WANT GOT: a unified diff on failure.
compare() {
  if diff -u "$2" "$3" >"$work/diff"; then
    echo "ok: $1"
  else
    fail "$1"
    head -60 "$work/diff"
  fi
}

# The lines of the full report that describe the machine and the run, not the log.
machine_lines='^# ([^ ]+ user time,|Current date:|Hostname:|Files:)'

# --- 1: our MySQL 9.7-format logs, without and with log_slow_extra ----------------------------
for log97 in tests/digest/mysql97-slow.log tests/digest/mysql97-slow-extra.log; do
  name=$(basename "$log97" .log)
  pt-query-digest --limit=100% --report-format=profile "$log97" >"$work/pt1.txt"
  "$TUNELAB" digest --limit=100% --report-format=profile "$log97" >"$work/tl1.txt"
  # Classes, Query IDs, calls and order: Rank, Query ID and Calls of every row.
  awk '/^# +[0-9]+ 0x/{print $2, $3, $6}' "$work/pt1.txt" >"$work/pt1.cols"
  awk '/^# +[0-9]+ 0x/{print $2, $3, $6}' "$work/tl1.txt" >"$work/tl1.cols"
  if [ "$(wc -l <"$work/pt1.cols")" -lt 50 ]; then fail "$name: fewer than 50 classes"; fi
  compare "$name: classes, Query IDs, calls and order" "$work/pt1.cols" "$work/tl1.cols"
  compare "$name: --limit=100% --report-format=profile byte for byte" "$work/pt1.txt" "$work/tl1.txt"
  pt-query-digest "$log97" | grep -Ev "$machine_lines" >"$work/pt1full.txt"
  "$TUNELAB" digest "$log97" | grep -Ev "$machine_lines" >"$work/tl1full.txt"
  compare "$name: default report (machine lines apart)" "$work/pt1full.txt" "$work/tl1full.txt"
done

# --- 1b: every golden of tests/digest/*.args against the real tool ----------------------------
# Apart from the machine lines, the goldens are the real tool's output; the JSON ones
# (--output json) parse to the same document (the tool's key order changes from run to run).
for args in tests/digest/*.args; do
  name=$(basename "$args" .args)
  (cd tests/digest && eval "pt-query-digest $(cat "$name.args")" 2>&1) | grep -Ev "$machine_lines" >"$work/ptg.txt" || true
  grep -Ev "$machine_lines" "tests/digest/$name.out" >"$work/tlg.txt" || true
  if grep -q -- '--output json' "$args"; then
    if python3 "$here/json_equal.py" "$work/ptg.txt" "$work/tlg.txt" >"$work/diff"; then
      echo "ok: golden $name parses to the real tool's JSON"
    else
      fail "golden $name parses to the real tool's JSON"
      head -20 "$work/diff"
    fi
  else
    compare "golden $name equals the real tool's output" "$work/ptg.txt" "$work/tlg.txt"
  fi
done
for log in tests/digest/mysql97-slow-extra.log tests/digest/percona-slow.log; do
  pt-query-digest --output json --limit=100% "$log" >"$work/pj.json"
  "$TUNELAB" digest --output json --limit=100% "$log" >"$work/tj.json"
  if python3 "$here/json_equal.py" "$work/pj.json" "$work/tj.json" >"$work/diff"; then
    echo "ok: $(basename "$log"): --output json parses to the real tool's"
  else
    fail "$(basename "$log"): --output json"
    head -20 "$work/diff"
  fi
done

# --- 2: a real MariaDB's slow logs -------------------------------------------------------------
# mariadb_log NAME [mariadbd options]: a fresh throwaway MariaDB on a spare loopback port runs
# the workload through the mariadb client with long_query_time=0; its slow log is $work/NAME.log.
mariadb_log() {
  local name=$1
  shift
  local dir="$work/$name" port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  mkdir -p "$dir/data"
  mariadb-install-db --no-defaults --datadir="$dir/data" --user="$(id -un)" --auth-root-authentication-method=normal \
    >"$dir/install.log" 2>&1 || { cat "$dir/install.log"; return 1; }
  mariadbd --no-defaults --datadir="$dir/data" --user="$(id -un)" --bind-address=127.0.0.1 --port="$port" \
    --socket="$dir/mysqld.sock" --pid-file="$dir/mariadb.pid" \
    --slow-query-log=1 --slow-query-log-file="$work/$name.log" --long-query-time=0 "$@" \
    --log-error="$dir/error.log" --skip-log-bin --innodb-buffer-pool-size=16M >/dev/null 2>&1 &
  echo $! >"$work/mariadb.pid"
  for _ in $(seq 1 100); do
    [ -S "$dir/mysqld.sock" ] && break
    sleep 0.1
  done
  if [ ! -S "$dir/mysqld.sock" ]; then
    cat "$dir/error.log"
    return 1
  fi
  mariadb --no-defaults --socket="$dir/mysqld.sock" -u root --force <"$here/workload.sql" >/dev/null 2>"$dir/client.err" || true
  mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -u root shutdown
  wait "$(cat "$work/mariadb.pid")" 2>/dev/null || true
  rm -f "$work/mariadb.pid"
}

# check_log NAME: the profile (default and --limit=100%) byte for byte, the default report
# apart from the machine lines, and --output json parsed.
check_log() {
  local name=$1 log="$work/$1.log"
  pt-query-digest --report-format=profile "$log" >"$work/pt2.txt"
  "$TUNELAB" digest --report-format=profile "$log" >"$work/tl2.txt"
  compare "$name: --report-format=profile byte for byte" "$work/pt2.txt" "$work/tl2.txt"
  pt-query-digest --limit=100% --report-format=profile "$log" >"$work/pt3.txt"
  "$TUNELAB" digest --limit=100% --report-format=profile "$log" >"$work/tl3.txt"
  if [ "$(grep -cE '^# +[0-9]+ 0x' "$work/pt3.txt")" -lt 50 ]; then fail "$name: fewer than 50 classes"; fi
  compare "$name: --limit=100% profile byte for byte" "$work/pt3.txt" "$work/tl3.txt"
  pt-query-digest "$log" | grep -Ev "$machine_lines" >"$work/pt2full.txt"
  "$TUNELAB" digest "$log" | grep -Ev "$machine_lines" >"$work/tl2full.txt"
  compare "$name: default report (machine lines apart)" "$work/pt2full.txt" "$work/tl2full.txt"
  pt-query-digest --output json --limit=100% "$log" >"$work/pj.json"
  "$TUNELAB" digest --output json --limit=100% "$log" >"$work/tj.json"
  if python3 "$here/json_equal.py" "$work/pj.json" "$work/tj.json" >"$work/diff"; then
    echo "ok: $name: --output json parses to the real tool's"
  else
    fail "$name: --output json"
    head -20 "$work/diff"
  fi
}

if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
  skip "mariadbd is not installed (Debian package mariadb-server; ./dev.sh setup installs it)"
else
  if mariadb_log mariadb-slow; then check_log mariadb-slow; else fail "mariadbd (plain) did not start"; fi
  # MariaDB's verbose entries: # Pages_accessed: (innodb), # Full_scan: (query_plan), # explain:.
  if mariadb_log mariadb-verbose-slow --log-slow-verbosity=query_plan,explain,innodb; then
    check_log mariadb-verbose-slow
  else
    fail "mariadbd (verbose) did not start"
  fi
  cp "$work/mariadb-slow.log" "${ORACLE_KEEP_LOG:-/dev/null}" 2>/dev/null || true
fi

if [ "$failures" -gt 0 ]; then
  echo "pt-query-digest oracle: $failures check(s) failed"
  exit 1
fi
echo "pt-query-digest oracle: all checks passed"
