#!/usr/bin/env bash
# Builds the librdkafka driver through kbench's own builder (`kbench drivers build librdkafka`: the same cache, key and
# checks as a user's first run), run by `./mvnw verify` before the integration tests (exec-maven-plugin,
# pre-integration-test), so that LibrdkafkaDriverIT, LibrdkafkaDriverProcessIT and IntegrityIT's librdkafka case run
# instead of skipping. franz-go needs no step of its own: DriverProcessIT builds it in seconds. A first build on a
# machine compiles librdkafka's C sources (minutes on 2 cores, docs/clients.md#building-the-drivers); later ones reuse
# the cache. Without cargo it says so and passes: the librdkafka tests then skip, as drivers/go-checks.sh does for Go.
# Args: the packaged kbench jar's directory (target/), then Maven's skipTests and skipITs ("true" skips the build: no
# integration test would run it).
set -euo pipefail
target="${1:?usage: rust-build.sh TARGET_DIR [SKIP_TESTS SKIP_ITS]}"
if [ "${2:-}" = true ] || [ "${3:-}" = true ]; then
  echo "[kbench] tests skipped: the librdkafka driver is not built"
  exit 0
fi
cargo_cmd="${KBENCH_CARGO:-cargo}"
missing=""
command -v "$cargo_cmd" >/dev/null 2>&1 || missing="cargo (PATH or KBENCH_CARGO)"
for tool in make cc; do
  command -v "$tool" >/dev/null 2>&1 || missing="${missing:+$missing, }$tool"
done
if [ -n "$missing" ]; then
  echo "[kbench] $missing not found: the librdkafka driver is not built, its integration tests skip"
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
