#!/usr/bin/env bash
# Breakline against a real UCI engine: installs Debian's fairy-stockfish
# where missing (apt-get, as root), then plays two short Breakthrough
# matches through the match runner, the referee:
#   1. a Breakline level against Fairy-Stockfish (`uci:` seat, its
#      `breakthrough` variant) on a fast clock, 4 games, colours swapped;
#   2. `breakline uci` itself as a `uci:` seat against Breakline's own
#      `engine:` seat, 2 games;
#   3. `breakline uci` as a GUI loads it, with no option set (so the
#      master, its default player), against Fairy-Stockfish on the same
#      clock, 2 games.
# Every game must finish with a win or a draw, and none by a forfeit (a
# protocol error, an illegal move, a timeout or a fallen flag is a failure
# here). Writes the games under a temporary directory and removes it.
#
#   tests/uci/fairy.sh [path/to/breakline]
#
# The binary defaults to a release build in $CARGO_TARGET_DIR or target/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
breakline=${1:-${CARGO_TARGET_DIR:-$repo/target}/release/breakline}
breakline=$(realpath "$breakline")
[ -x "$breakline" ] || { echo "fairy.sh: no binary at $breakline (cargo build --release first)" >&2; exit 1; }
started=$SECONDS
say() { echo "fairy.sh ($((SECONDS - started)) s): $*"; }

fairy=$(command -v fairy-stockfish || true)
[ -n "$fairy" ] || [ ! -x /usr/games/fairy-stockfish ] || fairy=/usr/games/fairy-stockfish
if [ -z "$fairy" ]; then
    say "installing fairy-stockfish"
    [ "$(id -u)" = 0 ] || { echo "fairy.sh: installing fairy-stockfish needs root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q fairy-stockfish >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q fairy-stockfish >/dev/null; }
    fairy=/usr/games/fairy-stockfish
fi

dir=$(mktemp -d /tmp/breakline-fairy.XXXXXX)
trap 'rm -rf "$dir"' EXIT

# Plays one match into $dir/NAME.jsonl and checks every game of it.
play() {
    local name=$1 games=$2
    shift 2
    "$breakline" match --games "$games" --swap --threads 2 --json "$dir/$name.jsonl" "$@" | tee "$dir/$name.txt"
    local played finished forfeits
    played=$(wc -l < "$dir/$name.jsonl")
    finished=$(grep -cE '"result":\{"(win|draw)"' "$dir/$name.jsonl" || true)
    forfeits=$(grep -c '"forfeit"' "$dir/$name.jsonl" || true)
    [ "$played" = "$games" ] || { echo "fairy.sh: $name: $played of $games games played" >&2; exit 1; }
    [ "$finished" = "$games" ] || { echo "fairy.sh: $name: only $finished of $games games finished" >&2; exit 1; }
    if [ "$forfeits" != 0 ]; then
        grep -o '"forfeit":"[^"]*"' "$dir/$name.jsonl" >&2
        echo "fairy.sh: $name: $forfeits games forfeited" >&2
        exit 1
    fi
    say "$name: $games games finished, no forfeits"
}

say "Breakline's level hard against $fairy, Breakthrough 8x8, 4 games at 2+0.05"
play fairy 4 --white hard --black "uci:$fairy" --tc 2+0.05
say "breakline uci (a uci: seat) against Breakline's engine: seat, 2 games at 100 ms a move"
play self 2 --white "uci:$breakline:arg=uci:movetime=100:AI=enhanced:expert:time=100" \
    --black "engine:$breakline:ai=enhanced:expert:time=100"
say "breakline uci with no option set (a plain UCI engine: the master) against $fairy, 2 games at 2+0.05"
play master 2 --white "uci:$breakline:arg=uci" --black "uci:$fairy" --tc 2+0.05
say "done"
