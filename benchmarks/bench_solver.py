#!/usr/bin/env python3
"""Time the solver toolkit: every combo's rank on one board (``rank_combos``), and ``preflop_equity``.

For each of --boards seeded random boards (river, turn and flop), the rows:
``rank_combos(board)`` for all 1,326 combos (the ones holding a board card
come back as ``BLOCKED``); ``evaluate_batch`` on the same hands, the board
and each live combo, as prebuilt (N, 7) rows (the kernel alone, rows built
beforehand and untimed); and the same with the rows built from the board
and ``combos()`` by numpy inside the timed call, which is what a caller
without ``rank_combos`` writes.  Every result is checked against
``evaluate_batch`` before it is timed.  Per call and per combo (all 1,326),
best of --repeats rounds of --calls calls, round-robin.  Then
``preflop_equity`` on 1,000 seeded random deals (the shipped table, read
before timing) beside ``equity(..., exact=True)`` on three of them.  Then
``combo_equity("random", "random", board)`` on a random flop, turn and
river, beside OMPEval's calculator (``omp_equity`` from ``OMPEVAL_DIR``,
built by ../shared/anchors/build.sh; skipped with a message when it is not
there) asked the same question one hero combo at a time: its mean time
over --omp-combos sampled combos (each its own best of five), times the
number of combos; every sampled answer is checked against both.

    OMPEVAL_DIR=... python benchmarks/bench_solver.py --markdown

    python benchmarks/bench_solver.py --markdown
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import best_seconds, cpu_name, version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=5, help="random boards per street (default 5)")
    parser.add_argument("--calls", type=int, default=2000, help="calls per timed run (default 2000)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the boards (default 2024)")
    parser.add_argument("--omp-combos", type=int, default=20, help="hero combos OMPEval is timed on (default 20)")
    parser.add_argument("--markdown", action="store_true", help="print the results as a markdown table")
    args = parser.parse_args(argv)
    if min(args.boards, args.calls, args.repeats, args.omp_combos) < 1:
        parser.error("--boards, --calls, --repeats and --omp-combos must be positive")

    print(f"machine : {cpu_name()}, handrank {version('handrank')} ({handrank.BACKEND}, {handrank.SIMD})")
    rng = np.random.default_rng(args.seed)
    table = handrank.combos()
    rows_out = []
    for size, street in ((5, "river"), (4, "turn"), (3, "flop")):
        boards = [rng.permutation(52)[:size].astype(np.uint8) for _ in range(args.boards)]
        board_lists = [b.tolist() for b in boards]  # what rank_combos is given: a list of ids
        live = [~np.isin(table, b).any(axis=1) for b in boards]
        prebuilt = [
            np.concatenate([np.tile(b, (int(m.sum()), 1)), table[m]], axis=1) for b, m in zip(boards, live, strict=True)
        ]
        for b, m, rows in zip(boards, live, prebuilt, strict=True):  # checked before timed
            got = handrank.rank_combos(b)
            assert np.array_equal(got[m], handrank.evaluate_batch(rows)) and (got[~m] == handrank.BLOCKED).all()

        def by_rank_combos(boards: list[list[int]] = board_lists) -> None:
            for b in boards:
                handrank.rank_combos(b)

        def by_prebuilt(prebuilt: list[np.ndarray] = prebuilt) -> None:
            for rows in prebuilt:
                handrank.evaluate_batch(rows)

        def by_numpy(boards: list[np.ndarray] = boards) -> None:
            for b in boards:
                m = ~np.isin(table, b).any(axis=1)
                rows = np.concatenate([np.tile(b, (int(m.sum()), 1)), table[m]], axis=1)
                out = np.full(len(table), handrank.BLOCKED, np.uint16)
                out[m] = handrank.evaluate_batch(rows)

        fns = [by_rank_combos, by_prebuilt, by_numpy]

        def many(fn: Callable[[], None], calls: int = args.calls) -> Callable[[], None]:
            def run() -> None:
                for _ in range(calls):
                    fn()

            return run

        t0 = time.perf_counter()
        seconds = best_seconds([many(fn) for fn in fns], args.repeats)
        print(f"{street}: timed in {time.perf_counter() - t0:.1f} s")
        per_call = [s / (args.calls * args.boards) for s in seconds]
        names = [
            "`rank_combos(board)`, all 1,326",
            "`evaluate_batch(rows)`, prebuilt rows of the live combos",
            "`evaluate_batch` on rows built by numpy, blocked set apart",
        ]
        for name, t in zip(names, per_call, strict=True):
            rows_out.append((street, name, t, per_call[0]))

    # preflop_equity: seeded random deals from the shipped table, against enumerating a few of them
    deals = [rng.permutation(52)[:4].tolist() for _ in range(1000)]
    hands = [(d[:2], d[2:]) for d in deals]
    handrank.preflop_equity(*hands[0])  # the table is read on the first call

    def by_table() -> None:
        for a, b in hands:
            handrank.preflop_equity(a, b)

    def by_enumeration() -> None:
        for a, b in hands[:3]:
            handrank.equity([a, b], exact=True)

    for a, b in hands[:3]:
        assert handrank.preflop_equity(a, b) == handrank.equity([a, b], exact=True)
    table_s, enum_s = best_seconds([by_table, by_enumeration], args.repeats)
    preflop = (table_s / len(hands), enum_s / 3)

    print()
    if args.markdown:
        print("| board | call | µs a board | ns a combo | rank_combos is |")
        print("|---|---|---:|---:|---:|")
        for street, name, t, ref in rows_out:
            print(f"| {street} | {name} | {t * 1e6:.2f} | {t / 1326 * 1e9:.2f} | {t / ref:.2f}x |")
    else:
        for street, name, t, ref in rows_out:
            print(f"{street:5}  {name:60}  {t * 1e6:8.2f} us  {t / 1326 * 1e9:6.2f} ns/combo  {t / ref:6.2f}x")
    # combo_equity(random, random, board) against OMPEval's calculator asked one hero combo at a time
    omp_dir = os.environ.get("OMPEVAL_DIR", "")
    omp = os.path.join(omp_dir, "omp_equity")
    has_omp = bool(omp_dir) and os.access(omp, os.X_OK)
    if not has_omp:
        why = f"no omp_equity in OMPEVAL_DIR={omp_dir}" if omp_dir else "OMPEVAL_DIR is not set"
        print(f"OMPEval: skipped, {why} (build it: bash ../shared/anchors/build.sh DIR; export OMPEVAL_DIR=DIR)")
    equity_rows = []
    for size, street in ((3, "flop"), (4, "turn"), (5, "river")):
        board = rng.permutation(52)[:size].tolist()
        result = handrank.combo_equity("random", "random", board)  # the first call parses and packs the range
        (ours,) = best_seconds([lambda board=board: handrank.combo_equity("random", "random", board)], args.repeats)
        omp_each = None
        if has_omp:
            import subprocess

            text = "".join(handrank.card_str(c) for c in board)
            sample = rng.choice(len(result.combos), size=args.omp_combos, replace=False)
            seconds = []
            for i in sample:
                combo = result.combos[i].tolist()
                run = [omp, "1", "1", text, handrank.cards_str(combo).replace(" ", ""), "random"]
                out = subprocess.run(run, capture_output=True, text=True, check=True).stdout.split()
                seconds.append(float(out[0]))  # its own best of 5 enumerations
                want = handrank.equity([combo, handrank.Range("random")], board, exact=True).equity[0]
                assert abs(float(out[1]) - want) < 1e-6 and abs(result.equity[i] - want) < 1e-12
            omp_each = sum(seconds) / len(seconds)
        equity_rows.append((street, len(result.combos), ours, omp_each))

    print()
    print("combo_equity(random, random, board), every hero combo exact:")
    for street, n, ours, omp_each in equity_rows:
        line = f"  {street:5} {n:5,} combos: {ours * 1e3:8.2f} ms"
        if omp_each is not None:
            line += (
                f"   OMPEval one combo at a time: {omp_each * 1e3:.3f} ms a combo (mean of {args.omp_combos}),"
                f" {omp_each * n:.2f} s for all   handrank is {omp_each * n / ours:.0f}x"
            )
        print(line)
    print(
        f"preflop_equity(a, b): {preflop[0] * 1e6:.2f} us a call on {len(hands):,} random deals; "
        f"equity([a, b], exact=True): {preflop[1] * 1e3:.2f} ms ({preflop[1] / preflop[0]:,.0f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
