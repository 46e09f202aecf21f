#!/usr/bin/env bash
# The C core and the compiled extension under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   bash tools/sanitize.sh [PYTEST_ARGS...]   # from anywhere; needs gcc, Cython, numpy, pytest
#
# PYTEST_ARGS go to pytest after the script's own (e.g. tests/test_batch.py,
# or -k alignment); without them the whole suite runs.
#
# 1. A strict warnings build of csrc/*.c and tests/c/test_core.c
#    (-Wall -Wextra -Wconversion -Werror -std=c11).
# 2. tests/c/test_core.c linked with csrc/ and sanitizers, run.
# 3. The extension built with sanitizers into a temporary copy of the tree
#    (the checkout's own build is left as it is), and the test suite run on it
#    with the compiled backend, minus the exhaustive sweeps.
#
# Fails on any sanitizer report, whatever the exit status: ASan writes its
# reports to log files (one per process, the suite's subprocesses included),
# and any such file is a failure; UBSan (whose runtime, next to ASan's in a
# GCC build, ignores log_path) writes to stderr, which is kept and searched.
# Both halt at the first report.  pytest runs with --capture=sys, so that
# output written to file descriptor 2 by C code is not swallowed when a
# sanitizer ends the process in the middle of a test.
# Environment: CC (default gcc), PYTHON (default python3), SANITIZE_KEEP=1
# keeps the temporary directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CC="${CC:-gcc}"
PYTHON="${PYTHON:-python3}"
SAN_FLAGS=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g)
WARN_FLAGS=(-Wall -Wextra -Wconversion -Werror -std=c11)

WORK="$(mktemp -d "${TMPDIR:-/tmp}/handrank-sanitize.XXXXXX")"
cleanup() {
    if [[ "${SANITIZE_KEEP:-0}" == 1 ]]; then
        echo "kept $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT

LOGS="$WORK/logs"
mkdir -p "$LOGS"
LIBASAN="$("$CC" -print-file-name=libasan.so)"
if [[ "$LIBASAN" != /* || ! -e "$LIBASAN" ]]; then
    echo "error: $CC has no libasan.so (got '$LIBASAN')" >&2
    exit 2
fi
# CPython leaks by design: no leak checks.
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:log_path=$LOGS/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
REPORT='runtime error:|AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer'

# Any ASan log, or a report in the captured stderr `$2`, is a failure: print them.
check_reports() {
    local what="$1" stderr="$2" found=0 log
    for log in "$LOGS"/*; do
        [[ -e "$log" ]] || continue
        found=1
        echo "---- $log" >&2
        cat "$log" >&2
    done
    if grep -Eq "$REPORT" "$stderr"; then
        found=1
        echo "---- stderr of $what" >&2
        cat "$stderr" >&2
    fi
    if ((found)); then
        echo "FAIL: sanitizer reports during $what" >&2
        exit 1
    fi
}

started=$SECONDS
cd "$ROOT"

echo "== strict warnings: ${WARN_FLAGS[*]}"
for source in csrc/*.c tests/c/test_core.c; do
    "$CC" "${WARN_FLAGS[@]}" -O2 -Icsrc -c "$source" -o "$WORK/strict.o"
done

echo "== tests/c/test_core.c with ${SAN_FLAGS[*]}"
"$CC" -std=c11 "${SAN_FLAGS[@]}" -Icsrc tests/c/test_core.c csrc/*.c -lm -o "$WORK/test_core"
status=0
"$WORK/test_core" >"$WORK/test_core.out" 2>"$WORK/test_core.err" || status=$?
tail -n 3 "$WORK/test_core.out"
check_reports "tests/c/test_core.c" "$WORK/test_core.err"
if ((status != 0)) || ! tail -n 1 "$WORK/test_core.out" | grep -Eq '^[1-9][0-9]* passed, 0 failed$'; then
    echo "FAIL: tests/c/test_core.c (exit status $status)" >&2
    exit 1
fi

echo "== the extension with sanitizers, in a copy of the tree"
TREE="$WORK/tree"
mkdir -p "$TREE"
# The working tree as it is, without build outputs: tracked and untracked files git does not ignore.
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$ROOT" ls-files -z --cached --others --exclude-standard \
        | (cd "$ROOT" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) \
        | tar -C "$ROOT" --null -T - -cf - | tar -C "$TREE" -xf -
else
    tar -C "$ROOT" --exclude=./build --exclude=./.git --exclude='*.so' --exclude='*.pyd' \
        --exclude=./src/handrank/_eval_c.c --exclude='__pycache__' -cf - . | tar -C "$TREE" -xf -
fi
rm -f "$TREE"/src/handrank/_eval_c.*.so "$TREE"/src/handrank/_eval_c.c

read -r PY_INCLUDE EXT_SUFFIX CCSHARED < <("$PYTHON" - <<'PY'
import sysconfig
print(sysconfig.get_paths()["include"], sysconfig.get_config_var("EXT_SUFFIX"), sysconfig.get_config_var("CCSHARED") or "-fPIC")
PY
)
# Cython, then the C compiler by hand rather than through setup.py, whose
# -O3 would override -O1 and whose -s would strip the symbols reports name.
"$PYTHON" -m cython -3 "$TREE/src/handrank/_eval_c.pyx" -o "$WORK/_eval_c.c"
objects=()
for source in "$WORK/_eval_c.c" "$TREE"/csrc/*.c; do
    object="$WORK/obj_$(basename "${source%.c}").o"
    "$CC" "${SAN_FLAGS[@]}" $CCSHARED -fno-strict-aliasing -fvisibility=hidden -DNDEBUG \
        -I"$TREE/csrc" -I"$PY_INCLUDE" -c "$source" -o "$object"
    objects+=("$object")
done
EXTENSION="$TREE/src/handrank/_eval_c$EXT_SUFFIX"
"$CC" -shared "${SAN_FLAGS[@]}" "${objects[@]}" -lm -o "$EXTENSION"

cd "$TREE"
export PYTHONPATH="$TREE/src" HANDRANK_BACKEND=c PYTHONDONTWRITEBYTECODE=1
export LD_PRELOAD="$LIBASAN${LD_PRELOAD:+ $LD_PRELOAD}"
# The suite must load this extension, not one installed elsewhere.
"$PYTHON" - "$EXTENSION" <<'PY'
import os, sys
import handrank
from handrank import _eval_c
assert handrank.BACKEND == "c", handrank.BACKEND
assert os.path.samefile(_eval_c.__file__, sys.argv[1]), (_eval_c.__file__, sys.argv[1])
print("extension:", _eval_c.__file__)
PY

echo "== pytest on the sanitized extension"
# tests/test_seven_exhaustive.py ranks all 133,784,560 seven-card hands: an
# exhaustive sweep, left out by path as well as by the slow marker.
status=0
"$PYTHON" -m pytest -q -p no:cacheprovider --capture=sys -m "not slow" --ignore=tests/test_seven_exhaustive.py "$@" \
    2>"$WORK/pytest.err" || status=$?
unset LD_PRELOAD
check_reports "the test suite" "$WORK/pytest.err"
cat "$WORK/pytest.err" >&2
if ((status != 0)); then
    echo "FAIL: pytest exited with status $status" >&2
    exit 1
fi
echo "sanitizers: no reports, $((SECONDS - started)) s"
