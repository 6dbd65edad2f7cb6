#!/usr/bin/env bash
# TuneLab's one entry script.
#   ./dev.sh serve [PORT]   install what is missing, build the web app, serve it on 127.0.0.1
#   ./dev.sh test           install what is missing, run every test (what CI runs)
#   ./dev.sh setup          only install the tools (idempotent: seconds when all is present)
# Every tool comes from crates.io, npm or Debian's packages; nothing is downloaded from elsewhere.
set -euo pipefail
cd "$(dirname "$0")"

TRUNK_VERSION=0.22.1
# The wasm-bindgen CLI must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/"/,"",$3); print $3; exit}' Cargo.lock 2>/dev/null || true)
WASM_BINDGEN_VERSION=${WASM_BINDGEN_VERSION:-0.2.130}
export PATH="$HOME/.cargo/bin:$PWD/tests/e2e/node_modules/.bin:$PATH"

log() { printf '\033[1m[dev]\033[0m %s\n' "$*" >&2; }

setup() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  if ! dpkg -s percona-toolkit >/dev/null 2>&1 || ! dpkg -s mariadb-server >/dev/null 2>&1; then
    log "installing Debian's percona-toolkit and mariadb-server (the oracles of tunelab digest)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq percona-toolkit mariadb-server mariadb-client >/dev/null
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes, once)"
    # Not --locked: its lock file names a crate version this registry does not serve.
    cargo install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
  fi
  if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
    log "installing trunk $TRUNK_VERSION (about 11 minutes, once)"
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install --locked trunk --version "$TRUNK_VERSION" --ignore-rust-version
  fi
  if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || [ ! -d tests/e2e/node_modules/playwright-core ] \
    || [ ! -d tests/e2e/node_modules/axe-core ]; then
    log "installing playwright-core, binaryen and axe-core from npm"
    (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
  fi
  if [ -f Cargo.lock ]; then cargo fetch --locked -q; fi
}

build_web() {
  log "building the web app (trunk build --release)"
  trunk build --release
}

serve() {
  local port=${1:-8080}
  setup
  build_web
  log "serving dist/ (static files only)"
  printf '\n  TuneLab is running at http://127.0.0.1:%s/\n  (Ctrl-C stops it)\n\n' "$port"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
}

run_tests() {
  setup
  local started=$SECONDS
  log "native tests: engine units, golden transcripts, determinism, CLI"
  cargo test --workspace --exclude tunelab-web --locked

  log "fidelity table and benchmarks (release build of the CLI)"
  cargo build --release --locked -p tunelab-core --bin tunelab
  # The gate: every target figure must pass (the CLI exits 1 when one misses). Pending and
  # history-dependent figures are printed apart, with their reasons, and do not fail it.
  # --seed-pairs adds F9.1, the USER_STATISTICS seed's three pairs of 900 s sysbench runs on
  # 25,000 tables (about 17 minutes of CPU, run on other threads beside the rest).
  ./target/release/tunelab fidelity --seed-pairs
  ./target/release/tunelab bench

  log "tunelab digest against the real pt-query-digest (our MySQL 9.7 logs, a throwaway MariaDB's)"
  tests/oracles/pt_query_digest.sh ./target/release/tunelab

  log "the SQL engine against a throwaway MariaDB: the same generated queries, the same results"
  tests/oracles/sql_differential.sh ./target/release/tunelab

  log "wasm tests in headless Chromium: component, and native/wasm byte-identical outcome"
  CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test -p tunelab-web --target wasm32-unknown-unknown --locked

  build_web
  log "end-to-end tests in headless Chromium against dist/"
  local port=8765
  python3 -m http.server "$port" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
  local server=$!
  trap "kill $server 2>/dev/null || true" EXIT
  for _ in $(seq 1 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.1
  done
  (cd tests/e2e && TUNELAB_URL="http://127.0.0.1:$port/" node --test)
  kill $server 2>/dev/null || true
  trap - EXIT
  log "all tests passed in $((SECONDS - started)) s (after set-up)"
}

case "${1:-}" in
  setup) setup ;;
  serve) shift; serve "$@" ;;
  test) run_tests ;;
  *) echo "usage: ./dev.sh serve [PORT] | test | setup" >&2; exit 2 ;;
esac
