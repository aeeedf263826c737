#!/usr/bin/env bash
# Builds the web game into web/dist: the app for the browser (wasm32, its
# `web` feature's entry) and the AI's search worker (crates/web-worker with
# its `worker` feature, started by web/worker.js), bound for JavaScript by wasm-bindgen (the version
# the lockfile names, installed once into a cache: about 8 minutes), shrunk
# by wasm-opt where binaryen 116 or later is installed, beside web/index.html. Installs
# the Rust target and clang (the browser's SQLite is C) where missing. Its
# cargo target dir sits beside the native one, so the native build is never
# disturbed. Serve it with web/serve.sh.
#
#   web/build.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}-wasm"
tools="${BREAKLINE_WEB_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/breakline-web-tools}"
dist="$repo/web/dist"
say() { echo "web/build.sh: $*" >&2; }

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
if ! command -v clang >/dev/null; then
    say "installing clang"
    apt-get install -y clang >/dev/null
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    say "installing wasm-bindgen-cli $version into $tools"
    # Not --locked: its lockfile names a webpki-roots the registry mirrors lack.
    cargo install wasm-bindgen-cli --version "$version" --root "$tools"
fi

say "cargo build --target wasm32-unknown-unknown (the app)"
cargo build --release --target wasm32-unknown-unknown -p breakline-app --bin breakline-web --features web
say "cargo build --target wasm32-unknown-unknown (the search worker)"
cargo build --release --target wasm32-unknown-unknown -p breakline-web-worker --lib --features worker
rm -rf "$dist"
mkdir -p "$dist"
release="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release"
"$tools/bin/wasm-bindgen" --target web --no-typescript --out-dir "$dist" --out-name breakline "$release/breakline-web.wasm"
"$tools/bin/wasm-bindgen" --target web --no-typescript --out-dir "$dist" --out-name breakline_worker \
    "$release/breakline_web_worker.wasm"
# binaryen before 116 (Debian 12 has 108) mangles the reference types that
# rustc emits for wasm32 (the page then fails in __wbindgen_init_externref_table).
# (No wasm-opt: grep finds no number, and pipefail must not end the build.)
opt_version=$( (wasm-opt --version 2>/dev/null || true) | grep -o '[0-9]\+' | head -1 || true)
if [ "${opt_version:-0}" -ge 116 ]; then
    say "wasm-opt -O (binaryen $opt_version)"
    for wasm in "$dist/breakline_bg.wasm" "$dist/breakline_worker_bg.wasm"; do
        wasm-opt -O --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext "$wasm" -o "$wasm"
    done
else
    say "no wasm-opt 116 or later (binaryen): the game is larger to download, not slower to play"
fi
cp web/index.html web/worker.js web/bench-job.json "$dist/"
say "built $dist ($(du -sh "$dist/breakline_bg.wasm" | cut -f1) of WebAssembly, the worker's $(du -sh "$dist/breakline_worker_bg.wasm" | cut -f1)); serve it with web/serve.sh"
