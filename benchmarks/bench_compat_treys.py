#!/usr/bin/env python3
"""Time ``handrank.compat.treys`` (the drop-in treys API) against treys itself.

Both get the very same calls on the same seeded random deals:
``Evaluator().evaluate(hole, board)`` with a 2-card hole and a 3-, 4- or
5-card board (5, 6 or 7 cards in all), and ``PLOEvaluator().evaluate`` with a
4-card hole and a 5-card board.  Each side's card ints come from its own
``Card.new`` (equal values, as in a program that swapped the import).  Before
anything is timed, every adapter answer is checked against treys' (any
mismatch is printed and the script exits with status 1).  Conventions as in
bench.py: calls driven by ``itertools.starmap`` into a zero-length deque, card
conversion beforehand and untimed, rows timed round-robin, best of --repeats.

    pip install -e ".[bench]"
    python benchmarks/bench_compat_treys.py
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Callable, Sequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import CARD_NAMES, best_seconds, consume, make_hands, version


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=50_000, help="deals per row (default 50k)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the deals (default 2024)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    args = parser.parse_args(argv)

    import treys

    from handrank.compat import treys as compat

    theirs_int = [treys.Card.new(name) for name in CARD_NAMES]
    ours_int = [compat.Card.new(name) for name in CARD_NAMES]  # equal ints, made the adapter's way
    if ours_int != theirs_int:
        print("the adapter's card ints differ from treys'")
        return 1
    cases: list[tuple[str, int, Callable[..., int], Callable[..., int]]] = [
        ("evaluate, 2 + 5 cards", 2, treys.Evaluator().evaluate, compat.Evaluator().evaluate),
        ("evaluate, 2 + 4 cards", 2, treys.Evaluator().evaluate, compat.Evaluator().evaluate),
        ("evaluate, 2 + 3 cards", 2, treys.Evaluator().evaluate, compat.Evaluator().evaluate),
        ("PLOEvaluator, 4 + 5 cards", 4, treys.PLOEvaluator().evaluate, compat.PLOEvaluator().evaluate),
    ]
    sizes = [7, 6, 5, 9]
    print(f"treys {version('treys')}, handrank {version('handrank')}, Python {sys.version.split()[0]}")
    print(f"{args.calls} deals per row, best of {args.repeats}\n")
    print(f"{'call':<28}{'treys us/call':>15}{'compat us/call':>16}{'speed-up':>10}")
    status = 0
    for (label, hole, theirs, ours), size in zip(cases, sizes, strict=True):
        hands = make_hands(args.calls, size, args.seed + size).tolist()
        deals = [([theirs_int[c] for c in h[:hole]], [theirs_int[c] for c in h[hole:]]) for h in hands]
        our_deals = [([ours_int[c] for c in h[:hole]], [ours_int[c] for c in h[hole:]]) for h in hands]
        want = list(itertools.starmap(theirs, deals))
        got = list(itertools.starmap(ours, our_deals))
        bad = [i for i, (w, g) in enumerate(zip(want, got, strict=True)) if w != g]
        if bad:
            i = bad[0]
            print(f"{label}: {len(bad)} mismatches, first deal {deals[i]}: treys {want[i]}, compat {got[i]}")
            status = 1
            continue
        seconds = best_seconds(
            [
                lambda theirs=theirs, deals=deals: consume(itertools.starmap(theirs, deals)),
                lambda ours=ours, deals=our_deals: consume(itertools.starmap(ours, deals)),
            ],
            args.repeats,
        )
        t_theirs, t_ours = (s / len(deals) * 1e6 for s in seconds)
        print(f"{label:<28}{t_theirs:>15.3f}{t_ours:>16.3f}{t_theirs / t_ours:>9.1f}x")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
