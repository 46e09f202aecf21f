#!/usr/bin/env python3
"""Time showdown values at river nodes: handrank's O(n) sweep beside the dense 1,326 x 1,326 product in numpy.

Seeded random river boards and random reach vectors (a full 1,326-combo
range, every entry nonzero), one thread, microseconds a node, as a solver
calls it: one node a call (the prepared board, reach and values in cache:
Python's cost of a call included); a batch of ``--batch`` nodes a call on
one prepared board (a river subgame: the nodes go four at a time) and on
``--boards`` prepared boards (``ShowdownBoards``, made once, not timed),
float64 and float32, whose reach and values stay in cache; the same on raw
boards (each call ranks and sorts); a batch of ``--stream`` nodes whose reach and values
(21 MB in float64) come from and go to memory; and ``blocked_reach``.  The
textbook way, a matrix of +1, 0, -1 (0 where two combos share a card or
meet the board) made once per board (not timed) and multiplied by the reach
(``matrix @ reach``), runs on the same boards and reach, checked equal
first.  Omaha rows: PLO4 ranges of 10,000 and 50,000 random holes on one
board, nodes a second (and the preparation's seconds).

    python benchmarks/bench_showdown.py --markdown
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_parser, best_of, compiled, cpu_name, version


def _dense(board: list[int]) -> np.ndarray:
    """The +1 / 0 / -1 matrix of one board, combo against combo (0 for shared cards and board cards)."""
    table = handrank.combos().astype(np.int64)
    ranks = handrank.rank_combos(board).astype(np.int64)
    live = ranks != handrank.BLOCKED
    a, b = table[:, 0], table[:, 1]
    apart = (a[:, None] != a) & (a[:, None] != b) & (b[:, None] != a) & (b[:, None] != b) & live[None] & live[:, None]
    return np.where(apart, np.sign(ranks[None, :] - ranks[:, None]), 0).astype(np.float64)


def _omaha_rows(rng: np.random.Generator, repeats: int) -> list[tuple[str, float]]:
    """PLO4 ranges on one board: microseconds a node for values and blocked reach, and the preparation."""
    rows = []
    for n in (10_000, 50_000):
        holes = np.argsort(rng.random((n, 52)), axis=1)[:, :4].astype(np.uint8)
        start = time.perf_counter()
        prepared = handrank.ShowdownBoards("Ks 7h 2d 4c 9s", holes=holes)
        made = time.perf_counter() - start
        reach = rng.random((8, n)) + 0.01
        out = np.empty_like(reach)
        for name, call in (("showdown_values", handrank.showdown_values), ("blocked_reach", handrank.blocked_reach)):
            us = best_of(lambda c=call, p=prepared, r=reach, o=out: c(p, r, out=o), repeats) / len(reach) * 1e6
            rows.append((f"Omaha PLO4, {n:,} holes: {name} (board prepared in {made:.2f} s)", us))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser(__doc__, 7)
    parser.add_argument("--batch", type=int, default=32, help="nodes a call in cache (default 32)")
    parser.add_argument("--stream", type=int, default=1_000, help="nodes a call from memory (default 1,000)")
    parser.add_argument("--boards", type=int, default=16, help="distinct boards (default 16)")
    parser.add_argument("--dense", type=int, default=200, help="nodes for the numpy product (default 200)")
    args = parser.parse_args(argv)
    if not compiled():
        return 2
    rng = np.random.default_rng(args.seed)
    distinct = np.array([rng.choice(52, 5, replace=False) for _ in range(args.boards)], np.uint8)
    rows: list[tuple[str, float]] = []
    calls = 20  # batches a timing, on the same arrays, as a solver's iterations go over the same nodes

    one = handrank.ShowdownBoards(distinct[0])
    single, single_out = rng.random(1326) + 0.01, np.empty(1326)
    us = best_of(lambda: [handrank.showdown_values(one, single, out=single_out) for _ in range(1000)], args.repeats)
    rows.append(("showdown_values, one node a call (prepared board), float64", us / 1000 * 1e6))
    boards = distinct[rng.integers(0, args.boards, args.batch)]
    prepared = handrank.ShowdownBoards(boards)
    for dtype in (np.float64, np.float32):
        r = (rng.random((args.batch, 1326)) + 0.01).astype(dtype)
        out = np.empty_like(r)
        mixed = f"{args.batch} nodes on {args.boards} boards a call"
        for name, call in (
            (
                f"showdown_values, one board (a river subgame), {args.batch} nodes a call",
                lambda r=r, out=out: handrank.showdown_values(one, r, out=out),
            ),
            (f"showdown_values, {mixed}", lambda r=r, out=out: handrank.showdown_values(prepared, r, out=out)),
            (
                f"showdown_values, raw boards (ranked each call), {mixed}",
                lambda r=r: handrank.showdown_values(boards, r),
            ),
            (f"blocked_reach, {mixed}", lambda r=r, out=out: handrank.blocked_reach(prepared, r, out=out)),
        ):
            us = best_of(lambda call=call: [call() for _ in range(calls)], args.repeats) / calls
            rows.append((f"{name}, {np.dtype(dtype).name}", us / args.batch * 1e6))
    far = distinct[rng.integers(0, args.boards, args.stream)]
    far_prepared, far_reach = handrank.ShowdownBoards(far), rng.random((args.stream, 1326)) + 0.01
    far_out = np.empty_like(far_reach)
    for name, call in (("showdown_values", handrank.showdown_values), ("blocked_reach", handrank.blocked_reach)):
        us = best_of(lambda call=call: call(far_prepared, far_reach, out=far_out), args.repeats) / args.stream * 1e6
        rows.append((f"{name}, {args.stream:,} nodes a call from memory, float64", us))
    # the textbook way, on the first --dense nodes, checked equal to handrank's
    matrices = {i: _dense(distinct[i].tolist()) for i in range(args.boards)}
    which = [int(np.flatnonzero((distinct == b).all(axis=1))[0]) for b in far[: args.dense]]
    got = handrank.showdown_values(far_prepared, far_reach)[: args.dense]
    dense = np.array([matrices[w] @ far_reach[i] for i, w in enumerate(which)])
    if not np.allclose(got, dense, atol=1e-8):
        print("error: handrank and the dense product differ", file=sys.stderr)
        return 1
    dense_us = (
        best_of(lambda: [matrices[w] @ far_reach[i] for i, w in enumerate(which)], args.repeats) / args.dense * 1e6
    )
    rows.append(("numpy: the 1,326 x 1,326 matrix @ reach (matrix made once a board), float64", dense_us))
    rows += _omaha_rows(rng, max(1, args.repeats // 3))
    print(f"handrank {version('handrank')} on {cpu_name()}, one thread", file=sys.stderr)
    if args.markdown:
        print("| call | µs a node | nodes/s | the numpy product takes |")
        print("|---|---:|---:|---:|")
    for name, us in rows:
        ratio = "" if name.startswith("Omaha") else f"{dense_us / us:,.0f}x"  # the product is of combos
        if args.markdown:
            print(f"| {name} | {us:,.2f} | {1e6 / us:,.0f} | {ratio} |")
        else:
            print(f"{name:84s} {us:10,.2f} us  {1e6 / us:12,.0f}/s  {ratio:>8s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
