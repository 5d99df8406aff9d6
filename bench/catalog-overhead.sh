#!/usr/bin/env bash
# Does recording into the results catalog slow a run? The same short workload is run PAIRS times with the catalog
# (the default SQLite file) and PAIRS times with --no-catalog, interleaved (which goes first alternates), each on
# its own embedded broker. Prints produced records/s and publish p99 (result.json summary) per run and the medians
# of each side. The catalog is written after the result files, so the figures should agree within run-to-run noise;
# the extra wall-clock time of the recording is printed too (the "catalog:" line's cost, from the run's output).
#
#   bench/catalog-overhead.sh                          # defaults below
#   PAIRS=2 DURATION=3s WARMUP=1s bench/catalog-overhead.sh   # a quick check
#
# Env: PAIRS (5) RATE (20000 records/s) DURATION (20s) WARMUP (5s) KEEP (0)
set -euo pipefail

PAIRS="${PAIRS:-5}"
RATE="${RATE:-20000}"
DURATION="${DURATION:-20s}"
WARMUP="${WARMUP:-5s}"
KEEP="${KEEP:-0}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-catalog-overhead.XXXXXX")"
cleanup() {
  if [ "$KEEP" = 1 ]; then echo "catalog-overhead: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

one() { # side index
  local side="$1" i="$2" start end flag=""
  [ "$side" = without ] && flag="--no-catalog"
  start="$(date +%s%N)"
  ./kbench run --results-dir "$work/$side" $flag --no-telemetry --min-rate-ratio 0 --set producers.rate="$RATE" \
    --set producers.duration="$DURATION" --set producers.warmupDuration="$WARMUP" > "$work/$side-$i.log" 2>&1
  end="$(date +%s%N)"
  local result
  result="$(ls -t "$work/$side"/*/result.json | head -1)"
  python3 - "$result" "$side" "$i" "$(( (end - start) / 1000000 ))" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
print(f'{sys.argv[2]:8} {sys.argv[3]:>3} {s["produced"]["recordsPerSec"]:>14,.1f} {s["publishLatencyMicros"]["p99"] / 1000:>16.2f} {int(sys.argv[4]):>14,}')
PY
}

printf '%-8s %3s %14s %16s %14s\n' side run "records/s" "publish p99 ms" "wall ms" | tee "$work/table.txt"
for i in $(seq 1 "$PAIRS"); do
  if [ $((i % 2)) = 1 ]; then
    one with "$i" | tee -a "$work/table.txt"; one without "$i" | tee -a "$work/table.txt"
  else
    one without "$i" | tee -a "$work/table.txt"; one with "$i" | tee -a "$work/table.txt"
  fi
done
python3 - "$work/table.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:]]
for side in ("with", "without"):
    r = [x for x in rows if x[0] == side]
    med = lambda k: statistics.median(float(x[k].replace(",", "")) for x in r)
    print(f"median {side:8}: {med(2):,.1f} records/s, publish p99 {med(3):.2f} ms, wall {med(4):,.0f} ms ({len(r)} runs)")
PY
