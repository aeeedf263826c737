#!/usr/bin/env bash
# A real PostgreSQL on this machine: installs Debian's postgresql where
# missing (apt-get, as root), starts a throwaway cluster under a temporary
# directory (initdb and pg_ctl as the postgres user when run as root: the
# server refuses root), listening only on a Unix socket there, so no port is
# taken. Exports BREAKLINE_TEST_POSTGRES (its key=value connection string)
# and runs the server crate's PostgreSQL tests (ignored in a plain `cargo
# test`: crates/server/tests/server/over_postgres.rs): whole games, a
# restart mid-game, two server processes sharing accounts and ratings with a
# game served by one at a time, and the move-acknowledgement latency; the
# server's whole suite again over PostgreSQL (BREAKLINE_TEST_ON_POSTGRES); and
# the command line's test of `breakline serve --postgres` killed with SIGKILL
# mid-game (tests/cli/serve.rs), its game taken over after the lease. Then
# starts `breakline serve --postgres` on the cluster and checks it listens,
# and that with the cluster stopped it fails in one line. Stops what it
# started.
#
#   tests/online/postgres.sh [path/to/breakline]
#
# The binary defaults to a release build in $CARGO_TARGET_DIR or target/.
# The command line's test is built with the default features, as .ci/run's
# earlier steps built it; BREAKLINE_SERVE_ONLY=1 builds it with the server
# alone (`--no-default-features --features server`), without the game.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
breakline=${1:-${CARGO_TARGET_DIR:-$repo/target}/release/breakline}
breakline=$(realpath "$breakline")
[ -x "$breakline" ] || { echo "postgres.sh: no binary at $breakline (cargo build --release first)" >&2; exit 1; }
started=$SECONDS
say() { echo "postgres.sh ($((SECONDS - started)) s): $*"; }

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    say "installing postgresql"
    [ "$(id -u)" = 0 ] || { echo "postgres.sh: installing PostgreSQL needs root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null; }
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

dir=$(mktemp -d /tmp/breakline-pg.XXXXXX)
# PostgreSQL will not run as root: as root, the cluster is the postgres user's.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
    as_owner() { runuser -u postgres -- "$@"; }
fi
cleanup() {
    # Only what this script started: its own cluster, by its data directory.
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    if [ -n "${serve_pid:-}" ]; then kill "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
    rm -rf "$dir"
}
trap cleanup EXIT

as_owner "$bin/initdb" -D "$dir/data" -U breakline --auth=trust --no-sync >"$dir/initdb.log" 2>&1 \
    || { echo "postgres.sh: initdb failed:" >&2; cat "$dir/initdb.log" >&2; exit 1; }
# fsync stays on: the tests' acknowledged moves are committed as in production.
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-c listen_addresses='' -k $dir -p 5432" start >/dev/null \
    || { echo "postgres.sh: PostgreSQL did not start:" >&2; cat "$dir/server.log" >&2; exit 1; }
export BREAKLINE_TEST_POSTGRES="host=$dir port=5432 user=breakline"
say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') answers at $dir/.s.PGSQL.5432"

cd "$repo"
cargo test --release -p breakline-server --test server -- --ignored --nocapture over_postgres:: 2>&1 | tee "$dir/tests.txt"
grep -q '^test result: ok. [1-9]' "$dir/tests.txt" || { echo "postgres.sh: no PostgreSQL test ran" >&2; exit 1; }
say "the server's PostgreSQL tests pass: $(grep '^test result' "$dir/tests.txt")"
# The same suite again, each test's SQLite file standing for a PostgreSQL database of its own.
BREAKLINE_TEST_ON_POSTGRES=1 cargo test --release -p breakline-server --test server 2>&1 | tee "$dir/suite.txt"
grep -q '^test result: ok. [1-9]' "$dir/suite.txt" || { echo "postgres.sh: the suite did not run over PostgreSQL" >&2; exit 1; }
say "the server's suite passes over PostgreSQL: $(grep '^test result' "$dir/suite.txt")"
features=()
if [ "${BREAKLINE_SERVE_ONLY:-}" = 1 ]; then features=(--no-default-features --features server); fi
cargo test --release -p breakline "${features[@]}" --test cli -- --ignored --exact \
    serve::a_server_over_postgres_killed_mid_game_keeps_every_acknowledged_move 2>&1 | tee "$dir/cli.txt"
grep -q '^test result: ok. 1 passed' "$dir/cli.txt" || { echo "postgres.sh: the SIGKILL test did not run" >&2; exit 1; }
say "breakline serve --postgres killed mid-game: every acknowledged move kept, the game taken over"

# The command line on the same cluster: it listens, and says where its games are.
"$breakline" serve --listen 127.0.0.1:0 --postgres "$BREAKLINE_TEST_POSTGRES dbname=postgres" >"$dir/serve.txt" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do grep -q 'listening on' "$dir/serve.txt" && break; sleep 0.1; done
grep -q 'listening on ws://127.0.0.1:.*games in PostgreSQL' "$dir/serve.txt" \
    || { echo "postgres.sh: breakline serve --postgres did not start:" >&2; cat "$dir/serve.txt" >&2; exit 1; }
say "$(cat "$dir/serve.txt")"
# SIGTERM (systemd's stop) stops it in order: it exits 0, having let go of its games.
kill "$serve_pid"
status=0; wait "$serve_pid" || status=$?; serve_pid=
[ "$status" = 0 ] || { echo "postgres.sh: breakline serve did not stop in order on SIGTERM ($status):" >&2; cat "$dir/serve.txt" >&2; exit 1; }
say "it stops in order on SIGTERM"

# With the cluster stopped: one line, and a failure.
# Immediate: the cluster is thrown away, its shutdown checkpoint is not worth waiting for.
as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
if "$breakline" serve --listen 127.0.0.1:0 --postgres "$BREAKLINE_TEST_POSTGRES" >"$dir/down.txt" 2>&1; then
    echo "postgres.sh: breakline serve started with no PostgreSQL" >&2; exit 1
fi
[ "$(wc -l < "$dir/down.txt")" = 1 ] && grep -q '^breakline: serve: PostgreSQL: ' "$dir/down.txt" \
    || { echo "postgres.sh: with no PostgreSQL, not one line:" >&2; cat "$dir/down.txt" >&2; exit 1; }
say "with no PostgreSQL: $(cat "$dir/down.txt")"
