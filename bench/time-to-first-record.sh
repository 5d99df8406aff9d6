#!/usr/bin/env bash
# Start-up of the load generator: time from the command's start to its first record sent, `kbench produce` against
# kafka-producer-perf-test with the same flags, on one embedded broker, interleaved.
#
#   bench/time-to-first-record.sh                       # defaults below (about 2 minutes)
#   PAIRS=5 RATE=-1 RECORDS=1000 bench/time-to-first-record.sh
#
# Method: each run produces into a fresh topic created beforehand (so neither tool pays for creating it). The shell
# notes the wall clock in ms just before it starts the tool; after the run a stock console consumer reads the topic's
# first record and prints its CreateTime. Neither tool sets a record timestamp, so the Kafka producer stamps each record
# inside send(), after it has the topic's metadata: the first record's CreateTime is when the tool sent its first
# record. Time to first record = CreateTime - start (ms; both from this host's wall clock, 1 ms resolution). Wall is
# the whole run (bash `time`), start-up and shut-down included. Nothing in either tool is instrumented.
#
# Env: PAIRS (3) RATE (5000 records/s; -1 = open load) RECORDS (25000) RECORD_SIZE (100) ACKS (1) LINGER_MS (5)
#      PARTITIONS (1) JAVA_OPTS ("": both tools' JVMs, after the launcher's own for kbench) KEEP (0) LABEL
set -euo pipefail

PAIRS="${PAIRS:-3}"
RATE="${RATE:-5000}"
RECORDS="${RECORDS:-25000}"
RECORD_SIZE="${RECORD_SIZE:-100}"
TOOLS=(stock kbench kbench-nt) # ACKS, LINGER_MS, PARTITIONS, JAVA_OPTS and KEEP default in lib/perf-tools.sh

BENCH_NAME=time-to-first-record
# shellcheck source=lib/perf-tools.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/perf-tools.sh"
perf_tools_init
start_cluster

prime_kbench produce # the launcher's class archive, written before anything is measured

results="$work/results.tsv" # tool pair first-record-ms wall-s
: >"$results"
stamp="$(date +%s)"
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"
flags=(--num-records "$RECORDS" --record-size "$RECORD_SIZE" --throughput "$RATE"
  --producer-props "bootstrap.servers=$bootstrap" "acks=$ACKS" "linger.ms=$LINGER_MS")

# The first record's CreateTime (epoch ms) in topic $1.
first_record_ms() {
  stock consumer.ConsoleConsumer --bootstrap-server "$bootstrap" --topic "$1" --from-beginning --max-messages 1 \
    --timeout-ms 30000 --property print.timestamp=true --property print.value=false 2>"$logs/first-$1.err" \
    | sed -n 's/^CreateTime:\([0-9]*\).*/\1/p' | head -n 1
}

run_one() { # tool pair
  local tool="$1" pair="$2" topic out start end first
  topic="ttfr-$stamp-$tool-$pair"
  create_topic "$topic"
  out="$logs/$tool-$pair.log"
  start="$(date +%s%3N)"
  case "$tool" in
    stock)     stock ProducerPerformance --topic "$topic" "${flags[@]}" >"$out" 2>&1 ;;
    kbench)    kb produce --topic "$topic" "${flags[@]}" --results-dir "$work/kbench-results" >"$out" 2>&1 ;;
    kbench-nt) kb produce --topic "$topic" "${flags[@]}" --results-dir "$work/kbench-results" --no-telemetry >"$out" 2>&1 ;;
  esac || { tail -n 30 "$out" >&2; die "$tool failed (see $out)"; }
  end="$(date +%s%3N)"
  first="$(first_record_ms "$topic")"
  [ -n "$first" ] || die "no record read back from $topic (see $logs/first-$topic.err)"
  printf '%s\t%s\t%s\t%s\n' "$tool" "$pair" "$((first - start))" "$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", (e - s) / 1000 }')" >>"$results"
  log "$tool pair $pair: first record after $((first - start)) ms, wall $(( (end - start) )) ms"
}

for pair in $(seq 1 "$PAIRS"); do
  shift_by=$(( (pair - 1) % ${#TOOLS[@]} ))
  for i in "${!TOOLS[@]}"; do
    run_one "${TOOLS[$(( (i + shift_by) % ${#TOOLS[@]} ))]}" "$pair"
  done
done

print_caption "PAIRS=$PAIRS RATE=$RATE RECORDS=$RECORDS RECORD_SIZE=$RECORD_SIZE bench/time-to-first-record.sh" "$load_at_start"
echo "$(nproc) cores; JAVA_OPTS='${JAVA_OPTS}'"
echo
python3 - "$results" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    tool, pair, first, wall = line.rstrip("\n").split("\t")
    rows[tool].append((int(first), float(wall)))
print("| tool      | runs | first record, ms (median) | each run, ms           | wall s (median) | ratio to stock |")
print("|-----------|-----:|--------------------------:|------------------------|----------------:|---------------:|")
stock = statistics.median(r[0] for r in rows["stock"])
for tool in ["stock", "kbench", "kbench-nt"]:
    firsts = [r[0] for r in rows[tool]]
    med = statistics.median(firsts)
    ratio = "" if tool == "stock" else f"{med / stock:.2f}x"
    print(f"| {tool:9} | {len(firsts):>4} | {med:>25,.0f} | {' / '.join(f'{f:,}' for f in firsts):22} | "
          f"{statistics.median(r[1] for r in rows[tool]):>15.2f} | {ratio:>14} |")
PY
echo
echo "first record: the first record's CreateTime (stamped in the producer's send()) minus the command's start"
