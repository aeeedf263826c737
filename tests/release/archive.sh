#!/usr/bin/env bash
# The release archive as a person gets it: unpacks it into an empty folder
# and, in a mount namespace where the source tree and the cargo target dir
# are hidden under empty tmpfs mounts (`unshare --mount`, as root), checks
# that from there the binary
#   1. prints its version (`breakline --version`),
#   2. plays as a UCI engine with no option set (`uci`, `isready`, a `go`),
#   3. opens the window under Xvfb (Mesa's software Vulkan) and writes one
#      frame (`--screenshot`) without missing an image.
# Installs Debian's xvfb and mesa-vulkan-drivers where missing (apt-get, as
# root). Removes what it made.
#
#   tests/release/archive.sh path/to/breakline-<version>-<arch>-linux.tar.gz
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
archive=$(realpath "${1:?usage: tests/release/archive.sh ARCHIVE}")
[ -f "$archive" ] || { echo "archive.sh: no archive at $archive (scripts/dist.sh first)" >&2; exit 1; }
target=$(realpath -m "${CARGO_TARGET_DIR:-$repo/target}")
started=$SECONDS
say() { echo "archive.sh ($((SECONDS - started)) s): $*"; }
[ "$(id -u)" = 0 ] || { echo "archive.sh: hiding the source tree (unshare --mount) needs root" >&2; exit 1; }

if ! command -v Xvfb >/dev/null || [ ! -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ]; then
    say "installing xvfb and mesa-vulkan-drivers"
    packages=(xvfb mesa-vulkan-drivers libvulkan1 libx11-6 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}" >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}" >/dev/null; }
fi

dir=$(mktemp -d /tmp/breakline-archive.XXXXXX)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/unpacked" "$dir/home"
tar -xzf "$archive" -C "$dir/unpacked"
name=$(basename "$archive" .tar.gz)
version=${name#breakline-}
version=${version%%-*}
say "unpacked $(find "$dir/unpacked" -type f | wc -l) files of $name"

# Everything below runs in its own mount namespace (private mounts: the
# host's stay as they are), read from stdin so that hiding the clone does
# not cut off this script.
unshare --mount bash -s -- "$dir" "$name" "$version" "$repo" "$target" <<'INSIDE'
set -euo pipefail
dir=$1 name=$2 version=$3 repo=$4 target=$5
say() { echo "archive.sh (hidden source): $*"; }
for hidden in "$target" "$repo"; do
    if [ -d "$hidden" ]; then mount -t tmpfs -o size=1m breakline-hidden "$hidden"; fi
done
[ ! -e "$repo/Cargo.toml" ] && [ ! -e "$repo/assets" ] || { echo "archive.sh: $repo is still visible" >&2; exit 1; }
cd "$dir/unpacked/$name"
for file in breakline breakline.desktop breakline.png LICENSE-MIT LICENSE-APACHE README.md; do
    [ -f "$file" ] || { echo "archive.sh: $file missing from the archive" >&2; exit 1; }
done
export HOME=$dir/home XDG_CONFIG_HOME=$dir/home/.config XDG_DATA_HOME=$dir/home/.local/share
unset CARGO_MANIFEST_DIR BEVY_ASSET_ROOT BREAKLINE_NETS

got=$(./breakline --version)
[ "$got" = "breakline $version" ] || { echo "archive.sh: --version printed '$got', not 'breakline $version'" >&2; exit 1; }
say "$got"

# The master (net and book built in) from the start and out of its book,
# a session each: at the end of its input a session still answers its `go`.
answer=$(printf 'uci\nisready\nposition startpos\ngo movetime 200\n' | timeout 30 ./breakline uci;
    printf 'uci\nposition startpos moves h2h3 a7a6 h3h4 a6a5\ngo movetime 300\n' | timeout 30 ./breakline uci)
for line in uciok readyok "info string book move"; do
    grep -qx "$line" <<<"$answer" || { echo "archive.sh: breakline uci said no '$line':" >&2; echo "$answer" >&2; exit 1; }
done
[ "$(grep -c '^bestmove [a-h][1-8][a-h][1-8]$' <<<"$answer")" = 2 ] \
    || { echo "archive.sh: breakline uci did not answer both go's:" >&2; echo "$answer" >&2; exit 1; }
say "breakline uci: uciok, readyok, a book move and a searched one"

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$dir/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
status=0
DISPLAY=$display WAYLAND_DISPLAY= timeout 120 ./breakline --screenshot "$dir/frame.png" --after 3 \
    >"$dir/game.log" 2>&1 || status=$?
if [ "$status" != 0 ] || [ ! -s "$dir/frame.png" ] || grep -qE 'Path not found|does not decode|panicked' "$dir/game.log"; then
    echo "archive.sh: the window's frame failed (exit $status):" >&2
    tail -30 "$dir/game.log" >&2
    exit 1
fi
# A PNG's width and height: big-endian at bytes 16 and 20.
size=$(( 16#$(od -An -j16 -N4 -tx1 "$dir/frame.png" | tr -d ' \n') ))x$(( 16#$(od -An -j20 -N4 -tx1 "$dir/frame.png" | tr -d ' \n') ))
[ "$size" = 1280x800 ] || { echo "archive.sh: the frame is $size, not the window's 1280x800" >&2; exit 1; }
say "one frame under Xvfb: $(du -h "$dir/frame.png" | cut -f1) PNG, 1280x800"
INSIDE
say "done"
