#!/usr/bin/env python3
"""Generate src/handrank/omaha_preflop.bin: each PLO4 hand class's all-in preflop equity against a random hand.

    python tools/gen_omaha_preflop.py            # compute what is missing, then write the file
    python tools/gen_omaha_preflop.py --check 20 # recompute 20 random classes and compare with the file

needs the compiled backend (the pure-Python one would take weeks).  For each
of the 16,432 classes of four-card Omaha hands, in ``omaha_classes()``'s
order, the class's first hole (``omaha_class_holes(i)[0]``; every hole of a
class has the same equity) plays ``"random"`` over a five-card board:
``handrank.equity([hole, "random"], game="omaha", exact=False,
trials=1_100_000, seed=i, threads=1)``, class ``i`` with seed ``i``, so
every figure can be recomputed alone, on any number of threads (the
sampling does not depend on them).  A trial's share of the pot is 0, 1/2
or 1, so its variance is at most 1/4 and 1,100,000 trials (the kernel
rounds them up to 1,100,800) keep every class's standard error under
0.5 / sqrt(1,100,800) = 0.000477; the file stores each class's own.

Classes are computed in chunks of 512, each kept in
``omaha_preflop.bin.parts`` as it finishes (a ``.npy`` file written
under a temporary name and renamed), so an interrupted run resumes where
it stopped; the folder is removed once the file is written.  The full run
took 1,551 s (26 minutes) on one thread of a 2-core x86-64 machine (AVX-512) shared with other work.

The layout is ``handrank._omaha_preflop``'s (``pack_table``): a zlib
stream of a 32-byte header (magic, version, hole size, classes, trials,
base seed), each class's equity as uint16 (``round(65535 * equity)``),
its standard error as uint16 in units of 2**-24, and a CRC-32 of all of
it.  The file is generated: do not edit it.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

import numpy as np  # noqa: E402

import handrank  # noqa: E402
from handrank import _omaha_preflop  # noqa: E402

OUT = os.path.join(ROOT, "src", "handrank", "omaha_preflop.bin")
PARTS = OUT + ".parts"
TRIALS = 1_100_000
"""Trials asked for per class (the kernel deals them in whole blocks: 1,100,800)."""
SEED = 0
"""Class ``i`` is sampled with seed ``SEED + i``."""
CHUNK = 512
"""Classes per kept part."""


def class_equity(i: int, trials: int = TRIALS) -> tuple[float, float, int]:
    """Class ``i``'s equity against a random hand, its standard error and the trials dealt."""
    hole = handrank.omaha_class_holes(i)[0].tolist()
    result = handrank.equity([hole, "random"], game="omaha", exact=False, trials=trials, seed=SEED + i, threads=1)
    return result.equity[0], result.stderr[0], result.trials


def compute_parts(classes: int) -> list[np.ndarray]:
    """Every chunk's ``(n, 3)`` rows of equity, standard error and trials: kept ones read, the others computed."""
    os.makedirs(PARTS, exist_ok=True)
    chunks = []
    t0 = time.perf_counter()
    for start in range(0, classes, CHUNK):
        stop = min(start + CHUNK, classes)
        path = os.path.join(PARTS, f"{start:05d}-{stop:05d}.npy")
        if os.path.exists(path):
            rows = np.load(path)
            if rows.shape == (stop - start, 3):
                chunks.append(rows)
                continue
        rows = np.array([class_equity(i) for i in range(start, stop)], dtype=np.float64)
        with open(path + ".tmp", "wb") as f:
            np.save(f, rows)
        os.replace(path + ".tmp", path)
        chunks.append(rows)
        print(f"  classes {start:,} to {stop - 1:,} done ({time.perf_counter() - t0:.0f} s)", flush=True)
    return chunks


def check(count: int) -> int:
    """Recompute ``count`` random classes and compare each with the shipped file; 0 if all agree."""
    with open(OUT, "rb") as f:
        table = _omaha_preflop.read_table(f.read())
    picks = random.Random(len(table.equity)).sample(range(len(table.equity)), count)
    bad = 0
    for i in sorted(picks):
        equity, stderr, _ = class_equity(i, table.trials)
        stored = table.equity[i], table.stderr[i]
        ok = abs(stored[0] - equity) <= 0.5 / 65535 + 1e-12 and abs(stored[1] - stderr) <= 2.0**-24
        bad += not ok
        print(
            f"class {i:5d} {handrank.omaha_classes()[i]:<10} {equity:.6f} ± {stderr:.6f}  file {stored[0]:.6f}"
            f" ± {stored[1]:.6f}  {'ok' if ok else 'DIFFERENT'}"
        )
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, metavar="N", help="recompute N random classes and compare")
    args = parser.parse_args()
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed (the pure-Python one would take weeks)", file=sys.stderr)
        return 2
    if args.check is not None:
        return check(args.check)
    t0 = time.perf_counter()
    classes = len(handrank.omaha_classes())
    print(f"{classes:,} classes, {TRIALS:,} trials each, seeds {SEED} to {SEED + classes - 1}", flush=True)
    rows = np.concatenate(compute_parts(classes))
    if int(rows[:, 2].min()) != int(rows[:, 2].max()):
        raise SystemExit("error: the parts were dealt different numbers of trials: remove them and start again")
    data = _omaha_preflop.pack_table(rows[:, 0], rows[:, 1], trials=int(rows[0, 2]), seed=SEED)
    with open(OUT + ".tmp", "wb") as f:
        f.write(data)
    os.replace(OUT + ".tmp", OUT)
    shutil.rmtree(PARTS, ignore_errors=True)
    print(
        f"wrote {OUT}: {len(data):,} bytes, {time.perf_counter() - t0:.0f} s; largest standard error"
        f" {rows[:, 1].max():.6f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
