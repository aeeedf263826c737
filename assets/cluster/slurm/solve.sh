#!/usr/bin/env bash
# A job-level proof on Slurm: the master (this process, on the login node)
# grows the top of the proof tree and submits each wave of frontier positions
# as a job array (solve-wave.sbatch, one task a job), waits for it, reads the
# results and plans the next wave, until the root is decided. A task that dies
# is handed out again in the next wave; run the same line again after any
# interruption and it resumes from OUTDIR.
#
#   assets/cluster/slurm/solve.sh runs/bt65 target/release/breakline \
#       --size 6x5 --job-nodes 20000000 --wave 64 --memory 4096
#
# A table of the last ranks solved once (breakline last-ranks --size 5x6
# --ranks 4 --out shared/5x6.table) and passed as --last-ranks-file, on a
# file system every node sees, is loaded by each job instead of filled.
#
# Extra sbatch options (partition, time, account) go in SBATCH_* variables,
# e.g. SBATCH_PARTITION=short SBATCH_TIMELIMIT=1:00:00, which sbatch reads itself.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 OUTDIR BREAKLINE [SOLVE OPTIONS...]" >&2
    exit 2
fi
out=$1
breakline=$(realpath "$2")
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(realpath "$out")
# Single quotes: the master's shell expands BREAKLINE_WAVE and BREAKLINE_JOBS per wave.
submit="sbatch --wait --quiet --array=0-\$((BREAKLINE_JOBS - 1)) --output='$out/%x-%A-%a.log' \
'$here/solve-wave.sbatch' '$breakline' \"\$BREAKLINE_WAVE\""
exec "$breakline" solve "$@" --jobs "$out" --submit "$submit"
