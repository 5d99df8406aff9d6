#!/usr/bin/env bash
# go vet and go test of every Go driver (drivers/franz-go), run by `./mvnw verify` (exec-maven-plugin, after the
# integration tests) and by hand. Without Go it says so and passes: kbench itself refuses a Go driver on a machine
# without Go, with one line (docs/clients.md#building-the-drivers); .ci/run installs Go so CI always runs them.
set -euo pipefail
cd "$(dirname "$0")"
go_cmd="${KBENCH_GO:-go}"
if ! command -v "$go_cmd" >/dev/null 2>&1; then
  echo "[kbench] go not found (PATH or KBENCH_GO): skipping go vet and go test of drivers/franz-go"
  exit 0
fi
for driver in franz-go; do
  echo "[kbench] drivers/$driver: go vet ./... && go test ./... ($("$go_cmd" version))"
  (cd "$driver" && "$go_cmd" vet ./... && "$go_cmd" test ./...)
done
