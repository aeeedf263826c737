#!/usr/bin/env bash
# Makes the release archive a person downloads:
#   breakline-<version>-<arch>-linux.tar.gz
# holding one folder of that name with the binary (built with the `dist`
# profile: LTO, one codegen unit, stripped; its images, nets, book and
# puzzles are inside it), a .desktop file and its icon, the licences and a
# short README (assets/release/). The archive is the same bytes for the same
# commit and binary: names sorted, owner root, times the commit's.
#
#   scripts/dist.sh [OUTPUT_DIR]
#
# OUTPUT_DIR defaults to the cargo target dir ($CARGO_TARGET_DIR or target/);
# the archive's path is the last line printed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
target=${CARGO_TARGET_DIR:-$repo/target}
out=${1:-$target}
say() { echo "dist.sh: $*" >&2; }

# The game and the command line; the online server (the `server` feature)
# is for a source build (see the top Cargo.toml).
say "cargo build --profile dist --bin breakline --no-default-features --features gui"
cargo build --profile dist --bin breakline --no-default-features --features gui >&2
binary=$target/dist/breakline
# The version is the binary's own word (`breakline --version`: "breakline 0.1.0").
version=$("$binary" --version | awk '{ print $2 }')
[ -n "$version" ] || { echo "dist.sh: $binary --version printed no version" >&2; exit 1; }
name=breakline-$version-$(uname -m)-linux

stage=$(mktemp -d /tmp/breakline-dist.XXXXXX)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
install -m 755 "$binary" "$stage/$name/breakline"
install -m 644 assets/release/breakline.desktop assets/release/breakline.png LICENSE-MIT LICENSE-APACHE \
    "$stage/$name/"
sed "s/VERSION/$version/" assets/release/README.md > "$stage/$name/README.md"
chmod 644 "$stage/$name/README.md"

mkdir -p "$out"
archive=$(cd "$out" && pwd)/$name.tar.gz
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$stage" -cf - "$name" \
    | gzip -9n > "$archive"
say "$(du -h "$archive" | cut -f1) $archive"
echo "$archive"
