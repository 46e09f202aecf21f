"""The batch front end shared by both backends.

It turns array-likes into validated numpy arrays, splits the rows over
threads and words the errors; a backend supplies only the kernel that ranks
rows ``start:stop``.  numpy is imported here, on the first batch call, so
that ``import handrank`` does not pay for it.
"""

from __future__ import annotations

import operator
import os
import threading
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from handrank._cards import (
    HAND_SIZES,
    OMAHA_BOARD_SIZES,
    OMAHA_HOLE_SIZES,
    board_ids_of,
    mask_row_error,
    row_error,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# Kernel(arr, out, start, stop) -> first invalid row in start:stop, or -1.
Kernel = Callable[[Any, Any, int, int], int]
# OmahaKernel(holes, boards, out, start, stop): the same over uint8 holes and boards
# (boards 1-D when one board is shared by every row).
OmahaKernel = Callable[[Any, Any, Any, int, int], int]

MIN_ROWS_PER_THREAD = 1 << 15

# numpy integer (kind, itemsize) -> enum handrank_dtype in csrc/handrank.h
DTYPE_CODES = {("u", 1): 0, ("i", 1): 1, ("u", 2): 2, ("i", 2): 3, ("u", 4): 4, ("i", 4): 5, ("u", 8): 6, ("i", 8): 7}


def _integer_array(values: object, what: str) -> np.ndarray:
    import numpy as np

    if values is None:
        raise TypeError(f"{what} must be an integer array-like, not None")
    try:
        arr = np.asarray(values)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{what} is not a rectangular array: {exc}") from None
    if arr.dtype.kind not in "iu":
        if arr.size == 0 and arr.ndim == 1:
            return np.zeros(0, np.uint8)
        raise TypeError(f"{what} must hold integers, not dtype {arr.dtype}")
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    return arr


def as_hands(hands: npt.ArrayLike) -> np.ndarray:
    """An ``(N, k)`` integer array of card ids, k in 5..7 (no copy when possible)."""
    arr = _integer_array(hands, "hands")
    if arr.ndim == 1 and arr.size == 0:
        return arr.reshape(0, 5)
    if arr.ndim != 2:
        raise ValueError(f"hands must be a 2-D array of shape (N, 5|6|7), got shape {arr.shape}")
    if arr.shape[1] not in HAND_SIZES:
        raise ValueError(f"a hand has 5, 6 or 7 cards, got rows of {arr.shape[1]}")
    return arr


def as_masks(masks: npt.ArrayLike) -> np.ndarray:
    """A ``(N,)`` uint64 array of card masks (no copy for 64-bit input)."""
    import numpy as np

    arr = _integer_array(masks, "masks")
    if arr.ndim != 1:
        raise ValueError(f"masks must be a 1-D array, got shape {arr.shape}")
    if arr.dtype.itemsize == 8:
        return arr.view(np.uint64)
    # Smaller types widen; negative values become huge and are then rejected.
    return arr.astype(np.int64).view(np.uint64)


def as_out(out: object, n: int) -> np.ndarray:
    import numpy as np

    if out is None:
        return np.empty(n, np.uint16)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, not {type(out).__name__}")
    if out.dtype != np.uint16 or not out.dtype.isnative:
        raise TypeError(f"out must have dtype uint16, not {out.dtype}")
    if out.shape != (n,):
        raise ValueError(f"out must have shape ({n},), got {out.shape}")
    if not out.flags.writeable:
        raise ValueError("out is read-only")
    return out


def n_threads(threads: object) -> int:
    """Threads to use: None is one, 0 is every core."""
    if threads is None:
        return 1
    if isinstance(threads, bool):
        raise TypeError("threads must be an integer or None, not bool")
    try:
        count = operator.index(threads)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"threads must be an integer or None, not {type(threads).__name__}") from None
    if count < 0:
        raise ValueError(f"threads must be >= 0, got {count}")
    return count or (os.cpu_count() or 1)


_pool: Any = None
_pool_size = 0
_pool_lock = threading.Lock()


def _executor(workers: int) -> Any:
    """A thread pool kept between calls (starting threads costs more than a small batch)."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < workers:
            from concurrent.futures import ThreadPoolExecutor

            old = _pool
            _pool, _pool_size = ThreadPoolExecutor(workers, thread_name_prefix="handrank"), workers
            if old is not None:
                old.shutdown(wait=False)
        return _pool


def run(rows: Callable[[int, int], int], n: int, threads: int, min_rows: int = MIN_ROWS_PER_THREAD) -> int:
    """Call ``rows(start, stop)`` over ``0:n`` split on ``threads`` threads; the first invalid row, or -1.

    The calling thread takes the first part itself; the kernels release the GIL.
    """
    workers = max(1, min(threads, n // min_rows))
    if workers == 1:
        return rows(0, n)
    bounds = [n * i // workers for i in range(workers + 1)]
    futures = [_executor(workers - 1).submit(rows, a, b) for a, b in pairwise(bounds[1:])]
    found = [rows(bounds[0], bounds[1])] + [f.result() for f in futures]
    bad = [b for b in found if b >= 0]
    return min(bad) if bad else -1


def evaluate_batch(kernel: Kernel, hands: npt.ArrayLike, threads: object, out: object) -> np.ndarray:
    count = n_threads(threads)
    arr = as_hands(hands)
    result = as_out(out, len(arr))
    bad = run(lambda start, stop: kernel(arr, result, start, stop), len(arr), count)
    if bad >= 0:
        raise row_error(arr[bad].tolist(), bad)
    return result


def evaluate_masks(kernel: Kernel, masks: npt.ArrayLike, threads: object, out: object) -> np.ndarray:
    count = n_threads(threads)
    arr = as_masks(masks)
    result = as_out(out, len(arr))
    bad = run(lambda start, stop: kernel(arr, result, start, stop), len(arr), count)
    if bad >= 0:
        raise mask_row_error(int(arr[bad]), bad)
    return result


def _first_out_of_range(holes: np.ndarray, boards: np.ndarray) -> int:
    """The first row with an id outside 0..51 in its hole or board, or -1.

    Needed before narrowing wider types to uint8; uint8 ids above 51 are
    caught by the kernels themselves.
    """
    import numpy as np

    bad = ((holes < 0) | (holes > 51)).any(axis=1) | ((boards < 0) | (boards > 51)).any(axis=1)
    hits = np.flatnonzero(bad)
    return int(hits[0]) if len(hits) else -1


def evaluate_omaha_batch(
    kernel: OmahaKernel, holes: npt.ArrayLike, boards: npt.ArrayLike, threads: object, out: object
) -> np.ndarray:
    import numpy as np

    count = n_threads(threads)
    hole_arr = _integer_array(holes, "holes")
    if hole_arr.ndim == 1 and hole_arr.size == 0:
        hole_arr = hole_arr.reshape(0, 4)
    if hole_arr.ndim != 2:
        raise ValueError(f"holes must be a 2-D array of shape (N, 4|5|6), got shape {hole_arr.shape}")
    if hole_arr.shape[1] not in OMAHA_HOLE_SIZES:
        raise ValueError(f"an Omaha hole has 4, 5 or 6 cards, got rows of {hole_arr.shape[1]}")
    n = len(hole_arr)
    board_arr = _integer_array(boards, "boards")
    if board_arr.ndim == 1:
        # One board for every row: check it once, as a board.
        board_ids = board_ids_of(board_arr.tolist())
        rows_board = np.broadcast_to(np.array(board_ids, np.uint8), (n, len(board_ids)))
        shared = np.array(board_ids, np.uint8)
    elif board_arr.ndim == 2:
        if len(board_arr) != n:
            raise ValueError(f"holes has {n} rows but boards has {len(board_arr)}")
        if board_arr.shape[1] not in OMAHA_BOARD_SIZES:
            raise ValueError(f"an Omaha board has 3, 4 or 5 cards, got rows of {board_arr.shape[1]}")
        rows_board = board_arr
        shared = None
    else:
        raise ValueError(f"boards must be one board (b,) or one per row (N, b), got shape {board_arr.shape}")
    result = as_out(out, n)
    narrow = hole_arr.dtype == np.uint8 and rows_board.dtype == np.uint8
    bad = -1 if narrow else _first_out_of_range(hole_arr, rows_board)
    stop_at = n if bad < 0 else bad
    h8 = np.ascontiguousarray(hole_arr[:stop_at], dtype=np.uint8)
    b8 = shared if shared is not None else np.ascontiguousarray(rows_board[:stop_at], dtype=np.uint8)
    found = run(lambda start, stop: kernel(h8, b8, result, start, stop), stop_at, count, MIN_ROWS_PER_THREAD >> 4)
    if found >= 0:
        bad = found
    if bad >= 0:
        raise row_error([*hole_arr[bad].tolist(), *rows_board[bad].tolist()], bad)
    return result
