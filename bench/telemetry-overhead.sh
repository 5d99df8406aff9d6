#!/usr/bin/env bash
# What telemetry sampling costs a run: the same max-throughput workload with telemetry on and off, RUNS times each, on
# one detached embedded broker kept up for all runs. A broker JVM warms up over the first minutes (throughput rose
# 186k -> 431k records/s over six runs in the first measurement), so WARMUP_RUNS discarded runs go first and the
# pairs alternate their order (on/off, off/on, ...): drift then favours neither side. Each pair's ratio is printed;
# the figure is the median of the pair ratios.
#
#   bench/telemetry-overhead.sh                      # defaults below
#   RUNS=5 DURATION=60s bench/telemetry-overhead.sh
#
# "on" is --cluster-dir: the broker over JMX with the cluster's password (the same reads as for an embedded run,
# including the Produce RequestMetrics the latency anatomy is composed of), this host's /proc, and the load
# generator's JVM (the producers' record queue time); each "on" run is checked to have an anatomy. "off" is
# --no-telemetry. Compared: produced records/s (result.json summary.produced.recordsPerSec) of unlimited-rate
# producers, median of each side, the ratio on / off (1.00 = no cost; the issue's bar is >= 0.99); and the publish
# p99 (summary.publishLatencyMicros.p99, ms) of each run, to be judged against the spread of the "off" runs.
#
# RATE=N (records/s in total) runs the producers at a fixed rate instead: records/s is then the same on both sides, and
# what telemetry costs shows as CPU, which a busy machine does not hide as it hides throughput: the user + sys
# CPU-seconds of the broker process (its /proc/<pid>/stat over the run) and of kbench's JVM (bash's `time`, start-up
# included, the same on both sides) per million records produced, median of each side, and the ratio on / off.
#
# Env: RUNS (3) WARMUP_RUNS (2) DURATION (20s) WARMUP (5s) RECORD_SIZE (1024) PRODUCERS (2) PARTITIONS (6) RATE (unset:
#      unlimited) KEEP (0: delete the broker dir and results at exit; 1: keep them)
set -euo pipefail

RUNS="${RUNS:-3}"
DURATION="${DURATION:-20s}"
WARMUP="${WARMUP:-5s}"
RECORD_SIZE="${RECORD_SIZE:-1024}"
PRODUCERS="${PRODUCERS:-2}"
PARTITIONS="${PARTITIONS:-6}"
KEEP="${KEEP:-0}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-telemetry-overhead.XXXXXX")"
cluster_dir="$work/cluster"
results="$work/results"
cleaned=0
exec 3>&2

cleanup() {
  [ "$cleaned" = 1 ] && return 0
  cleaned=1
  if [ -d "$cluster_dir" ]; then
    ./kbench cluster stop --dir "$cluster_dir" >&3 2>&3 || echo "telemetry-overhead: cluster stop failed; check: pgrep -af $cluster_dir" >&3
  fi
  if [ "$KEEP" = 1 ]; then echo "telemetry-overhead: kept $work" >&3; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

log() { echo "telemetry-overhead: $*" >&2; }

./kbench --version >/dev/null
start_out="$(./kbench cluster start --dir "$cluster_dir" 2>"$work/cluster-start.err")" \
  || { cat "$work/cluster-start.err" >&2; exit 1; }
bootstrap="$(tail -n 1 <<<"$start_out")"
jmx="$(sed -n 's/^jmx: \([^ ]*\).*/\1/p' <<<"$start_out")"
broker_pid="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["brokers"][0]["pid"])' "$cluster_dir/cluster.json")"
log "bootstrap $bootstrap, jmx $jmx, broker pid $broker_pid"

workload="$work/overhead.yaml"
cat >"$workload" <<YAML
name: telemetry-overhead
topic: {name: overhead, partitions: $PARTITIONS, replicationFactor: 1, deleteAfter: true}
producers:
  count: $PRODUCERS
  duration: $DURATION
  warmupDuration: $WARMUP
  recordSize: $RECORD_SIZE
  rate: ${RATE:--1}
  properties: {acks: "1", linger.ms: 5, batch.size: 65536}
consumers: {mode: none}
YAML

# user + sys clock ticks of a process so far (fields 14 and 15 of /proc/<pid>/stat, after the command's parentheses)
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'; }
hz="$(getconf CLK_TCK)"

run_once() { # on|off index
  local dir="$results/$1-$2" flags=() b0 b1 TIMEFORMAT='%U %S'
  if [ "$1" = on ]; then flags=(--cluster-dir "$cluster_dir"); else flags=(--no-telemetry); fi
  mkdir -p "$dir"
  b0="$(cpu_ticks "$broker_pid")"
  { time ./kbench run "$workload" --bootstrap-server "$bootstrap" "${flags[@]}" --results-dir "$dir" >"$dir.log" 2>&1 \
    || { cat "$dir.log" >&3; exit 1; } ; } 2>"$dir.time"
  b1="$(cpu_ticks "$broker_pid")"
  python3 - "$dir" "$1" "$(( b1 - b0 ))" "$hz" "$(cat "$dir.time")" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + "/*/result.json")[0]))
if sys.argv[2] == "on" and not (r.get("anatomy") or {}).get("parts"):
    # A broker read slower than 90% of the interval (a busy machine) leaves the broker series empty: said, not hidden.
    print("telemetry-overhead: an 'on' run without a latency anatomy (no broker Produce times): " + sys.argv[1],
          file=sys.stderr)
s = r["summary"]
records = s["produced"]["records"] + s["produced"].get("warmupRecords", 0)
broker_cpu = int(sys.argv[3]) / int(sys.argv[4])
kbench_cpu = sum(map(float, sys.argv[5].split()))
# CPU-seconds per million records produced: the broker's over the whole run (warm-up, topic create and delete
# included, the same on both sides), kbench's JVM from start to exit.
print(f'{s["produced"]["recordsPerSec"]}:{s["publishLatencyMicros"]["p99"] / 1000}'
      f':{broker_cpu * 1e6 / records}:{kbench_cpu * 1e6 / records}')
PY
}

for w in $(seq 1 "${WARMUP_RUNS:-2}"); do
  log "warm-up run $w (discarded): $(run_once off "w$w") (records/s:publish p99 ms:broker CPU-s per M records:kbench CPU-s per M records)"
done
on=(); off=()
for i in $(seq 1 "$RUNS"); do
  if [ $((i % 2)) = 1 ]; then
    on+=("$(run_once on "$i")"); off+=("$(run_once off "$i")")
  else
    off+=("$(run_once off "$i")"); on+=("$(run_once on "$i")")
  fi
  log "pair $i: on ${on[-1]}, off ${off[-1]} (records/s:publish p99 ms:broker CPU-s per M records:kbench CPU-s per M records)"
done

python3 - "${on[*]}" "${off[*]}" <<'PY'
import statistics, sys
on_runs = [tuple(map(float, x.split(":"))) for x in sys.argv[1].split()]
off_runs = [tuple(map(float, x.split(":"))) for x in sys.argv[2].split()]
on, off = [r[0] for r in on_runs], [r[0] for r in off_runs]
p99_on, p99_off = [r[1] for r in on_runs], [r[1] for r in off_runs]
m_on, m_off = statistics.median(on), statistics.median(off)
print(f"telemetry on : median {m_on:,.0f} records/s  runs {', '.join(f'{x:,.0f}' for x in on)}")
print(f"telemetry off: median {m_off:,.0f} records/s  runs {', '.join(f'{x:,.0f}' for x in off)}")
ratios = [a / b for a, b in zip(on, off)]
print(f"pair ratios on/off: {', '.join(f'{r:.3f}' for r in ratios)}")
print(f"ratio on/off : {statistics.median(ratios):.3f} (median of the pair ratios; ratio of the medians {m_on / m_off:.3f})")
print(f"publish p99 on : median {statistics.median(p99_on):,.1f} ms  runs {', '.join(f'{x:,.1f}' for x in p99_on)}")
print(f"publish p99 off: median {statistics.median(p99_off):,.1f} ms  runs {', '.join(f'{x:,.1f}' for x in p99_off)}"
      f"  (spread of the off runs {min(p99_off):,.1f} .. {max(p99_off):,.1f} ms)")
for i, name in ((2, "broker"), (3, "kbench")):
    c_on, c_off = [r[i] for r in on_runs], [r[i] for r in off_runs]
    pairs = [a / b for a, b in zip(c_on, c_off)]
    print(f"{name} CPU-s per million records: on median {statistics.median(c_on):.2f} (runs "
          f"{', '.join(f'{x:.2f}' for x in c_on)}), off median {statistics.median(c_off):.2f} (runs "
          f"{', '.join(f'{x:.2f}' for x in c_off)}); pair ratios on/off {', '.join(f'{x:.3f}' for x in pairs)},"
          f" median {statistics.median(pairs):.3f}")
PY
