#!/usr/bin/env bash
# The done-when demo of docs/history.md: the quick-start workload run RUNS times into a fresh catalog, run SLOW made
# slower on purpose: for its whole measured window the broker answers its clients DELAY late (a `delay` network
# fault, docs/faults.md), which caps what the producers' 5 requests in flight can carry far below RATE and puts the
# delay into every latency. `kbench history` must then mark run SLOW's change point and no other; the script checks
# that and exits 1 otherwise. It writes the table, the JSON, the Otava CSV and the trend page into OUT.
#
# Why a delay fault and not `cluster.limits.cpuQuota` halved: on a shared machine half a core is still enough for a
# modest rate in most runs, and the broker's start-up (a JVM, 5-10 CPU-s) is held to the quota too; a 10 s delay caps
# each producer at 5 requests of at most 6 x 16 KiB per 10 s (about 48 records/s of 1 KiB, under half its share of
# RATE) and puts 10 s into every latency however busy the machine, and starts only with the measured window. RATE is
# low so that the other runs meet it even on a loaded machine (at 1,000 records/s, on a machine at load average 30,
# normal runs fell short to 300-980 records/s and marked nothing); every run takes --min-rate-ratio 0 (the slow run
# falls short on purpose).
#
#   bench/history-demo.sh                              # 10 runs of 6 s + 4 s warm-up (3-15 minutes: broker starts)
#
# Env: RUNS (10) SLOW (6: 1-based) DELAY (10s) RATE (200 records/s) DURATION (6s) WARMUP (4s)
#      OUT (bench/results/history-demo) KEEP (0: delete the results dir at exit; 1: keep it)
set -euo pipefail

RUNS="${RUNS:-10}"
SLOW="${SLOW:-6}"
DELAY="${DELAY:-10s}"
RATE="${RATE:-200}"
DURATION="${DURATION:-6s}"
WARMUP="${WARMUP:-4s}"
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

for i in $(seq 1 "$RUNS"); do
  slow=()
  [ "$i" = "$SLOW" ] && slow=(--fault "at=0s action=delay target=1 delay=$DELAY scope=clients")
  echo "history-demo: run $i of $RUNS${slow:+, replies to clients delayed by $DELAY}" >&2
  ./kbench run --results-dir "$results" --catalog "$catalog" --tag demo=history \
    --set producers.rate="$RATE" --set producers.duration="$DURATION" --set producers.warmupDuration="$WARMUP" \
    "${slow[@]}" --min-rate-ratio 0 --no-telemetry > "$work/run-$i.log" 2>&1 \
    || { echo "history-demo: run $i failed; its output:" >&2; tail -20 "$work/run-$i.log" >&2; exit 1; }
  grep -E '^catalog:' "$work/run-$i.log" >&2 || true
done

./kbench history quickstart --catalog "$catalog" --tag demo=history --html "$OUT/trend.html" | tee "$OUT/history.txt"
./kbench history quickstart --catalog "$catalog" --tag demo=history --json > "$OUT/history.json"
./kbench history quickstart --catalog "$catalog" --tag demo=history --csv > "$OUT/history.csv"

# Every change point must be at the slow run (its start, or the level returning right after an isolated one).
slow_dir="$(ls -d "$results"/*/ | sort | sed -n "${SLOW}p" | xargs basename)"
marked="$(grep -E '^  (REGRESSION|IMPROVEMENT|no verdict:) ' "$OUT/history.txt" || true)"
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
