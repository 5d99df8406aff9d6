#!/usr/bin/env bash
# kbench vs the stock Kafka perf tools, on one embedded broker, interleaved.
#
#   bench/vs-perf-test.sh                        # defaults below
#   RECORDS=1000000 RECORD_SIZE=1024 RUNS=3 bench/vs-perf-test.sh
#
# Producer: runs org.apache.kafka.tools.ProducerPerformance (kafka-producer-perf-test) and
# `kbench produce` with the SAME flags, alternately (stock, kbench, stock, kbench, ...), RUNS times
# each, every run into a fresh topic pre-created with TopicCommand with PARTITIONS partitions.
# Consumer: fills one topic once with the stock producer, then alternates
# org.apache.kafka.tools.ConsumerPerformance and `kbench consume` over it with the SAME flags, each run with a
# fresh group (so both read the whole topic from the earliest offset).
#
# Numbers compared:
#   producer       records/s and MB/sec from each tool's final "N records sent, X records/sec (Y MB/sec)" line
#                  (both tools compute MB as bytes / 1024 / 1024, i.e. MiB).
#   consumer       fetch.nMsg.sec and fetch.MB.sec from each tool's CSV line: records over (end - start - group
#                  join time), the same formula on both sides (kbench consume prints the stock tool's CSV).
#   consumer-json  stock fetch.nMsg.sec vs kbench's own result.json consumed.recordsPerSec (first to last poll
#                  that returned records: no group join, no wait for the first fetch).
#                  The stock tool's nMsg.sec includes the group join and is shown in the log for reference only.
# Ratios are kbench median / stock median. Both JVMs get the same JAVA_OPTS (default: none).
#
# Env: RECORDS (1000000; NUM_RECORDS is accepted too) RECORD_SIZE (100) RUNS (3) ACKS (1) PARTITIONS (1)
#      JAVA_OPTS ("") CONSUMER_TIMEOUT_MS (30000) KEEP (0: delete the broker dir and logs at exit; 1: keep them)
set -euo pipefail

RECORDS="${RECORDS:-${NUM_RECORDS:-1000000}}"
RECORD_SIZE="${RECORD_SIZE:-100}"
RUNS="${RUNS:-3}"
ACKS="${ACKS:-1}"
PARTITIONS="${PARTITIONS:-1}"
JAVA_OPTS="${JAVA_OPTS:-}"
CONSUMER_TIMEOUT_MS="${CONSUMER_TIMEOUT_MS:-30000}"
KEEP="${KEEP:-0}"

BENCH_NAME=vs-perf-test
# shellcheck source=lib/perf-tools.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/perf-tools.sh"
perf_tools_init
start_cluster

results="$work/results.tsv" # phase tool run records/s MiB/s
: >"$results"
record() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$results"; }

same_flags=(--num-records "$RECORDS" --record-size "$RECORD_SIZE" --throughput -1
            --producer-props "bootstrap.servers=$bootstrap" "acks=$ACKS")
stamp="$(date +%s)"

# ---- producer -------------------------------------------------------------------------------
for run in $(seq 1 "$RUNS"); do
  for tool in stock kbench; do
    topic="vs-prod-$stamp-$tool-$run"
    create_topic "$topic"
    out="$logs/producer-$tool-$run.log"
    log "producer run $run: $tool -> $topic"
    if [ "$tool" = stock ]; then
      run_logged "$out" stock ProducerPerformance --topic "$topic" "${same_flags[@]}"
    else
      run_logged "$out" kb produce --topic "$topic" "${same_flags[@]}" --results-dir "$work/kbench-results"
    fi
    read -r rps mibs < <(parse_producer "$out")
    record producer "$tool" "$run" "$rps" "$mibs"
    log "  $rps records/s, $mibs MiB/s"
  done
done

# ---- consumer -------------------------------------------------------------------------------
ctopic="vs-cons-$stamp"
create_topic "$ctopic"
log "filling $ctopic with $RECORDS records of $RECORD_SIZE bytes (stock producer)"
run_logged "$logs/consumer-fill.log" stock ProducerPerformance --topic "$ctopic" "${same_flags[@]}"
# Prints "records/s MiB/s" of the consumed totals in the result.json whose path kbench printed ("results: ...").
parse_kbench_json() {
  local file
  file="$(sed -n 's/^results: //p' "$1" | tail -n 1)"
  [ -f "$file" ] || die "no result.json named in $1"
  jq -r '.summary.consumed | "\(.recordsPerSec) \(.mebibytesPerSec)"' "$file"
}

for run in $(seq 1 "$RUNS"); do
  for tool in stock kbench; do
    group="vs-cons-$stamp-$tool-$run"
    out="$logs/consumer-$tool-$run.log"
    log "consumer run $run: $tool (group $group)"
    cflags=(--bootstrap-server "$bootstrap" --topic "$ctopic" --num-records "$RECORDS" --group "$group"
            --timeout "$CONSUMER_TIMEOUT_MS")
    if [ "$tool" = stock ]; then
      run_logged "$out" stock ConsumerPerformance "${cflags[@]}"
    else
      run_logged "$out" kb consume "${cflags[@]}" --results-dir "$work/kbench-results"
    fi
    read -r n rps mibs wall < <(parse_csv_columns "$out" start.time data.consumed.in.nMsg fetch.nMsg.sec fetch.MB.sec nMsg.sec)
    [ "$n" -ge "$RECORDS" ] || die "$tool consumer read $n of $RECORDS records (see $out)"
    record consumer "$tool" "$run" "$rps" "$mibs"
    log "  fetch.nMsg.sec $rps, fetch.MB.sec $mibs (nMsg.sec incl. group join: $wall)"
    if [ "$tool" = stock ]; then
      record consumer-json stock "$run" "$rps" "$mibs"
    else
      read -r jrps jmibs < <(parse_kbench_json "$out")
      record consumer-json kbench "$run" "$jrps" "$jmibs"
      log "  result.json consumed: $jrps records/s, $jmibs MiB/s"
    fi
  done
done

# ---- report ---------------------------------------------------------------------------------
echo
echo "kbench vs stock perf tools: 1 embedded broker, RECORDS=$RECORDS RECORD_SIZE=$RECORD_SIZE RUNS=$RUNS ACKS=$ACKS PARTITIONS=$PARTITIONS JAVA_OPTS='${JAVA_OPTS}'"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), load avg $(cut -d' ' -f1-3 /proc/loadavg)"
echo
awk -F'\t' '
  function median(phase, tool,    m, i, j, t, a) {
    m = cnt[phase, tool]
    for (i = 1; i <= m; i++) a[i] = val[phase, tool, i]
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  function medianMib(phase, tool,    m, i, j, t, a) {
    m = cnt[phase, tool]
    for (i = 1; i <= m; i++) a[i] = mib[phase, tool, i]
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  { k = ++cnt[$1, $2]; val[$1, $2, k] = $4; mib[$1, $2, k] = $5; rows[++nr] = $0 }
  END {
    printf "| %-13s | %-6s | %-6s | %12s | %8s |\n", "phase", "tool", "run", "records/s", "MiB/s"
    printf "|---------------|--------|--------|-------------:|---------:|\n"
    for (r = 1; r <= nr; r++) { split(rows[r], f, "\t"); printf "| %-13s | %-6s | %-6s | %12.1f | %8.2f |\n", f[1], f[2], f[3], f[4], f[5] }
    np = split("producer consumer consumer-json", phases, " ")
    for (p = 1; p <= np; p++) {
      ph = phases[p]
      for (t = 1; t <= 2; t++) {
        tool = (t == 1) ? "stock" : "kbench"
        printf "| %-13s | %-6s | %-6s | %12.1f | %8.2f |\n", ph, tool, "median", median(ph, tool), medianMib(ph, tool)
      }
    }
    print ""
    for (p = 1; p <= np; p++) {
      ph = phases[p]
      s = median(ph, "stock"); k = median(ph, "kbench")
      printf "ratio %-13s kbench/stock (median records/s): %.2fx\n", ph, (s > 0 ? k / s : 0)
    }
  }' "$results"
cat <<'EOF'

consumer metric      : fetch.nMsg.sec / fetch.MB.sec from both tools' CSV line (same formula; group join excluded)
consumer-json metric : stock fetch.nMsg.sec vs kbench result.json consumed.recordsPerSec (first to last poll with records)
latency detail:
  stock producer : avg/max + p50/p95/p99/p99.9 in whole ms, from a sample of at most 500k records
  kbench produce : every acked record in an HdrHistogram (µs), p50..max in result.json + publish-latency.hlog
  stock consumer : none (throughput only)
  kbench consume : backlog mode, throughput only (end-to-end latency needs kbench run with a live producer)
EOF
