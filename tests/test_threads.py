"""Thread safety: any number of Python threads calling any function at once, with any ``threads=``.

A short stress run is part of the suite; ``HANDRANK_STRESS_SECONDS`` makes it
longer (docs/internals.md, "Reliability", runs it for minutes).  With the GIL
(most builds) it checks that nothing the calls share is corrupted when they
interleave; on a free-threaded build with the GIL off (``tools/free_threaded.sh``)
that nothing the GIL used to protect is left unprotected: the lazily built
tables and caches, the SIMD choice, the thread pool, the Monte Carlo streams.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import threading
import time
from collections.abc import Callable

import numpy as np
import pytest
from conftest import Api, random_hands

import handrank
from handrank import Range, _batch, _threads
from handrank._table_jobs import PreflopJob

SECONDS = float(os.environ.get("HANDRANK_STRESS_SECONDS", "2"))
THREADS = 8  # the mixed run's Python threads


def _hammer(calls: list[Callable[[], None]], seconds: float) -> list[BaseException]:
    """Run every call over and over, each in its own Python thread, for ``seconds``; the errors raised."""
    errors: list[BaseException] = []
    deadline = time.monotonic() + seconds

    def loop(call: Callable[[], None]) -> None:
        while time.monotonic() < deadline:
            try:
                call()
            except BaseException as exc:  # every failure is the finding
                errors.append(exc)
                return

    workers = [threading.Thread(target=loop, args=(call,)) for call in calls]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return errors


def test_growing_pool_while_others_use_it(c_impl: Api) -> None:
    # The pool is the same for both backends; the compiled one makes enough rows for ten threads cheap.
    impl = c_impl
    hands = random_hands(10 * _batch.MIN_ROWS_PER_THREAD, 7, seed=11)
    expected = impl.evaluate_batch(hands)
    grow = iter(range(1, 1 << 30))

    def growing() -> None:
        count = next(grow) % 9 + 2
        if count == 2:
            # Past its largest size the pool would stop growing: make the next call build and retire one again.
            with _threads._pool_lock:
                _threads._pool_size = 0
        assert np.array_equal(impl.evaluate_batch(hands, threads=count), expected)

    def steady() -> None:
        assert np.array_equal(impl.evaluate_batch(hands, threads=2), expected)

    assert _hammer([growing, steady, steady, steady], SECONDS) == []


def test_every_kind_of_call_at_once(impl: Api) -> None:
    fast = impl.__name__.endswith("_c")
    hands = random_hands(40_000 if fast else 2_000, 7, seed=12)
    masks = np.array([sum(1 << int(c) for c in row) for row in hands], np.uint64)
    deals = random_hands(20_000 if fast else 1_000, 9, seed=13)
    holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    players = [Range("QQ+, AKs"), "7h 6h"]
    trials = 20_480 if fast else 2_048
    ranks = impl.evaluate_batch(hands)
    omaha = impl.evaluate_omaha_batch(holes, boards)
    exact = impl.equity(["Ah Kh", "Qs Qd"], "2c 7d 9h")
    sampled = impl.equity(players, trials=trials, seed=5)
    showdown = impl.showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")

    calls: list[Callable[[], None]] = [
        lambda: np.testing.assert_array_equal(impl.evaluate_batch(hands, threads=3), ranks),
        lambda: np.testing.assert_array_equal(impl.evaluate_masks(masks, threads=0), ranks),
        lambda: np.testing.assert_array_equal(impl.evaluate_omaha_batch(holes, boards, threads=2), omaha),
        lambda: _same(impl.equity(["Ah Kh", "Qs Qd"], "2c 7d 9h", threads=4), exact),
        lambda: _same(impl.equity(players, trials=trials, seed=5, threads=3), sampled),
        lambda: _same(impl.showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d"), showdown),
        lambda: _same([impl.evaluate(list(map(int, h))) for h in hands[:500]], ranks[:500].tolist()),
        lambda: _raises(lambda: impl.evaluate_batch(np.vstack([hands[:10], [[0] * 7]]), threads=2), "row 10"),
    ]
    assert _hammer(calls, SECONDS) == []


def _same(got: object, expected: object) -> None:
    assert got == expected


def _raises(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def _tasks() -> dict[str, Callable[[], object]]:
    """Named calls whose results are plain, comparable values."""
    rng = np.random.default_rng(11)
    rows = np.argsort(rng.random((2000, 52)), axis=1)[:, :7].astype(np.uint8)
    holes = np.argsort(rng.random((300, 52)), axis=1)[:, :9].astype(np.uint8)
    reach = rng.random(1326)
    board = np.array(handrank.parse_cards("Ks 7h 2d 5c 9s"), np.uint8)
    job = PreflopJob(["AA", "KQs", "72o"], chunk_size=16)
    indexer = handrank.HandIndexer()
    flops = np.argsort(rng.random((200, 52)), axis=1)[:, :5].astype(np.uint8)

    def exact_small() -> object:
        r = handrank.equity(["Ah Kh", "Qs Qd"], "2h 7h 9c")
        return r.wins, r.ties, r.equity_fraction

    def exact_ranges() -> object:
        r = handrank.equity(["QQ+,AKs", "JJ-99,AQs"], "Ks 7h 2d", threads=2, hand_types=True)
        return r.wins, r.ties, r.hand_types

    def monte_carlo() -> object:
        r = handrank.equity(["QQ+,AK", "random", "22+"], trials=20_000, seed=5, threads=2)
        return r.wins, r.ties, r.stderr

    return {
        "evaluate ids": lambda: [handrank.evaluate(row.tolist()) for row in rows[:200]],
        "evaluate text": lambda: [handrank.evaluate(handrank.cards_str(row.tolist())) for row in rows[:100]],
        "evaluate_omaha": lambda: [handrank.evaluate_omaha(h[:4].tolist(), h[4:].tolist()) for h in holes[:100]],
        "evaluate_batch": lambda: handrank.evaluate_batch(rows).tolist(),
        "evaluate_batch threads": lambda: handrank.evaluate_batch(rows, threads=2).tolist(),
        "evaluate_omaha_batch": lambda: handrank.evaluate_omaha_batch(holes[:, :4], holes[:, 4:]).tolist(),
        "ranges": lambda: [str(handrank.Range(t)) for t in ("QQ+, AKs", "22-55, A2s-A5s", "0.5(KK), T9s+")],
        "equity exact": exact_small,
        "equity ranges": exact_ranges,
        "equity Monte Carlo": monte_carlo,
        "combo_equity": lambda: handrank.combo_equity("QQ+,AKs", "random", "Ks 7h 2d 5c").equity.tolist(),
        "showdown_values": lambda: handrank.showdown_values(board, reach).tolist(),
        "isomorphism": lambda: indexer.index(flops).tolist(),
        "preflop job": lambda: job.compute(job.chunks[0]).tolist(),
    }


def test_eight_threads_get_the_answers_of_one(c_impl: Api) -> None:
    """Eight threads run a mix of the package's calls, each in its own order, and every result equals the
    one computed first on one thread."""
    tasks = _tasks()
    names = list(tasks)
    want = {name: call() for name, call in tasks.items()}  # alone, first
    errors: list[str] = []
    counts = [0] * THREADS
    start = threading.Barrier(THREADS)

    def worker(k: int) -> None:
        start.wait()
        end = time.monotonic() + SECONDS
        i = k
        while time.monotonic() < end:
            name = names[i % len(names)]
            i += 3  # each thread its own order
            try:
                got = tasks[name]()
            except Exception as exc:  # reported with the task's name
                errors.append(f"thread {k}, {name}: {type(exc).__name__}: {exc}")
                return
            if got != want[name]:
                errors.append(f"thread {k}, {name}: a different answer")
                return
            counts[k] += 1

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert min(counts) >= 1, counts  # every thread ran
    if sysconfig.get_config_var("Py_GIL_DISABLED") and os.environ.get("PYTHON_GIL") != "1":
        assert not sys._is_gil_enabled(), "something the calls imported turned the GIL on"  # type: ignore[attr-defined]


@pytest.mark.skipif(
    not sysconfig.get_config_var("Py_GIL_DISABLED") or sys.version_info[:2] != (3, 13),
    reason="CPython 3.13 with the GIL disabled at build time: deferred reference counts are immortal there",
)
def test_threads_do_not_share_a_reference_count(c_impl: Api) -> None:
    """On a free-threaded 3.13 every compiled function, once a second thread has started, has the reference
    count of an immortal object, as CPython's own module functions do: calling it from many threads writes
    nothing shared (before, two threads calling ``evaluate`` ran at 1.5x one, not 2x)."""
    threading.Thread(target=lambda: None).start()
    immortal = sys.getrefcount(len)
    assert immortal >= 1 << 31
    functions = {name: value for name, value in vars(c_impl.kernels).items() if callable(value)}
    for name in ("evaluate", "evaluate_mask", "evaluate_omaha", "rank_rows", "enumerate_boards", "monte_carlo"):
        assert sys.getrefcount(functions[name]) == immortal, name
