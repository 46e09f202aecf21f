#!/usr/bin/env python3
"""Time handrank's Omaha evaluation (PLO4, PLO5, PLO6) against itself and its peers.

Every evaluator gets the same seeded random deals: a hole of 4, 5 or 6 cards
and a full 5-card board (``--board 3`` or ``4``: a flop or a turn, without
phevaluator, whose Omaha calls take five), all cards distinct; the best hand uses exactly two
hole cards and three board cards.  Before anything is timed, each result is
checked against handrank's C single-deal call: handrank's other paths and
phevaluator (same class numbering, 1 = royal flush .. 7462 = 7-5-4-3-2) must
give equal numbers; pokerkit (its own integers, higher = better) must put the
deals in the same order.  Any disagreement is printed with its cards and the
script exits with status 1.

The rows per hole size: handrank C ``evaluate_omaha`` one deal per call (the
C kernel, which ``handrank.evaluate_omaha`` is); ``handrank.evaluate_omaha_batch``
with the C kernels active, a board per row, on one thread and on all cores;
``evaluate_omaha_batch`` with ONE board shared by every row (a separate set of
holes dealt around that board), which is a different and much faster code
path, so its rows are not comparable to the others, on one thread and on all
cores; those two batch calls again on each other kernel on offer (``scalar``,
``avx2``: what a CPU without AVX-512 runs); the single
call and the batch with handrank's pure-Python kernels active (on fewer
deals); phevaluator's public Omaha calls (board first, then hole);
pokerkit's ``OmahaHoldemHand.from_game(hole, board)`` (on far fewer deals).
First the script prints the memory of handrank's tables (from csrc/tables.h)
and phevaluator's C figures as its authors published them, which this
machine cannot reproduce (its wheel has no PLO5/PLO6 tables).
Conventions as in bench.py: card conversion beforehand and untimed,
single-call rows driven by ``itertools.starmap`` into a zero-length deque,
round-robin best of --repeats runs.

    pip install -e ".[bench]"
    python benchmarks/bench_omaha.py --markdown
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import handrank
from handrank import _backend

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import (
    CARD_NAMES,
    Row,
    best_seconds,
    consume,
    cpu_name,
    make_hands,
    on_backend,
    order_violations,
    print_rows,
    version,
)

BOARD = 5  # a full board (river) by default: phevaluator's Omaha calls take exactly five board cards


# --------------------------------------------------------------------------- deals


def cards_str(cards: Sequence[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in cards)


def deal_str(hole: Sequence[int], board: Sequence[int]) -> str:
    return f"hole [{cards_str(hole)}] board [{cards_str(board)}]"


def holes_around(board: np.ndarray, n: int, h: int, seed: int) -> np.ndarray:
    """``n`` random holes of ``h`` distinct cards, none of them on ``board``, as (n, h) uint8."""
    rest = np.setdiff1d(np.arange(52), board).astype(np.uint8)  # 47 cards
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, rest.size, size=(n, h), dtype=np.uint8)
    redo = np.arange(n)
    while redo.size:  # redraw the rows that repeat a card until none does
        rows = idx[redo]
        repeat = np.zeros(redo.size, bool)
        for i, j in itertools.combinations(range(h), 2):
            repeat |= rows[:, i] == rows[:, j]
        redo = redo[repeat]
        idx[redo] = rng.integers(0, rest.size, size=(redo.size, h), dtype=np.uint8)
    return rest[idx]


# --------------------------------------------------------------------------- checks

Describe = Callable[[int], str]  # deal index -> its cards, for messages


def check_equal(ref: np.ndarray, got: np.ndarray, describe: Describe) -> tuple[bool, str]:
    """``got`` must be handrank's class for every deal."""
    bad = np.flatnonzero(ref != got)
    if bad.size == 0:
        return True, f"equal to handrank on all {len(ref):,} deals"
    lines = [f"DIFFERS from handrank on {bad.size:,} of {len(ref):,} deals, e.g.:"]
    for i in bad[:10]:
        lines.append(f"      {describe(int(i))}  handrank {ref[i]}  other {got[i]}")
    return False, "\n".join(lines)


def check_order(ref: np.ndarray, got: np.ndarray, describe: Describe) -> tuple[bool, str]:
    """``got`` (higher = better) must order the deals as handrank's classes (lower = better) do."""
    order, bad, classes = order_violations(ref, got)
    if bad.size == 0:
        return True, f"same order as handrank on all {len(ref):,} deals ({classes:,} distinct classes)"
    lines = [f"ORDER DIFFERS from handrank at {bad.size:,} of {len(ref) - 1:,} neighbouring pairs, e.g.:"]
    for j in bad[:10]:
        a, b = int(order[j]), int(order[j + 1])
        lines.append(
            f"      {describe(a)} handrank {ref[a]} peer {got[a]}\n   vs {describe(b)} handrank {ref[b]} peer {got[b]}"
        )
    return False, "\n".join(lines)


def on_kernel(kernels: object, name: str, fn: Callable[..., object], *args: object, **kwargs: object) -> object:
    """``fn(*args, **kwargs)`` with the compiled backend's batch kernel ``name`` in use."""
    before = kernels.use_simd(name)  # type: ignore[attr-defined]
    try:
        return fn(*args, **kwargs)
    finally:
        kernels.use_simd(before)  # type: ignore[attr-defined]


# The tables the Omaha high kernels read (a full board's row is found by the ace-to-five slot of its ranks;
# a turn's classes through the high hash).
OMAHA_TABLES = {
    "handrank_omaha_board",
    "handrank_omaha_flop",
    "handrank_omaha_turn",
    "handrank_omaha_pair_col",
    "handrank_multiset_rank",
    "handrank_a5_values",
    "handrank_hash_disp",
    "handrank_hash_values",
    "handrank_flush",
    "handrank_card_key",
    "handrank_suit_bit",
}


def table_bytes() -> tuple[int, int]:
    """The C core's tables in bytes, (those Omaha reads, all), from the generated header beside the package."""
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "csrc", "tables.h")
    sizes = {"uint8_t": 1, "uint16_t": 2, "uint64_t": 8}
    omaha = total = 0
    with open(header, encoding="utf-8") as f:
        for line in f:
            if line.startswith("extern const"):
                name = line.split()[3].split("[")[0]
                size = sizes[line.split()[2]] * int(line.split("[")[1].split("]")[0])
                total += size
                omaha += size if name in OMAHA_TABLES else 0
    return omaha, total


# Published by phevaluator's authors (its README, benchmark of 2023-09-02): Google Benchmark over 100
# pre-generated random hands per iteration, C library, one thread of a 12 x 2600 MHz CPU (256 KiB L2,
# 12 MiB L3); memory of each library by pmap.
PHEVALUATOR_PUBLISHED = {
    4: ("3,054 ns", 32, "30,516k"),
    5: ("3,300 ns", 30, "112,296k"),
    6: ("3,441 ns", 29, "353,484k"),
}


def print_published(variants: Sequence[int]) -> None:
    omaha, total = table_bytes()
    print(
        f"handrank's tables: {total:,} bytes for every game ({total / 2**20:.2f} MiB); the Omaha kernels read "
        f"{omaha:,} of them, the same for PLO4, PLO5 and PLO6"
    )
    print(
        "phevaluator's C library as published by its authors (README, 2023-09-02: Google Benchmark, 100 random "
        "pre-generated hands per iteration, one thread of a 2.6 GHz CPU; memory by pmap):"
    )
    for h in variants:
        ns, rate, memory = PHEVALUATOR_PUBLISHED[h]
        print(f"  PLO{h}: {ns} per 100 hands = {rate} M hands/s, library memory {memory}")
    print()


# --------------------------------------------------------------------------- peers


@dataclass
class Peer:
    name: str  # row label
    call: str  # what is timed, per deal
    n: int  # deals timed
    run: Callable[[], object]  # the timed loop over the n deals
    values: Callable[[], Sequence[int]]  # the same calls, returning results (the check and warm-up)
    check: Callable[[np.ndarray, np.ndarray, Describe], tuple[bool, str]]


class Skip(Exception):
    """A peer that imports but cannot evaluate this variant."""


def peers_phevaluator(holes: list[list[int]], boards: list[list[int]], n: int) -> list[Peer]:
    # evaluate_omaha_cards (PLO4 only) and evaluate_plo{4,5,6}_cards take the
    # five board cards first, then the hole.  PLO5/PLO6 need tables that a
    # default build leaves out (PHEVALUATOR_BUILD_PLO); then they raise
    # NotImplementedError and the row is skipped.
    import phevaluator.evaluator_omaha as pho
    from phevaluator import Card

    for c, name in enumerate(CARD_NAMES):
        if Card.to_id(name) != c:
            raise RuntimeError(f"phevaluator id of {name} is {Card.to_id(name)}, not {c}")
    h = len(holes[0])
    args = [board + hole for hole, board in zip(holes[:n], boards[:n], strict=True)]  # same card ids
    # royal flush with two hole hearts: board first gives 1, the other way round would not
    known_hole, known_board = [50, 46, 0, 5], [42, 38, 34, 28, 4]
    names = ["evaluate_omaha_cards", "evaluate_plo4_cards"] if h == 4 else [f"evaluate_plo{h}_cards"]
    peers = []
    for fname in names:
        fn = getattr(pho, fname)
        if h == 4 and fn(*known_board, *known_hole) != 1:
            raise RuntimeError(f"phevaluator {fname}(*board, *hole) does not take the board first")
        try:
            fn(*args[0])
        except NotImplementedError as exc:
            raise Skip(f"{fname}: {str(exc).split('.')[0]}") from exc
        peers.append(
            Peer(
                "phevaluator",
                f"{fname}(*board, *hole)",
                n,
                lambda fn=fn: consume(itertools.starmap(fn, args)),
                lambda fn=fn: list(itertools.starmap(fn, args)),
                check_equal,
            )
        )
    return peers


def peers_pokerkit(holes: list[list[int]], boards: list[list[int]], n: int) -> list[Peer]:
    # OmahaHoldemHand.from_game tries every 2-card subset of the hole with
    # every 3-card subset of the board through pokerkit's 5-card lookup.
    from pokerkit import Card, OmahaHoldemHand

    table = [next(iter(Card.parse(name))) for name in CARD_NAMES]
    for c, name in enumerate(CARD_NAMES):
        if repr(table[c]) != name:
            raise RuntimeError(f"pokerkit card {name} parses as {table[c]!r}")
    args = [
        (tuple(table[c] for c in hole), tuple(table[c] for c in board))
        for hole, board in zip(holes[:n], boards[:n], strict=True)
    ]
    from_game = OmahaHoldemHand.from_game
    return [
        Peer(
            "pokerkit",
            "OmahaHoldemHand.from_game(hole, board)",
            n,
            lambda: consume(itertools.starmap(from_game, args)),
            lambda: [hand.entry.index for hand in itertools.starmap(from_game, args)],
            check_order,
        )
    ]


# --------------------------------------------------------------------------- one variant


def run_variant(h: int, args: argparse.Namespace, failures: list[str]) -> list[Row]:
    kernels_c = _backend.load("c")
    kernels_py = _backend.load("python")

    game = f"PLO{h}"
    n_batch = max(args.hands, args.calls)
    n_calls = args.calls
    n_py = max(1, n_calls // 100)
    n_pokerkit = max(1, n_calls // 1000)
    threads_all = os.cpu_count() or 1

    nb = args.board
    print(f"## {game}: {h}-card holes, {nb}-card boards\n")
    t0 = time.perf_counter()
    deals = make_hands(n_batch, h + nb, args.seed + h)
    holes_arr = np.ascontiguousarray(deals[:, :h])
    boards_arr = np.ascontiguousarray(deals[:, h:])
    shared_board = boards_arr[0].copy()
    shared_holes = holes_around(shared_board, n_batch, h, args.seed + 100 + h)
    holes = holes_arr[:n_calls].tolist()
    boards = boards_arr[:n_calls].tolist()
    pairs = list(zip(holes, boards, strict=True))
    evaluate_c = kernels_c.evaluate_omaha  # what handrank.evaluate_omaha is bound to
    ref_list = list(itertools.starmap(evaluate_c, pairs))  # handrank's answer; the rest is checked against it
    ref = np.asarray(ref_list, dtype=np.int64)
    print(
        f"made {n_batch:,} deals, {n_batch:,} holes around the shared board [{cards_str(shared_board)}], "
        f"and {n_calls:,} reference classes in {time.perf_counter() - t0:.1f} s"
    )

    def describe(i: int) -> str:
        return deal_str(holes_arr[i], boards_arr[i])

    def describe_shared(i: int) -> str:
        return deal_str(shared_holes[i], shared_board)

    def report(label: str, ok: bool, msg: str) -> None:
        print(f"check {label:<56}: {msg}")
        if not ok:
            failures.append(f"{game} {label}")

    # ---- handrank's own paths against the C single call
    batch_c = on_backend("c", handrank.evaluate_omaha_batch)
    batch_py = on_backend("python", handrank.evaluate_omaha_batch)
    evaluate_py = kernels_py.evaluate_omaha
    full = batch_c(holes_arr, boards_arr, threads=0).astype(np.int64)
    report("handrank C batch threads=0", *check_equal(ref, full[:n_calls], describe))
    report("handrank C batch threads=1", *check_equal(full, batch_c(holes_arr, boards_arr, threads=1), describe))
    # the shared-board path against the per-row path with that board copied into every row
    tiled = np.ascontiguousarray(np.broadcast_to(shared_board, (n_batch, nb)))
    shared_ref = batch_c(shared_holes, tiled, threads=1).astype(np.int64)
    report(
        "handrank C batch, one shared board",
        *check_equal(shared_ref, batch_c(shared_holes, shared_board, threads=1), describe_shared),
    )
    some = min(n_calls, 1000)
    shared_single = [evaluate_c(hole, shared_board.tolist()) for hole in shared_holes[:some].tolist()]
    report(
        "handrank C single, shared board (first deals)",
        *check_equal(shared_ref[:some], np.asarray(shared_single), describe_shared),
    )
    t1 = time.perf_counter()
    evaluate_py(holes[0], boards[0])  # builds the Python backend's tables (if no earlier variant did)
    built = time.perf_counter() - t1
    if built > 0.05:
        print(f"(the Python backend built its tables in {built:.2f} s; not timed)")
    py_pairs = pairs[:n_py]
    py_holes = holes_arr[:n_py]
    py_boards = boards_arr[:n_py]
    report(
        "handrank Python single",
        *check_equal(ref[:n_py], np.asarray(list(itertools.starmap(evaluate_py, py_pairs))), describe),
    )
    report("handrank Python batch", *check_equal(ref[:n_py], batch_py(py_holes, py_boards), describe))

    out = np.empty(n_batch, np.uint16)
    out_py = np.empty(n_py, np.uint16)
    simd = kernels_c.simd()[0]
    # the same two batch calls on each other kernel on offer (what a CPU without AVX-512, or without AVX2, runs)
    others = [name for name in kernels_c.simd()[1] if name != simd]
    other_rows = [
        row
        for name in others
        for row in (
            (
                "handrank C",
                f"evaluate_omaha_batch(holes, boards) [1 thread, a board per row, {name} kernel]",
                n_batch,
                lambda name=name: on_kernel(kernels_c, name, batch_c, holes_arr, boards_arr, threads=1, out=out),
                False,
            ),
            (
                "handrank C",
                f"evaluate_omaha_batch(holes, board) [1 thread, ONE shared board, {name} kernel]",
                n_batch,
                lambda name=name: on_kernel(kernels_c, name, batch_c, shared_holes, shared_board, threads=1, out=out),
                False,
            ),
        )
    ]
    for name in others:
        report(
            f"handrank C batch, {name} kernel",
            *check_equal(full, on_kernel(kernels_c, name, batch_c, holes_arr, boards_arr), describe),
        )
        report(
            f"handrank C batch, {name} kernel, one shared board",
            *check_equal(shared_ref, on_kernel(kernels_c, name, batch_c, shared_holes, shared_board), describe_shared),
        )
    own_rows = [
        (
            "handrank C",
            "evaluate_omaha(hole, board)",
            n_calls,
            lambda: consume(itertools.starmap(evaluate_c, pairs)),
            True,
        ),
        (
            "handrank C",
            f"evaluate_omaha_batch(holes, boards) [1 thread, a board per row, {simd} kernel]",
            n_batch,
            lambda: batch_c(holes_arr, boards_arr, threads=1, out=out),
            False,
        ),
        (
            "handrank C",
            f"evaluate_omaha_batch(holes, boards, threads=0) [{threads_all} threads]",
            n_batch,
            lambda: batch_c(holes_arr, boards_arr, threads=0, out=out),
            False,
        ),
        (
            "handrank C",
            f"evaluate_omaha_batch(holes, board) [1 thread, ONE shared board: a faster path, {simd} kernel]",
            n_batch,
            lambda: batch_c(shared_holes, shared_board, threads=1, out=out),
            False,
        ),
        (
            "handrank C",
            f"evaluate_omaha_batch(holes, board, threads=0) [{threads_all} threads, ONE shared board]",
            n_batch,
            lambda: batch_c(shared_holes, shared_board, threads=0, out=out),
            False,
        ),
        *other_rows,
        (
            "handrank Python",
            "evaluate_omaha(hole, board)",
            n_py,
            lambda: consume(itertools.starmap(evaluate_py, py_pairs)),
            True,
        ),
        (
            "handrank Python",
            "evaluate_omaha_batch(holes, boards)",
            n_py,
            lambda: batch_py(py_holes, py_boards, out=out_py),
            False,
        ),
    ]

    # ---- peers: build (card conversion, untimed), run once to check and warm up
    builders = [("phevaluator", peers_phevaluator, n_calls), ("pokerkit", peers_pokerkit, n_pokerkit)]
    if nb != BOARD:
        print(f"check {'phevaluator':<56}: skipped, its Omaha calls take five board cards")
        builders = builders[1:]
    peers: list[tuple[Peer, bool]] = []
    for dist, build, n in builders:
        try:
            built_peers = build(holes, boards, n)
        except ImportError as exc:
            print(f"check {dist:<56}: skipped, not importable ({exc})")
            continue
        except Skip as exc:
            print(f"check {dist:<56}: skipped, this build cannot ({exc})")
            continue
        for peer in built_peers:
            got = np.asarray(peer.values(), dtype=np.int64)
            ok, msg = peer.check(ref[: peer.n], got, describe)
            report(f"{peer.name} {peer.call}", ok, msg)
            peers.append((peer, ok))

    # ---- time
    print(f"\ntiming {game} ...", flush=True)
    for _name, _call, _n, fn, _single in own_rows:
        fn()  # warm-up (the peers were warmed up by their check)
    fns = [row[3] for row in own_rows] + [peer.run for peer, _ok in peers]
    seconds = best_seconds(fns, args.repeats)
    rows = [
        Row(name, call, n, s, single)
        for (name, call, n, _fn, single), s in zip(own_rows, seconds[: len(own_rows)], strict=True)
    ]
    for (peer, ok), s in zip(peers, seconds[len(own_rows) :], strict=True):
        rows.append(Row(peer.name, peer.call, peer.n, s, True))
        if not ok:
            rows[-1].notes.append("disagrees with handrank, see above")
    print()
    print_table(rows, args.markdown)
    print()
    return rows


def print_table(rows: list[Row], markdown: bool) -> None:
    ref_single = rows[0].rate
    ref_batch = rows[1].rate

    def speedup(row: Row) -> str:
        return f"{(ref_single if row.single else ref_batch) / row.rate:.3g}x"

    print_rows(rows, ("evaluator", "call (per deal, or per array)", "deals"), speedup, markdown)
    print()
    print(
        f'"handrank C is": how many times faster handrank C single-call ({ref_single / 1e6:.2f} M/s) is than a '
        f"single-call row, and handrank C batch on 1 thread with a board per row ({ref_batch / 1e6:.2f} M/s) "
        "than a batch row (below 1x: that row is faster)."
    )


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="deals for the C batch rows (default 2M)")
    parser.add_argument(
        "--calls",
        type=int,
        default=500_000,
        help="deals for single-call loops (default 500k); the Python backend gets 1/100 of them, pokerkit 1/1000",
    )
    parser.add_argument("--hole", type=int, choices=(4, 5, 6), help="hole cards: 4, 5 or 6 (default: all three)")
    parser.add_argument(
        "--board", type=int, choices=(3, 4, 5), default=BOARD, help="board cards: 3, 4 or 5 (default 5, the river)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the deals (default 2024)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    parser.add_argument("--markdown", action="store_true", help="print the results as markdown tables")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.calls < 1 or args.repeats < 1:
        parser.error("--hands, --calls and --repeats must be positive")

    variants = [args.hole] if args.hole else [4, 5, 6]
    print(f"machine : {cpu_name()}, {os.cpu_count()} logical CPUs, {platform.platform()}")
    print(f"python  : {platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}")
    print("versions: " + ", ".join(f"{d} {version(d)}" for d in ("handrank", "phevaluator", "pokerkit")))
    print(
        f"deals   : {', '.join(f'PLO{h}' for h in variants)}; {max(args.hands, args.calls):,} random deals each "
        f"(hole + {args.board}-card board), seed {args.seed}; best of {args.repeats} runs per row"
    )
    print()

    print_published(variants)
    failures: list[str] = []
    for h in variants:
        run_variant(h, args, failures)
    print("Single-call rows include the same Python loop overhead (starmap into a deque).")
    if failures:
        print("\nWARNING: results differ from handrank for:\n  " + "\n  ".join(failures))
        print("(the offending deals are printed with each check above)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
