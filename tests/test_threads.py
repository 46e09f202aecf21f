"""Thread safety: any number of Python threads calling any function at once, with any ``threads=``.

A short stress run is part of the suite; ``HANDRANK_STRESS_SECONDS`` makes it
longer (docs/internals.md, "Reliability", runs it for minutes).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import numpy as np
import pytest
from conftest import Api, random_hands

from handrank import Range, _batch, _threads

SECONDS = float(os.environ.get("HANDRANK_STRESS_SECONDS", "2"))


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
