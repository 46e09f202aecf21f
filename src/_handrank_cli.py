"""The ``handrank`` console script.

It lives outside the package so that a failure to import handrank itself
(such as a bad ``HANDRANK_BACKEND``) is one line on the terminal, not a
traceback.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    try:
        from handrank._cli import main as run
    except ImportError as exc:
        print(f"handrank: error: {exc}", file=sys.stderr)
        return 2
    return run(argv)
