#!/usr/bin/env bash
# The whole test suite on a free-threaded CPython 3.13 (the GIL off), from a clean clone.
#
#   bash tools/free_threaded.sh [PREFIX]      # PREFIX default: ~/.cache/handrank-ft/3.13t
#
# 1. The interpreter: PREFIX/bin/python3.13t when it is there (or $PYTHON_FT, an
#    interpreter to use as it is); else built from Debian's source package of
#    python3.13 (trixie, fetched with `apt-get source`: a deb-src entry for trixie
#    is added when none is present, which needs root) with --disable-gil, into
#    PREFIX (about 10 minutes on two cores).  CI uses actions/setup-python's 3.13t.
# 2. A venv on it, the package installed from a clean clone of this checkout
#    (what a user's pip does from the sdist), with the test extra.
# 3. Checks that importing handrank and every optional module the free-threaded
#    wheel installs leaves the GIL off (no PYTHON_GIL=0 given), then runs the whole
#    suite with the compiled backend, the free-threading stress test included.
#
# Environment: PYTHON_FT (an interpreter to use instead of building one),
# FT_KEEP=1 keeps the temporary directory, PYTEST_ARGS (default: the whole suite).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX="${1:-$HOME/.cache/handrank-ft/3.13t}"
# shellcheck source=tools/workdir.sh
source "$ROOT/tools/workdir.sh" ft FT_KEEP

build_python() {
    echo "== building a free-threaded CPython 3.13 into $PREFIX"
    local src="$WORK/src"
    mkdir -p "$src"
    if ! grep -rqs "trixie" /etc/apt/sources.list /etc/apt/sources.list.d/ ||
        ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\n%s\n' \
            "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" >/etc/apt/sources.list.d/handrank-trixie-src.sources
        apt-get update -q >/dev/null
    fi
    (cd "$src" && apt-get source --download-only python3.13 >/dev/null 2>&1)
    tar -xf "$src"/python3.13_*.orig.tar.xz -C "$src"
    local tree
    tree="$(find "$src" -maxdepth 1 -type d -name 'Python-3.13*' | head -n 1)"
    (cd "$tree" && ./configure --disable-gil --prefix="$PREFIX" --without-ensurepip >"$WORK/configure.log" 2>&1 &&
        make -j"$(nproc)" >"$WORK/make.log" 2>&1 && make install >"$WORK/install.log" 2>&1)
    "$PREFIX/bin/python3.13t" -m ensurepip >/dev/null 2>&1 || true
    echo "built in $((SECONDS - started)) s"
}

if [[ -n "${PYTHON_FT:-}" ]]; then
    PY="$PYTHON_FT"
else
    PY="$PREFIX/bin/python3.13t"
    [[ -x "$PY" ]] || build_python
fi
"$PY" -c 'import sys, sysconfig; assert sysconfig.get_config_var("Py_GIL_DISABLED"), "not a free-threaded build"
print(sys.version)'

echo "== a clean clone, a venv, the package with its test extra"
git clone -q "$ROOT" "$WORK/clone"
"$PY" -m venv "$WORK/venv"
VPY="$WORK/venv/bin/python"
"$VPY" -m pip install -q --upgrade pip
# --prefer-binary: a release with a free-threaded wheel rather than the newest one built from source
(cd "$WORK/clone" && "$VPY" -m pip install -q --prefer-binary ".[test]")
installed=$((SECONDS - started))

echo "== the GIL stays off on import"
env -u PYTHON_GIL "$VPY" - <<'PY'
import importlib
import sys

import handrank

assert handrank.BACKEND == "c", handrank.BACKEND
optional = ["handrank.abstraction", "handrank.compat.treys", "handrank.compat.eval7", "handrank.compat.phevaluator"]
for name in ("numpy", "pandas", "matplotlib"):
    try:
        importlib.import_module(name)
        optional.append({"pandas": "handrank.dask", "matplotlib": "handrank.plot"}.get(name, name))
    except ImportError:
        pass
for name in optional:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        print(f"  {name}: not importable here ({exc})")
        continue
    assert not sys._is_gil_enabled(), f"importing {name} turned the GIL on"
print(f"  GIL off after importing handrank and {len(optional)} optional modules")
PY

echo "== the test suite, the GIL off"
cd "$WORK/clone"
# shellcheck disable=SC2086  # PYTEST_ARGS is a list of arguments
env -u PYTHON_GIL HANDRANK_BACKEND=c "$VPY" -m pytest -q -p no:cacheprovider ${PYTEST_ARGS:-tests}

echo "free-threaded: installed in ${installed} s, all done in $((SECONDS - started)) s"
