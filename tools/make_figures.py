#!/usr/bin/env python3
"""Draw the figures the README and the documentation show, into docs/_static/ (commit them).

    python tools/make_figures.py                          # every figure
    python tools/make_figures.py abstraction_flop.png     # only those named

Each comes from ``handrank.plot`` with fixed inputs (and a fixed Monte
Carlo seed where a street samples), or, for ``abstraction_flop.png``, from
``handrank.abstraction`` with a fixed k-means seed (about a minute: every
flop state's features are computed), so that running this again redraws the
same pictures.
"""

from __future__ import annotations

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

import handrank  # noqa: E402
from handrank import plot  # noqa: E402

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    from matplotlib.figure import Figure

OUT = os.path.join(ROOT, "docs", "_static")


def flop_buckets(bins: int = 20, k: int = 8) -> Figure:
    """Every flop state bucketed end to end (docs/abstraction.md): the river-HS histograms and EHS of all
    1,286,792 states (``build``), k-means on the histograms with the earth mover's distance (``cluster``)."""
    import numpy as np

    from handrank import abstraction

    with tempfile.TemporaryDirectory() as folder:
        built = abstraction.build(["ehs", "hist"], "flop", folder, bins=bins, threads=0)
        hist = np.array(built["flop", "hist"])  # a copy: the folder goes
        ehs = np.array(built["flop", "ehs"])
    labels, centres = abstraction.cluster(hist, k, metric="emd", seed=0)
    return draw_buckets(ehs, labels, centres)


def draw_buckets(ehs: np.ndarray, labels: np.ndarray, centres: np.ndarray) -> Figure:
    """Each bucket's centre histogram, one panel a bucket, weakest first, with its states and mean EHS."""
    import numpy as np
    from matplotlib import colormaps
    from matplotlib.figure import Figure

    k, bins = centres.shape
    sizes = np.bincount(labels, minlength=k)
    means = np.bincount(labels, weights=ehs.astype(np.float64), minlength=k) / sizes
    order = np.argsort(means)
    fig = Figure(figsize=(10.0, 4.6), layout="constrained")
    axes = fig.subplots(2, (k + 1) // 2, sharex=True, sharey=True)
    colours = colormaps["viridis"]
    edges = np.arange(bins) / bins
    for n, (ax, b) in enumerate(zip(axes.flat, order, strict=False)):
        ax.bar(edges, centres[b], width=1 / bins, align="edge", color=colours(0.1 + 0.8 * means[b]), linewidth=0)
        ax.axvline(means[b], color="black", linestyle="--", linewidth=0.8)  # the mean EHS
        ax.set_title(f"bucket {n}: {sizes[b]:,} states\nmean EHS {means[b]:.2f}", fontsize=9)
        ax.set_xlim(0, 1)
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.grid(axis="y", alpha=0.3)
    for ax in axes.flat[k:]:
        ax.set_visible(False)
    fig.supxlabel("hand strength on the river (HS)", fontsize=10)
    fig.supylabel("share of the runouts", fontsize=10)
    fig.suptitle(
        f"The {len(labels):,} flop states in {k} buckets by their river HS histograms ({bins} bins, earth"
        " mover's distance): each bucket's centre, its mean EHS dashed",
        fontsize=10,
    )
    return fig


def river_cfr() -> Figure:
    """examples/river_cfr.py's spot solved (docs/writing_a_solver.md): each player's first decision, bet frequency
    by hand class, after 1,000 CFR+ iterations (deterministic, a couple of seconds)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("river_cfr", os.path.join(ROOT, "examples", "river_cfr.py"))
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = example  # its dataclasses look their module up
    spec.loader.exec_module(example)
    result = example.solve("Ks7h2d4c9s", "QQ+,AK,KQs", "random", iterations=1000, every=1000)
    figure: Figure = example.draw_strategy(result)
    return figure


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
    "hits.png": lambda: plot.hits("QQ+, AK, AJs, KQs, JTs, 98s", "Ks Th 2h"),
    "equity_distribution.png": lambda: plot.equity_distribution("QQ+, AKs, 99-77", "22+, A2s+, KTs+, ATo+", "Ks 7h 2d"),
    "next_card.png": lambda: plot.next_card_equity("QQ+, AKs", "22+, A2s+, KTs+, ATo+", "Ks 7h 2d"),
    "hand_types.png": lambda: plot.hand_types(
        handrank.equity(["QQ+, AKs", "JJ-99, AQs, KQs", "Ah Th"], "Ks 7h 2d", hand_types=True)
    ),
    "abstraction_flop.png": flop_buckets,
    "river_cfr.png": river_cfr,
}


def main(argv: list[str] | None = None) -> int:
    names = sys.argv[1:] if argv is None else argv
    unknown = [name for name in names if name not in FIGURES]
    if unknown:
        print(f"make_figures.py: {unknown[0]} is not one of {', '.join(FIGURES)}", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    for name, draw in FIGURES.items():
        if names and name not in names:
            continue
        path = os.path.join(OUT, name)
        draw().savefig(path, dpi=100, bbox_inches="tight", pad_inches=0.1, metadata={"Software": None})  # no label cut
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
