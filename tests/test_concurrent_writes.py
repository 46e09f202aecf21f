"""Batch calls read each row of the caller's memory once: with another thread rewriting rows meanwhile (legal:
the kernels release the GIL), every row's class is that of one version of the row or the other, never a mix
of two readings (or an index past a table built from one)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest
from conftest import OFFERED

import handrank

pytestmark = pytest.mark.skipif(not OFFERED, reason="the compiled backend is not built")


def _flush_heavy_rows(n: int, k: int, seed: int, lowest: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n rows of k distinct cards, most with five or more of one suit, a column per row to flip, and a card for
    it that no card of the row is (so both versions are valid rows)."""
    rng = np.random.default_rng(seed)
    deck = np.arange(lowest, 52)
    rows = np.empty((n, k), np.uint8)
    spare = np.empty(n, np.uint8)
    for i in range(n):
        suit = rng.integers(0, 4)
        same = deck[deck % 4 == suit]
        flushed = rng.choice(same, size=min(len(same), rng.integers(4, k + 1)), replace=False)
        rest = rng.permutation(np.setdiff1d(deck, flushed))
        row = np.concatenate([flushed, rest])[: k + 1]
        rows[i], spare[i] = rng.permutation(row[:k]), row[k]
    return rows, rng.integers(0, k, n), spare


def _masks(rows: np.ndarray) -> np.ndarray:
    return np.bitwise_or.reduce(np.uint64(1) << rows.astype(np.uint64), axis=1)


# name: (k cards a row, the deck's lowest card, the caller's array made from the rows, the call on it)
BATCHES: dict[str, tuple[int, int, Callable[[np.ndarray], np.ndarray], Callable[[np.ndarray], np.ndarray]]] = {
    "evaluate_batch-7": (7, 0, np.ascontiguousarray, handrank.evaluate_batch),
    "evaluate_batch-6": (6, 0, np.ascontiguousarray, handrank.evaluate_batch),
    "evaluate_batch-5": (5, 0, np.ascontiguousarray, handrank.evaluate_batch),
    "evaluate_masks-7": (7, 0, _masks, handrank.evaluate_masks),
    "evaluate_masks-6": (6, 0, _masks, handrank.evaluate_masks),
    "low-27-7": (7, 0, np.ascontiguousarray, lambda rows: handrank.evaluate_low_batch(rows, "27")),
    "low-27-6": (6, 0, np.ascontiguousarray, lambda rows: handrank.evaluate_low_batch(rows, "27")),
    "low-a5-7": (7, 0, np.ascontiguousarray, lambda rows: handrank.evaluate_low_batch(rows, "a5")),
    "low-8-7": (7, 0, np.ascontiguousarray, lambda rows: handrank.evaluate_low_batch(rows, "8")),
    "short_deck-7": (7, 16, np.ascontiguousarray, handrank.evaluate_short_deck_batch),
    "short_deck-6": (6, 16, np.ascontiguousarray, handrank.evaluate_short_deck_batch),
    "short_deck_trips-7": (
        7,
        16,
        np.ascontiguousarray,
        lambda rows: handrank.evaluate_short_deck_batch(rows, trips_beat_straight=True),
    ),
    "iso_index-7": (7, 0, np.ascontiguousarray, handrank.HandIndexer().index),
    "iso_index-short_deck-7": (7, 16, np.ascontiguousarray, handrank.HandIndexer("shortdeck").index),
    "iso_index-draw-5": (5, 0, np.ascontiguousarray, handrank.HandIndexer("draw").index),
}


def _hammered(live: np.ndarray, at: np.ndarray, values: tuple[np.ndarray, np.ndarray], call, want) -> None:  # type: ignore[no-untyped-def]
    """Calls ``call(live)`` while another thread flips ``live``'s elements at flat indices ``at`` between
    ``values[0]`` and ``values[1]``: each answer must be one of ``want``'s two."""
    flat = live.reshape(-1)
    stop = threading.Event()

    def flip() -> None:
        r = np.random.default_rng(7)
        while not stop.is_set():
            pick = r.integers(0, len(at), 256)
            flat[at[pick]] = np.where(flat[at[pick]] == values[1][pick], values[0][pick], values[1][pick])

    writer = threading.Thread(target=flip)
    writer.start()
    try:
        for _ in range(15):
            got = call(live)
            assert np.all((got == want[0]) | (got == want[1]))
    finally:
        stop.set()
        writer.join()


@pytest.mark.parametrize("name", list(BATCHES))
def test_rows_written_to_during_the_call(kernel: str, name: str) -> None:
    k, lowest, made, call = BATCHES[name]
    rows, col, spare = _flush_heavy_rows(20_000, k, seed=len(name) + k, lowest=lowest)
    versions = rows.copy(), rows.copy()
    versions[1][np.arange(len(rows)), col] = spare
    arrays = made(versions[0]), made(versions[1])
    want = [call(a) for a in arrays]
    live = arrays[0].copy()
    if live.ndim == 1:  # a mask a row: the row's whole element flips
        at = np.arange(len(rows))
    else:
        at = np.arange(len(rows)) * k + col
    _hammered(live, at, (arrays[0].reshape(-1)[at], arrays[1].reshape(-1)[at]), call, want)


def _column_hammered(rows: np.ndarray, col: np.ndarray, spare: np.ndarray, call) -> None:  # type: ignore[no-untyped-def]
    """``_hammered`` on a copy of ``rows`` whose column ``col[i]`` of row i flips between its card and ``spare[i]``."""
    other = rows.copy()
    other[np.arange(len(rows)), col] = spare
    want = [call(rows), call(other)]
    at = np.arange(len(rows)) * rows.shape[1] + col
    _hammered(rows.copy(), at, (rows.reshape(-1)[at], other.reshape(-1)[at]), call, want)


# A board with three spades (many holes make a flush), and holes of `width` cards off it, each with a spare card.
BOARD = np.array([51, 46, 41, 12, 3], np.uint8)


def _off_board(width: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    deck = np.setdiff1d(np.arange(52), BOARD)
    picks = np.array([rng.choice(deck, width + 1, replace=False) for _ in range(20_000)], np.uint8)
    return np.ascontiguousarray(picks[:, :width]), rng.integers(0, width, len(picks)), picks[:, width]


def test_omaha_low_holes_written_to_during_the_call(kernel: str) -> None:
    rows, col, spare = _flush_heavy_rows(20_000, 9, seed=3)
    holes, boards = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
    _column_hammered(holes, col % 4, spare, lambda h: handrank.evaluate_omaha_low_batch(h, boards))


@pytest.mark.parametrize("width", [2, 4])  # Hold'em and Omaha holes
def test_combos_written_to_during_the_call(kernel: str, width: int) -> None:
    _column_hammered(*_off_board(width, seed=5 + width), lambda c: handrank.rank_combos(BOARD, c))


@pytest.mark.parametrize("nh", [4, 6])
def test_omaha_shared_board_holes_written_to_during_the_call(kernel: str, nh: int) -> None:
    _column_hammered(*_off_board(nh, seed=nh), lambda h: handrank.evaluate_omaha_batch(h, BOARD))


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 4), (6, 3)])
@pytest.mark.parametrize("part", ["hole", "board"])
def test_omaha_rows_written_to_during_the_call(kernel: str, nh: int, nb: int, part: str) -> None:
    rows, col, spare = _flush_heavy_rows(20_000, nh + nb, seed=nh + 8 * nb)
    holes, boards = np.ascontiguousarray(rows[:, :nh]), np.ascontiguousarray(rows[:, nh:])
    if part == "hole":
        _column_hammered(holes, col % nh, spare, lambda h: handrank.evaluate_omaha_batch(h, boards))
    else:
        _column_hammered(boards, col % nb, spare, lambda b: handrank.evaluate_omaha_batch(holes, b))
