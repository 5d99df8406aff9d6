#!/usr/bin/env bash
# Issue 24's check by hand: one worker and a --workers 1 coordinator with a control key on a SASL_SSL (SCRAM) cluster;
# while the run goes, a client with the cluster's credentials but not the key publishes a plan of its own and a stop of
# the running run (bench/ForgeControl.java). Prints the coordinator's output and the worker's log: the run completes
# and the worker names both refusals. Everything is started in a temporary directory and removed at exit.
#
#   bench/forged-plan.sh            # Env: DURATION (10s), RATE (3000 records/s), KEEP (0; 1 keeps the directory)
set -euo pipefail
DURATION="${DURATION:-10s}"
RATE="${RATE:-3000}"
KEEP="${KEEP:-0}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d "${TMPDIR:-/tmp}/kbench-forged-plan.XXXXXX")"
worker_pid=""
cleanup() {
  [ -n "$worker_pid" ] && kill "$worker_pid" 2>/dev/null && wait "$worker_pid" 2>/dev/null || true
  ./kbench cluster stop --dir "$work/cluster" >/dev/null 2>&1 || true
  [ "$KEEP" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT
./kbench cluster start --dir "$work/cluster" --security SASL_SSL --broker-heap 512m >/dev/null
bootstrap="$(grep '^bootstrap.servers=' "$work/cluster/client.properties" | cut -d= -f2- | sed 's/\\:/:/g')"
openssl rand -hex 32 > "$work/control.key" && chmod 600 "$work/control.key"
./kbench worker --bootstrap-server "$bootstrap" --command-config "$work/cluster/client.properties" \
  --control-key-file "$work/control.key" --id host-a > "$work/worker.log" 2>&1 &
worker_pid=$!
until grep -q "waiting for a coordinator" "$work/worker.log"; do sleep 1; done
(
  until run_id="$(grep -o 'joined run [0-9a-f-]\{36\}' "$work/worker.log" | head -1 | cut -d' ' -f3)" && [ -n "$run_id" ]; do sleep 1; done
  sleep 4
  java -cp "target/lib/*" bench/ForgeControl.java "$work/cluster/client.properties" "$run_id"
) &
forger=$!
code=0
./kbench run --set producers.rate="$RATE" --set producers.duration="$DURATION" --set consumers.mode=live \
  --set consumers.count=1 --workers 1 --bootstrap-server "$bootstrap" --command-config "$work/cluster/client.properties" \
  --control-key-file "$work/control.key" --no-telemetry --results-dir "$work/results" || code=$?
echo "coordinator exit code $code"
wait "$forger"
echo "--- worker log ---"
cat "$work/worker.log"
