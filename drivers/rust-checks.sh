#!/usr/bin/env bash
# cargo fmt --check, cargo clippy -D warnings and cargo test of every Rust driver (drivers/librdkafka), run by
# `./mvnw verify` (exec-maven-plugin, after the integration tests, as drivers/go-checks.sh) and by hand. Clippy and the
# tests use the release profile, the one kbench builds the driver with, and kbench's own cargo target directory
# (${KBENCH_DRIVER_CACHE:-~/.cache/kbench/drivers}/librdkafka/target, unless CARGO_TARGET_DIR is set), so librdkafka,
# which drivers/rust-build.sh compiled before the integration tests, is not compiled again.
# Without cargo it says so and passes, as drivers/go-checks.sh does.
set -euo pipefail
cd "$(dirname "$0")"
cargo_cmd="${KBENCH_CARGO:-cargo}"
if ! command -v "$cargo_cmd" >/dev/null 2>&1; then
  echo "[kbench] cargo not found (PATH or KBENCH_CARGO): skipping cargo fmt, clippy and test of drivers/librdkafka"
  exit 0
fi
cache="${KBENCH_DRIVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kbench/drivers}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$cache/librdkafka/target}"
for driver in librdkafka; do
  echo "[kbench] drivers/$driver: cargo fmt --check && cargo clippy -D warnings && cargo test ($("$cargo_cmd" --version))"
  (cd "$driver" && "$cargo_cmd" fmt --check \
    && "$cargo_cmd" clippy --release --locked --all-targets -- -D warnings \
    && "$cargo_cmd" test --release --locked)
done
