#!/usr/bin/env bash
# One process vs three local workers at the same total rate: does spreading the load over worker processes
# (`kbench run --local-workers 3`) change what is measured? Both sides run the same workload on one detached embedded
# broker kept up for all runs, RUNS times each, alternating which side goes first so broker warm-up favours neither.
# Printed side by side per run and as medians: merged publish p50/p99, end-to-end p99 and produced records/s
# (result.json summary). They should agree within run-to-run noise (compare the spread within each side).
#
#   bench/distributed-vs-local.sh                     # defaults below
#   RUNS=5 RATE=30000 DURATION=60s bench/distributed-vs-local.sh
#
# Env: RUNS (3) RATE (20000 records/s in total) DURATION (30s) WARMUP (5s) RECORD_SIZE (1024) PRODUCERS (3: one per
#      worker) CONSUMERS (3) PARTITIONS (6) KEEP (0: delete the broker dir and results at exit; 1: keep them)
set -euo pipefail

RUNS="${RUNS:-3}"
RATE="${RATE:-20000}"
DURATION="${DURATION:-30s}"
WARMUP="${WARMUP:-5s}"
RECORD_SIZE="${RECORD_SIZE:-1024}"
PRODUCERS="${PRODUCERS:-3}"
CONSUMERS="${CONSUMERS:-3}"
PARTITIONS="${PARTITIONS:-6}"
KEEP="${KEEP:-0}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-distributed-vs-local.XXXXXX")"
cluster_dir="$work/cluster"
results="$work/results"
cleaned=0
exec 3>&2

cleanup() {
  [ "$cleaned" = 1 ] && return 0
  cleaned=1
  if [ -d "$cluster_dir" ]; then
    ./kbench cluster stop --dir "$cluster_dir" >&3 2>&3 || echo "distributed-vs-local: cluster stop failed; check: pgrep -af $cluster_dir" >&3
  fi
  if [ "$KEEP" = 1 ]; then echo "distributed-vs-local: kept $work" >&3; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

log() { echo "distributed-vs-local: $*" >&2; }

./kbench --version >/dev/null
start_out="$(./kbench cluster start --dir "$cluster_dir" 2>"$work/cluster-start.err")" \
  || { cat "$work/cluster-start.err" >&2; exit 1; }
bootstrap="$(tail -n 1 <<<"$start_out")"
log "bootstrap $bootstrap"

workload="$work/distributed-vs-local.yaml"
cat >"$workload" <<YAML
name: distributed-vs-local
topic: {name: distributed-vs-local, partitions: $PARTITIONS}
producers: {count: $PRODUCERS, rate: $RATE, duration: $DURATION, warmupDuration: $WARMUP, recordSize: $RECORD_SIZE}
consumers: {mode: live, count: $CONSUMERS}
YAML

# side (one|three) -> runs kbench, prints "p50 p99 e2e_p99 records_per_sec" from its result.json
run_side() {
  local side="$1" n="$2" dir="$results/$1-$2" extra=()
  [ "$side" = three ] && extra=(--local-workers 3)
  ./kbench run "$workload" --bootstrap-server "$bootstrap" --no-telemetry --results-dir "$dir" "${extra[@]}" >"$work/$side-$n.log" 2>&1 \
    || { log "$side run $n failed: see $work/$side-$n.log"; tail -n 5 "$work/$side-$n.log" >&2; exit 1; }
  python3 - "$dir" <<'PY'
import json, sys, glob
r = json.load(open(glob.glob(sys.argv[1] + "/*/result.json")[0]))
s = r["summary"]
print(s["publishLatencyMicros"]["p50"], s["publishLatencyMicros"]["p99"], s["endToEndLatencyMicros"]["p99"],
      round(s["produced"]["recordsPerSec"], 1))
PY
}

declare -a one=() three=()
for n in $(seq 1 "$RUNS"); do
  if (( n % 2 == 1 )); then order=(one three); else order=(three one); fi
  for side in "${order[@]}"; do
    log "run $n: $side"
    line="$(run_side "$side" "$n")"
    if [ "$side" = one ]; then one+=("$line"); else three+=("$line"); fi
  done
done

python3 - "$RATE" "${#one[@]}" "${one[@]}" "${three[@]}" <<'PY'
import statistics, sys
rate, runs = sys.argv[1], int(sys.argv[2])
rows = [list(map(float, l.split())) for l in sys.argv[3:]]
one, three = rows[:runs], rows[runs:]
print(f"same total rate ({int(rate):,} records/s): 1 process vs 3 local workers; latencies in ms")
print(f"{'run':>4} | {'1: pub p50':>10} {'pub p99':>8} {'e2e p99':>8} {'rec/s':>10} | {'3: pub p50':>10} {'pub p99':>8} {'e2e p99':>8} {'rec/s':>10}")
def cells(r):
    return f"{r[0]/1000:10.2f} {r[1]/1000:8.2f} {r[2]/1000:8.2f} {r[3]:10,.0f}"
for i in range(runs):
    print(f"{i+1:>4} | {cells(one[i])} | {cells(three[i])}")
med = lambda rs: [statistics.median(c) for c in zip(*rs)]
print(f"{'med':>4} | {cells(med(one))} | {cells(med(three))}")
PY
