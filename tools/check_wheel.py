"""Check what a built wheel carries: ``python tools/check_wheel.py dist/handrank-*.whl``.

A user's wheel holds the modules, the compiled extension, its stub and the
PEP 561 marker, and no Cython source or declarations (they point at csrc/
headers the wheel lacks).  On Linux the extension must be stripped and
export nothing but its module init function (``nm`` from binutils).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REQUIRED = (
    "handrank/__init__.py",
    "handrank/py.typed",
    "handrank/_eval_c.pyi",
    "handrank/preflop.bin",
    "handrank/omaha_preflop.bin",
    "handrank/compat/__init__.py",
)
FORBIDDEN_SUFFIXES = (".pyx", ".pxd", ".c", ".h", ".html")
EXPORTS = {"PyInit__eval_c"}


def problems(wheel: Path) -> list[str]:
    found: list[str] = []
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        found += [f"missing {name}" for name in REQUIRED if name not in names]
        found += [f"carries {name}" for name in names if name.endswith(FORBIDDEN_SUFFIXES)]
        extensions = [n for n in names if n.startswith("handrank/_eval_c.") and n.endswith((".so", ".pyd"))]
        if len(extensions) != 1:
            found.append(f"expected one compiled extension, found {extensions}")
        metadata = next((archive.read(n).decode() for n in names if n.endswith(".dist-info/METADATA")), "")
        for field in ("Author: ",):  # no Project-URL until the project has a site to point at
            if field not in metadata:
                found.append(f"METADATA has no {field.strip()}")
        if extensions and extensions[0].endswith(".so") and "linux" in wheel.name and shutil.which("nm"):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "ext.so"
                path.write_bytes(archive.read(extensions[0]))
                found += _symbol_problems(path)
    return found


def _symbol_problems(path: Path) -> list[str]:
    found = []
    static = subprocess.run(["nm", str(path)], capture_output=True, text=True, check=False)
    if "no symbols" not in static.stderr + static.stdout:
        found.append("the extension is not stripped: it has a symbol table")
    dynamic = subprocess.run(["nm", "-D", "--defined-only", str(path)], capture_output=True, text=True, check=True)
    exported = {line.split()[-1] for line in dynamic.stdout.splitlines() if line.split()}
    if exported - EXPORTS:
        found.append(f"the extension exports {sorted(exported - EXPORTS)}")
    return found


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for wheel in map(Path, argv):
        issues = problems(wheel)
        for issue in issues:
            print(f"{wheel.name}: {issue}", file=sys.stderr)
        print(f"{wheel.name}: {'ok' if not issues else f'{len(issues)} problem(s)'}")
        status |= bool(issues)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
