#!/usr/bin/env python3
"""Time the big tables on Dask: one table on 1, 2, ... local worker processes, and the size of a task.

For each count in --workers, a new LocalCluster of that many worker
processes (one thread each, as ``handrank table`` makes) computes the same
table from scratch (no checkpoint), and the rows give its wall time (the
plan, the tasks and the assembly; not the cluster's start, reported
beside), the speed-up over the first count, and each table is checked
equal to the first.  Then, on one cluster of the largest count, the
preflop table of the grid's first --sweep-classes classes (3,685 matchups
for 60) with each task holding --sweep matchups: the cost of a task's
round trip against the work in it.

    python benchmarks/bench_dask.py --markdown                       # the full preflop table
    python benchmarks/bench_dask.py --table flop --hero random --villain random
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import handrank
from handrank._classes import HAND_CLASSES

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import cpu_name, version


def _job(args: argparse.Namespace, chunk_size: int | None = None, hands: object = None) -> object:
    from handrank._table_jobs import FlopJob, PreflopJob

    if args.table == "preflop":
        return PreflopJob(hands or args.hands, chunk_size or 500)
    return FlopJob(args.hero, args.villain, chunk_size or 25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", choices=("preflop", "flop"), default="preflop", help="the table (default preflop)")
    parser.add_argument("--hands", help="preflop: only these classes (default all 169)")
    parser.add_argument("--hero", default="random", help="flop: the hero range (default random)")
    parser.add_argument("--villain", default="random", help="flop: the villain range (default random)")
    parser.add_argument("--workers", default="1,2", help="worker counts to time, comma-separated (default 1,2)")
    parser.add_argument(
        "--sweep", default="1,10,100,500,2000", help="matchups per task to try (default 1,10,100,500,2000)"
    )
    parser.add_argument(
        "--sweep-classes", type=int, default=60, help="the sweep's table: the grid's first N classes (default 60)"
    )
    parser.add_argument("--markdown", action="store_true", help="print the results as markdown tables")
    args = parser.parse_args(argv)
    counts = [int(w) for w in args.workers.split(",")]
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed", file=sys.stderr)
        return 2
    from handrank import dask as hd

    print(f"machine : {cpu_name()}, {os.cpu_count()} cores, handrank {version('handrank')}, dask {version('dask')}")
    rows, first = [], None
    for workers in counts:
        start = time.perf_counter()
        with hd.connect(workers) as client:
            started = time.perf_counter() - start
            t0 = time.perf_counter()
            job = _job(args)
            table = job.frame(hd._run(job, client, None, None))  # type: ignore[attr-defined]
            seconds = time.perf_counter() - t0
        if first is None:
            first = (seconds, table)
        same = table.equals(first[1])
        rows.append((workers, len(job.chunks), started, seconds, first[0] / seconds, same))  # type: ignore[attr-defined]
        print(
            f"  {workers} workers: {seconds:.1f} s ({started:.1f} s to start), {'same table' if same else 'DIFFERENT'}"
        )
    title = f"{args.table} table" + (f" ({args.hands})" if args.hands else "")
    if args.markdown:
        print(f"\n| {title} | tasks | cluster start | wall time | vs 1st |\n|---|---:|---:|---:|---:|")
        for workers, tasks, started, seconds, ratio, _ in rows:
            name = f"{workers} worker{'s' * (workers > 1)}"
            print(f"| {name} | {tasks} | {started:.1f} s | {seconds:.1f} s | {ratio:.2f}x |")
    sweep = [int(s) for s in args.sweep.split(",") if s]
    if sweep and args.table == "preflop":
        results = []
        with hd.connect(max(counts)) as client:
            for size in sweep:
                job = _job(args, size, list(HAND_CLASSES[: args.sweep_classes]))
                t0 = time.perf_counter()
                hd._run(job, client, None, None)  # type: ignore[arg-type]
                seconds = time.perf_counter() - t0
                matchups = len(job.keys)  # type: ignore[attr-defined]
                results.append((size, len(job.chunks), matchups, seconds))  # type: ignore[attr-defined]
                print(f"  {size} matchups a task: {len(job.chunks)} tasks, {seconds:.2f} s")  # type: ignore[attr-defined]
        if args.markdown:
            head = f"matchups per task ({matchups:,} matchups, {max(counts)} workers)"
            print(f"\n| {head} | tasks | wall time | per matchup |\n|---:|---:|---:|---:|")
            for size, tasks, matchups, seconds in results:
                print(f"| {size} | {tasks} | {seconds:.2f} s | {seconds / matchups * 1e3:.2f} ms |")
    return 0 if all(row[-1] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
