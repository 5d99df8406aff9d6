#!/usr/bin/env bash
# Does a long run hold? One `kbench run` of bench/long-run.yaml (a fixed rate with a live consumer, telemetry on, one
# embedded broker) for DURATION, while this script samples kbench's own JVM every SAMPLE seconds:
#   rss MiB        the JVM's resident set (/proc/<pid>/status VmRSS)
#   heap MiB       heap in use (jcmd GC.heap_info: every generation's "used")
#   commit MiB     heap committed (every generation's "total"): what the resident set can grow to as the collector
#                  touches more of it, without any leak
#   live MiB       heap in use right after a full collection (jcmd GC.run, then GC.heap_info), every GC_EVERY-th
#                  sample only: the live set, the figure that shows a leak. Each forced collection is a pause of the
#                  load generator, which the run measures like any other (latency from the intended send time).
#   threads, fds   /proc/<pid>/status Threads, entries of /proc/<pid>/fd
#   out KiB        bytes kbench printed so far (stdout and stderr)
#   results KiB    bytes in the run's results directory so far
# At the end: the run's exit code, its summary line, the size of each file it wrote, and the live heap's change per
# hour (least squares over the forced-collection samples after the first, in MiB/h).
#
#   bench/long-run.sh                              # 2 hours, 2,000 records/s
#   DURATION=10m SAMPLE=30 GC_EVERY=4 bench/long-run.sh
#
# Env: DURATION (2h) RATE (2000 records/s) SAMPLE (60 s) GC_EVERY (10) KEEP (0: delete results at exit; 1: keep)
#      KBENCH (./kbench: the launcher to run; point it at another checkout to keep this one free for builds)
#      INTERVAL (1s: the workload's reportInterval; what a run keeps grows per interval, so INTERVAL=200ms ages a run
#      five times as fast: 20 minutes hold as many intervals and telemetry samples as 100 minutes at 1 s)
set -euo pipefail

DURATION="${DURATION:-2h}"
RATE="${RATE:-2000}"
SAMPLE="${SAMPLE:-60}"
GC_EVERY="${GC_EVERY:-10}"
KEEP="${KEEP:-0}"
INTERVAL="${INTERVAL:-1s}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
KBENCH="${KBENCH:-$root/kbench}"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-long-run.XXXXXX")"
results="$work/results"
out="$work/output.txt"
pid=""

cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    # SIGTERM: kbench stops its load, closes its brokers and writes what it measured.
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  if [ "$KEEP" = 1 ]; then echo "long-run: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

kib() { du -sk "$1" 2>/dev/null | cut -f1; }
status_field() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$1/status" 2>/dev/null; }
# Sum of every generation's "used" in jcmd GC.heap_info (K), in MiB with one decimal.
heap_field() {
  jcmd "$1" GC.heap_info 2>/dev/null \
    | grep -oE '(generation|space|heap)[^,]*total [0-9]+K, used [0-9]+K' \
    | grep -E '^(generation|heap)' | grep -oE "$2 [0-9]+K" | tr -dc '0-9\n' \
    | awk '{ s += $1 } END { if (NR) printf "%.1f", s / 1024; else print "-" }'
}
heap_used() { heap_field "$1" used; }

"$KBENCH" --version >/dev/null
echo "long-run: kbench $("$KBENCH" --version | head -1 | cut -d' ' -f2), $DURATION at $RATE records/s, intervals of $INTERVAL, a sample every ${SAMPLE}s, a full collection every ${GC_EVERY} samples; $(date -u +%Y-%m-%dT%H:%M:%SZ); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
"$KBENCH" run bench/long-run.yaml --set producers.rate="$RATE" --set producers.duration="$DURATION" \
  --set reportInterval="$INTERVAL" \
  --results-dir "$results" --no-catalog >"$out" 2>&1 &
pid=$!
start=$(date +%s)
printf '%8s %8s %8s %10s %8s %8s %6s %8s %10s\n' "min" "rss MiB" "heap MiB" "commit MiB" "live MiB" "threads" "fds" \
  "out KiB" "results KiB"
n=0
lives=()
while kill -0 "$pid" 2>/dev/null; do
  sleep "$SAMPLE"
  kill -0 "$pid" 2>/dev/null || break
  n=$((n + 1))
  t=$(( $(date +%s) - start ))
  live="-"
  if [ $((n % GC_EVERY)) = 0 ]; then
    jcmd "$pid" GC.run >/dev/null 2>&1 || true
    live="$(heap_used "$pid")"
    lives+=("$t $live")
  fi
  rss_kib="$(status_field "$pid" VmRSS)"
  printf '%8.1f %8s %8s %10s %8s %8s %6s %8s %10s\n' "$(bc -l <<<"$t/60")" "$(( ${rss_kib:-0} / 1024 ))" \
    "$(heap_used "$pid")" "$(heap_field "$pid" total)" "$live" "$(status_field "$pid" Threads)" \
    "$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)" \
    "$(kib "$out")" "$(kib "$results")"
done
set +e
wait "$pid"
rc=$?
set -e
pid=""
echo "long-run: kbench exited $rc after $(( ($(date +%s) - start) / 60 )) min"
grep -E '^(produced|consumed|publish|end-to-end|schedule:|steady state:)' "$out" || true
echo "long-run: output $(wc -l <"$out") lines, $(kib "$out") KiB; results $(kib "$results") KiB:"
(cd "$results" && find . -type f -printf '%s %p\n' | sort -rn | head -12 | awk '{ printf "  %10.1f KiB  %s\n", $1 / 1024, $2 }')
if [ "${#lives[@]}" -ge 3 ]; then
  # Least-squares slope of the live heap against time, leaving out the first sample (JIT and caches still filling).
  printf '%s\n' "${lives[@]:1}" | awk '{ x = $1 / 3600; sx += x; sy += $2; sxx += x * x; sxy += x * $2; n++ }
    END { d = n * sxx - sx * sx; if (d > 0) printf "long-run: live heap %.1f MiB/h over %d full collections (after the first)\n", (n * sxy - sx * sy) / d, n }'
fi
exit "$rc"
