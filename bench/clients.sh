#!/usr/bin/env bash
# What each client costs and how fast it sends: CPU per record and open-load records/s of kbench's producers on the
# Java client, on franz-go and on librdkafka (each in its driver), and of the stock kafka-producer-perf-test, on one
# embedded broker, same records and producer settings, interleaved.
#
#   bench/clients.sh                                          # defaults below (about 10 minutes)
#   RATES="20000 -1" SECONDS_PER_RUN=5 OPEN_RECORDS=500000 bench/clients.sh   # a quick check
#
# For every rate in RATES (records/s; -1 = open load, as fast as the tool goes) and pair 1..PAIRS, each tool in TOOLS
# produces into a fresh topic (deleted after its run), the order rotating by one from pair to pair, so drift of the
# machine or the broker favours none of them:
#   stock       org.apache.kafka.tools.ProducerPerformance (the stock tool, kbench's own class path), --throughput
#   java        kbench run, producers.client java (one producer thread, no consumers, --no-telemetry)
#   franz-go    kbench run, producers.client franz-go (its driver)
#   librdkafka  kbench run, producers.client librdkafka (its driver)
# Two CPU figures per run, both per record:
#   process  the user + sys time of the whole command (bash's time: the tool's JVM, or kbench's JVM and the driver it
#            waited for), start-up included, over the records it sent: what running the tool costs;
#   window   kbench's own loadCpu (docs/clients.md#cpu-per-record): the process that ran the client, over the measured
#            window only (a driver's own process; for java kbench's JVM, measuring included); none for the stock tool.
# records/s: the stock tool's final line; kbench's summary.produced.recordsPerSec. A driver's run counts only when its
# broker check matched (the records it counted are the growth of the topic's end offsets).
#
# Env: RATES ("50000 -1") SIZE (100) SECONDS_PER_RUN (10: records = rate x this at a fixed rate) OPEN_RECORDS
#      (2000000 at open load) PAIRS (1) TOOLS ("stock java franz-go librdkafka") ACKS (1) LINGER_MS (5) PARTITIONS (1)
#      JAVA_OPTS ("": both tools' JVMs) KEEP (0) LABEL (the caption's machine)
set -euo pipefail

RATES="${RATES:-50000 -1}"
SIZE="${SIZE:-100}"
SECONDS_PER_RUN="${SECONDS_PER_RUN:-10}"
OPEN_RECORDS="${OPEN_RECORDS:-2000000}"
PAIRS="${PAIRS:-1}"
read -r -a TOOLS <<<"${TOOLS:-stock java franz-go librdkafka}"

BENCH_NAME=clients
# shellcheck source=lib/perf-tools.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/perf-tools.sh"
perf_tools_init
# The copy of the build has no drivers/: kbench builds (or finds in its cache) the drivers of this checkout.
export KBENCH_DRIVERS_DIR="$root/drivers"
for tool in "${TOOLS[@]}"; do
  case "$tool" in
    stock|java) ;;
    franz-go|librdkafka) run_logged "$logs/build-$tool.log" kb drivers build "$tool" ;;
    *) die "unknown tool $tool (stock, java, franz-go, librdkafka)" ;;
  esac
done
start_cluster

results="$work/results.tsv" # rate tool pair records process-cpu-s wall-s records/s window-us-per-record
: >"$results"
stamp="$(date +%s)"
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

# The workload of kbench's runs: one producer thread, as the stock tool has, and no consumers.
workload="$work/clients.yaml"
cat >"$workload" <<YAML
name: clients-bench
topic: {name: clients-bench, partitions: $PARTITIONS, replicationFactor: 1, create: false}
producers:
  count: 1
  recordSize: $SIZE
  properties: {acks: "$ACKS", linger.ms: $LINGER_MS}
consumers: {mode: none}
YAML

timed() { # out command... -> "cpu-seconds wall-seconds"
  local out="$1"; shift
  local TIMEFORMAT='%U %S %R'
  if ! { time "$@" >"$out" 2>&1; } 2>"$out.time"; then
    tail -n 30 "$out" >&2
    die "failed: $*"
  fi
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$out.time"
}

order() { # pair -> the tools rotated by one per pair
  local shift_by=$(( ($1 - 1) % ${#TOOLS[@]} )) i
  for i in "${!TOOLS[@]}"; do echo "${TOOLS[$(( (i + shift_by) % ${#TOOLS[@]} ))]}"; done
}

records_for() { if [ "$1" = -1 ]; then echo "$OPEN_RECORDS"; else echo $(( $1 * SECONDS_PER_RUN )); fi; }

kbench_run() { # client topic records rate results-dir
  kb run "$workload" --bootstrap-server "$bootstrap" --no-telemetry --no-catalog --results-dir "$5" \
    --set "topic.name=$2" --set "producers.client=$1" --set "producers.records=$3" --set "producers.rate=$4"
}

# Prints "records/s window-us-per-record" of the one result.json under $1; fails on a run that did not complete or
# whose driver's count is not the brokers' (clients.brokerCheck).
kbench_figures() {
  python3 - "$1" <<'PY'
import json, pathlib, sys
[result] = pathlib.Path(sys.argv[1]).glob("*/result.json")
r = json.loads(result.read_text())
cpu = (r.get("loadCpu") or {}).get("producers")
check = (r.get("clients") or {}).get("brokerCheck")
if r["status"] != "completed" or (check is not None and not check["match"]):
    sys.exit(f"{result}: status {r['status']}, broker check {check}: the driver's count is not the brokers'")
print(f"{r['summary']['produced']['recordsPerSec']:.1f} {cpu['cpuMicrosPerRecord'] if cpu else 'nan'}")
PY
}

produce_one() { # tool rate pair
  local tool="$1" rate="$2" pair="$3" n topic out cpu wall rps window dir
  n="$(records_for "$rate")"
  topic="clients-$stamp-${rate/-1/open}-$tool-$pair"
  create_topic "$topic"
  out="$logs/$rate-$tool-$pair.log"
  if [ "$tool" = stock ]; then
    read -r cpu wall < <(timed "$out" stock ProducerPerformance --topic "$topic" --num-records "$n" --record-size "$SIZE" \
      --throughput "$rate" --producer-props "bootstrap.servers=$bootstrap" "acks=$ACKS" "linger.ms=$LINGER_MS")
    read -r rps _ < <(parse_producer "$out")
    window=nan
  else
    dir="$work/results/$rate-$tool-$pair"
    read -r cpu wall < <(timed "$out" kbench_run "$tool" "$topic" "$n" "$rate" "$dir")
    read -r rps window < <(kbench_figures "$dir")
  fi
  delete_topic "$topic"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$rate" "$tool" "$pair" "$n" "$cpu" "$wall" "$rps" "$window" >>"$results"
  log "${rate} rec/s $tool: $cpu CPU-s, $wall s wall, $rps records/s, window $window us/record"
}

# One unmeasured short run of each tool first: JIT-free start-up costs (class archives, a driver's first start) are
# then the same for every measured run.
for tool in "${TOOLS[@]}"; do
  topic="clients-prime-$tool"
  create_topic "$topic"
  if [ "$tool" = stock ]; then
    run_logged "$logs/prime-$tool.log" stock ProducerPerformance --topic "$topic" --num-records 1000 --record-size "$SIZE" \
      --throughput -1 --producer-props "bootstrap.servers=$bootstrap"
  else
    run_logged "$logs/prime-$tool.log" kbench_run "$tool" "$topic" 1000 -1 "$work/prime-$tool"
  fi
  delete_topic "$topic"
done

for rate in $RATES; do
  for pair in $(seq 1 "$PAIRS"); do
    for tool in $(order "$pair"); do
      produce_one "$tool" "$rate" "$pair"
    done
  done
done

print_caption "RATES=\"$RATES\" SIZE=$SIZE SECONDS_PER_RUN=$SECONDS_PER_RUN OPEN_RECORDS=$OPEN_RECORDS PAIRS=$PAIRS TOOLS=\"${TOOLS[*]}\" bench/clients.sh" \
  "$load_at_start"
echo "Producers by client: 1 embedded broker, 1 producer thread, $SIZE B records, ACKS=$ACKS LINGER_MS=$LINGER_MS PARTITIONS=$PARTITIONS, medians over PAIRS=$PAIRS"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), load avg $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 - "$results" "${TOOLS[@]}" <<'PY'
import collections, math, statistics, sys
tools = sys.argv[2:]
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    rate, tool, pair, n, cpu, wall, rps, window = line.rstrip("\n").split("\t")
    rows[(int(rate), tool)].append((int(n), float(cpu), float(wall), float(rps), float(window)))
def med(key, f):
    vals = [f(r) for r in rows[key] if not math.isnan(f(r))]
    return statistics.median(vals) if vals else float("nan")
print(f"| {'rate rec/s':>10} | {'tool':10} | {'records':>9} | {'records/s':>10} | {'process us/rec':>14} | {'window us/rec':>13} | {'wall s':>7} |")
print("|-----------:|------------|----------:|-----------:|---------------:|--------------:|--------:|")
for key in sorted(rows, key=lambda k: (k[0] if k[0] > 0 else 1 << 40, tools.index(k[1]))):
    rate, tool = key
    window = med(key, lambda r: r[4])
    print(f"| {('open' if rate < 0 else f'{rate:,}'):>10} | {tool:10} | {int(med(key, lambda r: r[0])):>9,} | "
          f"{med(key, lambda r: r[3]):>10,.0f} | {med(key, lambda r: r[1] / r[0] * 1e6):>14.2f} | "
          f"{'-' if math.isnan(window) else f'{window:.2f}':>13} | {med(key, lambda r: r[2]):>7.1f} |")
short = [k for k in rows if k[0] > 0 and med(k, lambda r: r[3]) < 0.95 * k[0]]
if short:
    print()
    print("Fell short of their rate (records/s < 95% of it; CPU per record then compares different loads):")
    for rate, tool in sorted(short):
        print(f"  {rate:,} records/s {tool}: {med((rate, tool), lambda r: r[3]):,.0f} records/s")
PY
cat <<'EOF'

process us/rec : user + sys CPU of the whole command (start-up included) per record sent, microseconds
window us/rec  : kbench's loadCpu over the measured window per record (a driver's own process; java: kbench's JVM)
EOF
