#!/usr/bin/env bash
# The shipped GNU parallel line (assets/cluster/parallel.sh) on this machine:
# installs GNU parallel with apt-get where missing (as root), runs a 40-game
# match in 4 shards through it, and checks the merged report equals the
# one-machine run's (times aside: they are measured, not reproduced).
#
#   tests/cluster/parallel.sh [path/to/breakline]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
breakline=$(realpath "${1:-${CARGO_TARGET_DIR:-$repo/target}/release/breakline}")
[ -x "$breakline" ] || { echo "parallel.sh: no binary at $breakline (cargo build --release first)" >&2; exit 1; }
if ! command -v parallel >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo "parallel.sh: installing GNU parallel needs root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q parallel >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q parallel >/dev/null; }
fi
dir=$(mktemp -d /tmp/breakline-parallel.XXXXXX)
trap 'rm -rf "$dir"' EXIT
match=(match --size 6x6 --white alphabeta:expert:depth=2 --black alphabeta:offensive2:depth=1
    --games 40 --swap --random-plies 4 --seed 7)
"$breakline" "${match[@]}" > "$dir/one.txt"
"$repo/assets/cluster/parallel.sh" 4 "$dir/out" "$breakline" "${match[@]}" 2>/dev/null
untimed() { sed -E -e 's/^(games analysed: [0-9]+) \([0-9.]+ s\)/\1/' -e '/^Time per move/d' "$1"; }
if ! diff <(untimed "$dir/one.txt") <(untimed "$dir/out/report.txt"); then
    echo "parallel.sh: the merged report differs from the one-machine run's" >&2
    exit 1
fi
echo "parallel.sh: 4 shards through GNU parallel merge into the one-machine report"
