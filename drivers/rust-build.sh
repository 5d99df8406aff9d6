#!/usr/bin/env bash
# Builds the librdkafka driver through kbench's own builder (`kbench drivers build librdkafka`: the same cache, key and
# checks as a user's first run), run by `./mvnw verify` before the integration tests (exec-maven-plugin,
# pre-integration-test), so that LibrdkafkaDriverIT, LibrdkafkaDriverProcessIT and IntegrityIT's librdkafka case run
# instead of skipping. franz-go needs no step of its own: DriverProcessIT builds it in seconds. A first build on a
# machine compiles librdkafka's C sources (minutes on 2 cores, docs/clients.md#building-the-drivers); later ones reuse
# the cache. Without cargo it says so and passes: the librdkafka tests then skip, as drivers/go-checks.sh does for Go.
# Args: the packaged kbench jar's directory (target/).
set -euo pipefail
target="${1:?usage: rust-build.sh TARGET_DIR}"
cargo_cmd="${KBENCH_CARGO:-cargo}"
if ! command -v "$cargo_cmd" >/dev/null 2>&1; then
  echo "[kbench] cargo not found (PATH or KBENCH_CARGO): the librdkafka driver is not built, its integration tests skip"
  exit 0
fi
jar=""
for j in "$target"/kbench-*.jar; do
  case "$j" in *-sources.jar|*-tests.jar|*-javadoc.jar) ;; *) [ -f "$j" ] && jar="$j" ;; esac
done
[ -n "$jar" ] || { echo "[kbench] no kbench jar in $target: run after package" >&2; exit 1; }
java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
echo "[kbench] drivers/librdkafka: kbench drivers build librdkafka ($("$cargo_cmd" --version))"
start=$(date +%s)
"$java_cmd" -XX:TieredStopAtLevel=1 -cp "$jar:$target/lib/*" io.kbench.cli.Main drivers build librdkafka
echo "[kbench] drivers/librdkafka: ready after $(( $(date +%s) - start )) s"
