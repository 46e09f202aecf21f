#!/usr/bin/env python3
"""Generate src/handrank/preflop.bin: every heads-up preflop matchup's exact showdowns, and the class matrix.

    python tools/gen_preflop.py [--workers N | --scheduler tcp://host:8786]

needs the compiled backend and the dask extra.  It is the preflop table job
of ``handrank table preflop`` (``handrank._table_jobs.PreflopJob`` over all
169 classes, run by ``handrank.dask``): the 812,175 pairs of two-card hands
fall into 47,008 matchups up to suits (``handrank._preflop.matchup_key``),
and one representative of each is enumerated over the 1,712,304 boards by
``handrank.equity([a, b], exact=True)``.  Finished chunks are kept in
``preflop.bin.parts`` until the file is written, so an interrupted run
resumes.  The matrix is, for each pair of the 169 classes, the exact mean
equity over every pair of their combos that share no card (the job's class
table, as a fraction, rounded once); of each cell and its mirror the one of
at least 1/2 is rounded and the other is 1 minus it, so that ``m + m.T`` is
exactly 1.

Layout, zlib-compressed: n (uint32 little-endian); then three columns of n
values below 2**24 (the keys' increments in increasing key order, the
wins, the ties), each as three planes of bytes, low byte first; then the
matrix above its diagonal (float64 little-endian, row by row; below it,
1 minus its mirror; on it, 1/2).  The file is generated: do not edit it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
import time
import zlib
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

import handrank  # noqa: E402
from handrank._classes import HAND_CLASSES  # noqa: E402
from handrank._cli import whole_number  # noqa: E402

OUT = os.path.join(ROOT, "src", "handrank", "preflop.bin")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=whole_number, help="local worker processes (default: one per core)")
    where.add_argument("--scheduler", help="an existing Dask scheduler")
    args = parser.parse_args()
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed (the pure-Python one would take days)", file=sys.stderr)
        return 2
    from handrank import dask as hd
    from handrank._job_runner import run_job
    from handrank._table_jobs import PreflopJob

    t0 = time.perf_counter()
    job = PreflopJob()
    print(f"{len(job.keys):,} matchups up to suits in {len(job.chunks)} chunks ({time.perf_counter() - t0:.1f} s)")
    parts = OUT + ".parts"
    with hd.connect(args.workers, args.scheduler) as client:
        results = run_job(job, client, parts, None)
    print(f"  enumerated ({time.perf_counter() - t0:.1f} s)")
    counts = job.counts(results)
    table = job.frame(results)
    index = {name: i for i, name in enumerate(HAND_CLASSES)}
    upper: dict[tuple[int, int], float] = {}
    for row in table.itertuples():
        x, y = index[row.hand_a], index[row.hand_b]
        value = Fraction(2 * int(row.wins) + int(row.ties), 2 * int(row.total))
        # the cell of at least 1/2 rounded, its mirror 1 minus it (exact)
        upper[x, y] = float(value) if value >= Fraction(1, 2) else 1.0 - float(1 - value)

    keys = sorted(counts)
    deltas = [key - previous for key, previous in zip(keys, [0, *keys[:-1]], strict=True)]
    payload = struct.pack("<I", len(keys))
    for column in (deltas, [counts[k][0] for k in keys], [counts[k][1] for k in keys]):
        assert max(column) < 1 << 24
        payload += b"".join(bytes(v >> (8 * plane) & 0xFF for v in column) for plane in range(3))
    payload += struct.pack(f"<{169 * 168 // 2}d", *(upper[x, y] for x in range(169) for y in range(x + 1, 169)))
    with open(OUT, "wb") as f:
        f.write(zlib.compress(payload, 9))
    shutil.rmtree(parts, ignore_errors=True)
    workers = f"on {args.scheduler}" if args.scheduler else f"on {args.workers or os.cpu_count()} local workers"
    print(f"wrote {OUT}: {os.path.getsize(OUT):,} bytes, {time.perf_counter() - t0:.1f} s in all {workers}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
