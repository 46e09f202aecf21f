#!/usr/bin/env python3
"""Draw the figures the README and the documentation show, into docs/_static/ (commit them).

    python tools/make_figures.py

Each comes from ``handrank.plot`` with fixed inputs (and a fixed Monte
Carlo seed where a street samples), so that running this again redraws the
same pictures.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

import handrank  # noqa: E402
from handrank import plot  # noqa: E402

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from matplotlib.figure import Figure

OUT = os.path.join(ROOT, "docs", "_static")

FIGURES: dict[str, Callable[[], Figure]] = {
    "range_grid.png": lambda: plot.range_grid(
        handrank.Range("22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, 87s, ATo+, KJo+, QJo"), title="an opening range"
    ),
    "equity_by_street.png": lambda: plot.equity_by_street(
        ["AhKh", "QsQd", "random"], "2h 7h 9c Kd Th", labels=["AhKh", "QsQd", "random"]
    ),
    "categories.png": lambda: plot.category_chart(
        "22+, A2s+, KTs+, ATo+", "As 7d 7h", title="22+, A2s+, KTs+, ATo+ on As 7d 7h"
    ),
}


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    for name, draw in FIGURES.items():
        path = os.path.join(OUT, name)
        draw().savefig(path, dpi=100, bbox_inches="tight", pad_inches=0.1, metadata={"Software": None})  # no label cut
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
