#!/usr/bin/env bash
# Re-measures the study pages' data and regenerates their tables: runs each study's sweep or find-max, writes its
# Markdown with `kbench report --markdown` into docs/studies/generated/NAME.md, keeps the small sweep.json /
# find-max.json beside it (docs/studies/data/NAME.json) so every figure can be re-checked, and splices the Markdown
# into the pages between `<!-- BEGIN generated/NAME.md -->` and `<!-- END generated/NAME.md -->`.
#
#   bench/studies.sh                 # every study (5 to 11 hours on a 2-core machine by --list; run it with nothing else running,
#                                    # as root: the 3- and 4-broker studies share the cores by cluster.limits, storage
#                                    # studies mount loop devices)
#   bench/studies.sh s1-compression s4-find-max-sla    # only these
#   bench/studies.sh --list          # the names, their commands and how long each should take
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
# The launcher rebuilds only when pom.xml changed; a study records the commit it ran at, so the jar must be that
# commit's: rebuild whenever a source is newer than the last build (2026-11-30: two S4 searches recorded 01741aad while
# running a jar of 97961c1b, whose differences touched only staged runs and kbench merge).
export KBENCH_BUILD=scan
JDK25=${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
OUT=bench/results/studies
GEN=docs/studies/generated
DATA=docs/studies/data

# name|page|kbench arguments, one study a line (bench/studies.txt: kbench reads it too, to tell a stale kept result)
STUDIES=$(grep -v '^#' bench/studies.txt | grep -v '^[[:space:]]*$' | sed "s|\$JDK25|$JDK25|g")
# How many times: sweeps repeat until their findings are decided (docs/sweeps.md#repeat-auto-repetitions-until-decided;
# budget: the scenario's, else 10 runs per point; SWEEP_BUDGET=30m or =24 sets one for every sweep), find-max searches
# until the answer's interval is within 10% (docs/find-max.md; at most SEARCHES_BUDGET searches, default 5). A run is
# one run. REPETITIONS=N / SEARCHES=N fix the counts instead.
REPETITIONS=${REPETITIONS:-auto}
SEARCHES=${SEARCHES:-auto}

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
    while IFS='|' read -r name page cmd; do
        how_measured "$name"
    done <<< "$STUDIES"
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

# The repetition options added to one command (its words: "$@"): sweeps repeat until decided, find-max searches until
# answered (above); none when the study's line fixes them itself (S1's JDK 25 sweep judges no claim: --repetitions 3).
how_many() {
    [[ " $* " == *" --repetitions "* || " $* " == *" --searches "* ]] && return 0
    case $1 in
        sweep) [[ $REPETITIONS == auto ]] && echo "--repetitions auto${SWEEP_BUDGET:+ --budget $SWEEP_BUDGET}" \
            || echo "--repetitions $REPETITIONS" ;;
        find-max) [[ $SEARCHES == auto ]] && echo "--searches auto --budget ${SEARCHES_BUDGET:-5}" \
            || echo "--searches $SEARCHES" ;;
    esac
}

# The commit kbench runs from, -dirty when what it builds or measures has uncommitted changes.
kbench_commit() {
    local c
    c=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
    [[ $c != unknown && -n $(git status --porcelain -- src pom.xml kbench scenarios bench/studies.txt 2>/dev/null) ]] \
        && c="$c-dirty"
    echo "$c"
}

# Ends generated/NAME.md with how its kept result was measured (data/measured/NAME.json): the command and kbench's
# commit, replacing the line an earlier measurement left.
how_measured() {
    python3 - "$DATA/measured/$1.json" "$GEN/$1.md" <<'PY'
import json, pathlib, re, sys
record, page = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
if record.exists() and page.exists():
    r = json.loads(record.read_text())
    commit = f"kbench commit {r['kbenchCommit']}" if r.get("kbenchCommit") else "kbench commit not recorded"
    line = f"Measured by `{r['command']}` ({commit}; docs/studies/data/measured/{record.name})."
    text = re.sub(r"\n*Measured by `.*\Z", "", page.read_text().rstrip("\n"), flags=re.S)
    page.write_text(text + "\n\n" + line + "\n")
PY
}

# Keeps NAME's latest run: its Markdown into generated/NAME.md and its result into data/NAME.json; after a measurement
# (COMMIT and COMMAND given) also how it was measured (data/measured/NAME.json), which the Markdown's last line says.
render() {
    local name=$1 commit=${2:-} command=${3:-} dir
    dir=$(find "$OUT/$name" -mindepth 1 -maxdepth 1 -type d | sort | tail -1)
    cp "$(ls "$dir"/sweep.json "$dir"/find-max.json "$dir"/result.json 2>/dev/null | head -1)" "$DATA/$name.json"
    if [[ -n $command ]]; then
        # shellcheck disable=SC2086 # the command is recorded word by word, as it ran
        java -cp "target/classes:target/lib/*" io.kbench.report.MeasurementRecords . "$name" "$commit" $command > /dev/null
    fi
    ./kbench report "$dir" --markdown --out "$GEN/$name.md" > /dev/null
    how_measured "$name"
    [[ -f $dir/report.html ]] && cp "$dir/report.html" "$OUT/$name.html"
    return 0
}

run_one() {
    local name=$1 args=$2 command commit
    # shellcheck disable=SC2046 # the options are words
    # shellcheck disable=SC2086 # the study's words
    command="./kbench $args $(how_many $args) --results-dir $OUT/$name"
    commit=$(kbench_commit)
    rm -rf "${OUT:?}/$name"
    mkdir -p "$OUT/$name" "$GEN" "$DATA"
    echo "== $name: $command   ($(date -u +%H:%M:%S), kbench $commit)"
    # shellcheck disable=SC2086 # the argument list is split on purpose; no argument holds a space
    $command > "$OUT/$name.log" 2>&1 || echo "   exit $? (see $OUT/$name.log)"
    render "$name" "$commit" "$command"
    tail -3 "$OUT/$name.log" | sed 's/^/   /'
}

# Each study with its command and how long it should take: the kept result's time per run (per search) times the
# repetitions the command allows, from the first look's 3 to its budget (a run: its own duration).
list() {
    local name page args
    while IFS='|' read -r name page args; do
        # shellcheck disable=SC2086 # the study's words
        echo "$name|$page|$args $(how_many $args)"
    done <<< "$STUDIES" | SWEEP_BUDGET=${SWEEP_BUDGET:-} python3 -c '
import datetime, json, os, re, sys, yaml
def seconds(text):
    m = re.fullmatch(r"(\d+)(s|m|h)", str(text))
    return int(m.group(1)) * {"s": 1, "m": 60, "h": 3600}[m.group(2)] if m else None
def t(s):
    return datetime.datetime.fromisoformat(s[:19])
def minutes(a, b):
    return f"{a / 60:.0f} min" if round(a / 60) == round(b / 60) else f"{a / 60:.0f}-{b / 60:.0f} min"
def option(words, flag):
    return words[words.index(flag) + 1] if flag in words[:-1] else None
low = high = 0
unknown = []
for line in sys.stdin.read().splitlines():
    name, page, args = line.split("|", 2)
    words = args.split()
    kind, scenario = words[0], yaml.safe_load(open(words[1])) or {}
    path = f"docs/studies/data/{name}.json"
    est = "? (no kept result)"
    if os.path.exists(path):
        d = json.load(open(path))
        took = (t(d["endTime"]) - t(d["startTime"])).total_seconds()
        if took < 5:
            est = "? (kept result: no duration)"
        elif kind == "sweep":
            points = len(d["points"])
            per = took / (points * d["repeat"])
            reps = option(words, "--repetitions")
            if reps != "auto":
                a = b = int(reps) * points * per
            else:
                # the most it may spend: --budget, else the scenario budget, else 10 runs per point
                budget = os.environ["SWEEP_BUDGET"] or option(words, "--budget") or scenario.get("budget")
                a = 3 * points * per
                b = seconds(budget) or (int(budget) if str(budget).isdigit() else 10 * points) * per
                a = min(a, b)
            est = (a, b)
        elif kind == "find-max":
            per = took / len(d.get("searches") or [1])
            n = option(words, "--searches")
            top = int(option(words, "--budget") or 5) if n == "auto" else int(n)
            est = (per * (3 if n == "auto" else top), per * top)
        else:
            est = (took, took)
    if isinstance(est, tuple):
        low, high = low + est[0], high + est[1]
        est = minutes(*est)
    else:
        unknown.append(name)
    print(f"{name:26} {page:30} {est:>14}   ./kbench {args.strip()}")
total, blank = "all", ""
print(f"{total:26} {blank:30} {minutes(low, high):>14}" + (f"   and {len(unknown)} of unknown duration" if unknown else ""))
'
}

case "${1:-}" in
    --list) list; exit 0 ;;
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
