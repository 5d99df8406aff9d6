#!/usr/bin/env bash
# Rate stages (issue 39): does a step schedule achieve each stage's rate? Runs scenarios/stages-step.yaml (5,000 ->
# 20,000 -> 5,000 records/s, 20 s each, 2 producers, 1 KiB, acks=all, one live consumer, one embedded broker) REPS
# times and prints, per run and stage, the offered and achieved records/s (achieved: measured records acknowledged
# while the stage lasted), their ratio, publish p50/p99 and end-to-end p99 in ms, all read from result.json; then
# whether every stage of every run came within TOLERANCE of its offered rate.
#
#   bench/stages.sh                  # REPS=1, TOLERANCE=0.02 (about 1.5 minutes a run)
#   REPS=3 bench/stages.sh
#
# kafka-producer-perf-test has no rate stages (its --throughput is one constant rate), so there is no reference
# tool's figure to print beside these. Run it on a quiet machine: the stages share the host with the broker.
set -euo pipefail
cd "$(dirname "$0")/.."
REPS="${REPS:-1}"
TOLERANCE="${TOLERANCE:-0.02}"
SCENARIO="${SCENARIO:-scenarios/stages-step.yaml}"
out="${OUT:-results/bench-stages/$(date -u +%Y%m%dT%H%M%SZ)}" # each run's result.json and report.html
mkdir -p "$out"
echo "# bench/stages.sh $(date -u +%FT%TZ) | $SCENARIO | reps $REPS | tolerance $TOLERANCE | $(nproc) cores | load $(cut -d' ' -f1-3 /proc/loadavg)"
for rep in $(seq 1 "$REPS"); do
  ./kbench run "$SCENARIO" --results-dir "$out/rep-$rep" >"$out/rep-$rep.log" 2>&1 || {
    echo "run $rep failed (exit $?): see $out/rep-$rep.log"; exit 1; }
done
python3 - "$out" "$TOLERANCE" <<'PY'
import glob, json, sys
out, tolerance = sys.argv[1], float(sys.argv[2])
worst, failed = 0.0, []
print(f"{'run':>3} {'stage':>5} {'shape':<34} {'offered/s':>10} {'achieved/s':>10} {'ratio':>7} {'pub p50 ms':>10} {'pub p99 ms':>10} {'e2e p99 ms':>10}")
for i, f in enumerate(sorted(glob.glob(f"{out}/rep-*/**/result.json", recursive=True)), 1):
    r = json.load(open(f))
    for s in r["stages"]:
        ratio = s["achievedRatio"]
        worst = max(worst, abs(ratio - 1))
        if abs(ratio - 1) > tolerance:
            failed.append((i, s["stage"]))
        e2e = s.get("endToEnd")
        print(f"{i:>3} {s['stage']:>5} {s['shape']:<34} {s['offeredRecordsPerSec']:>10,.0f} {s['achievedRecordsPerSec']:>10,.0f}"
              f" {ratio:>7.4f} {s['publish']['p50']/1000:>10.2f} {s['publish']['p99']/1000:>10.2f}"
              f" {(e2e['p99']/1000 if e2e else float('nan')):>10.2f}")
print(f"largest |achieved/offered - 1|: {100*worst:.2f}% (tolerance {100*tolerance:.0f}%): "
      + ("every stage within" if not failed else f"outside in {failed}"))
sys.exit(1 if failed else 0)
PY
