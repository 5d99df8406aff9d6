#!/usr/bin/env bash
# Creates the Secret kbench-control-key once per namespace: a random key (64 hex characters) that authenticates every
# message between the coordinator and the workers (docs/security.md#threat-model-control-plane). It is made here, not
# kept in a manifest, so no two installations share a key and none is in version control. Both Jobs mount it.
#   deploy/kubernetes/control-key.sh [-n NAMESPACE]
# Rotate: kubectl delete secret kbench-control-key, run this again, restart the workers Job.
set -euo pipefail
ns=()
if [[ "${1:-}" == "-n" ]]; then ns=(-n "$2"); fi
if kubectl get secret kbench-control-key "${ns[@]}" >/dev/null 2>&1; then
  echo "secret kbench-control-key exists; kept"
  exit 0
fi
key_file=$(mktemp)
trap 'rm -f "$key_file"' EXIT
chmod 600 "$key_file"
openssl rand -hex 32 > "$key_file"
kubectl create secret generic kbench-control-key "${ns[@]}" --from-file=control.key="$key_file"
