#!/usr/bin/env bash
# Makes kbench's client settings (the Secret kbench-client, key client.properties) from a Strimzi KafkaUser's Secret.
#   deploy/kubernetes/strimzi/client-secret.sh scram|tls [USER] [NAMESPACE]
# USER defaults to kbench, NAMESPACE to the current context's. The secret value goes from kubectl to kubectl through
# a private temporary file; it is never printed or put on a command line.
set -euo pipefail
usage="usage: $0 scram|tls [USER] [NAMESPACE]"
auth="${1:?$usage}"
user="${2:-kbench}"
ns="${3:-$(kubectl config view --minify -o 'jsonpath={..namespace}')}"
ns="${ns:-default}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "$auth" in
  scram) template="$here/client-scram.properties"; key='sasl\.jaas\.config' ;;
  tls) template="$here/client-tls.properties"; key='user\.password' ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
secret="$(kubectl get secret "$user" -n "$ns" -o "jsonpath={.data.$key}" | base64 -d)"
if [ -z "$secret" ]; then
  echo "client-secret.sh: secret $ns/$user has no ${key//\\/} (is the KafkaUser's authentication $auth?)" >&2
  exit 1
fi
props="$(mktemp)"
trap 'rm -f "$props"' EXIT
chmod 600 "$props"
# ENVIRON, not awk -v: the value reaches the file byte for byte, whatever characters it holds.
SECRET="$secret" awk '{ i = index($0, "@SECRET@"); if (i) $0 = substr($0, 1, i - 1) ENVIRON["SECRET"] substr($0, i + 8); print }' \
  "$template" > "$props"
kubectl create secret generic kbench-client -n "$ns" --from-file=client.properties="$props" --dry-run=client -o yaml \
  | kubectl apply -f -
