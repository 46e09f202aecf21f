#!/usr/bin/env python3
"""Time ``hits``: what a range hits on a board, beside a Python loop over its combos and the next cards.

Seeded random boards (``--boards`` of each street), one thread, milliseconds a call (the best of
``--repeats`` runs of each board, then the median over the boards): the full range (``random``: 1,176
combos on a flop), a narrower one (``NARROW``: 254 combos) and a short-deck ``random`` (528 combos on a
flop).  Range text is parsed once and kept (``hits`` keeps it too), so a call is the classing itself.
The loop beside it is what a per-combo classifier pays before any rule: ``handrank.evaluate`` of each
combo with the board and of each combo with each next card, in Python (the first board of each street,
once).

    python benchmarks/bench_hits.py --markdown
"""

from __future__ import annotations

import os
import statistics
import sys
import time

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_parser, best_of, compiled, cpu_name, version

NARROW = "22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, 87s, 76s, ATo+, KJo+, QJo"
STREETS = {3: "flop", 4: "turn", 5: "river"}


def _boards(rng: np.random.Generator, size: int, count: int, lowest: int = 0) -> list[str]:
    return [handrank.cards_str((lowest + rng.permutation(52 - lowest)[:size]).tolist()) for _ in range(count)]


def _loop(board: str) -> float:
    """Seconds for the per-combo loop: each combo's rank, and its rank with each next card."""
    ids = handrank.parse_cards(board)
    start = time.perf_counter()
    for a in range(52):
        for b in range(a + 1, 52):
            if a in ids or b in ids:
                continue
            hand = [a, b, *ids]
            handrank.evaluate(hand)
            if len(ids) < 5:
                for card in range(52):
                    if card not in hand:
                        handrank.evaluate([*hand, card])
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser(__doc__, 7)
    parser.add_argument("--boards", type=int, default=20, help="random boards of each street (default 20)")
    args = parser.parse_args(argv)
    if not compiled():
        return 2
    rng = np.random.default_rng(args.seed)
    rows: list[tuple[str, float, float | None]] = []
    for size, street in STREETS.items():
        boards = _boards(rng, size, args.boards)
        loop_ms = _loop(boards[0]) * 1e3
        for label, text, game, deck in (
            ("random", "random", "holdem", boards),
            ("a narrower range (NARROW, 254 combos)", NARROW, "holdem", boards),
            ("short deck random", "random", "shortdeck", _boards(rng, size, args.boards, 16)),
        ):
            for board in deck:  # warm: the range parsed, the tables built
                handrank.hits(text, board, game=game)
            times = [best_of(lambda b=b, t=text, g=game: handrank.hits(t, b, game=g), args.repeats) for b in deck]
            ms = statistics.median(times) * 1e3
            rows.append((f"hits, {street}, {label}", ms, loop_ms if label == "random" else None))
    print(f"handrank {version('handrank')} on {cpu_name()}, one thread", file=sys.stderr)
    if args.markdown:
        print("| call | ms a call | calls/s | the Python loop takes |")
        print("|---|---:|---:|---:|")
    for name, ms, loop in rows:
        ratio = "" if loop is None else f"{loop / ms:,.0f}x ({loop:,.1f} ms)"
        if args.markdown:
            print(f"| {name} | {ms:,.3f} | {1e3 / ms:,.0f} | {ratio} |")
        else:
            print(f"{name:60s} {ms:8,.3f} ms  {1e3 / ms:8,.0f}/s  {ratio:>18s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
