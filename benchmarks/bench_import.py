#!/usr/bin/env python3
"""How long ``import handrank`` takes in a fresh interpreter.

Each run starts a new interpreter that times the import itself
(``time.perf_counter`` around ``import handrank``), so the interpreter's own
start-up, which is the same with or without handrank, is not counted.  The
median of --runs runs is reported, with the modules the import pulled in
beyond those a bare interpreter has.  Byte-code caches are allowed (an
installed package has them), so the first run, which may write them, is not
counted.

    python benchmarks/bench_import.py            # the installed handrank
    PYTHONPATH=src python benchmarks/bench_import.py
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

PROBE = """
import sys, time, json
before = set(sys.modules)
t = time.perf_counter()
import handrank
ms = (time.perf_counter() - t) * 1000
print(json.dumps({"ms": ms, "backend": handrank.BACKEND, "file": handrank.__file__,
                  "new": sorted(m for m in set(sys.modules) - before if "." not in m)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="interpreters to start (default 21)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its .pyc files

    def probe() -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
        result: dict[str, Any] = json.loads(out.stdout)
        return result

    first = probe()
    times = [float(probe()["ms"]) for _ in range(args.runs)]
    print(f"python {sys.version.split()[0]}, handrank from {first['file']} (backend {first['backend']})")
    print(
        f"import handrank: median {statistics.median(times):.1f} ms over {args.runs} runs "
        f"(min {min(times):.1f}, max {max(times):.1f})"
    )
    print("top-level modules it imports:", ", ".join(first["new"]))


if __name__ == "__main__":
    main()
