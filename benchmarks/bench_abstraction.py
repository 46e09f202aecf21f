#!/usr/bin/env python3
"""Time the abstraction features: full builds per street, spot checks, and the river build on Dask.

1. Full builds (``handrank.abstraction.build``, every core of this machine,
   one process): each --build item (``street:feature,feature``) from
   scratch into a temporary folder, in a subprocess of its own, so that its
   peak resident memory is its own; the table gives the wall time, the
   states, the output's size and the peak memory beyond it (memory-mapped
   output pages count in the resident set as they are written).
2. Spot checks: --spot random states of each street (seeded) through
   ``ehs``/``ehs2``/``histogram`` with ``indices=``, beside the same states'
   EHS from ``handrank.equity(hand, "random", exact=True)`` one hand at a
   time (the hand-by-hand way), on the river and the turn: a ratio.
3. Dask: the river EHS build on a LocalCluster of 1 and then 2 worker
   processes (``handrank.dask.connect``; the cluster's start not timed),
   the speed-up, and the files checked equal to the local build's.

    python benchmarks/bench_abstraction.py --markdown
    python benchmarks/bench_abstraction.py --build river:ehs --no-dask --spot 200
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import cpu_name, version

DEFAULT_BUILDS = "river:ehs;turn:ehs,ehs2,hist;flop:ehs,ehs2,hist,next;preflop:ehs,ehs2,hist,ochs;river:ochs"

_CHILD = """
import json, resource, sys, time
from handrank import abstraction
street, features, out = sys.argv[1], sys.argv[2], sys.argv[3]
start = time.perf_counter()
built = abstraction.build(features, street, out, threads=0)
wall = time.perf_counter() - start
size = sum(built[k].nbytes for k in built.keys())
states = built[built.keys()[0]].shape[0]
print(json.dumps({"wall": wall, "bytes": size, "states": states,
                  "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def full_builds(spec: str) -> list[dict[str, object]]:
    rows = []
    for item in spec.split(";"):
        street, features = item.split(":")
        with tempfile.TemporaryDirectory(prefix="handrank-abstraction-") as out:
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, street, features, out], capture_output=True, text=True, check=True
            )
        result = json.loads(done.stdout.strip().splitlines()[-1])
        result.update(street=street, features=features)
        rows.append(result)
        print(
            f"  {street:8s} {features:24s} {result['wall']:8.1f} s  {result['states']:>12,} states"
            f"  out {result['bytes'] / 2**30:6.2f} GiB  peak {result['peak'] / 2**30:5.2f} GiB",
            file=sys.stderr,
        )
    return rows


def spot_checks(n: int, seed: int) -> list[dict[str, object]]:
    from handrank import HandIndexer, abstraction

    indexer = HandIndexer("holdem")
    rng = np.random.default_rng(seed)
    rows = []
    for street in ("river", "turn", "flop", "preflop"):
        size = indexer.size(street)
        chosen = rng.choice(size, size=min(n, size), replace=False).astype(np.uint64)
        start = time.perf_counter()
        ehs = abstraction.ehs(street, chosen, threads=0)
        abstraction.ehs2(street, chosen, threads=0)
        if street != "river":
            abstraction.histogram(street, indices=chosen, threads=0)
        wall = time.perf_counter() - start
        row: dict[str, object] = {"street": street, "states": len(chosen), "wall": wall}
        if street in ("river", "turn"):
            # the hand-by-hand way, on a few of the same states, scaled to all of them
            few = chosen[: max(1, min(len(chosen), 40 if street == "turn" else 200))]
            hands = indexer.unindex(few, street)
            begin = time.perf_counter()
            one = [handrank.equity([h[:2], "random"], board=h[2:], exact=True).equity[0] for h in hands.tolist()]
            by_hand = (time.perf_counter() - begin) * len(chosen) / len(few)
            if not np.allclose(one, ehs[: len(few)], atol=1e-12):
                raise SystemExit(f"{street}: EHS differs from equity(hand, 'random')")
            begin = time.perf_counter()
            abstraction.ehs(street, chosen, threads=0)
            alone = time.perf_counter() - begin
            row.update(ehs_alone=alone, by_hand=by_hand, ratio=by_hand / alone)
        rows.append(row)
        print(f"  {street:8s} {len(chosen):6,} states  {wall:7.2f} s (EHS, EHS2, histogram)", file=sys.stderr)
    return rows


def dask_builds(counts: list[int]) -> list[dict[str, object]]:
    from handrank import abstraction
    from handrank import dask as hd

    rows = []
    reference = None
    for workers in counts:
        with hd.connect(workers=workers) as client, tempfile.TemporaryDirectory(prefix="handrank-dask-") as out:
            client.wait_for_workers(workers)
            start = time.perf_counter()
            built = abstraction.build("ehs", "river", out, client=client)
            wall = time.perf_counter() - start
            values = np.array(built["river", "ehs"])
        if reference is None:
            reference = values
        elif not np.array_equal(reference, values):
            raise SystemExit(f"the river EHS on {workers} workers differs from the first run's")
        rows.append({"workers": workers, "wall": wall})
        print(f"  {workers} worker(s): {wall:.1f} s", file=sys.stderr)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=DEFAULT_BUILDS, help=f"street:features;... (default {DEFAULT_BUILDS})")
    parser.add_argument("--no-build", action="store_true", help="skip the full builds")
    parser.add_argument("--spot", type=int, default=2000, help="states per street for the spot checks (0: none)")
    parser.add_argument("--seed", type=int, default=1, help="the spot checks' seed")
    parser.add_argument("--workers", default="1,2", help="Dask worker counts for the river build (default 1,2)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask runs")
    parser.add_argument("--markdown", action="store_true", help="print the results as markdown tables")
    args = parser.parse_args(argv)
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed", file=sys.stderr)
        return 2
    print(f"handrank {version('handrank')} on {cpu_name()}, {os.cpu_count()} cores", file=sys.stderr)
    builds = [] if args.no_build else full_builds(args.build)
    spots = spot_checks(args.spot, args.seed) if args.spot else []
    dasks = [] if args.no_dask else dask_builds([int(w) for w in args.workers.split(",")])
    if args.markdown:
        if builds:
            print("| street | features | states | time | output | peak memory beyond it |")
            print("|---|---|---:|---:|---:|---:|")
            for r in builds:
                beyond = max(0.0, (r["peak"] - r["bytes"]) / 2**30)  # type: ignore[operator]
                print(
                    f"| {r['street']} | {r['features']} | {r['states']:,} | {r['wall']:.1f} s"
                    f" | {r['bytes'] / 2**30:.2f} GiB | {beyond:.2f} GiB |"  # type: ignore[operator]
                )
            print()
        if spots:
            print("| street | states | EHS, EHS², histogram | EHS alone | hand by hand (equity) | ratio |")
            print("|---|---:|---:|---:|---:|---:|")
            for r in spots:
                extra = f"{r['ehs_alone']:.2f} s | {r['by_hand']:.1f} s | {r['ratio']:.0f}x" if "ratio" in r else "| |"
                print(f"| {r['street']} | {r['states']:,} | {r['wall']:.2f} s | {extra} |")
            print()
        if dasks:
            print("| Dask workers | river EHS build | speed-up |")
            print("|---:|---:|---:|")
            for r in dasks:
                print(f"| {r['workers']} | {r['wall']:.1f} s | {dasks[0]['wall'] / r['wall']:.2f}x |")  # type: ignore[operator]
    return 0


if __name__ == "__main__":
    sys.exit(main())
