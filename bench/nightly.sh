#!/usr/bin/env bash
# A nightly job: run each workload REPS times, record every run in the catalog, then gate each workload's runs
# against the last BASELINE runs of that workload on this host (kbench compare --baseline): exit 6 on a regression
# (the effect decided worse at 1 - SIGNIFICANCE confidence) of at least MIN_EFFECT percent; UNDECIDED is printed, not failed. Writes JUnit XML per workload into OUT and appends a Markdown summary
# to $GITHUB_STEP_SUMMARY when set (else OUT/summary.md). docs/history.md has the CI snippet that calls it.
#
#   bench/nightly.sh                                    # the quick-start workload, 3 repetitions
#   WORKLOADS="a.yaml b.yaml" CATALOG=jdbc:postgresql://db:5432/kbench?user=ci bench/nightly.sh
#
# Env: WORKLOADS (the bundled quick-start) REPS (3) BASELINE (10 runs) MIN_EFFECT (5 percent) SIGNIFICANCE (0.05)
#      CATALOG (RESULTS/catalog.sqlite, or $KBENCH_CATALOG) RESULTS (results) OUT (RESULTS/nightly) EXTRA (more
#      kbench run flags, e.g. "--set producers.duration=10s")
set -uo pipefail

REPS="${REPS:-3}"
BASELINE="${BASELINE:-10}"
MIN_EFFECT="${MIN_EFFECT:-5}"
SIGNIFICANCE="${SIGNIFICANCE:-0.05}"
RESULTS="${RESULTS:-results}"
OUT="${OUT:-$RESULTS/nightly}"
EXTRA="${EXTRA:-}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kbench="$root/kbench"
# One catalog for every night (a run's default would be beside its own results dir).
CATALOG="${CATALOG:-${KBENCH_CATALOG:-$RESULTS/catalog.sqlite}}"
catalog_flag=(--catalog "$CATALOG")
summary="${GITHUB_STEP_SUMMARY:-$OUT/summary.md}"
mkdir -p "$OUT"
host="$(hostname)"
status=0

list=(${WORKLOADS:-""})
[ ${#list[@]} = 0 ] && list=("")
for workload in "${list[@]}"; do
  night="$OUT/$(date -u +%Y%m%d-%H%M%S)-$(basename "${workload:-quickstart}" .yaml)"
  mkdir -p "$night"
  name=""
  for rep in $(seq 1 "$REPS"); do
    # shellcheck disable=SC2086
    "$kbench" run $workload --results-dir "$night" "${catalog_flag[@]}" --tag nightly="$(date -u +%F)" $EXTRA \
      > "$night/run-$rep.log" 2>&1 || { echo "nightly: ${workload:-quickstart} repetition $rep failed (exit $?)"; status=1; }
  done
  name="$(python3 -c 'import json,sys,glob; print(json.load(open(sorted(glob.glob(sys.argv[1] + "/*/result.json"))[0]))["name"])' "$night" 2>/dev/null)"
  [ -z "$name" ] && { echo "nightly: ${workload:-quickstart}: no result"; status=1; continue; }
  # The baseline: earlier runs of this workload on this host (the candidate's own runs are left out by kbench).
  "$kbench" compare --baseline "workload=$name,host=$host,last=$((BASELINE + REPS))" "$night" \
    --results-dir "$RESULTS" "${catalog_flag[@]}" --significance "$SIGNIFICANCE" --min-effect "$MIN_EFFECT" \
    --junit-xml "$OUT/junit-$name.xml" --markdown "$summary"
  code=$?
  if [ "$code" = 6 ]; then echo "nightly: $name REGRESSED"; status=6;
  elif [ "$code" = 2 ]; then echo "nightly: $name: no baseline yet (first night?); recorded for next time";
  elif [ "$code" != 0 ]; then echo "nightly: $name: compare exited $code"; [ "$status" = 0 ] && status="$code"; fi
done
exit "$status"
