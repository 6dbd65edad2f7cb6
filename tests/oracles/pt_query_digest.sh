#!/usr/bin/env bash
# Oracle tests: `tunelab digest` against the real pt-query-digest (Debian's percona-toolkit).
#   tests/oracles/pt_query_digest.sh [TUNELAB_BINARY]     (default: target/debug/tunelab)
# 1. Slow logs in MySQL 9.7's format (tests/digest/mysql97-slow*.log, without and with
#    log_slow_extra): the same classes, Query IDs, calls and order in the profile, and the same
#    profile and default report; and every golden of tests/digest (tests/digest.rs) equals the
#    real tool's output.
# 2. A throwaway MariaDB (Debian's mariadb-server) on a spare loopback port, with
#    long_query_time=0, runs tests/oracles/workload.sql through the mariadb client; on its real
#    slow log the profile must match byte for byte (pt-query-digest prints no version line in
#    --report-format=profile, so nothing is excluded there), and the full default report must
#    match apart from the lines that describe the machine and the run: `# NNms user time, ...`
#    (rusage), `# Current date:`, `# Hostname:` (passed through, compared apart) and `# Files:`.
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

# --- 2: a real MariaDB's slow log -------------------------------------------------------------
if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
  skip "mariadbd is not installed (Debian package mariadb-server; ./dev.sh setup installs it)"
else
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  mkdir -p "$work/data"
  chown -R mysql:mysql "$work" 2>/dev/null || true
  mariadb-install-db --no-defaults --datadir="$work/data" --user="$(id -un)" --auth-root-authentication-method=normal \
    >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "mariadb-install-db"; }
  mariadbd --no-defaults --datadir="$work/data" --user="$(id -un)" --bind-address=127.0.0.1 --port="$port" \
    --socket="$work/mysqld.sock" --pid-file="$work/mariadb.pid" \
    --slow-query-log=1 --slow-query-log-file="$work/slow.log" --long-query-time=0 \
    --log-error="$work/error.log" --skip-log-bin --innodb-buffer-pool-size=16M >/dev/null 2>&1 &
  for _ in $(seq 1 100); do
    [ -S "$work/mysqld.sock" ] && break
    sleep 0.1
  done
  if [ ! -S "$work/mysqld.sock" ]; then
    cat "$work/error.log"
    fail "mariadbd did not start"
  else
    mariadb --no-defaults --socket="$work/mysqld.sock" -u root --force <"$here/workload.sql" >/dev/null 2>"$work/client.err" || true
    mariadb-admin --no-defaults --socket="$work/mysqld.sock" -u root shutdown
    for _ in $(seq 1 100); do
      [ -f "$work/mariadb.pid" ] || break
      sleep 0.1
    done
    cp "$work/slow.log" "${ORACLE_KEEP_LOG:-/dev/null}" 2>/dev/null || true
    pt-query-digest --report-format=profile "$work/slow.log" >"$work/pt2.txt"
    "$TUNELAB" digest --report-format=profile "$work/slow.log" >"$work/tl2.txt"
    compare "mariadb log: --report-format=profile byte for byte" "$work/pt2.txt" "$work/tl2.txt"
    pt-query-digest --limit=100% --report-format=profile "$work/slow.log" >"$work/pt3.txt"
    "$TUNELAB" digest --limit=100% --report-format=profile "$work/slow.log" >"$work/tl3.txt"
    if [ "$(grep -cE '^# +[0-9]+ 0x' "$work/pt3.txt")" -lt 50 ]; then fail "mariadb: fewer than 50 classes"; fi
    compare "mariadb log: --limit=100% profile byte for byte" "$work/pt3.txt" "$work/tl3.txt"
    pt-query-digest "$work/slow.log" | grep -Ev "$machine_lines" >"$work/pt2full.txt"
    "$TUNELAB" digest "$work/slow.log" | grep -Ev "$machine_lines" >"$work/tl2full.txt"
    compare "mariadb log: default report (machine lines apart)" "$work/pt2full.txt" "$work/tl2full.txt"
    pt-query-digest --output json --limit=100% "$work/slow.log" >"$work/pj.json"
    "$TUNELAB" digest --output json --limit=100% "$work/slow.log" >"$work/tj.json"
    if python3 "$here/json_equal.py" "$work/pj.json" "$work/tj.json" >"$work/diff"; then
      echo "ok: mariadb log: --output json parses to the real tool's"
    else
      fail "mariadb log: --output json"
      head -20 "$work/diff"
    fi
  fi
fi

if [ "$failures" -gt 0 ]; then
  echo "pt-query-digest oracle: $failures check(s) failed"
  exit 1
fi
echo "pt-query-digest oracle: all checks passed"
