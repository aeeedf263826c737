#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine: installs slurm-wlm and munge
# where missing (apt-get, as root), writes a slurm.conf for localhost under a
# temporary directory (no cgroups, so it runs in a container), starts munged
# (unless one answers), slurmctld and slurmd, submits the shipped array job
# (assets/cluster/slurm/submit.sh) for a 40-game match in 4 shards, waits for
# its merge job, and checks the merged report equals the one-machine run's
# (times aside: they are measured, not reproduced). Then proves Breakthrough
# 5x5 by job-level proof-number search, each wave an array
# (assets/cluster/slurm/solve.sh), its jobs loading one table of the last
# ranks (`breakline last-ranks`), and checks it proves what one process
# proves (BREAKLINE_JOB_NODES sets the jobs' budget). Stops what it started.
#
#   tests/cluster/slurm.sh [path/to/breakline [MATCH OPTIONS...]]
#
# The binary defaults to a release build in $CARGO_TARGET_DIR or target/;
# match options given replace the 40-game match (to time a bigger one).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
breakline=${1:-${CARGO_TARGET_DIR:-$repo/target}/release/breakline}
breakline=$(realpath "$breakline")
if [ $# -gt 0 ]; then shift; fi
[ -x "$breakline" ] || { echo "slurm.sh: no binary at $breakline (cargo build --release first)" >&2; exit 1; }
started=$SECONDS
say() { echo "slurm.sh ($((SECONDS - started)) s): $*"; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge"
    [ "$(id -u)" = 0 ] || { echo "slurm.sh: installing Slurm needs root" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null \
        || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null; }
fi

dir=$(mktemp -d /tmp/breakline-slurm.XXXXXX)
pids=()
cleanup() {
    # Only what this script started, by process id.
    if [ -n "${SLURM_CONF:-}" ]; then scancel --quiet --user "$(id -un)" 2>/dev/null || true; fi
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$dir"
}
trap cleanup EXIT

host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool" "$dir/run" "$dir/munge"
cat > "$dir/slurm.conf" <<CONF
ClusterName=breakline
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
# Schedule at every event, not on a timer: a job starts as soon as it can.
SchedulerParameters=sched_min_interval=0,batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF=$dir/slurm.conf

# A munged of our own on a socket of our own, so a system one is left alone.
say "starting munged, slurmctld, slurmd"
munged --force --foreground --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed" 2>"$dir/munge/munged.out" &
pids+=($!)
for _ in $(seq 50); do [ -S "$dir/munge/munge.socket" ] && break; sleep 0.1; done
slurmctld -D -i -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
pids+=($!)
up=""
for _ in $(seq 100); do
    if sinfo -h -o %t 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then up=1; break; fi
    sleep 0.2
done
if [ -z "$up" ]; then
    echo "slurm.sh: the node never came up; logs:" >&2
    tail -n 20 "$dir"/slurmctld.log "$dir"/slurmd.log "$dir"/*.out >&2 || true
    exit 1
fi
say "cluster up: $(sinfo -h -o '%P %D nodes, %c CPUs, %t')"

match=(match --size 6x6 --white alphabeta:expert:depth=2 --black alphabeta:offensive2:depth=1
    --games 40 --swap --random-plies 4 --seed 7)
if [ $# -gt 0 ]; then match=(match "$@"); fi
t0=$SECONDS
"$breakline" "${match[@]}" --threads "$(nproc)" > "$dir/one.txt"
say "one machine: $((SECONDS - t0)) s"

t0=$SECONDS
read -r _ array _ merge < <("$repo/assets/cluster/slurm/submit.sh" 4 "$dir/out" "$breakline" "${match[@]}")
say "submitted array $array and merge $merge"
while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do sleep 0.2; done
state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z]*' || echo "JobState=gone")
say "4 shards and the merge on Slurm: $((SECONDS - t0)) s ($state)"
# Each shard's own playing time: its last record's time since it started.
played=$(for f in "$dir"/out/shard-*.jsonl; do grep -o '"elapsed_ms":[0-9]*' "$f" | tail -n 1 | cut -d: -f2; done | paste -sd' ')
say "the shards' own playing times (ms): $played"
if [ ! -s "$dir/out/report.txt" ]; then
    echo "slurm.sh: no merged report; job logs:" >&2
    tail -n 5 "$dir"/out/*.log >&2 || true
    exit 1
fi

# Measured times differ from run to run; everything else must match.
untimed() { sed -E -e 's/^(games analysed: [0-9]+) \([0-9.]+ s\)/\1/' -e '/^Time per move/d' "$1"; }
if ! diff <(untimed "$dir/one.txt") <(untimed "$dir/out/report.txt"); then
    echo "slurm.sh: the merged report differs from the one-machine run's" >&2
    exit 1
fi
say "merged report equals the one-machine run's ($(ls "$dir"/out/shard-*.jsonl | wc -l) shard files)"

# A job-level proof of Breakthrough 5x5 on the same cluster: the master
# submits each wave as an array (assets/cluster/slurm/solve.sh) and must
# prove what the one-process solver proves.
t0=$SECONDS
"$breakline" solve --size 5x5 --no-distance > "$dir/solve-one.txt"
say "one process proves 5x5: $((SECONDS - t0)) s"
# The jobs load one table of the last ranks, solved once, rather than each
# filling its own.
"$breakline" last-ranks --size 5x5 --ranks 3 --out "$dir/5x5.table" --threads "$(nproc)" > "$dir/table.txt"
say "$(cat "$dir/table.txt")"
t0=$SECONDS
"$repo/assets/cluster/slurm/solve.sh" "$dir/solve" "$breakline" --size 5x5 --last-ranks-file "$dir/5x5.table" \
    --job-nodes "${BREAKLINE_JOB_NODES:-1000000}" --wave 8 --memory 64 > "$dir/solve-jobs.txt" 2> "$dir/solve-jobs.err"
grep -q '"last_ranks_file"' "$dir"/solve/wave-0001.jobs || { echo "slurm.sh: the jobs were not given the table" >&2; exit 1; }
say "5x5 by jobs on Slurm: $((SECONDS - t0)) s, $(ls "$dir"/solve/*.jobs | wc -l) waves; $(grep '^jobs' "$dir/solve-jobs.txt")"
if ! diff <(grep '^result' "$dir/solve-one.txt") <(grep '^result' "$dir/solve-jobs.txt"); then
    echo "slurm.sh: the job-level proof differs from the one-process proof" >&2
    tail -n 5 "$dir/solve-jobs.err" >&2 || true
    exit 1
fi
say "the job-level proof agrees: $(grep '^result' "$dir/solve-jobs.txt")"
