#!/usr/bin/env bash
# A real sound server on this machine: installs Debian's pulseaudio and
# pulseaudio-utils where missing (apt-get, as root), starts a private
# PulseAudio (no default.pa, no shared memory, so it runs as root in a
# container) with only a null sink and a native-protocol socket under a
# temporary directory, records the null sink's monitor with parec, has the
# game play its move sound through its own player (`breakline sound-check`,
# the code a move in the window runs), and checks the recording holds it:
# enough loud samples, as loud as the sound is. Then checks that with no
# server the game says so in one line and fails the check. Stops what it
# started.
#
#   tests/sound/pulse.sh [path/to/breakline]
#
# The binary defaults to a release build in $CARGO_TARGET_DIR or target/.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
breakline=${1:-${CARGO_TARGET_DIR:-$repo/target}/release/breakline}
breakline=$(realpath "$breakline")
[ -x "$breakline" ] || { echo "pulse.sh: no binary at $breakline (cargo build --release first)" >&2; exit 1; }
started=$SECONDS
say() { echo "pulse.sh ($((SECONDS - started)) s): $*"; }

if ! command -v pulseaudio >/dev/null || ! command -v parec >/dev/null; then
    say "installing pulseaudio and pulseaudio-utils"
    [ "$(id -u)" = 0 ] || { echo "pulse.sh: installing PulseAudio needs root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q pulseaudio pulseaudio-utils >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q pulseaudio pulseaudio-utils >/dev/null; }
fi

dir=$(mktemp -d /tmp/breakline-pulse.XXXXXX)
pids=()
cleanup() {
    # Only what this script started, by process id.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$dir"
}
trap cleanup EXIT

# The server's own files stay in the temporary directory, away from any
# desktop session's.
mkdir -p "$dir/home" "$dir/runtime"
export HOME=$dir/home XDG_RUNTIME_DIR=$dir/runtime XDG_CONFIG_HOME=$dir/home/.config
socket=$dir/native
sink=breakline_check
pulseaudio --daemonize=no --system=false --exit-idle-time=-1 -n --disable-shm=yes --use-pid-file=no \
    --load="module-null-sink sink_name=$sink format=s16le rate=44100 channels=1" \
    --load="module-native-protocol-unix socket=$socket auth-anonymous=1" \
    --log-target=file:"$dir/pulseaudio.log" &
pids+=($!)
for _ in $(seq 100); do [ -S "$socket" ] && break; sleep 0.1; done
[ -S "$socket" ] || { echo "pulse.sh: PulseAudio did not start:" >&2; cat "$dir/pulseaudio.log" >&2; exit 1; }
export PULSE_SERVER=unix:$socket
say "PulseAudio answers at $socket"

# Small fragments: by default a recording arrives in pieces of about two
# seconds, and stopping it would lose the last one.
parec --device="$sink.monitor" --format=s16le --rate=44100 --channels=1 --raw --latency-msec=20 \
    > "$dir/recorded.raw" &
recorder=$!
pids+=("$recorder")
# The recording has begun once the monitor's stream appears.
for _ in $(seq 50); do pactl list short source-outputs 2>/dev/null | grep -q . && break; sleep 0.1; done
# ...and its first buffers have gone by.
sleep 1
"$breakline" sound-check --cue move
# The monitor hands on what the sink played a moment later.
sleep 2
kill "$recorder"
wait "$recorder" 2>/dev/null || true

# Sounding samples (over 1% of full scale) and the loudest one; silence is all zeros.
read -r sounding peak total < <(od -An -v -td2 -w2 "$dir/recorded.raw" \
    | awk '{ v = $1 < 0 ? -$1 : $1; if (v > 328) n++; if (v > m) m = v } END { printf "%d %d %d\n", n, m, NR }')
say "recorded $total samples: $sounding sounding, peak $peak"
# The move sound rings for 70 ms (3087 samples), from 0.7 of full scale
# down to nothing. A null sink's monitor can miss the first milliseconds of
# a stream (the sink rewinds to start it at once; its monitor does not), so
# the check asks for a good part of the ring, not all of it.
[ "$sounding" -ge 500 ] || { echo "pulse.sh: the move sound did not arrive ($sounding sounding samples)" >&2; exit 1; }
[ "$peak" -ge 1000 ] || { echo "pulse.sh: the move sound arrived too quiet (peak $peak)" >&2; exit 1; }

# No server: the check fails with one line, as the game logs one line and stays silent.
if out=$(PULSE_SERVER=unix:$dir/nobody "$breakline" sound-check 2>&1); then
    echo "pulse.sh: the sound check passed with no server" >&2; exit 1
fi
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || { echo "pulse.sh: more than one line without a server: $out" >&2; exit 1; }
say "without a server: $out"
say "ok"
