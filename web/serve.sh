#!/usr/bin/env bash
# Serves the web game that web/build.sh built, on http://localhost:PORT
# (8080 unless given): a local port, so the browser treats the page as a
# secure context (the clipboard, storage).
#
#   web/serve.sh [PORT]
set -euo pipefail
dist="$(cd "$(dirname "$0")" && pwd)/dist"
port="${1:-8080}"
if [ ! -f "$dist/breakline_bg.wasm" ]; then
    echo "web/serve.sh: no web game in $dist: build it first with web/build.sh" >&2
    exit 1
fi
echo "web/serve.sh: Breakline on http://localhost:$port (Ctrl+C stops it)" >&2
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist"
