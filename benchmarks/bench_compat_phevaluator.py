#!/usr/bin/env python3
"""Time handrank.compat.phevaluator against the phevaluator it stands in for, call for call.

Both sides get the same seeded random hands and the same call: the public
function, cards spread as arguments (``evaluate_cards(*cards)``), driven by
``itertools.starmap`` into a zero-length deque and timed with ``timeit``
(garbage collector off), round-robin, best of --repeats.  Before timing,
every row's results are checked to be equal on both sides; a disagreement
exits with status 1.  Rows: 5, 6 and 7 int ids through ``evaluate_cards``, 7
through ``evaluate_7cards``, 7 as strings ("Ah") and as ``Card`` objects (each
side its own Card), and PLO4 (five board cards, then four hole cards) through
``evaluate_omaha_cards``.

    pip install -e ".[compat]"
    python benchmarks/bench_compat_phevaluator.py
"""

from __future__ import annotations

import argparse
import collections
import importlib.metadata
import itertools
import sys
import timeit
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import phevaluator as ph  # type: ignore[import-untyped]

from handrank.compat import phevaluator as hc

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deal(n: int, k: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` seeded rows of ``k`` distinct card ids, as tuples of ints."""
    rng = np.random.default_rng(seed)
    return [tuple(row) for row in np.argsort(rng.random((n, 52)), axis=1)[:, :k].tolist()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200_000, help="calls per row (default 200000)")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per row, best kept (default 7)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    n = args.calls

    h7 = deal(n, 7, args.seed)
    s7 = [tuple(NAMES[c] for c in h) for h in h7]
    o9 = deal(n, 9, args.seed + 9)
    rows: list[tuple[str, Callable[..., Any], Callable[..., Any], list[Any], list[Any]]] = [
        ("evaluate_cards, 5 ids", ph.evaluate_cards, hc.evaluate_cards, deal(n, 5, args.seed + 5), []),
        ("evaluate_cards, 6 ids", ph.evaluate_cards, hc.evaluate_cards, deal(n, 6, args.seed + 6), []),
        ("evaluate_cards, 7 ids", ph.evaluate_cards, hc.evaluate_cards, h7, []),
        ("evaluate_7cards, 7 ids", ph.evaluate_7cards, hc.evaluate_7cards, h7, []),
        ("evaluate_cards, 7 strings", ph.evaluate_cards, hc.evaluate_cards, s7, []),
        (
            "evaluate_cards, 7 Cards",
            ph.evaluate_cards,
            hc.evaluate_cards,
            [tuple(ph.Card(c) for c in h) for h in h7],
            [tuple(hc.Card(c) for c in h) for h in h7],
        ),
        ("evaluate_omaha_cards, 9 ids", ph.evaluate_omaha_cards, hc.evaluate_omaha_cards, o9, []),
    ]

    ok = True
    for name, theirs, mine, their_args, my_args in rows:
        if list(itertools.starmap(theirs, their_args)) != list(itertools.starmap(mine, my_args or their_args)):
            print(f"DISAGREE: {name}")
            ok = False
    if not ok:
        return 1

    def timer(fn: Callable[..., Any], data: list[Any]) -> timeit.Timer:
        return timeit.Timer(lambda: collections.deque(itertools.starmap(fn, data), maxlen=0))

    timers = [(timer(t, ta), timer(m, ma or ta)) for _, t, m, ta, ma in rows]
    best = [[float("inf"), float("inf")] for _ in rows]
    for _ in range(args.repeats):
        for i, pair in enumerate(timers):
            for j, tm in enumerate(pair):
                best[i][j] = min(best[i][j], tm.timeit(number=1))

    version = importlib.metadata.version("phevaluator")
    print(f"phevaluator {version} vs handrank.compat.phevaluator, {n} calls per row, best of {args.repeats}")
    print(f"{'call':32s} {'phevaluator':>14s} {'compat':>12s} {'speedup':>8s}")
    for (name, *_), (t, m) in zip(rows, best, strict=True):
        print(f"{name:32s} {t / n * 1e9:11.0f} ns {m / n * 1e9:9.0f} ns {t / m:7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
