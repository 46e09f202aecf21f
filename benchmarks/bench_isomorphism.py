#!/usr/bin/env python3
"""Time hand isomorphism: ``HandIndexer.index`` and ``unindex`` beside Waugh's C library, every Hold'em street.

On --rows seeded random 7-card rows, for each street with recall off (the
hole cards and the board as a set) and on (the rounds 2, 3, 1, 1 apart):
``indexer.index(rows, out=out)`` on the street's (N, k) rows, a call from
Python with its checks, beside Waugh's ``hand_index_last`` looping in C over
the same rows (``iso_index`` from ``OMPEVAL_DIR``, built by
../shared/anchors/build.sh); then ``indexer.unindex(indices, street,
out=out)`` on --rows seeded random indices beside Waugh's ``hand_unindex``
in C (``benchmarks/iso_unindex.c``, compiled here against the library's
sources: ``--waugh-src`` or ``HAND_ISOMORPHISM_SRC``, else
../shared/anchors/hand-isomorphism/src beside the checkout).  Before timing,
the partitions are checked equal (two rows share handrank's index exactly
when they share Waugh's), handrank's canonical hands are checked to index
back to their indices, and Waugh's to fall in distinct classes exactly
where their indices differ.  One thread; best of --repeats runs,
round-robin; ratios are handrank's speed over Waugh's.

    OMPEVAL_DIR=... python benchmarks/bench_isomorphism.py --markdown
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

import handrank

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import best_seconds, cpu_name, version

HERE = Path(__file__).resolve().parent
STREETS = ("preflop", "flop", "turn", "river")


def _same_partition(a: np.ndarray, b: np.ndarray) -> bool:
    _, first_a = np.unique(a, return_inverse=True)
    _, first_b = np.unique(b, return_inverse=True)
    pairs = np.unique(first_a.ravel().astype(np.int64) * (int(first_b.max()) + 1) + first_b.ravel())
    return bool(len(pairs) == first_a.max() + 1 == first_b.max() + 1)


def _unindex_harness(source: Path | None, folder: Path) -> tuple[Path | None, str]:
    """Waugh's unindex harness compiled into ``folder``, or None and why not."""
    if source is None or not (source / "hand_index.c").exists():
        return None, f"no hand_index.c in {source}" if source else "no source folder"
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler:
        return None, "no C compiler"
    binary = folder / "iso_unindex"
    command = [
        compiler,
        "-O3",
        "-march=native",
        "-std=gnu11",
        "-w",
        f"-I{source}",
        str(HERE / "iso_unindex.c"),
        str(source / "hand_index.c"),
        str(source / "deck.c"),
        "-lm",
        "-o",
        str(binary),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        return None, f"it did not compile: {done.stderr.strip()[:200]}"
    return binary, ""


def _run_self_timed(command: list[str], n: int) -> Callable[[], float]:
    """A row that times itself in another process: its loop's seconds, from the M/s it prints."""

    def run() -> float:
        line = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
        return n / (float(line[1]) * 1e6)

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2_000_000, help="rows and indices per street (default 2M)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    parser.add_argument("--waugh-src", type=Path, default=None, help="the sources of Waugh's library (hand_index.c)")
    parser.add_argument("--markdown", action="store_true", help="print the results as a markdown table")
    args = parser.parse_args(argv)
    if min(args.rows, args.repeats) < 1:
        parser.error("--rows and --repeats must be positive")

    print(f"machine : {cpu_name()}, handrank {version('handrank')} ({handrank.BACKEND}, {handrank.SIMD})")
    rng = np.random.default_rng(args.seed)
    rows = np.argsort(rng.random((args.rows, 52)), axis=1)[:, :7].astype(np.uint8)
    omp_dir = os.environ.get("OMPEVAL_DIR", "")
    iso_index = Path(omp_dir, "iso_index") if omp_dir else None
    if iso_index is None or not os.access(iso_index, os.X_OK):
        why = f"no iso_index in OMPEVAL_DIR={omp_dir}" if omp_dir else "OMPEVAL_DIR is not set"
        print(f"Waugh index: skipped, {why} (build it: bash ../shared/anchors/build.sh DIR; export OMPEVAL_DIR=DIR)")
        iso_index = None
    default_src = HERE.parent.parent / "shared" / "anchors" / "hand-isomorphism" / "src"
    source = args.waugh_src or Path(os.environ.get("HAND_ISOMORPHISM_SRC", default_src))
    results = []
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        unindex_binary, why = _unindex_harness(source, folder)
        if unindex_binary is None:
            print(f"Waugh unindex: skipped, {why} (--waugh-src DIR names the library's src folder)")
        rows_file = folder / "rows.bin"
        rows.tofile(rows_file)
        for recall in (False, True):
            indexer = handrank.HandIndexer(recall=recall)
            mode = "recall" if recall else "board"
            for street, name in enumerate(STREETS):
                k, size = indexer.cards(street), indexer.size(street)
                mine = np.ascontiguousarray(rows[:, :k])
                out = np.empty(len(mine), np.uint64)
                indices = rng.integers(0, size, args.rows, dtype=np.uint64)
                hands = np.empty((args.rows, k), np.uint8)
                fns: list[Callable[[], object]] = [
                    lambda i=indexer, m=mine, o=out: i.index(m, out=o),
                    lambda i=indexer, x=indices, s=street, h=hands: i.unindex(x, s, out=h),
                ]
                ours = indexer.index(mine)
                if not (indexer.index(indexer.unindex(indices, street)) == indices).all():
                    print(f"check {mode} {name}: handrank's canonical hands do not index back")
                    failures += 1
                if iso_index is not None:
                    theirs_file = folder / "theirs.bin"
                    command = [str(iso_index), mode, str(street), str(rows_file)]
                    subprocess.run([*command, str(theirs_file), "1"], check=True, capture_output=True)
                    if not _same_partition(ours, np.fromfile(theirs_file, np.uint64)):
                        print(f"check {mode} {name}: the partitions differ")
                        failures += 1
                    fns.append(_run_self_timed([*command, "-", "1"], args.rows))
                if unindex_binary is not None:
                    indices_file, cards_file = folder / "indices.bin", folder / "cards.bin"
                    indices.tofile(indices_file)
                    command = [str(unindex_binary), mode, str(street), str(indices_file), str(cards_file)]
                    subprocess.run([*command, "1"], check=True, capture_output=True)
                    theirs = np.fromfile(cards_file, np.uint8).reshape(-1, 7)[:, :k]
                    if not _same_partition(indexer.index(theirs), indices):  # one class per index, both ways
                        print(f"check {mode} {name}: Waugh's canonical hands and his indices disagree with handrank")
                        failures += 1
                    fns.append(_run_self_timed([*command, "1"], args.rows))
                seconds = best_seconds(fns, args.repeats)
                rates = [args.rows / s / 1e6 for s in seconds]
                index_waugh = rates[2] if iso_index is not None else None
                unindex_waugh = rates[-1] if unindex_binary is not None else None
                results.append((mode, name, size, rates[0], index_waugh, rates[1], unindex_waugh))
                print(
                    f"{mode:<6} {name:<7} {size:>13,}: index {rates[0]:7.1f} M/s, unindex {rates[1]:7.1f} M/s",
                    flush=True,
                )
    _report(results, args.markdown)
    return 1 if failures else 0


def _ratio(ours: float, theirs: float | None) -> str:
    return f"{ours / theirs:.2f}x" if theirs else "-"


def _report(results: list[tuple[str, str, int, float, float | None, float, float | None]], markdown: bool) -> None:
    head = ["street", "classes", "index", "Waugh index", "ratio", "unindex", "Waugh unindex", "ratio"]
    lines = []
    for mode, name, size, index, index_waugh, unindex, unindex_waugh in results:
        street = name if mode == "board" else f"{name}, recall"
        lines.append(
            [
                street,
                f"{size:,}",
                f"{index:.1f}",
                f"{index_waugh:.1f}" if index_waugh else "-",
                _ratio(index, index_waugh),
                f"{unindex:.1f}",
                f"{unindex_waugh:.1f}" if unindex_waugh else "-",
                _ratio(unindex, unindex_waugh),
            ]
        )
    print()
    print("M hands/s, one thread (ratio: handrank / Waugh's library)")
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|---|" + "---:|" * (len(head) - 1))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(head)]
        print("  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True)))
        for line in lines:
            print("  ".join(v.rjust(w) for v, w in zip(line, widths, strict=True)))


if __name__ == "__main__":
    raise SystemExit(main())
