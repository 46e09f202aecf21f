#!/usr/bin/env python3
"""Omaha for solvers: each hole's exact equity against a range, and two ranges' exact equity, on a flop.

Seeded PLO4 ranges of distinct holes around one flop (Kh 7h 2d): a hero
range of --heroes holes against a villain range of --villains holes, each
hole's equity with card removal (``combo_equity(..., game="omaha")``), and
two ranges of --villains holes against each other (``equity(...,
exact=True)``), on one thread and on every core; and the hero range
against a random hole (every four cards left, counted without listing
them).  A showdown is one hero hole against one villain hole on one
runout, both sharing no card; the rates are showdowns settled per second
per thread.

The peers settle the same question the way their users must, one matchup
at a time, on a sample of the same matchups: poker-equity's exact
enumeration (``exact_from_text``, one call per pair of holes) and the
loop users write with phevaluator (``evaluate_omaha_cards`` for both
holes on every runout, Python comparing).  Before timing, both are held
to handrank's answer on those matchups; a disagreement exits with status 1.
Their time for the whole question is projected from their rate.

    pip install -e ".[bench]"
    python benchmarks/bench_omaha_solver.py --markdown
"""

from __future__ import annotations

import os
import sys
import time
from itertools import combinations
from math import comb

import numpy as np

import handrank
from handrank import Range

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_parser, compiled, cpu_name, version

FLOP = "Kh 7h 2d"


def _range(rng: np.random.Generator, n: int, board: list[int], size: int = 4) -> Range:
    deck = [c for c in range(52) if c not in board]
    holes: set[tuple[int, ...]] = set()
    while len(holes) < n:
        holes.add(tuple(sorted(rng.choice(deck, size, replace=False).tolist())))
    return Range.from_combos([(h, 1) for h in sorted(holes)], game="omaha")


def _showdowns(hero: Range, villain: Range, board: list[int]) -> int:
    """The showdowns a hero range against a villain range settles on a flop: disjoint pairs x runouts."""
    bit = np.int64(1) << np.arange(52, dtype=np.int64)
    heroes = np.array([c for c, _ in hero.combos], np.int64)
    villains = np.array([c for c, _ in villain.combos], np.int64)
    hm, vm = np.bitwise_or.reduce(bit[heroes], axis=1), np.bitwise_or.reduce(bit[villains], axis=1)
    apart = int(((hm[:, None] & vm[None, :]) == 0).sum())
    left = 52 - len(board) - 8
    return apart * left * (left - 1) // 2


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser(__doc__, 3)
    parser.add_argument("--heroes", type=int, default=1000)
    parser.add_argument("--villains", type=int, default=2000)
    parser.add_argument("--sample", type=int, default=200, help="matchups the peers settle (default 200)")
    args = parser.parse_args(argv)
    if not compiled():
        return 1
    rng = np.random.default_rng(args.seed)
    board = handrank.parse_cards(FLOP)
    hero = _range(rng, args.heroes, board)
    villain = _range(rng, args.villains, board)
    other = _range(rng, args.villains, board)
    rows: list[tuple[str, float, float]] = []

    def timed(call: object) -> float:
        best = float("inf")
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            call()  # type: ignore[operator]
            best = min(best, time.perf_counter() - t0)
        return best

    per_hole = _showdowns(hero, villain, board)
    result = handrank.combo_equity(hero, villain, FLOP, game="omaha")
    seconds = timed(lambda: handrank.combo_equity(hero, villain, FLOP, game="omaha"))
    rows.append(
        (f"combo_equity, {args.heroes:,} holes against {args.villains:,}, one thread", seconds, per_hole / seconds)
    )
    cores = os.cpu_count() or 1
    seconds = timed(lambda: handrank.combo_equity(hero, villain, FLOP, game="omaha", threads=0))
    rows.append((f"the same, {cores} threads", seconds, per_hole / seconds / cores))
    # each hole: the C(45, 2) runouts that spare its cards, C(43, 4) random holes on each
    against_random = len(hero) * comb(45, 2) * comb(43, 4)
    seconds = timed(lambda: handrank.combo_equity(hero, "random", FLOP, game="omaha"))
    rows.append((f"combo_equity, {args.heroes:,} holes against random, one thread", seconds, against_random / seconds))
    for size in (5, 6):  # PLO5 and PLO6 against a random hole of as many cards
        bigger = _range(rng, args.heroes, board, size)
        # each hole: the runouts that spare its cards, and on each the random holes of the cards left
        showdowns = len(bigger) * comb(49 - size, 2) * comb(47 - size, size)
        seconds = timed(lambda bigger=bigger: handrank.combo_equity(bigger, "random", FLOP, game="omaha"))
        rows.append(
            (f"combo_equity, {args.heroes:,} PLO{size} holes against random, one thread", seconds, showdowns / seconds)
        )
    both = _showdowns(villain, other, board)
    seconds = timed(lambda: handrank.equity([villain, other], FLOP, game="omaha", exact=True))
    rows.append(
        (f"equity, {args.villains:,} holes against {args.villains:,}, exact, one thread", seconds, both / seconds)
    )
    seconds = timed(lambda: handrank.equity([villain, other], FLOP, game="omaha", exact=True, threads=0))
    rows.append((f"the same, {cores} threads", seconds, both / seconds / cores))

    # The peers, on a sample of the combo_equity question's matchups.
    holes = [c for c, _ in hero.combos]
    facing = [c for c, _ in villain.combos]
    pairs = []
    while len(pairs) < args.sample:
        h, v = holes[rng.integers(len(holes))], facing[rng.integers(len(facing))]
        if not set(h) & set(v):
            pairs.append((h, v))
    want = {pair: handrank.equity([list(pair[0]), list(pair[1])], FLOP, game="omaha", exact=True) for pair in pairs}
    settled = sum(w.boards for w in want.values())
    peers = []
    try:
        import poker_equity

        texts = [(handrank.cards_str(h).replace(" ", ""), handrank.cards_str(v).replace(" ", "")) for h, v in pairs]
        for (h, v), pair in zip(texts, pairs, strict=True):
            got = poker_equity.exact_from_text("omaha", [h, v], FLOP, "")["players"][0]["equity"]
            if abs(got - want[pair].equity[0]) > 1e-9:
                print(f"poker-equity disagrees on {h} vs {v}: {got} against {want[pair].equity[0]}", file=sys.stderr)
                return 1
        peers.append(
            (
                f"poker-equity {version('poker-equity')}, exact_from_text a matchup",
                lambda: [poker_equity.exact_from_text("omaha", [h, v], FLOP, "") for h, v in texts],
            )
        )
    except ImportError:
        print("poker-equity is not installed: its row is left out (pip install poker-equity)", file=sys.stderr)
    try:
        from phevaluator import evaluate_omaha_cards

        def loop() -> list[float]:
            shares = []
            for h, v in pairs:
                deck = [c for c in range(52) if c not in board and c not in h and c not in v]
                won = 0.0
                runouts = 0
                for turn, river in combinations(deck, 2):
                    full = (*board, turn, river)
                    mine, theirs = evaluate_omaha_cards(*full, *h), evaluate_omaha_cards(*full, *v)
                    won += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                    runouts += 1
                shares.append(won / runouts)
            return shares

        for share, pair in zip(loop(), pairs, strict=True):
            if abs(share - want[pair].equity[0]) > 1e-9:
                print(
                    f"phevaluator's loop disagrees on {pair}: {share} against {want[pair].equity[0]}", file=sys.stderr
                )
                return 1
        peers.append((f"phevaluator {version('phevaluator')}, a Python loop over runouts", loop))
    except ImportError:
        print("phevaluator is not installed: its row is left out (pip install phevaluator)", file=sys.stderr)
    for name, call in peers:
        seconds = timed(call)
        rows.append((name, seconds * per_hole / settled, settled / seconds))

    ours = rows[0][2]
    print(f"handrank {version('handrank')} on {cpu_name()}, Python {sys.version.split()[0]}", file=sys.stderr)
    print(f"flop {FLOP}; {per_hole:,} showdowns hero against villain, {both:,} range against range", file=sys.stderr)
    if args.markdown:
        print("| work | seconds | showdowns/s per thread | handrank's combo_equity is |")
        print("|---|---:|---:|---:|")
    for name, seconds, rate in rows:
        peer = name.startswith(("poker-equity", "phevaluator"))
        ratio = f"{ours / rate:,.0f}x" if peer else ""
        projected = " (projected)" if peer else ""
        if args.markdown:
            print(f"| {name}{projected} | {seconds:,.2f} | {rate:,.0f} | {ratio} |")
        else:
            print(f"{name + projected:70s} {seconds:10,.2f} s {rate:14,.0f}/s {ratio:>8s}")
    print(f"first holes: {result.combos[:2].tolist()} {np.round(result.equity[:2], 4).tolist()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
