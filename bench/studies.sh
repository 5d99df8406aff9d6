#!/usr/bin/env bash
# Re-measures the study pages' data and regenerates their tables: runs each study's sweep or find-max, writes its
# Markdown with `kbench report --markdown` into docs/studies/generated/NAME.md, keeps the small sweep.json /
# find-max.json beside it (docs/studies/data/NAME.json) so every figure can be re-checked, and splices the Markdown
# into the pages between `<!-- BEGIN generated/NAME.md -->` and `<!-- END generated/NAME.md -->`.
#
#   bench/studies.sh                 # every study (about four hours on a 2-core machine; run it with nothing else running,
#                                    # as root: the 3- and 4-broker studies share the cores by cluster.limits, storage
#                                    # studies mount loop devices)
#   bench/studies.sh s1-compression s4-find-max-sla    # only these
#   bench/studies.sh --list          # the names and their commands
#   bench/studies.sh --splice        # only re-splice docs/studies/generated/*.md into the pages
#   bench/studies.sh --render        # re-render the Markdown from the runs already in bench/results/studies, and splice
#   bench/studies.sh --claims        # no measurement: judge every study finding again on the kept results in
#                                    # docs/studies/data (the scenario files' findings as they are today), rewrite the
#                                    # findings of the kept sweeps and of generated/NAME.md, write docs/studies/claims.md
#                                    # and generated/claims-*.md from the claims registries (docs/studies/claims/), splice
#
# Full runs land in bench/results/studies/NAME/ (not committed). JDK 25 studies need JDK25_HOME (default: the
# Temurin 25 path on the development machine).
set -euo pipefail
cd "$(dirname "$0")/.."
JDK25=${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
OUT=bench/results/studies
GEN=docs/studies/generated
DATA=docs/studies/data

# name | page | kbench arguments (the results dir is added)
STUDIES=$(cat <<EOF
s1-compression|s1-compression.md|sweep scenarios/s1-compression.yaml
s1-codecs-default-batch|s1-compression.md|sweep scenarios/s1-codecs-default-batch.yaml
s1-codecs-fixed-rate|s1-compression.md|sweep scenarios/s1-codecs-default-batch.yaml --set producers.rate=6000
s1-compression-levels|s1-compression.md|sweep scenarios/s1-compression-levels.yaml
s1-cpu-scaling|s1-compression.md|sweep scenarios/s1-cpu-scaling.yaml
s1-encryption-jdk17|s1-encryption.md|sweep scenarios/s1-encryption.yaml
s1-encryption-fixed-rate|s1-encryption.md|sweep scenarios/s1-encryption.yaml --set producers.rate=12000
s1-encryption-jdk25|s1-encryption.md|sweep scenarios/s1-encryption.yaml --broker-java-home $JDK25 --client-java-home $JDK25
s1-tls-provider|s1-encryption.md|sweep scenarios/s1-tls-provider.yaml
s1-find-max-tls-off|s1-encryption.md|find-max scenarios/s1-find-max-tls.yaml --sla publish.p99<100ms
s1-find-max-tls-on|s1-encryption.md|find-max scenarios/s1-find-max-tls.yaml --sla publish.p99<100ms --security SSL --tls-version TLSv1.3 --cipher aes-128-gcm
s2-producer-scaling|s2-producer-scaling.md|sweep scenarios/s2-producer-scaling.yaml
s2-page-cache|s2-producer-scaling.md|sweep scenarios/s2-page-cache.yaml --broker-heap 256m
s2-consumers|s2-producer-scaling.md|sweep scenarios/s2-consumers.yaml
s2-partitions|s2-producer-scaling.md|sweep scenarios/s2-partitions.yaml
s3-thread-pairs|s3-reference-architecture.md|sweep scenarios/s3-thread-pairs.yaml
s3-producer-knee|s3-reference-architecture.md|sweep scenarios/s3-producer-knee.yaml
s3-knee-acks|s3-reference-architecture.md|sweep scenarios/s3-knee-acks.yaml
s3-acks-fixed-rate|s3-reference-architecture.md|sweep scenarios/s3-acks-fixed-rate.yaml
s3-pairs-knee|s3-reference-architecture.md|sweep scenarios/s3-pairs-knee.yaml
s4-find-max-keep-up|s4-find-max.md|find-max scenarios/s4-find-max.yaml --start-rate 500 --probe-warmup 10s --cluster-warmup 30s
s4-find-max-sla|s4-find-max.md|find-max scenarios/s4-find-max.yaml --sla e2e.p99<200ms --start-rate 500 --probe-warmup 10s --cluster-warmup 30s
s4-find-max-sla-repeat|s4-find-max.md|find-max scenarios/s4-find-max.yaml --sla e2e.p99<200ms --start-rate 500 --probe-warmup 10s --cluster-warmup 30s
s4-find-max-sla-cold|s4-find-max.md|find-max scenarios/s4-find-max.yaml --sla e2e.p99<200ms --start-rate 500 --probe-warmup 10s
s4-find-max-sla-jdk25|s4-find-max.md|find-max scenarios/s4-find-max.yaml --sla e2e.p99<200ms --start-rate 500 --probe-warmup 10s --cluster-warmup 30s --broker-java-home $JDK25
s4-find-max-steps|s4-find-max.md|find-max scenarios/s4-find-max.yaml --step 500 --start-rate 500 --max-probes 30 --probe-warmup 10s --cluster-warmup 30s
s4-spikes|s4-find-max.md|run scenarios/s4-spikes.yaml
s4-filesystems|s4-find-max.md|sweep scenarios/s4-filesystems.yaml
s5-producer-matrix|s5-producer-matrix.md|sweep scenarios/s5-producer-matrix.yaml
s5-acks-fixed-rate|s5-producer-matrix.md|sweep scenarios/s5-acks-fixed-rate.yaml
s5-long|s5-producer-matrix.md|run scenarios/s5-long.yaml
s5-consumer|s5-producer-matrix.md|run scenarios/s5-consumer.yaml
s5-partitions|s5-producer-matrix.md|sweep scenarios/s5-partitions.yaml
s5-untested|s5-producer-matrix.md|sweep scenarios/s5-untested.yaml
faults-leader-kill|../faults.md|run scenarios/faults-leader-kill.yaml
faults-acks1-unclean|../faults.md|run scenarios/faults-acks1-unclean.yaml
faults-slow-follower|../faults.md|run scenarios/faults-slow-follower.yaml
EOF
)

splice() {
    python3 - "$GEN" docs <<'PY'
import pathlib, re, sys
gen, pages = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for page in sorted(pages.rglob("*.md")):
    text = page.read_text()
    def fill(m):
        source = gen / pathlib.Path(m.group(1)).name
        if not source.exists():
            return m.group(0)
        return f"<!-- BEGIN {m.group(1)} -->\n{source.read_text().rstrip()}\n<!-- END {m.group(1)} -->"
    new = re.sub(r"<!-- BEGIN (generated/[\w.-]+\.md) -->.*?<!-- END \1 -->", fill, text, flags=re.S)
    if new != text:
        page.write_text(new)
        print(f"spliced: {page}")
PY
}

# The claims pages from the kept results, without a measurement (see --claims above).
claims() {
    ./kbench --version > /dev/null    # builds target/classes and target/lib when the sources changed
    local sweeps=() name page cmd kind scenario rest
    while IFS='|' read -r name page cmd; do
        read -r kind scenario rest <<< "$cmd"
        [[ $kind == sweep ]] && sweeps+=("$name=$scenario")
    done <<< "$STUDIES"
    java -cp "target/classes:target/lib/*" io.kbench.report.ClaimsPages . "${sweeps[@]}"
    # The tables of generated/NAME.md stay as measured (they cite the repetitions' telemetry, which is not kept);
    # only its findings section is replaced by the one the re-judged kept sweep gives.
    local entry tmp
    for entry in "${sweeps[@]}"; do
        name=${entry%%=*}
        [[ -f $DATA/$name.json && -f $GEN/$name.md ]] || continue
        tmp=$(mktemp -d)
        cp "$DATA/$name.json" "$tmp/sweep.json"
        ./kbench report "$tmp" --markdown --out "$tmp/new.md" > /dev/null
        python3 - "$GEN/$name.md" "$tmp/new.md" <<'PY'
import pathlib, sys
old_file, new_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
def findings(text):
    end = text.index("\nMeasured with")
    start = text.find("**Findings, as kbench judged them**")
    return (start if 0 <= start < end else end + 1), end
old, new = old_file.read_text(), new_file.read_text()
a, b = findings(old)
c, d = findings(new)
section = new[c:d].rstrip("\n")
updated = old[:a].rstrip("\n") + "\n\n" + (section + "\n\n" if section else "") + old[b + 1:]
if updated != old:
    old_file.write_text(updated)
    print(f"findings re-judged: {old_file}")
PY
        rm -rf "$tmp"
    done
}

render() {
    local name=$1 dir
    dir=$(find "$OUT/$name" -mindepth 1 -maxdepth 1 -type d | sort | tail -1)
    ./kbench report "$dir" --markdown --out "$GEN/$name.md" > /dev/null
    cp "$(ls "$dir"/sweep.json "$dir"/find-max.json "$dir"/result.json 2>/dev/null | head -1)" "$DATA/$name.json"
    [[ -f $dir/report.html ]] && cp "$dir/report.html" "$OUT/$name.html"
    return 0
}

run_one() {
    local name=$1 args=$2
    rm -rf "${OUT:?}/$name"
    mkdir -p "$OUT/$name" "$GEN" "$DATA"
    echo "== $name: ./kbench $args   ($(date -u +%H:%M:%S))"
    # shellcheck disable=SC2086 # the argument list is split on purpose; no argument holds a space
    ./kbench $args --results-dir "$OUT/$name" > "$OUT/$name.log" 2>&1 || echo "   exit $? (see $OUT/$name.log)"
    render "$name"
    tail -3 "$OUT/$name.log" | sed 's/^/   /'
}

case "${1:-}" in
    --list) echo "$STUDIES" | awk -F'|' '{printf "%-24s %-30s ./kbench %s\n", $1, $2, $3}'; exit 0 ;;
    --splice) splice; exit 0 ;;
    --claims) claims; splice; exit 0 ;;
    --render)
        for d in "$OUT"/*/; do [[ -d $d ]] && render "$(basename "$d")"; done
        splice; exit 0 ;;
esac
want=" $* "
while IFS='|' read -r name page args; do
    if [[ $# -eq 0 || $want == *" $name "* ]]; then
        run_one "$name" "$args"
    fi
done <<< "$STUDIES"
claims
splice
