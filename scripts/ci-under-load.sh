#!/usr/bin/env bash
# The whole CI run, N times in a row (default 3), each in a fresh clone of HEAD, with both cores
# kept busy by stress-ng beside it. Stops at the first failing run. Logs and a one-line summary
# per run go to the directory given (default a new temporary one).
#   bash scripts/ci-under-load.sh [runs] [dir]
set -uo pipefail
runs=${1:-3}
dir=${2:-$(mktemp -d -t ci-under-load-XXXXXX)}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
mkdir -p "$dir"
for n in $(seq 1 "$runs"); do
  rm -rf "$dir/clone$n" && git clone -q "$repo" "$dir/clone$n"
  stress-ng --cpu 2 --timeout 1800s >/dev/null 2>&1 &
  stress=$!
  echo "run $n: $(git -C "$dir/clone$n" log --oneline -1), started $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$dir/summary.txt"
  (cd "$dir/clone$n" && CI=true bash .ci/run >"$dir/run$n.log" 2>&1)
  status=$?
  kill "$stress" 2>/dev/null
  wait "$stress" 2>/dev/null
  echo "run $n: exit $status at $(date -u +%T); $(grep -A4 '==== summary' "$dir/run$n.log" | tr '\n' ' ')" | tee -a "$dir/summary.txt"
  [ "$status" -eq 0 ] || exit "$status"
done
echo "$runs runs green; logs in $dir"
