#!/usr/bin/env python3
"""Time handrank against itself and against other Python poker hand evaluators.

Every evaluator gets the same seeded random hands.  Before anything is timed,
each peer's answers are checked against handrank's: treys and phevaluator use
the same class numbering (1 = royal flush .. 7462 = 7-5-4-3-2), so their
numbers must be equal; eval7, pkrbot and pokerkit use their own integers
(higher = better), so the order they put the hands in must be the same.

Single-call rows time one Python call per hand, driven by ``map`` (or
``itertools.starmap``) into a zero-length deque, so every row pays the same,
smallest loop overhead.  Card conversion for the peers is done beforehand and
is not timed.  Every function is run once before timing (that run is also the
correctness check, and it builds lazily made tables such as the Python
backend's), and each row reports the best of --repeats runs.

handrank's rows call the public functions (``handrank.evaluate_batch``, ...)
with one backend's kernels active (``on_backend``), and its single-call rows
that backend's ``evaluate`` kernel, which is what ``handrank.evaluate`` is.

OMPEval's evaluator (C++) gets a row when ``OMPEVAL_DIR`` names the folder
``../shared/anchors/build.sh`` built its ``omp_random`` harness into: the same
hands, written to a file, timed by the harness itself (7-card hands only).
Cycles per hand are at the clock the OS reports (turbo may run faster).

    pip install -e ".[bench]"
    OMPEVAL_DIR=... python benchmarks/bench.py --markdown
"""

from __future__ import annotations

import argparse
import collections
import gc
import importlib.metadata
import itertools
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

import handrank
from handrank import _backend

CARD_NAMES = [handrank.card_str(c) for c in range(52)]  # handrank's names: CARD_NAMES[51] == "As"

T = TypeVar("T")


# --------------------------------------------------------------------------- helpers


def on_backend(backend: str, fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` run with handrank's ``backend`` kernels ("c" or "python") active, the previous ones restored after.

    handrank's composed functions (``evaluate_batch``, ``equity``, ...) read the
    active kernels at call time, so this picks the backend a call runs on.
    """

    if _backend.name(_backend.kernels) == backend:
        return fn  # already active: no switching inside a timed call

    def call(*args: Any, **kwargs: Any) -> T:
        before = _backend.use(backend)
        try:
            return fn(*args, **kwargs)
        finally:
            _backend.use(_backend.name(before))

    return call


def hand_str(hand: Sequence[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in hand)


def make_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards, as an (n, k) uint8 array."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    redo = np.arange(n)
    while redo.size:  # redraw the rows that repeat a card until none does
        rows = hands[redo]
        repeat = np.zeros(redo.size, bool)
        for i, j in itertools.combinations(range(k), 2):
            repeat |= rows[:, i] == rows[:, j]
        redo = redo[repeat]
        hands[redo] = rng.integers(0, 52, size=(redo.size, k), dtype=np.uint8)
    return hands


def consume(iterable: Any) -> None:
    collections.deque(iterable, maxlen=0)


def best_seconds(fns: Sequence[Callable[[], object]], repeats: int) -> list[float]:
    """The shortest of ``repeats`` timed runs of each of ``fns``, garbage collector off.

    The runs go round-robin (every function once, then again) so that a slow
    spell of a shared machine is spread over all rows rather than one. A
    function that times itself (another process) returns its seconds as a float.
    """
    best = [float("inf")] * len(fns)
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            for i, fn in enumerate(fns):
                t0 = time.perf_counter()
                own = fn()
                elapsed = own if isinstance(own, float) else time.perf_counter() - t0
                best[i] = min(best[i], elapsed)
    finally:
        if gc_was_on:
            gc.enable()
    return best


def bench_parser(doc: str, repeats: int) -> argparse.ArgumentParser:
    """A benchmark's parser, described by the first paragraph of ``doc``, with the options every one takes:
    ``--repeats``, ``--seed`` and ``--markdown``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=repeats, help=f"best of this many runs (default {repeats})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="print the results as a markdown table")
    return parser


def compiled() -> bool:
    """Whether the compiled backend is active; else an error said on stderr."""
    import handrank

    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed", file=sys.stderr)
        return False
    return True


def best_of(call: Callable[[], object], repeats: int) -> float:
    """The shortest of ``repeats`` timed runs of ``call``, in seconds (``best_seconds`` for one function)."""
    return best_seconds([call], repeats)[0]


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def cpu_ghz() -> float | None:
    """The clock the OS reports for the first CPU (/proc/cpuinfo), in GHz; None where it reports none."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return float(line.split(":", 1)[1]) / 1000
    except (OSError, ValueError):
        pass
    return None


def ompeval_run(omp_dir: str, path: str, n: int) -> Callable[[], float]:
    """One run of OMPEval's evaluator from raw cards on the ``n`` 7-card hands in ``path``: its own seconds.

    Its harness (``omp_random``, built by ../shared/anchors/build.sh) times its own loop.
    """
    import subprocess

    def run() -> float:
        harness = os.path.join(omp_dir, "omp_random")
        out = subprocess.run([harness, path, "1"], capture_output=True, text=True, check=True)
        return n / (float(out.stdout.split()[0]) * 1e6)

    return run


# --------------------------------------------------------------------------- checks


def check_equal(ref: np.ndarray, got: np.ndarray, hands: np.ndarray) -> tuple[bool, str]:
    """``got`` must be handrank's class for every hand."""
    bad = np.flatnonzero(ref != got)
    if bad.size == 0:
        return True, f"equal to handrank on all {len(ref):,} hands"
    lines = [f"DIFFERS from handrank on {bad.size:,} of {len(ref):,} hands, e.g.:"]
    for i in bad[:5]:
        lines.append(f"      [{hand_str(hands[i])}]  handrank {ref[i]}  peer {got[i]}")
    return False, "\n".join(lines)


def order_violations(ref: np.ndarray, got: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Sort by handrank class; the neighbour pairs ``got`` orders otherwise, and the class count.

    Neighbours of the same class must get the same value and the worse of two
    classes a strictly lower one; by transitivity every pair then compares the same way.
    """
    order = np.argsort(ref, kind="stable")
    r = ref[order].astype(np.int64)
    v = got[order].astype(np.int64)
    same = r[1:] == r[:-1]
    bad = np.flatnonzero(np.where(same, v[1:] != v[:-1], v[1:] >= v[:-1]))
    return order, bad, len(np.unique(r))


def check_order(ref: np.ndarray, got: np.ndarray, hands: np.ndarray) -> tuple[bool, str]:
    """``got`` (higher = better) must order the hands as handrank's classes (lower = better) do."""
    order, bad, classes = order_violations(ref, got)
    if bad.size == 0:
        return True, f"same order as handrank on all {len(ref):,} hands ({classes:,} distinct classes)"
    lines = [f"ORDER DIFFERS from handrank at {bad.size:,} of {len(ref) - 1:,} neighbouring pairs, e.g.:"]
    for j in bad[:5]:
        a, b = order[j], order[j + 1]
        lines.append(
            f"      [{hand_str(hands[a])}] handrank {ref[a]} peer {got[a]}  vs  "
            f"[{hand_str(hands[b])}] handrank {ref[b]} peer {got[b]}"
        )
    return False, "\n".join(lines)


# --------------------------------------------------------------------------- peers


@dataclass
class Peer:
    name: str  # row label
    dist: str  # distribution name, for the version
    call: str  # what is timed, per hand
    n: int  # hands timed
    run: Callable[[], object]  # the timed loop over the n hands
    values: Callable[[], Sequence[int]]  # the same calls, returning results (the check and warm-up)
    check: Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[bool, str]]


def peer_treys(hands: list[list[int]], n: int) -> Peer:
    from treys import Card, Evaluator

    table = [Card.new(name) for name in CARD_NAMES]
    for c, name in enumerate(CARD_NAMES):
        if Card.int_to_str(table[c]) != name:
            raise RuntimeError(f"treys card conversion is wrong for {name}")
    pairs = [([table[c] for c in h[:2]], [table[c] for c in h[2:]]) for h in hands[:n]]
    evaluate = Evaluator().evaluate
    return Peer(
        "treys",
        "treys",
        "Evaluator().evaluate(hole, board)",
        n,
        lambda: consume(itertools.starmap(evaluate, pairs)),
        lambda: list(itertools.starmap(evaluate, pairs)),
        check_equal,
    )


def peer_phevaluator(hands: list[list[int]], n: int) -> Peer:
    from phevaluator import Card, evaluate_cards

    for c, name in enumerate(CARD_NAMES):
        if Card.to_id(name) != c:
            raise RuntimeError(f"phevaluator id of {name} is {Card.to_id(name)}, not {c}")
    ids = hands[:n]  # same encoding, 4 * rank + suit: nothing to convert
    return Peer(
        "phevaluator",
        "phevaluator",
        "evaluate_cards(*ids)",
        n,
        lambda: consume(itertools.starmap(evaluate_cards, ids)),
        lambda: list(itertools.starmap(evaluate_cards, ids)),
        check_equal,
    )


def peer_phevaluator_sized(hands: list[list[int]], n: int) -> Peer:
    # evaluate_5cards / _6cards / _7cards: public too, and they skip
    # evaluate_cards' list building and size dispatch.
    import phevaluator.evaluator

    k = len(hands[0])
    evaluate = getattr(phevaluator.evaluator, f"evaluate_{k}cards")
    ids = hands[:n]
    return Peer(
        "phevaluator",
        "phevaluator",
        f"evaluate_{k}cards(*ids)",
        n,
        lambda: consume(itertools.starmap(evaluate, ids)),
        lambda: list(itertools.starmap(evaluate, ids)),
        check_equal,
    )


def peer_eval7(hands: list[list[int]], n: int) -> Peer:
    import eval7

    table = [eval7.Card(name) for name in CARD_NAMES]
    for c, name in enumerate(CARD_NAMES):
        if str(table[c]) != name:
            raise RuntimeError(f"eval7.Card({name!r}) prints as {table[c]}")
    cards = [[table[c] for c in h] for h in hands[:n]]
    evaluate = eval7.evaluate
    return Peer(
        "eval7",
        "eval7",
        "eval7.evaluate([Card, ...])",
        n,
        lambda: consume(map(evaluate, cards)),
        lambda: list(map(evaluate, cards)),
        check_order,
    )


def peer_pkrbot(hands: list[list[int]], n: int) -> Peer:
    # pkrbot.evaluate takes either a list of pkrbot.Card or two plain lists,
    # ranks (0..12 = 2..A) and suits (0..3 = c,d,h,s); both are timed, as
    # neither is clearly the faster (pkrbot.evaluate_raw takes C pointers and
    # cannot be called from Python).
    import pkrbot

    for c, name in enumerate(CARD_NAMES):
        card = pkrbot.Card(name)
        if (card.rank, card.suit) != (c >> 2, c & 3):
            raise RuntimeError(f"pkrbot.Card({name!r}) is rank {card.rank} suit {card.suit}")
    args = [([c >> 2 for c in h], [c & 3 for c in h]) for h in hands[:n]]
    evaluate = pkrbot.evaluate
    return Peer(
        "pkrbot",
        "pkrbot",
        "pkrbot.evaluate(ranks, suits)",
        n,
        lambda: consume(itertools.starmap(evaluate, args)),
        lambda: list(itertools.starmap(evaluate, args)),
        check_order,
    )


def peer_pkrbot_cards(hands: list[list[int]], n: int) -> Peer:
    import pkrbot

    table = [pkrbot.Card(name) for name in CARD_NAMES]
    cards = [[table[c] for c in h] for h in hands[:n]]
    evaluate = pkrbot.evaluate
    return Peer(
        "pkrbot",
        "pkrbot",
        "pkrbot.evaluate([Card, ...])",
        n,
        lambda: consume(map(evaluate, cards)),
        lambda: list(map(evaluate, cards)),
        check_order,
    )


def peer_pokerkit(hands: list[list[int]], n: int) -> Peer:
    # A 5-card lookup is all pokerkit has; StandardHighHand.from_game tries
    # every 5-card subset of hole + board and keeps the best.
    from pokerkit import Card, StandardHighHand

    table = [next(iter(Card.parse(name))) for name in CARD_NAMES]
    for c, name in enumerate(CARD_NAMES):
        if repr(table[c]) != name:
            raise RuntimeError(f"pokerkit card {name} parses as {table[c]!r}")
    args = [(tuple(table[c] for c in h[:2]), tuple(table[c] for c in h[2:])) for h in hands[:n]]
    from_game = StandardHighHand.from_game
    return Peer(
        "pokerkit",
        "pokerkit",
        "StandardHighHand.from_game(hole, board)",
        n,
        lambda: consume(itertools.starmap(from_game, args)),
        lambda: [hand.entry.index for hand in itertools.starmap(from_game, args)],
        check_order,
    )


# --------------------------------------------------------------------------- main


@dataclass
class Row:
    name: str
    call: str
    n: int
    seconds: float
    single: bool  # compared with handrank C single-call (else with C batch, 1 thread)
    notes: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.n / self.seconds


def print_rows(rows: list[Row], first: tuple[str, str, str], speedup: Callable[[Row], str], markdown: bool) -> None:
    """The timing table: markdown, or aligned columns; rows that disagreed are flagged."""
    ghz = cpu_ghz()
    cycles = f"cycles/hand at {ghz:.2f} GHz" if ghz else "cycles/hand"
    header = (*first, "M evals/s", "ns/hand", cycles, "handrank C is")
    note = {True: "", False: "  (!) disagrees with handrank, see above"}
    table = [
        (
            row.name,
            row.call,
            f"{row.n:,}",
            f"{row.rate / 1e6:.4g}",
            f"{1e9 / row.rate:.3g}",
            f"{ghz * 1e9 / row.rate:.3g}" if ghz else "",
            speedup(row),
            note[not row.notes],
        )
        for row in rows
    ]
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---", "---", "---:", "---:", "---:", "---:", "---:"]) + "|")
        for name, call, *numbers, warn in table:
            print("| " + " | ".join([name, f"`{call}`{warn}", *numbers]) + " |")
        return
    widths = [max(len(h), *(len(cells[i]) for cells in table)) for i, h in enumerate(header)]
    right = (False, False, True, True, True, True, True)

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True))

    print(fmt(header))
    print("  ".join("-" * w for w in widths))
    for *cells, warn in table:
        print(fmt(cells) + warn)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000_000, help="hands for the C batch rows (default 10M)")
    parser.add_argument(
        "--calls",
        type=int,
        default=1_000_000,
        help="hands for single-call loops (default 1M); the Python backend gets 1/4 of them, "
        "treys 1/10, pokerkit 1/200",
    )
    parser.add_argument("--cards", type=int, choices=(5, 6, 7), default=7, help="cards per hand (default 7)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the hands (default 2024)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row, best kept (default 5)")
    parser.add_argument("--markdown", action="store_true", help="print the results as a markdown table")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.calls < 1 or args.repeats < 1:
        parser.error("--hands, --calls and --repeats must be positive")

    kernels_c = _backend.load("c")
    kernels_py = _backend.load("python")

    k = args.cards
    n_batch = max(args.hands, args.calls)
    n_calls = args.calls
    n_py = max(1, n_calls // 4)
    n_counts = {"treys": max(1, n_calls // 10), "pokerkit": max(1, n_calls // 200)}
    threads_all = os.cpu_count() or 1

    print(f"machine : {cpu_name()}, {os.cpu_count()} logical CPUs, {platform.platform()}")
    print(f"python  : {platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}")
    dists = ["handrank", "treys", "phevaluator", "eval7", "pkrbot", "pokerkit"]
    print("versions: " + ", ".join(f"{d} {version(d)}" for d in dists))
    print(f"hands   : {n_batch:,} random {k}-card hands, seed {args.seed}; best of {args.repeats} runs per row")
    print()

    t0 = time.perf_counter()
    arr = make_hands(n_batch, k, args.seed)
    hands = arr[:n_calls].tolist()
    batch_c = on_backend("c", handrank.evaluate_batch)
    batch_py = on_backend("python", handrank.evaluate_batch)
    masks_c = on_backend("c", handrank.evaluate_masks)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), arr.astype(np.uint64)), axis=1)
    ref = batch_c(arr)  # handrank's answer; every other result is checked against it
    print(f"made the hands and reference classes in {time.perf_counter() - t0:.1f} s")

    # ---- handrank's own rows, cross-checked against each other
    rows: list[Row] = []
    failures: list[str] = []

    def own_check(name: str, got: Sequence[int] | np.ndarray, n: int) -> None:
        ok, msg = check_equal(ref[:n], np.asarray(got, dtype=np.int64), arr[:n])
        print(f"check {'handrank ' + name:<50}: {msg}")
        if not ok:
            failures.append(f"handrank {name}")

    evaluate_c = kernels_c.evaluate  # what handrank.evaluate is bound to
    evaluate_py = kernels_py.evaluate
    py_slice = arr[:n_py]
    py_hands = hands[:n_py]

    own_check("C single", list(map(evaluate_c, hands)), n_calls)
    own_check("C batch threads=0", batch_c(arr, threads=0), n_batch)
    own_check("C masks", masks_c(masks), n_batch)
    t1 = time.perf_counter()
    evaluate_py(hands[0])  # builds the Python backend's tables
    print(f"(the Python backend built its tables in {time.perf_counter() - t1:.2f} s; not timed)")
    own_check("Python single", list(map(evaluate_py, py_hands)), n_py)
    own_check("Python batch", batch_py(py_slice), n_py)

    out = np.empty(n_batch, np.uint16)
    out_py = np.empty(n_py, np.uint16)
    own_rows = [
        ("handrank C", "evaluate(ids)", n_calls, lambda: consume(map(evaluate_c, hands)), True),
        ("handrank C", "evaluate_batch(arr)", n_batch, lambda: batch_c(arr, out=out), False),
        (
            "handrank C",
            f"evaluate_batch(arr, threads=0) [{threads_all} threads]",
            n_batch,
            lambda: batch_c(arr, threads=0, out=out),
            False,
        ),
        ("handrank C", "evaluate_masks(masks)", n_batch, lambda: masks_c(masks, out=out), False),
        ("handrank Python", "evaluate(ids)", n_py, lambda: consume(map(evaluate_py, py_hands)), True),
        ("handrank Python", "evaluate_batch(arr)", n_py, lambda: batch_py(py_slice, out=out_py), False),
    ]

    # ---- peers: build (card conversion, untimed), run once to check and warm up
    print()
    builders = [
        ("treys", peer_treys),
        ("phevaluator", peer_phevaluator),
        ("phevaluator", peer_phevaluator_sized),
        ("eval7", peer_eval7),
        ("pkrbot", peer_pkrbot),
        ("pkrbot", peer_pkrbot_cards),
        ("pokerkit", peer_pokerkit),
    ]
    peers: list[tuple[Peer, bool]] = []
    missing: set[str] = set()
    for dist, build in builders:
        if dist in missing:
            continue
        try:
            peer = build(hands, n_counts.get(dist, n_calls))
        except ImportError as exc:
            missing.add(dist)
            print(f"check {dist:<50}: skipped, not importable ({exc})")
            continue
        got = np.asarray(peer.values(), dtype=np.int64)
        ok, msg = peer.check(ref[: peer.n], got, arr[: peer.n])
        print(f"check {peer.name + ' ' + peer.call:<50}: {msg}")
        if not ok:
            failures.append(peer.name)
        peers.append((peer, ok))

    # ---- time
    omp_dir = os.environ.get("OMPEVAL_DIR", "")
    omp_file = ""
    if not (omp_dir and os.access(os.path.join(omp_dir, "omp_random"), os.X_OK)):
        why = f"no omp_random in OMPEVAL_DIR={omp_dir}" if omp_dir else "OMPEVAL_DIR is not set"
        print(f"OMPEval: skipped, {why} (build it: bash ../shared/anchors/build.sh DIR; export OMPEVAL_DIR=DIR)")
    elif k != 7:
        print("OMPEval: skipped, its harness reads 7-card hands only")
    else:
        with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
            f.write(np.ascontiguousarray(arr, dtype=np.uint8).tobytes())
            omp_file = f.name
    print()
    print("timing ...", flush=True)
    for _name, _call, _n, fn, _single in own_rows:
        fn()  # warm-up (the peers were warmed up by their check)
    fns = [row[3] for row in own_rows] + [peer.run for peer, _ok in peers]
    if omp_file:
        fns.append(ompeval_run(omp_dir, omp_file, n_batch))  # in the same rounds as the other rows
    try:
        seconds = best_seconds(fns, args.repeats)
    finally:
        if omp_file:
            os.unlink(omp_file)
    for (name, call, n, _fn, single), s in zip(own_rows, seconds[: len(own_rows)], strict=True):
        rows.append(Row(name, call, n, s, single))
    for (peer, ok), s in zip(peers, seconds[len(own_rows) : len(own_rows) + len(peers)], strict=True):
        rows.append(Row(peer.name, peer.call, peer.n, s, True))
        if not ok:
            rows[-1].notes.append("disagrees with handrank, see above")
    if omp_file:
        call = "HandEvaluator.evaluate(Hand + ... from raw cards)"
        rows.append(Row("OMPEval (C++)", call, n_batch, seconds[-1], False))

    ref_single = rows[0].rate
    ref_batch = rows[1].rate

    def speedup(row: Row) -> str:
        return f"{(ref_single if row.single else ref_batch) / row.rate:.2f}x"

    print()
    print_rows(rows, ("evaluator", "call (per hand, or per array)", "hands"), speedup, args.markdown)
    print()
    print(
        f'"handrank C is": how many times faster handrank C single-call ({ref_single / 1e6:.2f} M/s) is than a '
        f"single-call row, and handrank C batch on 1 thread ({ref_batch / 1e6:.1f} M/s) than a batch row."
    )
    print(f"{k}-card hands; single-call rows include the same Python loop overhead (map into a deque).")
    if failures:
        print(f"\nWARNING: results differ from handrank for: {', '.join(failures)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
