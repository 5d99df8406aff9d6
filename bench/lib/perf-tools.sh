# Shared by the bench/*.sh scripts that compare kbench with the stock Kafka perf tools (source it; not a command).
# The caller sets BENCH_NAME (its log prefix), JAVA_OPTS and KEEP, then calls perf_tools_init; it gets:
#   $root $work $logs $cluster_dir $bootstrap (after start_cluster), $java_cmd $cp $kbench (the launcher of the copied build)
#   log die stock kb create_topic delete_topic run_logged parse_producer parse_csv_columns start_cluster prime_kbench
#   print_caption
# The stock tools run from kbench's own class path (target/lib holds kafka-tools of the same Kafka version), so both
# tools use the same client jars and the same JVM. Both (and the broker) run from a copy of the build taken at the
# start ($work/build): a build of another change in this checkout during a long bench (`mvn package` rewrites
# target/classes and target/lib) cannot pull classes from under the running tools.

# Defaults shared by the benches (a caller's own setting, before sourcing this, wins): the producers' acks and
# linger.ms, each topic's partitions, extra JVM options for both tools, whether to keep the work directory.
ACKS="${ACKS:-1}"
LINGER_MS="${LINGER_MS:-5}"
PARTITIONS="${PARTITIONS:-1}"
JAVA_OPTS="${JAVA_OPTS:-}"
KEEP="${KEEP:-0}"

log() { echo "$BENCH_NAME: $*" >&2; }
die() { log "$*"; exit 1; }

perf_tools_init() {
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  cd "$root"
  java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-$BENCH_NAME.XXXXXX")"
  cluster_dir="$work/cluster"
  logs="$work/logs"
  mkdir -p "$logs"
  cluster_started=0
  cleaned=0
  # A trap runs with the redirections of the command it interrupted (e.g. a run's log file), so cleanup
  # writes to the script's own stderr, saved here as fd 3.
  exec 3>&2
  trap perf_tools_cleanup EXIT
  trap 'perf_tools_cleanup; exit 130' INT
  trap 'perf_tools_cleanup; exit 143' TERM
  # Build once (the launcher builds on first use or when pom.xml changed), then run from a copy of that build.
  ./kbench --version >/dev/null
  snapshot_build
}

# Copies the launcher, the packaged jar and its libraries to $work/build; sets $kbench and $cp to that copy.
snapshot_build() {
  local jar="" j
  for j in "$root"/target/kbench-*.jar; do
    case "$j" in *-sources.jar|*-tests.jar|*-javadoc.jar) ;; *) [ -f "$j" ] && jar="$j" ;; esac
  done
  [ -n "$jar" ] && [ ! "$root/target/classes/io/kbench/cli/Main.class" -nt "$jar" ] \
    || die "no packaged jar as new as target/classes: run ./mvnw -B -q package -DskipTests first"
  mkdir -p "$work/build/target"
  cp "$root/kbench" "$root/pom.xml" "$work/build/"
  cp "$jar" "$work/build/target/"
  cp -r "$root/target/lib" "$work/build/target/lib"
  # The copy's launcher finds its build made (no target/classes, so it runs the jar, with its own class archive).
  touch "$work/build/target/.kbench-built"
  kbench="$work/build/kbench"
  cp="$work/build/target/$(basename "$jar"):$work/build/target/lib/*"
}

perf_tools_cleanup() {
  [ "$cleaned" = 1 ] && return 0
  cleaned=1
  # Background jobs of the caller (a producer feeding a measured consumer) end with the script.
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null || true; done
  if [ "$cluster_started" = 1 ] || [ -d "$cluster_dir" ]; then
    "${kbench:-./kbench}" cluster stop --dir "$cluster_dir" >&3 2>&3 || echo "$BENCH_NAME: cluster stop failed; check: pgrep -af $cluster_dir" >&3
  fi
  if [ "$KEEP" = 1 ]; then
    echo "$BENCH_NAME: kept $work" >&3
  else
    rm -rf "$work"
  fi
}

# Starts one embedded broker in $cluster_dir; sets $bootstrap.
start_cluster() {
  log "starting one embedded broker in $cluster_dir"
  cluster_started=1
  # log.segment.delete.delay.ms=0 (the broker default of the topic setting file.delete.delay.ms, which kbench refuses
  # as a broker config): a topic a bench deletes (delete_topic) leaves the disk at once, its unwritten pages dropped,
  # so one run's gigabytes are not written back during the next run.
  bootstrap="$("$kbench" cluster start --dir "$cluster_dir" --broker-config log.segment.delete.delay.ms=0 \
    2>"$logs/cluster-start.err" | tail -n 1)"
  [ -n "$bootstrap" ] || { cat "$logs/cluster-start.err" >&2; die "cluster start printed no bootstrap servers"; }
  log "bootstrap: $bootstrap"
}

stock() { # class args...
  local cls="$1"; shift
  # shellcheck disable=SC2086
  "$java_cmd" $JAVA_OPTS -cp "$cp" "org.apache.kafka.tools.$cls" "$@"
}
# KBENCH_OPTS: JVM flags for kbench only (e.g. to compare JIT settings against an unchanged stock tool).
kb() { KBENCH_JAVA_OPTS="$JAVA_OPTS ${KBENCH_OPTS:-}" "$kbench" "$@"; }

create_topic() { # name [partitions]
  stock TopicCommand --bootstrap-server "$bootstrap" --create --topic "$1" \
    --partitions "${2:-$PARTITIONS}" --replication-factor 1 >"$logs/topic-$1.log" 2>&1 \
    || { cat "$logs/topic-$1.log" >&2; die "cannot create topic $1"; }
}

# Deletes a measured run's topic, so every run starts on the same (empty) broker disk: without it the open-load runs
# at 1,000 B left 2 GB each and later runs of every tool slowed as the disk filled.
delete_topic() { # name
  stock TopicCommand --bootstrap-server "$bootstrap" --delete --topic "$1" >>"$logs/topic-$1.log" 2>&1 \
    || { cat "$logs/topic-$1.log" >&2; die "cannot delete topic $1"; }
}

# Runs "$@" with output to $1 (a log file); fails loudly with the log's tail.
run_logged() {
  local out="$1"; shift
  if ! "$@" >"$out" 2>&1; then
    tail -n 30 "$out" >&2
    die "failed: $*"
  fi
}

# Prints "records/s MiB/s" from a producer perf-test final line.
parse_producer() {
  local line
  line="$(grep ' records sent, ' "$1" | tail -n 1)" || die "no final line in $1"
  echo "$line" | sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec \(([0-9.]+) MB\/sec\).*/\1 \2/'
}

# Prints the named columns (space-separated) of a CSV header+values pair; header is the last line
# starting with $2, values the line after it.
parse_csv_columns() { # file header-first-column column...
  local file="$1" first="$2"; shift 2
  awk -F', *' -v first="$first" -v want="$*" '
    index($0, first) == 1 { n = split($0, h); getline; split($0, v); found = 1 }
    END {
      if (!found) exit 1
      k = split(want, w, " ")
      for (j = 1; j <= k; j++) for (i = 1; i <= n; i++) if (h[i] == w[j]) printf "%s%s", v[i], (j < k ? " " : "\n")
    }' "$file" || die "no result header in $file"
}

# kbench's launcher writes a class archive for each subcommand on its first run (target/cds; docs/benchmarks.md, "The
# launcher's JVM"): one short unmeasured run of each subcommand named ("produce", "consume"), so no measured run pays
# for writing it. Call after start_cluster.
prime_kbench() { # subcommand...
  local topic="$BENCH_NAME-prime" sub
  create_topic "$topic"
  for sub in "$@"; do
    case "$sub" in
      produce) run_logged "$logs/prime-produce.log" kb produce --topic "$topic" --num-records 1000 --record-size 100 \
                 --throughput -1 --producer-props "bootstrap.servers=$bootstrap" --results-dir "$work/kbench-results" ;;
      consume) run_logged "$logs/prime-consume.log" kb consume --bootstrap-server "$bootstrap" --topic "$topic" \
                 --num-records 1000 --group "$topic" --timeout 60000 --results-dir "$work/kbench-results" ;;
      *) die "prime_kbench: unknown subcommand $sub" ;;
    esac
  done
}

# The paste-ready caption above a bench's table: the machine's label (LABEL), the date, the command ($1) and the load
# average at the start ($2) and now.
print_caption() { # command load-at-start
  echo
  echo "Paste-ready for docs/benchmarks.md (${LABEL:-say: busy machine, indicative / quiet machine}), $(date -u +%Y-%m-%d), command:"
  echo "\`$1\`"
  echo "load avg at start $2, at end $(cut -d' ' -f1-3 /proc/loadavg)"
}
