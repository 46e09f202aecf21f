"""The batch front end shared by both backends.

It turns array-likes into validated numpy arrays, splits the rows over
threads and words the errors; a backend supplies only the kernel that ranks
rows ``start:stop``.  numpy is imported here, on the first batch call, so
that ``import handrank`` does not pay for it.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from handrank._cards import HAND_SIZES, mask_row_error, row_error

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

# Kernel(arr, out, start, stop) -> first invalid row in start:stop, or -1.
Kernel = Callable[[Any, Any, int, int], int]

MIN_ROWS_PER_THREAD = 1 << 14

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


def run(kernel: Kernel, arr: np.ndarray, out: np.ndarray, threads: int) -> int:
    """Rank every row, over ``threads`` threads; the first invalid row, or -1."""
    n = len(arr)
    workers = max(1, min(threads, n // MIN_ROWS_PER_THREAD))
    if workers == 1:
        return kernel(arr, out, 0, n)
    from concurrent.futures import ThreadPoolExecutor

    bounds = [n * i // workers for i in range(workers + 1)]
    with ThreadPoolExecutor(workers) as pool:
        found = list(pool.map(kernel, [arr] * workers, [out] * workers, bounds[:-1], bounds[1:]))
    bad = [b for b in found if b >= 0]
    return min(bad) if bad else -1


def evaluate_batch(kernel: Kernel, hands: npt.ArrayLike, threads: object, out: object) -> np.ndarray:
    count = n_threads(threads)
    arr = as_hands(hands)
    result = as_out(out, len(arr))
    bad = run(kernel, arr, result, count)
    if bad >= 0:
        raise row_error(arr[bad].tolist(), bad)
    return result


def evaluate_masks(kernel: Kernel, masks: npt.ArrayLike, threads: object, out: object) -> np.ndarray:
    count = n_threads(threads)
    arr = as_masks(masks)
    result = as_out(out, len(arr))
    bad = run(kernel, arr, result, count)
    if bad >= 0:
        raise mask_row_error(int(arr[bad]), bad)
    return result
