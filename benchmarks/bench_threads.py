#!/usr/bin/env python3
"""How calls scale over threads: the same work on one thread and on all cores, side by side, and the ratio.

``evaluate_batch(threads=0)`` against ``threads=1``; then plain Python
threads, one per core, each making its own calls (``evaluate`` with ids and
with text, ``evaluate_omaha``, a small exact ``equity``) against one thread
making all of them.  With the GIL (a regular build) Python threads cannot run
Python code at once, so only the calls that release it scale; on a
free-threaded build with the GIL off (``python3.13t``, ``tools/free_threaded.sh``)
every row should approach the number of cores.  Best of ``--repeats`` runs, one
thread and all of them timed in turn.

    python benchmarks/bench_threads.py --markdown
"""

from __future__ import annotations

import os
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from functools import partial

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import bench_parser, cpu_name, version


def _in_threads(work: Callable[[int], object], threads: int) -> float:
    """Seconds for ``threads`` Python threads each to run ``work(its number)``, started together: from the
    first one's start to the last one's end, as the threads themselves clock them."""
    start = threading.Barrier(threads)
    begun: list[float] = []
    done: list[float] = []

    def run(k: int) -> None:
        start.wait()
        begun.append(time.perf_counter())
        work(k)
        done.append(time.perf_counter())

    pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return max(done) - min(begun)


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser(__doc__, 5)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2, help="threads (default: the cores)")
    args = parser.parse_args(argv)
    n = args.threads
    rng = np.random.default_rng(args.seed)
    rows = np.argsort(rng.random((4_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    # each thread its own arguments (the same values, not the same objects)
    hands = [[row.tolist() for row in rows[:200_000]] for _ in range(n)]
    texts = [[" ".join(handrank.cards_str(h).split()) for h in mine[:50_000]] for mine in hands]
    dealt = np.argsort(rng.random((50_000, 52)), axis=1)[:, :9]
    holes = [[(row[:4].tolist(), row[4:].tolist()) for row in dealt] for _ in range(n)]

    def ids(k: int) -> None:
        for hand in hands[k]:
            handrank.evaluate(hand)

    def text(k: int) -> None:
        for hand in texts[k]:
            handrank.evaluate(hand)

    def omaha(k: int) -> None:
        for hole, board in holes[k]:
            handrank.evaluate_omaha(hole, board)

    def small_equity(_: int) -> None:
        for _ in range(1_000):
            handrank.equity(["Ah Kh", "Qs Qd"], "2h 7h 9c", threads=1)

    rows_out: list[tuple[str, float, float]] = []
    one, many = _best_of(
        args.repeats,
        lambda: _timed(lambda: handrank.evaluate_batch(rows, threads=1)),
        lambda: _timed(lambda: handrank.evaluate_batch(rows, threads=n)),
    )
    rows_out.append((f"evaluate_batch, 4M rows: threads=1 against threads={n}", one, one / many))
    for name, work in (
        ("evaluate(ids), 200,000 hands a thread", ids),
        ("evaluate(text), 50,000 hands a thread", text),
        ("evaluate_omaha, 50,000 hands a thread", omaha),
        ("equity, AhKh vs QsQd on a flop, 1,000 calls a thread", small_equity),
    ):
        alone, together = _best_of(args.repeats, partial(_in_threads, work, 1), partial(_in_threads, work, n))
        # n threads do n times the work: the speed-up is n x alone / together
        rows_out.append((f"{name}: 1 thread against {n}", alone, n * alone / together))
    gil_on = getattr(sys, "_is_gil_enabled", lambda: True)()
    build = f"free-threaded, GIL {'on' if gil_on else 'off'}" if sysconfig.get_config_var("Py_GIL_DISABLED") else "GIL"
    print(f"handrank {version('handrank')} on {cpu_name()}, Python {sys.version.split()[0]} ({build})", file=sys.stderr)
    if args.markdown:
        print("| work | ms on one thread | speed-up |")
        print("|---|---:|---:|")
    for name, seconds, ratio in rows_out:
        line = (
            f"| {name} | {seconds * 1e3:,.1f} | {ratio:.2f}x |"
            if args.markdown
            else f"{name:64s} {seconds * 1e3:9,.1f} ms  {ratio:5.2f}x"
        )
        print(line)
    return 0


def _best_of(repeats: int, first: Callable[[], float], second: Callable[[], float]) -> tuple[float, float]:
    """The least of ``repeats`` timings of each, taken in turn: a spell of load from elsewhere on a shared
    machine then slows both sides, not one."""
    times = [(first(), second()) for _ in range(repeats)]
    return min(a for a, _ in times), min(b for _, b in times)


def _timed(call: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    call()
    return time.perf_counter() - t0


if __name__ == "__main__":
    sys.exit(main())
