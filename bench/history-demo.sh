#!/usr/bin/env bash
# The done-when demo of docs/history.md: the quick-start workload run RUNS times into a fresh catalog, every broker
# held to CPU_QUOTA cores (cluster.limits.cpuQuota) except run SLOW, whose broker gets half of that. `kbench history`
# must then mark run SLOW's change point and no other; the script checks that and exits 1 otherwise. It writes the
# table, the JSON, the Otava CSV and the trend page into OUT.
#
#   bench/history-demo.sh                              # 10 runs of 20 s (about 8 minutes)
#   DURATION=3s WARMUP=1s RATE=5000 bench/history-demo.sh   # short settings for a quick check
#
# Env: RUNS (10) SLOW (6: 1-based) CPU_QUOTA (1.0 cores) RATE (20000 records/s) DURATION (20s) WARMUP (5s)
#      OUT (bench/results/history-demo) KEEP (0: delete the results dir at exit; 1: keep it)
set -euo pipefail

RUNS="${RUNS:-10}"
SLOW="${SLOW:-6}"
CPU_QUOTA="${CPU_QUOTA:-1.0}"
RATE="${RATE:-20000}"
DURATION="${DURATION:-20s}"
WARMUP="${WARMUP:-5s}"
KEEP="${KEEP:-0}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
OUT="${OUT:-$root/bench/results/history-demo}"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-history-demo.XXXXXX")"
results="$work/results"
catalog="$work/catalog.sqlite"
cleanup() {
  if [ "$KEEP" = 1 ]; then echo "history-demo: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
mkdir -p "$OUT"

half="$(awk -v q="$CPU_QUOTA" 'BEGIN { printf "%.3f", q / 2 }')"
for i in $(seq 1 "$RUNS"); do
  quota="$CPU_QUOTA"
  [ "$i" = "$SLOW" ] && quota="$half"
  echo "history-demo: run $i of $RUNS, broker cpuQuota $quota cores" >&2
  ./kbench run --results-dir "$results" --catalog "$catalog" --tag demo=history \
    --set producers.rate="$RATE" --set producers.duration="$DURATION" --set producers.warmupDuration="$WARMUP" \
    --set cluster.limits.cpuQuota="$quota" --no-telemetry > "$work/run-$i.log" 2>&1 \
    || { echo "history-demo: run $i failed; its output:" >&2; tail -20 "$work/run-$i.log" >&2; exit 1; }
  grep -E '^catalog:' "$work/run-$i.log" >&2 || true
done

./kbench history quickstart --catalog "$catalog" --tag demo=history --html "$OUT/trend.html" | tee "$OUT/history.txt"
./kbench history quickstart --catalog "$catalog" --tag demo=history --json > "$OUT/history.json"
./kbench history quickstart --catalog "$catalog" --tag demo=history --csv > "$OUT/history.csv"

# Every change point must be at the slow run (its start, or the level returning right after an isolated one).
slow_dir="$(ls -d "$results"/*/ | sort | sed -n "${SLOW}p" | xargs basename)"
marked="$(grep -E '^  (REGRESSION|improvement) ' "$OUT/history.txt" || true)"
if [ -z "$marked" ]; then
  echo "history-demo: FAILED: no change point marked (expected one at run $SLOW, $slow_dir)" >&2
  exit 1
fi
if echo "$marked" | grep -v "at run $slow_dir" >/dev/null; then
  echo "history-demo: FAILED: a change point at a run other than $slow_dir:" >&2
  echo "$marked" | grep -v "at run $slow_dir" >&2
  exit 1
fi
echo "history-demo: OK: every change point is at run $SLOW ($slow_dir); outputs in $OUT" >&2
