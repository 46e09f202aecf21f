"""Check the compiled module against its stub with mypy's stubtest.

python tools/stubtest.py  # handrank installed with its extension built, and mypy

src/handrank/_eval_c.pyi is written by tools/gen_stub.py from the Kernels
protocol; stubtest checks that the built handrank._eval_c has what it says:
the same names, each function's parameters, the traits' types.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

MODULE = "handrank._eval_c"


def main() -> int:
    try:
        importlib.import_module(MODULE)
    except ImportError as exc:
        print(f"{MODULE} does not import ({exc}): build the extension first", file=sys.stderr)
        return 1
    return subprocess.call([sys.executable, "-m", "mypy.stubtest", "--concise", MODULE])


if __name__ == "__main__":
    sys.exit(main())
