#!/usr/bin/env bash
# What the load generator costs: CPU-seconds per million records of `kbench produce` / `kbench consume` against
# kafka-producer-perf-test / kafka-consumer-perf-test, on one embedded broker, same flags, interleaved.
#
#   bench/cpu-per-record.sh                                   # defaults below (about 15 minutes)
#   RATES="5000 -1" SIZES=100 SECONDS_PER_RUN=3 PAIRS=1 bench/cpu-per-record.sh   # a quick check
#
# For every record size in SIZES and rate in RATES (records/s; -1 = open load, as fast as the tool goes):
#   producer  the stock ProducerPerformance, `kbench produce` and `kbench produce --no-telemetry` with the same flags
#             (--num-records, --record-size, --throughput, acks, linger.ms), each into a fresh topic, deleted after
#             its run (so every run starts on the same broker disk).
#   consumer  at a fixed rate: the measured consumer (stock ConsumerPerformance, `kbench consume`, `kbench consume
#             --no-telemetry`) reads a fresh topic while a stock producer (not measured) fills it at that rate;
#             at open load: each reads the same pre-filled topic with a fresh group.
# The order of the tools rotates from pair to pair, so drift of the machine or the broker favours none of them.
# CPU is the user + sys time of the measured tool's whole process (bash's `time` over the JVM: every thread, GC and
# JIT included, from JVM start to exit); wall is its elapsed time, start-up included. CPU per million records is
# CPU-seconds / records * 1,000,000. Ratios are of the medians over the pairs, kbench / stock (lower is cheaper);
# at open load also throughput (producer: records/sec of the final line; consumer: fetch.nMsg.sec), kbench / stock.
#
# Env: RATES ("5000 50000 200000 -1") SIZES ("100 1000") SECONDS_PER_RUN (10: records = rate x this at a fixed
#      rate) OPEN_RECORDS (2000000 at open load) PAIRS (1) PHASES ("producer consumer") ACKS (1) LINGER_MS (5)
#      PARTITIONS (1) JAVA_OPTS ("": both tools' JVMs, after the launcher's own for kbench) KBENCH_OPTS ("": kbench's
#      JVM only, after JAVA_OPTS) KEEP (0: delete the broker dir and logs at exit; 1: keep) LABEL (the caption's machine, e.g. "quiet machine")
set -euo pipefail

RATES="${RATES:-5000 50000 200000 -1}"
SIZES="${SIZES:-100 1000}"
SECONDS_PER_RUN="${SECONDS_PER_RUN:-10}"
OPEN_RECORDS="${OPEN_RECORDS:-2000000}"
PAIRS="${PAIRS:-1}"
PHASES="${PHASES:-producer consumer}"
ACKS="${ACKS:-1}"
LINGER_MS="${LINGER_MS:-5}"
PARTITIONS="${PARTITIONS:-1}"
JAVA_OPTS="${JAVA_OPTS:-}"
KEEP="${KEEP:-0}"
TOOLS=(stock kbench kbench-nt)

BENCH_NAME=cpu-per-record
# shellcheck source=lib/perf-tools.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/perf-tools.sh"
perf_tools_init
start_cluster

prime_kbench produce consume # the launcher's class archives, written before anything is measured

results="$work/results.tsv" # phase size rate tool pair records cpu-s wall-s records/s
: >"$results"
stamp="$(date +%s)"
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

# Runs "$@" with output to $1; prints "cpu-seconds wall-seconds" of it (children included: the tool's JVM).
timed() {
  local out="$1"; shift
  local TIMEFORMAT='%U %S %R'
  if ! { time "$@" >"$out" 2>&1; } 2>"$out.time"; then
    tail -n 30 "$out" >&2
    die "failed: $*"
  fi
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$out.time"
}

# The tools in pair $1's order: rotated by one per pair.
order() {
  local shift_by=$(( ($1 - 1) % ${#TOOLS[@]} )) i
  for i in "${!TOOLS[@]}"; do echo "${TOOLS[$(( (i + shift_by) % ${#TOOLS[@]} ))]}"; done
}

records_for() { # rate
  if [ "$1" = -1 ]; then echo "$OPEN_RECORDS"; else echo $(( $1 * SECONDS_PER_RUN )); fi
}

producer_flags() { # records size rate
  echo --num-records "$1" --record-size "$2" --throughput "$3" \
    --producer-props "bootstrap.servers=$bootstrap" "acks=$ACKS" "linger.ms=$LINGER_MS"
}

produce_one() { # tool size rate pair
  local tool="$1" size="$2" rate="$3" pair="$4" n topic out cpu wall rps mibs
  n="$(records_for "$rate")"
  topic="cpr-p-$stamp-$size-${rate/-1/open}-$tool-$pair"
  create_topic "$topic"
  out="$logs/producer-$size-$rate-$tool-$pair.log"
  # shellcheck disable=SC2046
  case "$tool" in
    stock)     read -r cpu wall < <(timed "$out" stock ProducerPerformance --topic "$topic" $(producer_flags "$n" "$size" "$rate")) ;;
    kbench)    read -r cpu wall < <(timed "$out" kb produce --topic "$topic" $(producer_flags "$n" "$size" "$rate") --results-dir "$work/kbench-results") ;;
    kbench-nt) read -r cpu wall < <(timed "$out" kb produce --topic "$topic" $(producer_flags "$n" "$size" "$rate") --results-dir "$work/kbench-results" --no-telemetry) ;;
  esac
  read -r rps mibs < <(parse_producer "$out")
  delete_topic "$topic"
  printf 'producer\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$rate" "$tool" "$pair" "$n" "$cpu" "$wall" "$rps" >>"$results"
  log "producer $size B ${rate} rec/s $tool: $cpu CPU-s, $wall s wall, $rps records/s"
}

consumer_cmd() { # tool topic records group
  local flags=(--bootstrap-server "$bootstrap" --topic "$2" --num-records "$3" --group "$4" --timeout 60000)
  case "$1" in
    stock)     stock ConsumerPerformance "${flags[@]}" ;;
    kbench)    kb consume "${flags[@]}" --results-dir "$work/kbench-results" ;;
    kbench-nt) kb consume "${flags[@]}" --results-dir "$work/kbench-results" --no-telemetry ;;
  esac
}

consume_one() { # tool size rate pair [filled-topic]
  local tool="$1" size="$2" rate="$3" pair="$4" topic="${5:-}" n out cpu wall rps feeder=""
  n="$(records_for "$rate")"
  out="$logs/consumer-$size-$rate-$tool-$pair.log"
  if [ -z "$topic" ]; then
    topic="cpr-c-$stamp-$size-$rate-$tool-$pair"
    create_topic "$topic"
    # The feeder starts with the consumer; the consumer reads from the earliest offset, so none is missed.
    # shellcheck disable=SC2046
    stock ProducerPerformance --topic "$topic" $(producer_flags "$n" "$size" "$rate") >"$logs/feeder-$size-$rate-$tool-$pair.log" 2>&1 &
    feeder=$!
  fi
  read -r cpu wall < <(timed "$out" consumer_cmd "$tool" "$topic" "$n" "cpr-$stamp-$size-$rate-$tool-$pair")
  if [ -n "$feeder" ]; then wait "$feeder" || die "feeder for $topic failed (see $logs)"; fi
  read -r got rps < <(parse_csv_columns "$out" start.time data.consumed.in.nMsg fetch.nMsg.sec)
  [ "$got" -ge "$n" ] || die "$tool consumer read $got of $n records (see $out)"
  [ -z "$feeder" ] || delete_topic "$topic"
  printf 'consumer\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$rate" "$tool" "$pair" "$n" "$cpu" "$wall" "$rps" >>"$results"
  log "consumer $size B ${rate} rec/s $tool: $cpu CPU-s, $wall s wall, $rps records/s"
}

for phase in $PHASES; do
  for size in $SIZES; do
    filled=""
    for rate in $RATES; do
      if [ "$phase" = consumer ] && [ "$rate" = -1 ] && [ -z "$filled" ]; then
        filled="cpr-fill-$stamp-$size"
        create_topic "$filled"
        log "filling $filled with $OPEN_RECORDS records of $size bytes (stock producer)"
        # shellcheck disable=SC2046
        run_logged "$logs/fill-$size.log" stock ProducerPerformance --topic "$filled" $(producer_flags "$OPEN_RECORDS" "$size" -1)
      fi
      for pair in $(seq 1 "$PAIRS"); do
        for tool in $(order "$pair"); do
          if [ "$phase" = producer ]; then
            produce_one "$tool" "$size" "$rate" "$pair"
          elif [ "$rate" = -1 ]; then
            consume_one "$tool" "$size" "$rate" "$pair" "$filled"
          else
            consume_one "$tool" "$size" "$rate" "$pair"
          fi
        done
      done
    done
    if [ -n "$filled" ]; then delete_topic "$filled"; fi
  done
done

print_caption "RATES=\"$RATES\" SIZES=\"$SIZES\" SECONDS_PER_RUN=$SECONDS_PER_RUN OPEN_RECORDS=$OPEN_RECORDS PAIRS=$PAIRS PHASES=\"$PHASES\"${KBENCH_OPTS:+ KBENCH_OPTS=\"$KBENCH_OPTS\"} bench/cpu-per-record.sh" \
  "$load_at_start"
echo "CPU per record, kbench vs stock perf tools: 1 embedded broker, PAIRS=$PAIRS SECONDS_PER_RUN=$SECONDS_PER_RUN OPEN_RECORDS=$OPEN_RECORDS ACKS=$ACKS LINGER_MS=$LINGER_MS PARTITIONS=$PARTITIONS JAVA_OPTS='${JAVA_OPTS}'"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), load avg $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kbench-nt = kbench with --no-telemetry; CPU-s/M = CPU-seconds (user + sys) per million records; medians over PAIRS"
echo
python3 - "$results" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    phase, size, rate, tool, pair, n, cpu, wall, rps = line.rstrip("\n").split("\t")
    rows[(phase, int(size), int(rate), tool)].append((int(n), float(cpu), float(wall), float(rps)))
def med(key, f):
    return statistics.median(f(r) for r in rows[key]) if rows.get(key) else float("nan")
cpm = lambda r: r[1] / r[0] * 1e6
print(f"| {'phase':8} | {'size B':>6} | {'rate rec/s':>10} | {'tool':9} | {'records':>9} | {'CPU-s':>7} | {'CPU-s/M':>8} | {'wall s':>7} | {'records/s':>10} | {'CPU ratio':>9} | {'rate ratio':>10} |")
print("|----------|-------:|-----------:|-----------|----------:|--------:|---------:|--------:|-----------:|----------:|-----------:|")
for key in sorted(rows, key=lambda k: (k[0] != "producer", k[1], k[2] if k[2] > 0 else 1 << 40, ["stock", "kbench", "kbench-nt"].index(k[3]))):
    phase, size, rate, tool = key
    stock = (phase, size, rate, "stock")
    cpu_ratio = "" if tool == "stock" else f"{med(key, cpm) / med(stock, cpm):.2f}x"
    rate_ratio = "" if tool == "stock" or rate != -1 else f"{med(key, lambda r: r[3]) / med(stock, lambda r: r[3]):.2f}x"
    print(f"| {phase:8} | {size:>6} | {('open' if rate < 0 else f'{rate:,}'):>10} | {tool:9} | {int(med(key, lambda r: r[0])):>9,} | "
          f"{med(key, lambda r: r[1]):>7.2f} | {med(key, cpm):>8.2f} | {med(key, lambda r: r[2]):>7.1f} | "
          f"{med(key, lambda r: r[3]):>10,.0f} | {cpu_ratio:>9} | {rate_ratio:>10} |")
# Producers only: a consumer's fetch.nMsg.sec at a fixed rate runs from its own start, before the feeder's first record.
short = [k for k in rows if k[0] == "producer" and k[2] > 0 and med(k, lambda r: r[3]) < 0.95 * k[2]]
if short:
    print()
    print("Producers that fell short of their rate (records/s < 95% of it; CPU per record then compares different loads):")
    for phase, size, rate, tool in sorted(short):
        print(f"  {phase} {size} B {rate:,} records/s {tool}: {med((phase, size, rate, tool), lambda r: r[3]):,.0f} records/s")
PY
cat <<'EOF'

CPU ratio  : median CPU-s/M of the row's tool / the stock tool's (the issue's target: <= 0.80 at every fixed rate)
rate ratio : at open load, median records/s of the row's tool / the stock tool's (targets: producer >= 1.20x,
             consumer >= 1.10x); producer: the final line's records/sec; consumer: fetch.nMsg.sec
EOF
