#!/usr/bin/env bash
# Why a command line with TLS keeps C2 (the kbench launcher): AES-128-GCM encryption speed of one JVM thread with C1 only
# (-XX:TieredStopAtLevel=1, the launcher's default) and with C1 and C2 (the JVM's default), interleaved, ROUNDS times.
# C2 compiles the AES and GHASH intrinsics; C1 has none, so a C1-only client encrypts in plain Java.
#
#   bench/aes-gcm-jit.sh            # Env: ROUNDS (3), SECONDS_PER_RUN (5), JAVA (java)
set -euo pipefail
ROUNDS="${ROUNDS:-3}"
SECONDS_PER_RUN="${SECONDS_PER_RUN:-5}"
JAVA="${JAVA:-java}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
printf '%-6s %18s %18s %8s\n' round "C1 only MiB/s" "C1+C2 MiB/s" "C2/C1"
for r in $(seq 1 "$ROUNDS"); do
  c1=$("$JAVA" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC bench/AesGcmJit.java "$SECONDS_PER_RUN")
  c2=$("$JAVA" -XX:+UseSerialGC bench/AesGcmJit.java "$SECONDS_PER_RUN")
  printf '%-6s %18s %18s %8.1f\n' "$r" "$c1" "$c2" "$(echo "$c2 / $c1" | bc -l)"
done
