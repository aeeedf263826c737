#!/usr/bin/env bash
# A Breakline series in N shards with GNU parallel, here or on other
# machines over ssh (add --sshloginfile HOSTS and a shared OUTDIR), then the
# merge. {#} is parallel's job number from 1, which is Breakline's shard
# number: --shard {#}/N (inside a job, $PARALLEL_SEQ holds the same number;
# -N0 feeds each job one of the N arguments without adding it to the line).
#
#   assets/cluster/parallel.sh 4 runs/p1 target/release/breakline \
#       match --white alphabeta:expert:depth=3 --black alphabeta:offensive2:depth=3 --games 200 --swap
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 SHARDS OUTDIR BREAKLINE COMMAND [ARGS...]" >&2
    exit 2
fi
shards=$1
out=$2
breakline=$3
shift 3
mkdir -p "$out"
# The line itself: one job per shard, each writing its own file.
parallel -N0 --halt now,fail=1 -j "$shards" "$breakline" "$@" --threads 1 \
    --shard '{#}/'"$shards" --json "$out/shard-{#}.jsonl" ::: $(seq "$shards")
"$breakline" merge "$out"/shard-*.jsonl > "$out/report.txt"
