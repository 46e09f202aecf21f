"""Bulk evaluation on Dask arrays: the batch functions block by block, on any Dask scheduler.

``pip install "handrank[dask]"`` brings Dask; ``import handrank`` never
imports this module.  Each function takes Dask arrays and returns a lazy
Dask array of uint16 ranks, one block per block of rows (``map_blocks``:
no copies beyond the ones the local functions make).  Shapes, dtypes and
the number of columns are checked at once; a bad row raises the local
function's error when its block computes, naming its row in the whole
array.

>>> import dask.array as da
>>> hands = da.from_array(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]], np.uint8), chunks=1)
>>> evaluate_batch(hands).compute().tolist()
[1, 7462]
"""

from __future__ import annotations

import numpy as np

try:
    import dask.array as da
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError('handrank.dask needs Dask: pip install "handrank[dask]"') from exc

from handrank import _backend
from handrank._batch import CHUNK_ROWS, MIN_ROWS_PER_THREAD, as_hands, as_masks
from handrank._batch import evaluate_omaha_batch as _omaha_batch
from handrank._cards import HAND_SIZES, mask_row_error, row_error
from handrank._games import OMAHA
from handrank._threads import n_threads, split_rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    BlockInfo = dict[object, dict[str, object]] | None

__all__ = ["evaluate_batch", "evaluate_masks", "evaluate_omaha_batch"]


def _dask_array(value: object, what: str) -> da.Array:
    if not isinstance(value, da.Array):
        raise TypeError(f"{what} must be a dask.array.Array, not {type(value).__name__} (use the local function)")
    if value.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integer card ids (or masks), not dtype {value.dtype}")
    return value


def _first_row(block_info: BlockInfo) -> int:
    """The global index of a block's first row, from what map_blocks tells the function."""
    if not block_info:
        return 0
    location = block_info[0]["array-location"]
    return int(location[0][0])  # type: ignore[index]


def _ranker(
    kernel: str,
    prepare: Callable[[np.ndarray], np.ndarray],
    error: Callable[[np.ndarray, int, int], ValueError],
    threads: int | None,
) -> Callable[..., np.ndarray]:
    """A block function for map_blocks: the backend's ``kernel`` (looked up as the block computes) over the
    block's rows, and for a bad row ``error(rows, its index in the block, its index in the whole array)``."""
    count = n_threads(threads)

    def rank(block: np.ndarray, block_info: BlockInfo = None) -> np.ndarray:
        arr = prepare(block)
        out = np.empty(len(arr), np.uint16)
        bad = split_rows(
            getattr(_backend.kernels, kernel), len(arr), count, MIN_ROWS_PER_THREAD, arr, out, chunk=CHUNK_ROWS
        )
        if bad >= 0:
            raise error(arr, bad, _first_row(block_info) + bad)
        return out

    return rank


def evaluate_batch(hands: da.Array, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_batch`` over an ``(N, k)`` Dask array of card ids (k = 5, 6 or 7): ``(N,)`` uint16.

    ``threads`` is each block's (as in the local function); the scheduler runs blocks side by side.
    """
    hands = _dask_array(hands, "hands")
    if hands.ndim != 2 or hands.shape[1] not in HAND_SIZES:
        raise ValueError(f"hands must have shape (N, 5), (N, 6) or (N, 7), got {hands.shape}")
    rank = _ranker("rank_rows", as_hands, lambda arr, i, at: row_error(arr[i].tolist(), at), threads)
    result: da.Array = da.map_blocks(rank, hands.rechunk({1: -1}), dtype=np.uint16, drop_axis=1)
    return result


def evaluate_masks(masks: da.Array, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_masks`` over an ``(N,)`` Dask array of 52-bit card masks: ``(N,)`` uint16."""
    masks = _dask_array(masks, "masks")
    if masks.ndim != 1:
        raise ValueError(f"masks must have shape (N,), got {masks.shape}")
    rank = _ranker("rank_masks", as_masks, lambda arr, i, at: mask_row_error(int(arr[i]), at), threads)
    result: da.Array = da.map_blocks(rank, masks, dtype=np.uint16)
    return result


def evaluate_omaha_batch(holes: da.Array, boards: da.Array | np.ndarray, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_omaha_batch`` over ``(N, h)`` Dask holes and ``(N, b)`` Dask boards or one board."""
    holes = _dask_array(holes, "holes")
    if holes.ndim != 2 or holes.shape[1] not in OMAHA.hole_sizes:
        raise ValueError(f"holes must have shape (N, 4), (N, 5) or (N, 6), got {holes.shape}")
    shared = not isinstance(boards, da.Array)
    board_arr = np.asarray(boards) if shared else _dask_array(boards, "boards")

    def rank(hole: np.ndarray, *rest: np.ndarray, block_info: BlockInfo = None) -> np.ndarray:
        board = board_arr if shared else rest[0]
        try:
            return _omaha_batch(hole, board, threads=threads)
        except ValueError as exc:
            text = str(exc)
            if text.startswith("row "):  # the block's row: say which row of the whole array it is
                local, _, why = text[4:].partition(":")
                raise ValueError(f"row {_first_row(block_info) + int(local)}:{why}") from None
            raise

    holes = holes.rechunk({1: -1})
    if shared:
        result: da.Array = da.map_blocks(rank, holes, dtype=np.uint16, drop_axis=1)
        return result
    if board_arr.ndim != 2 or board_arr.shape[0] != holes.shape[0]:
        raise ValueError(f"boards must have shape (N, 3..5) beside holes {holes.shape}, got {board_arr.shape}")
    board_rows = _dask_array(boards, "boards").rechunk({0: holes.chunks[0], 1: -1})
    result = da.map_blocks(rank, holes, board_rows, dtype=np.uint16, drop_axis=1)
    return result
