"""Leak check: call every public entry point millions of times and fail if the process grows.

    python tools/leak_check.py                  # quick, about 20 s on the compiled backend (CI runs this)
    python tools/leak_check.py --long           # ten times the calls: a few minutes
    python tools/leak_check.py --iterations 5000000 --max-growth-mib 4

It runs on the active backend: ``HANDRANK_BACKEND=c`` checks the compiled
extension (the point of the exercise), ``HANDRANK_BACKEND=python`` the
pure-Python one (use fewer ``--iterations`` there, it is much slower).

The workloads cover the single calls (evaluate, evaluate_mask,
evaluate_omaha, best_five, best_five_omaha, describe), the batch calls
(evaluate_batch, evaluate_masks, evaluate_omaha_batch, with and without
``out=`` and threads), equity (small exact enumerations and Monte Carlo, on
hands, ranges and Omaha, threaded), showdown and split_pot, Range parsing,
and the same entry points fed bad cards, bad rows and bad games, each of
which must raise ValueError or TypeError.  A leak on the error path (a
reference or buffer not released when a call raises) is the usual kind.

Every workload first runs a tenth of its calls to warm up (tables, the
thread pool, numpy, allocator arenas); then the resident set size is
sampled, every workload runs all its calls, and RSS is sampled after each
one and at the end.  Exit status 1 when RSS grew by more than
``--max-growth-mib`` (default 8) from after the warm-up to the end, or
during any one workload; 2 when a call that must raise returned.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import handrank
from handrank import Range

QUICK_ITERATIONS = 1_000_000
LONG_ITERATIONS = 10_000_000
POOL = 4096
"""Distinct inputs per kind, cycled through (a power of two)."""
ROWS = 1000
"""Rows in an ordinary batch call."""
THREADED_ROWS = 1 << 17
"""Rows in a threaded batch call: enough for the batch functions to split them over threads."""
MIB = 1 << 20


class DidNotRaise(Exception):
    """A call that must fail returned a value."""


@dataclass(frozen=True)
class Workload:
    name: str
    per: int
    """One call of this workload per ``per`` iterations."""
    run: Callable[[int], None]
    """Makes that many calls."""

    def calls(self, iterations: int) -> int:
        return max(1, iterations // self.per)


def rss() -> int:
    """The resident set size in bytes: current on Linux, the peak elsewhere (it still grows with a leak)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def random_hands(rng: np.random.Generator, n: int, k: int, deck: int = 52) -> np.ndarray:
    """n random hands of k distinct card ids below ``deck``, uint8."""
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)


def must_raise(name: str, calls: Sequence[Callable[[], object]]) -> Callable[[int], None]:
    """A workload calling ``calls`` in turn; each must raise ValueError or TypeError."""
    size = len(calls)

    def run(n: int) -> None:
        for i in range(n):
            call = calls[i % size]
            try:
                call()
            except (ValueError, TypeError):
                continue
            raise DidNotRaise(f"{name}: call {i % size} returned instead of raising")

    return run


def workloads(seed: int) -> list[Workload]:
    rng = np.random.default_rng(seed)
    mask = POOL - 1
    ids7 = [tuple(row) for row in random_hands(rng, POOL, 7).tolist()]
    ids5 = [list(row) for row in random_hands(rng, POOL, 5).tolist()]
    texts = [handrank.cards_str(row[: 5 + i % 3]) for i, row in enumerate(ids7)]
    masks = [sum(1 << c for c in row) for row in ids7]
    deals = random_hands(rng, POOL, 11).tolist()
    omaha = [(row[: 4 + i % 3], row[6 : 6 + 3 + i % 3]) for i, row in enumerate(deals)]
    omaha_text = [(handrank.cards_str(hole), handrank.cards_str(board)) for hole, board in omaha]
    ranks = [int(r) for r in rng.integers(1, 7463, POOL)]
    langs = ("en", "es", "ru")

    batch7 = random_hands(rng, ROWS, 7)
    batch6_wide = np.asfortranarray(random_hands(rng, ROWS, 6).astype(np.int64))
    batch_masks = (np.uint64(1) << batch7.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    out = np.empty(ROWS, np.uint16)
    deal_rows = random_hands(rng, ROWS, 9)
    holes, boards = deal_rows[:, :4], deal_rows[:, 4:]
    # A board shared by every row: the holes come from the other 47 cards.
    shared_board = np.array([47, 48, 49, 50, 51], np.uint8)
    shared_holes = random_hands(rng, ROWS, 4, deck=47)
    big7 = random_hands(rng, THREADED_ROWS, 7)
    big_masks = (np.uint64(1) << big7.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    big_deals = random_hands(rng, THREADED_ROWS // 4, 9)
    big_shared_holes = random_hands(rng, THREADED_ROWS // 4, 4, deck=47)
    big_out = np.empty(THREADED_ROWS, np.uint16)

    bad_rows = batch7.copy()
    bad_rows[ROWS // 2, 3] = bad_rows[ROWS // 2, 0]  # duplicate card half way down
    bad_wide = batch7.astype(np.int64)
    bad_wide[ROWS - 1, 0] = 52
    bad_big = big7.copy()
    bad_big[THREADED_ROWS - 5, 6] = 200
    bad_masks = batch_masks.copy()
    bad_masks[ROWS // 3] = 0b1111
    bad_holes = holes.copy()
    bad_holes[ROWS // 2, 1] = boards[ROWS // 2, 2]

    def evaluate_ids(n: int) -> None:
        evaluate = handrank.evaluate
        for i in range(n):
            evaluate(ids7[i & mask])
            evaluate(ids5[i & mask])

    def evaluate_text(n: int) -> None:
        evaluate = handrank.evaluate
        for i in range(n):
            evaluate(texts[i & mask])

    def evaluate_mask(n: int) -> None:
        evaluate = handrank.evaluate_mask
        for i in range(n):
            evaluate(masks[i & mask])

    def evaluate_omaha(n: int) -> None:
        evaluate = handrank.evaluate_omaha
        for i in range(n):
            hole, board = omaha[i & mask]
            evaluate(hole, board)
            hole_text, board_text = omaha_text[i & mask]
            evaluate(hole_text, board_text)

    def best_five(n: int) -> None:
        for i in range(n):
            handrank.best_five(ids7[i & mask])
            hole, board = omaha[i & mask]
            handrank.best_five_omaha(hole, board)

    def describe(n: int) -> None:
        for i in range(n):
            rank = ranks[i & mask]
            handrank.describe(rank, lang=langs[i % 3])  # type: ignore[arg-type]
            handrank.category(rank)

    bad_hands: list[object] = [
        "As As Ks Qs Js",
        "Xx Ks Qs Js Ts",
        "As Ks Qs Js",
        [0, 1, 2, 3, 52],
        (0, 1, 2, 3, -1),
        [0, 1, 2, 3, 4, 5, 6, 7],
        None,
        [0.5, 1, 2, 3, 4],
        [True, 1, 2, 3, 4],
        "As Ks Qs Js T",
        [0, 1, 2, 3, 2**70],
    ]
    bad_singles = must_raise(
        "bad single calls",
        [
            *[lambda h=hand: handrank.evaluate(h) for hand in bad_hands],
            *[lambda h=hand: handrank.best_five(h) for hand in bad_hands],
            lambda: handrank.evaluate_mask((1 << 52) | 0b11111),
            lambda: handrank.evaluate_mask(0b1111),
            lambda: handrank.evaluate_mask(-1),
            lambda: handrank.evaluate_mask(1.5),  # type: ignore[arg-type]
            lambda: handrank.evaluate_omaha("Ah Kh", "Qh Jh Th"),
            lambda: handrank.evaluate_omaha("Ah Kh 2c 3c", "Ah Jh Th"),
            lambda: handrank.evaluate_omaha("Ah Kh 2c 3c", "Qh Jh"),
            lambda: handrank.evaluate_omaha([0, 1, 2, 99], [4, 5, 6]),
            lambda: handrank.best_five_omaha("Ah Kh 2c 3c", "Ah Jh Th"),
            lambda: handrank.describe(0),
            lambda: handrank.describe(7463),
            lambda: handrank.describe(1, lang="xx"),  # type: ignore[arg-type]
            lambda: handrank.category(None),  # type: ignore[arg-type]
            lambda: handrank.parse_cards("As Kx"),
        ],
    )

    def batches(n: int) -> None:
        for _ in range(n):
            handrank.evaluate_batch(batch7)
            handrank.evaluate_batch(batch6_wide)
            handrank.evaluate_batch(batch7, out=out)
            handrank.evaluate_masks(batch_masks)
            handrank.evaluate_omaha_batch(holes, boards)
            handrank.evaluate_omaha_batch(shared_holes, shared_board, out=out)

    def threaded_batches(n: int) -> None:
        for i in range(n):
            threads = 2 if i % 2 else 0
            handrank.evaluate_batch(big7, threads=threads)
            handrank.evaluate_batch(big7, threads=threads, out=big_out)
            handrank.evaluate_masks(big_masks, threads=threads)
            handrank.evaluate_omaha_batch(big_deals[:, :4], big_deals[:, 4:], threads=threads)
            handrank.evaluate_omaha_batch(big_shared_holes, shared_board[:4], threads=threads)

    bad_batches = must_raise(
        "bad batch calls",
        [
            lambda: handrank.evaluate_batch(bad_rows),
            lambda: handrank.evaluate_batch(bad_wide),
            lambda: handrank.evaluate_batch(bad_rows, out=out),
            lambda: handrank.evaluate_batch(bad_big, threads=2),
            lambda: handrank.evaluate_batch(batch7.astype(np.float64)),
            lambda: handrank.evaluate_batch([[51, 47, 43, 39, 35], [1, 2, 3]]),
            lambda: handrank.evaluate_batch(batch7[:, :4]),
            lambda: handrank.evaluate_batch(batch7, out=np.empty(ROWS, np.int32)),
            lambda: handrank.evaluate_batch(None),  # type: ignore[arg-type]
            lambda: handrank.evaluate_masks(bad_masks),
            lambda: handrank.evaluate_masks(batch7),
            lambda: handrank.evaluate_omaha_batch(bad_holes, boards),
            lambda: handrank.evaluate_omaha_batch(holes, boards[:-1]),
            lambda: handrank.evaluate_omaha_batch(holes, [0, 1]),
            lambda: handrank.evaluate_omaha_batch(holes[:, :3], boards),
        ],
    )

    aa, kk, qq_aks, rand = Range("AA"), Range("KK"), Range("QQ+, AKs"), Range("random")

    def exact_equity(n: int) -> None:
        for i in range(n):
            handrank.equity(["AhKh", "QsQd"], board="2c 7d 9h")
            handrank.equity([aa, kk], board="2c 7d 9h 3s", threads=2 if i % 2 else None)
            handrank.equity(["AhKh", "QsQd", "7c7s"], board="2c 7d 9h 3s", dead="Jd")
            handrank.equity(["AhAsKdKc", "QhJhTs9s"], board="2c 7d 8h", game="omaha")

    def monte_carlo(n: int) -> None:
        for i in range(n):
            handrank.equity(["AhKh", "QsQd"], trials=2048, seed=i)
            handrank.equity([qq_aks, rand], trials=2048, seed=i, threads=2, progress=lambda done: None)
            handrank.equity(["AhAsKdKc", Range("random", game="omaha", hole_size=4)], trials=1024, game="omaha")

    bad_equity = must_raise(
        "bad equity calls",
        [
            lambda: handrank.equity(["As Ks", "Qs Js"], game="badugi"),  # type: ignore[arg-type]
            lambda: handrank.equity(["As Ks"]),
            lambda: handrank.equity(["As Ks", "As Js"]),
            lambda: handrank.equity(["As Ks", "Qs Js"], board="As 2c 3d"),
            lambda: handrank.equity(["As Ks", "Qs Js"], board="2c 3d 4h 5s 6c 7d"),
            lambda: handrank.equity([aa, aa, aa], board="Ac Ad 2c"),
            lambda: handrank.equity(["As Ks", "Qs Js"], trials=-5),
            lambda: handrank.equity(["As Ks Qs", "Js Ts"]),
        ],
    )

    def showdowns(n: int) -> None:
        for i in range(n):
            handrank.showdown(["As Ac", "Kh Ks", "7h 2d"], board="Ah Kd 7c 7s 2c")
            handrank.showdown(["Ah 9h 8c 2s", "Ac Ad Kc Kd"], "Kh Qh Jh 5c 6d", game="omaha")
            handrank.showdown(["As Ks Qs Js 9s 2d 3c", "Ah Ad Ac Kh Kd 4c 5c"], game="stud")
            handrank.showdown(["2c 3d 4h 5s 7c", "2d 3h 4s 5c 7d"], game="draw")
            handrank.split_pot(100 + i % 7, [0, 2, 5], odd_chips="last" if i % 2 else "first")

    bad_showdowns = must_raise(
        "bad showdown calls",
        [
            lambda: handrank.showdown(["As Ks", "Qs Js"], "2c 3c 4c", game="badugi"),  # type: ignore[arg-type]
            lambda: handrank.showdown(["As Ks", "As Js"], "2c 3c 4c"),
            lambda: handrank.showdown(["As Ks"], "2c 3c 4c"),
            lambda: handrank.showdown(["As Ks Qs", "Js Ts"], "2c 3c 4c"),
            lambda: handrank.showdown(["As Ks", "Qs Js"], "2c 3c"),
            lambda: handrank.showdown(["As Ks Qs Js", "Ah Kh Qh Jh"], game="stud"),
            lambda: handrank.split_pot(-1, [0]),
            lambda: handrank.split_pot(100, []),
        ],
    )

    range_texts = [
        "QQ+, AKs, 0.5(JJ-TT), T9s-65s",
        "A2s+, KTo+, 40%(ATs+), 1/3(AK)",
        "88-55 AhKh random",
        "*",
    ]

    def ranges(n: int) -> None:
        for i in range(n):
            r = Range(range_texts[i % len(range_texts)])
            str(r)
            len(r)
            sum(weight for _, weight in r)
            r.without([51, 50]) if i % 2 else Range(str(r))
            omaha_range = Range("AhAsKdKc, QhQsJdJc", game="omaha")
            str(omaha_range)
            Range.from_combos([((51, 47), Fraction(1, 2)), ((3, 7), 1)])

    bad_ranges = must_raise(
        "bad ranges",
        [
            lambda: Range("AKx"),
            lambda: Range("AA", game="badugi"),  # type: ignore[arg-type]
            lambda: Range("QQ+, 1.5(AK)"),
            lambda: Range("AhAh"),
            lambda: Range("AhAsKdKc", game="holdem"),
            lambda: Range("random", game="omaha"),
            lambda: Range("T9s-65o"),
            lambda: Range(None),  # type: ignore[arg-type]
        ],
    )

    return [
        Workload("evaluate (ids, 5 and 7 cards)", 1, evaluate_ids),
        Workload("evaluate (text, 5-7 cards)", 4, evaluate_text),
        Workload("evaluate_mask", 1, evaluate_mask),
        Workload("evaluate_omaha (ids and text)", 4, evaluate_omaha),
        Workload("best_five, best_five_omaha", 40, best_five),
        Workload("describe, category", 2, describe),
        Workload("bad single calls (raise)", 2, bad_singles),
        Workload("batches of 1000 rows", 500, batches),
        Workload(f"threaded batches of {THREADED_ROWS} rows", 10_000, threaded_batches),
        Workload("bad batch calls (raise)", 200, bad_batches),
        Workload("exact equity, small", 5000, exact_equity),
        Workload("Monte Carlo equity", 5000, monte_carlo),
        Workload("bad equity calls (raise)", 50, bad_equity),
        Workload("showdown, split_pot", 200, showdowns),
        Workload("bad showdown calls (raise)", 20, bad_showdowns),
        Workload("Range parsing", 2000, ranges),
        Workload("bad ranges (raise)", 20, bad_ranges),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help=f"{QUICK_ITERATIONS:,} iterations (the default)")
    size.add_argument("--long", action="store_true", help=f"{LONG_ITERATIONS:,} iterations")
    size.add_argument("--iterations", type=int, help="single calls per single-call workload; the rest scale with it")
    parser.add_argument("--max-growth-mib", type=float, default=8.0, help="RSS growth that fails (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands (default 1)")
    args = parser.parse_args(argv)
    iterations = args.iterations or (LONG_ITERATIONS if args.long else QUICK_ITERATIONS)
    if iterations < 1:
        parser.error("--iterations must be at least 1")
    limit = int(args.max_growth_mib * MIB)

    print(f"handrank {handrank.__version__}, backend {handrank.BACKEND}, {iterations:,} iterations")
    print(f"from {handrank.__file__}")
    works = workloads(args.seed)
    started = time.perf_counter()
    try:
        for work in works:
            work.run(max(1, work.calls(iterations) // 10))
        gc.collect()
        baseline = peak = rss()
        print(f"RSS after the warm-up: {baseline / MIB:.1f} MiB")
        print(f"{'workload':<40} {'calls':>10} {'seconds':>8} {'RSS change':>12}")
        worst = 0
        for work in works:
            before = rss()
            start = time.perf_counter()
            calls = work.calls(iterations)
            work.run(calls)
            gc.collect()
            after = rss()
            peak = max(peak, after)
            worst = max(worst, after - before)
            seconds = time.perf_counter() - start
            print(f"{work.name:<40} {calls:>10,} {seconds:>8.2f} {(after - before) / 1024:>+9,.0f} KiB")
    except DidNotRaise as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 2
    end = rss()
    growth = end - baseline
    print(
        f"RSS at the end: {end / MIB:.1f} MiB, grew {growth / MIB:+.2f} MiB since the warm-up "
        f"(peak {peak / MIB:.1f} MiB, worst workload {worst / MIB:+.2f} MiB, limit {limit / MIB:.1f} MiB); "
        f"{time.perf_counter() - started:.1f} s"
    )
    if growth > limit or worst > limit:
        print(f"FAIL: RSS grew more than {args.max_growth_mib} MiB: a leak", file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
