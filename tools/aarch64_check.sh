#!/usr/bin/env bash
# The C core and the compiled extension built for aarch64 on an x86-64 machine, and tested there under QEMU
# user emulation: the C tests, then a subset of the Python suite on an aarch64 CPython.
#
#   bash tools/aarch64_check.sh    # needs aarch64-linux-gnu-gcc and qemu-aarch64 (or qemu-aarch64-static);
#                                  # Debian/Ubuntu: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
#
# 1. Every csrc/*.c with tests/c/test_core.c (the whole C core's tests, the equity kernels included),
#    strict warnings, linked statically, run under QEMU.
# 2. tests/c/test_neon.c: the NEON batch kernel against the scalar one, run under QEMU.
# 3. The extension: src/handrank/_eval_c.pyx through Cython, compiled and linked for aarch64 against an
#    aarch64 CPython's headers; an aarch64 ELF that exports only its init function.
# 4. Python on aarch64: Debian's arm64 CPython 3.11 (python3.11-minimal, its stdlib and the libraries they
#    need, from Debian's arm64 packages, unpacked into a sysroot: `dpkg --add-architecture arm64`, which
#    needs root, on Debian 12), numpy, pytest and hypothesis from their manylinux aarch64 wheels; the package
#    with the cross-built extension, and ARM_TESTS (a subset of tests/: under emulation Python runs some
#    twenty times slower) run with the compiled backend (test_simd.py checks every kernel on offer, NEON
#    included, against the scalar one).  Skipped, with a message,
#    where no sysroot can be made (no apt); AARCH64_ROOT names a ready one.
#
# Environment: CC_AARCH64 (default aarch64-linux-gnu-gcc), QEMU (default: qemu-aarch64, else
# qemu-aarch64-static), PYTHON (with Cython and pip; default python3), AARCH64_ROOT (a sysroot with
# usr/bin/python3.11; default: made in ~/.cache/handrank-aarch64), ARM_TESTS.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CC="${CC_AARCH64:-aarch64-linux-gnu-gcc}"
QEMU="${QEMU:-$(command -v qemu-aarch64 || command -v qemu-aarch64-static || echo qemu-aarch64)}"
PYTHON="${PYTHON:-python3}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
STRICT=(-std=c11 -O2 -Wall -Wextra -Wconversion -Werror -I"$ROOT/csrc")

echo "== the C core's tests (tests/c/test_core.c), aarch64, under $(basename "$QEMU")"
"$CC" "${STRICT[@]}" -static "$ROOT/tests/c/test_core.c" "$ROOT"/csrc/*.c -lm -o "$OUT/test_core"
"$QEMU" "$OUT/test_core"

echo "== the NEON kernel against the scalar one (tests/c/test_neon.c)"
"$CC" "${STRICT[@]}" -static "$ROOT/tests/c/test_neon.c" "$ROOT"/csrc/{cpu,evaluate,evaluate_simd,tables}.c \
    -o "$OUT/test_neon"
"$QEMU" "$OUT/test_neon"

echo "== an aarch64 CPython 3.11 (Debian's arm64 packages) for the extension's headers and the Python tests"
ARM="${AARCH64_ROOT:-$HOME/.cache/handrank-aarch64}"
PACKAGES=(python3.11-minimal libpython3.11-minimal libpython3.11-stdlib libpython3.11-dev libc6 libexpat1 zlib1g
    libffi8 libssl3 libbz2-1.0 liblzma5 libsqlite3-0 libuuid1 libncursesw6 libtinfo6 libreadline8 libcrypt1
    libgcc-s1 libstdc++6 libdb5.3 libnsl2 libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0
    libcom-err2 libkeyutils1)
if [[ ! -x "$ARM/usr/bin/python3.11" ]] && command -v apt-get >/dev/null; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        dpkg --add-architecture arm64
        apt-get update -q >/dev/null
    fi
    mkdir -p "$ARM/debs"
    (cd "$ARM/debs" && apt-get download "${PACKAGES[@]/%/:arm64}" >/dev/null 2>&1)
    for deb in "$ARM"/debs/*.deb; do dpkg-deb -x "$deb" "$ARM"; done
fi
if [[ ! -x "$ARM/usr/bin/python3.11" ]]; then
    echo "no aarch64 CPython (no apt-get, or no arm64 packages): the extension and the Python tests are skipped"
    echo "aarch64: the C core's tests and the NEON kernel pass under QEMU"
    exit 0
fi
PY_ARM=("$QEMU" -L "$ARM" "$ARM/usr/bin/python3.11")

echo "== the extension, cross-compiled"
"$PYTHON" -m cython -3 -I "$ROOT/src" "$ROOT/src/handrank/_eval_c.pyx" -o "$OUT/_eval_c.c"
mkdir -p "$OUT/site"
cp -r "$ROOT/src/handrank" "$OUT/site/handrank"
rm -f "$OUT"/site/handrank/*.so "$OUT"/site/handrank/_eval_c.c
SO="$OUT/site/handrank/_eval_c.cpython-311-aarch64-linux-gnu.so"
"$CC" -std=c11 -O3 -fno-strict-aliasing -fPIC -shared -fvisibility=hidden -I"$ROOT/csrc" \
    -I"$ARM/usr/include/python3.11" -I"$ARM/usr/include" \
    "$OUT/_eval_c.c" "$ROOT"/csrc/*.c -lm -o "$SO"
machine="$(readelf -h "$SO" | sed -n 's/ *Machine: *//p')"
exports="$(readelf --dyn-syms --wide "$SO" | awk '$5 == "GLOBAL" && $7 != "UND" {print $8}' | sort | tr '\n' ' ')"
echo "$(basename "$SO"): $machine; exports: $exports"
[[ "$machine" == "AArch64" ]] || { echo "FAIL: not an aarch64 object"; exit 1; }
[[ "$exports" == "PyInit__eval_c " ]] || { echo "FAIL: exports more than its init function"; exit 1; }

echo "== numpy, pytest and hypothesis for aarch64"
"$PYTHON" -m pip download -q --platform manylinux2014_aarch64 --python-version 3.11 --implementation cp \
    --abi cp311 --only-binary=:all: --dest "$OUT/wheels" numpy pytest hypothesis
"$PYTHON" -m pip install -q --no-deps --target "$OUT/site" --platform manylinux2014_aarch64 --python-version 3.11 \
    --implementation cp --only-binary=:all: "$OUT"/wheels/*.whl

echo "== Python tests on aarch64, under $(basename "$QEMU")"
ARM_TESTS="${ARM_TESTS:-tests/test_evaluate.py tests/test_batch.py tests/test_simd.py tests/test_omaha.py tests/test_equity.py tests/test_hand_types.py tests/test_showdown_values.py tests/test_omaha_combo_equity.py tests/test_seam.py}"
cd "$ROOT"
# shellcheck disable=SC2086  # ARM_TESTS is a list of arguments
PYTHONPATH="$OUT/site" HANDRANK_BACKEND=c "${PY_ARM[@]}" -c "import handrank, sys
print('handrank', handrank.BACKEND, handrank.SIMD, 'on', __import__('platform').machine(), 'from', handrank.__file__)
assert handrank.BACKEND == 'c' and handrank.__file__.startswith(sys.argv[1])" "$OUT/site"
# Four tests start the interpreter again (sys.executable): that needs a kernel that runs aarch64 programs
# itself (a binfmt_misc entry for QEMU). Without one they are left out, by name.
DESELECT=()
if ! "$ARM/usr/bin/python3.11" -c "" 2>/dev/null; then
    echo "this kernel cannot start aarch64 programs itself (no binfmt_misc entry): the tests that start the"
    echo "interpreter again are left out"
    for t in test_simd.py::test_handrank_simd_chooses_the_kernel test_simd.py::test_handrank_simd_refuses_what_is_not_on_offer \
        test_equity.py::test_cli_equity test_equity.py::test_cli_stopping_rules \
        test_omaha_combo_equity.py::test_cli_combos_omaha; do
        DESELECT+=(--deselect "tests/$t")
    done
fi
# shellcheck disable=SC2086
PYTHONPATH="$OUT/site" HANDRANK_BACKEND=c "${PY_ARM[@]}" -m pytest -q -p no:cacheprovider -m "not slow" \
    "${DESELECT[@]}" $ARM_TESTS
echo "aarch64: the C core's tests and the NEON kernel pass under QEMU; the extension builds, and the Python tests pass"
