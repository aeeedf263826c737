#!/usr/bin/env bash
# Runs a Breakline match, tournament, experiments or tune run as a Slurm job
# array of SHARDS tasks, then merges the shards in a job that waits for the
# whole array (--dependency=afterok). Prints the two job ids.
#
#   assets/cluster/slurm/submit.sh 4 runs/m1 target/release/breakline \
#       match --white alphabeta:expert:depth=3 --black alphabeta:offensive2:depth=3 --games 200 --swap
#
# The report lands in OUTDIR/report.txt, the tasks' logs beside it. Extra
# sbatch options (partition, time, account) go in SBATCH_* variables, e.g.
# SBATCH_PARTITION=short SBATCH_TIMELIMIT=1:00:00, which sbatch reads itself.
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 SHARDS OUTDIR BREAKLINE COMMAND [ARGS...]" >&2
    exit 2
fi
shards=$1
out=$2
breakline=$(realpath "$3")
shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(realpath "$out")
array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$out/shard-%a.log" \
    "$here/shard.sbatch" "$out" "$breakline" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$out/merge.log" \
    "$here/merge.sbatch" "$out" "$breakline" ${BREAKLINE_MERGE_ARGS:-})
echo "array $array merge ${merge%%;*}"
