#!/usr/bin/env python3
"""Time showdown values at river nodes: handrank's O(n) sweep beside the dense 1,326 x 1,326 product in numpy.

Seeded random river boards and random reach vectors (a full 1,326-combo
range, every entry nonzero). Rows: ``showdown_values`` on prepared boards
(``ShowdownBoards``, made once, not timed), on raw boards (each call ranks
and sorts), ``blocked_reach`` on prepared boards, each float64 and float32,
one thread, as microseconds a node; and the textbook way, a matrix of +1, 0,
-1 (0 where two combos share a card or meet the board) made once per board
(not timed) and multiplied by the reach (``matrix @ reach``), on the same
boards and reach, checked equal first.

    python benchmarks/bench_showdown.py --markdown
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import cpu_name, version


def _dense(board: list[int]) -> np.ndarray:
    """The +1 / 0 / -1 matrix of one board, combo against combo (0 for shared cards and board cards)."""
    table = handrank.combos().astype(np.int64)
    ranks = handrank.rank_combos(board).astype(np.int64)
    live = ranks != handrank.BLOCKED
    a, b = table[:, 0], table[:, 1]
    apart = (a[:, None] != a) & (a[:, None] != b) & (b[:, None] != a) & (b[:, None] != b) & live[None] & live[:, None]
    return np.where(apart, np.sign(ranks[None, :] - ranks[:, None]), 0).astype(np.float64)


def _best(call: object, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=20_000, help="river nodes a timing (default 20,000)")
    parser.add_argument("--boards", type=int, default=100, help="distinct boards among them (default 100)")
    parser.add_argument("--dense", type=int, default=200, help="nodes for the numpy product (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="best of this many runs (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="print the results as a markdown table")
    args = parser.parse_args(argv)
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed", file=sys.stderr)
        return 2
    rng = np.random.default_rng(args.seed)
    distinct = np.array([rng.choice(52, 5, replace=False) for _ in range(args.boards)], np.uint8)
    boards = distinct[rng.integers(0, args.boards, args.nodes)]
    reach = rng.random((args.nodes, 1326)) + 0.01
    prepared = handrank.ShowdownBoards(boards)
    rows = []
    for dtype in (np.float64, np.float32):
        r = reach.astype(dtype)
        out = np.empty_like(r)
        for name, call in (
            ("showdown_values, prepared boards", lambda r=r, out=out: handrank.showdown_values(prepared, r, out=out)),
            (
                "showdown_values, raw boards (ranked and sorted each call)",
                lambda r=r: handrank.showdown_values(boards, r),
            ),
            ("blocked_reach, prepared boards", lambda r=r, out=out: handrank.blocked_reach(prepared, r, out=out)),
        ):
            rows.append((f"{name}, {np.dtype(dtype).name}", _best(call, args.repeats) / args.nodes * 1e6))
    # the textbook way, on the first --dense nodes, checked equal to handrank's
    matrices = {i: _dense(distinct[i].tolist()) for i in range(args.boards)}
    which = [int(np.flatnonzero((distinct == b).all(axis=1))[0]) for b in boards[: args.dense]]
    got = handrank.showdown_values(prepared, reach)[: args.dense]
    dense = np.array([matrices[w] @ reach[i] for i, w in enumerate(which)])
    if not np.allclose(got, dense, atol=1e-8):
        print("error: handrank and the dense product differ", file=sys.stderr)
        return 1
    dense_us = _best(lambda: [matrices[w] @ reach[i] for i, w in enumerate(which)], args.repeats) / args.dense * 1e6
    rows.append(("numpy: the 1,326 x 1,326 matrix @ reach (matrix made once a board), float64", dense_us))
    print(f"handrank {version('handrank')} on {cpu_name()}, one thread", file=sys.stderr)
    if args.markdown:
        print("| call | µs a node | nodes/s | the numpy product takes |")
        print("|---|---:|---:|---:|")
    for name, us in rows:
        ratio = dense_us / us
        if args.markdown:
            print(f"| {name} | {us:.2f} | {1e6 / us:,.0f} | {ratio:,.0f}x |")
        else:
            print(f"{name:80s} {us:9.2f} us  {1e6 / us:12,.0f}/s  {ratio:8,.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
