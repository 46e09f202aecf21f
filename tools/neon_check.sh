#!/usr/bin/env bash
# The NEON batch kernel against the scalar one (tests/c/test_neon.c), on an x86-64 machine:
# built with an aarch64 cross compiler and run under QEMU user emulation.
#
#   bash tools/neon_check.sh    # needs aarch64-linux-gnu-gcc and qemu-aarch64
#                               # (Debian/Ubuntu: gcc-aarch64-linux-gnu qemu-user)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CC="${CC_AARCH64:-aarch64-linux-gnu-gcc}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
"$CC" -std=c11 -O2 -Wall -Wextra -Wconversion -Werror -static -I"$ROOT/csrc" "$ROOT/tests/c/test_neon.c" \
    "$ROOT"/csrc/{cpu,evaluate,evaluate_simd,tables}.c -o "$OUT/test_neon"
qemu-aarch64 "$OUT/test_neon"
