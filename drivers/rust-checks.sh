#!/usr/bin/env bash
# cargo fmt --check, cargo clippy -D warnings and cargo test of every Rust driver (drivers/librdkafka), by hand.
# Not part of `./mvnw verify` or .ci/run yet: a cold build compiles librdkafka's C sources (minutes on
# 2 cores; docs/clients.md#building-the-drivers). Clippy and the tests use the release profile, the one kbench builds
# the driver with, so librdkafka is compiled once, not once more for a debug build; CARGO_TARGET_DIR pointing at
# kbench's cache (~/.cache/kbench/drivers/librdkafka/target) reuses what `kbench drivers build` compiled.
# Without cargo it says so and passes, as drivers/go-checks.sh does.
set -euo pipefail
cd "$(dirname "$0")"
cargo_cmd="${KBENCH_CARGO:-cargo}"
if ! command -v "$cargo_cmd" >/dev/null 2>&1; then
  echo "[kbench] cargo not found (PATH or KBENCH_CARGO): skipping cargo fmt, clippy and test of drivers/librdkafka"
  exit 0
fi
for driver in librdkafka; do
  echo "[kbench] drivers/$driver: cargo fmt --check && cargo clippy -D warnings && cargo test ($("$cargo_cmd" --version))"
  (cd "$driver" && "$cargo_cmd" fmt --check \
    && "$cargo_cmd" clippy --release --locked --all-targets -- -D warnings \
    && "$cargo_cmd" test --release --locked)
done
