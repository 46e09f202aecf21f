"""Batch evaluation: ``evaluate_batch``, ``evaluate_masks``, ``evaluate_omaha_batch``, and the batch forms
of the other rankings (short deck, the lows, Omaha eight-or-better) that ``_variants`` exposes.

Array-likes become validated numpy arrays here (rows of card ids always
C-contiguous uint8, by ``narrow``), rows are split over threads, and errors
are worded; the active backend's kernels rank the rows.  numpy is
imported on the first batch call, so that ``import handrank`` does not pay
for it.
"""

from __future__ import annotations

from handrank import _backend
from handrank._cards import HAND_SIZES, board_ids_of, mask_row_error, row_error
from handrank._games import OMAHA, plural
from handrank._threads import n_threads, split_rows

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    import numpy as np
    import numpy.typing as npt

MIN_ROWS_PER_THREAD = 1 << 15
"""Rows a thread gets at least: fewer are not worth the hand-off."""
MIN_OMAHA_ROWS_PER_THREAD = MIN_ROWS_PER_THREAD >> 4
# Rows a kernel call takes: a few milliseconds, so Ctrl-C stops a huge batch at once.
CHUNK_ROWS = 1 << 20
OMAHA_CHUNK_ROWS = 1 << 16


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
        if (
            arr.dtype.kind == "O"
            and not isinstance(values, np.ndarray)
            and any(isinstance(item, (list, tuple, np.ndarray)) for item in arr.flat)
        ):
            # numpy < 1.24 makes a ragged list an object array of its rows
            # (with a VisibleDeprecationWarning); later versions raise ValueError.
            raise ValueError(f"{what} is not a rectangular array: its rows differ in length")
        big = _big_ints(values, arr)
        if big is not None:
            return big
        raise TypeError(f"{what} must hold integers, not dtype {arr.dtype}")
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    return arr


def _big_ints(values: object, arr: np.ndarray) -> np.ndarray | None:
    """Python ints with one past int64, which numpy reads as floats or objects: an object array of them.

    Such a value is no card id nor mask, so the callers find the first bad row
    themselves, in Python, and raise its error; None for anything else (other
    object or float arrays stay a TypeError).
    """
    import numpy as np

    if isinstance(values, np.ndarray) or arr.dtype.kind not in "fO":
        return None
    try:
        obj = np.array(values, dtype=object)
    except (ValueError, TypeError):
        return None
    flat = obj.ravel().tolist()
    if obj.shape != arr.shape or not all(type(v) is int for v in flat):
        return None
    if all(-(1 << 63) <= v < 1 << 63 for v in flat):
        return None
    return obj


def _valid_row(values: list[int]) -> bool:
    return all(0 <= v < 52 for v in values) and len(set(values)) == len(values)


def check_rows(rows: list[list[int]], lowest: int = 0) -> None:
    """Raise the error for the first invalid row, if any (``lowest``: the deck's lowest id, 16 in short deck)."""
    for i, row in enumerate(rows):
        if not _valid_row(row) or min(row, default=lowest) < lowest:
            raise row_error(row, i, short_deck=lowest > 0)


def integer_rows(values: object, widths: tuple[int, ...], what: str, rule: str) -> np.ndarray:
    """``values`` as an ``(N, k)`` integer array (no copy when possible), k in ``widths``; ``rule`` words a bad k.

    Object arrays (Python ints past int64) stay as they are, for the caller
    to check in Python.
    """
    arr = _integer_array(values, what)
    if arr.ndim == 1 and arr.size == 0:
        return arr.reshape(0, widths[0])
    if arr.ndim != 2:
        shape = "|".join(map(str, widths))
        raise ValueError(f"{what} must be a 2-D array of shape (N, {shape}), got shape {arr.shape}")
    if arr.shape[1] not in widths:
        raise ValueError(f"{rule}, got rows of {arr.shape[1]}")
    return arr


def narrow(rows: np.ndarray) -> np.ndarray:
    """Integer rows of card ids as C-contiguous uint8, the one form every batch kernel takes.

    Ids outside 0..51 become 255, which the kernels reject as they reject
    52..255 and a card twice: the first bad row they name is the first of
    any kind.  C-contiguous uint8 rows come back as they are, not copied.
    """
    import numpy as np

    if rows.dtype != np.uint8 and rows.size:
        unsigned = rows.view(f"u{rows.dtype.itemsize}")  # negative ids wrap to huge ones
        if unsigned.max() > 51:
            rows = np.where(unsigned > 51, 255, unsigned)
    return np.ascontiguousarray(rows, dtype=np.uint8)


def as_hands(hands: npt.ArrayLike) -> np.ndarray:
    """An ``(N, k)`` integer array of card ids, k in 5..7 (no copy when possible)."""
    import numpy as np

    arr = integer_rows(hands, HAND_SIZES, "hands", "a hand has 5, 6 or 7 cards")
    if arr.dtype.kind == "O":
        rows = arr.tolist()
        check_rows(rows)
        return np.array(rows, np.uint8).reshape(arr.shape)  # every id is in 0..51
    return arr


def as_masks(masks: npt.ArrayLike) -> np.ndarray:
    """A ``(N,)`` uint64 array of card masks (no copy for 64-bit input)."""
    import numpy as np

    arr = _integer_array(masks, "masks")
    if arr.ndim != 1:
        raise ValueError(f"masks must be a 1-D array, got shape {arr.shape}")
    if arr.dtype.kind == "O":
        for i, mask in enumerate(arr.tolist()):
            if mask < 0 or mask >> 52 or mask.bit_count() not in HAND_SIZES:
                raise mask_row_error(mask, i)
        arr = arr.astype(np.uint64)  # every mask is valid
    if arr.dtype.itemsize == 8:
        return arr.view(np.uint64)
    # Smaller types widen; negative values become huge and are then rejected.
    return arr.astype(np.int64).view(np.uint64)


def as_out(
    out: object, n: int | tuple[int, ...], *inputs: tuple[str, np.ndarray], dtype: str | np.dtype[Any] = "uint16"
) -> np.ndarray:
    """``out`` checked (or a new array): writable, of shape ``(n,)`` (or ``n``) and ``dtype``, sharing no memory
    with the named ``inputs``."""
    import numpy as np

    shape = n if isinstance(n, tuple) else (n,)
    if out is None:
        return np.empty(shape, dtype)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy.ndarray, not {type(out).__name__}")
    if out.dtype != np.dtype(dtype) or not out.dtype.isnative:
        raise TypeError(f"out must have dtype {dtype}, not {out.dtype}")
    if out.shape != shape:
        wanted = f"({shape[0]},)" if len(shape) == 1 else str(shape)
        raise ValueError(f"out must have shape {wanted}, got {out.shape}")
    if not out.flags.writeable:
        raise ValueError("out is read-only")
    for name, arr in inputs:
        # Kernels read rows in place while they write: an overlap would rank rows already overwritten.
        if np.may_share_memory(out, arr) and np.shares_memory(out, arr):
            raise ValueError(f"out overlaps {name}: give it memory of its own")
    return out


def evaluate_batch(
    hands: npt.ArrayLike, *, threads: int | None = None, out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """Rank an ``(N, k)`` array of card ids (k = 5, 6 or 7) into ``(N,)`` uint16.

    Any integer dtype, strides and memory order are taken: C-contiguous
    uint8 rows are read in place, others are first copied to them.
    ``threads`` splits the rows (None: one thread, 0: every core); ``out``
    is an ``(N,)`` uint16 array to write into.  An invalid row raises a
    ValueError naming the first one; the rows before it are written.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]).tolist()
    [1, 7462]
    """
    count = n_threads(threads)
    arr = as_hands(hands)
    result = as_out(out, len(arr), ("hands", arr))
    rows = narrow(arr)
    bad = split_rows(
        _backend.kernels.rank_rows,
        len(rows),
        count,
        MIN_ROWS_PER_THREAD,
        rows,
        result,
        chunk=CHUNK_ROWS,
        parallel=_backend.kernels.RELEASES_GIL,
    )
    if bad >= 0:
        raise row_error(arr[bad].tolist(), bad)
    return result


def evaluate_masks(
    masks: npt.ArrayLike, *, threads: int | None = None, out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """Rank an ``(N,)`` array of 52-bit card masks (bit ``id`` per card, 5..7 cards) into ``(N,)`` uint16.

    ``threads`` and ``out`` work as in ``evaluate_batch``.

    >>> evaluate_masks([0b11111 << 47]).tolist()
    [11]
    """
    count = n_threads(threads)
    arr = as_masks(masks)
    result = as_out(out, len(arr), ("masks", arr))
    bad = split_rows(
        _backend.kernels.rank_masks,
        len(arr),
        count,
        MIN_ROWS_PER_THREAD,
        arr,
        result,
        chunk=CHUNK_ROWS,
        parallel=_backend.kernels.RELEASES_GIL,
    )
    if bad >= 0:
        raise mask_row_error(int(arr[bad]), bad)
    return result


def evaluate_omaha_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    threads: int | None = None,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """Rank ``(N, h)`` Omaha holes (h = 4, 5 or 6) against boards ``(N, b)``, or one board ``(b,)``, b = 3..5.

    Each hand plays exactly two hole cards and three board cards.
    ``threads`` and ``out`` work as in ``evaluate_batch``.

    >>> evaluate_omaha_batch([[50, 46, 0, 5], [50, 48, 25, 3]], [42, 38, 34, 28, 4]).tolist()
    [1, 3381]
    """
    return omaha_rows(_backend.kernels.rank_omaha_rows, holes, boards, threads, out)


def omaha_rows(
    kernel: Callable[..., int], holes: npt.ArrayLike, boards: npt.ArrayLike, threads: int | None, out: object
) -> npt.NDArray[np.uint16]:
    """An Omaha batch kernel (``rank_omaha_rows``' signature) over checked holes and boards."""
    import numpy as np

    count = n_threads(threads)
    hole_arr = integer_rows(holes, OMAHA.hole_sizes, "holes", OMAHA.hand_rule)
    n = len(hole_arr)
    board_arr = _integer_array(boards, "boards")
    if board_arr.ndim == 1:
        # One board for every row: check it once, as a board.
        board_ids = board_ids_of(board_arr.tolist())
        rows_board = np.broadcast_to(np.array(board_ids, np.uint8), (n, len(board_ids)))
        shared = np.array(board_ids, np.uint8)
    elif board_arr.ndim == 2:
        if len(board_arr) != n:
            raise ValueError(f"holes has {plural(n, 'row')} but boards has {len(board_arr)}")
        if board_arr.shape[1] not in OMAHA.board_sizes:
            raise ValueError(f"{OMAHA.board_rule}, got rows of {board_arr.shape[1]}")
        rows_board = board_arr
        shared = None
    else:
        raise ValueError(f"boards must be one board (b,) or one per row (N, b), got shape {board_arr.shape}")
    result = as_out(out, n, ("holes", hole_arr), ("boards", board_arr))
    if hole_arr.dtype.kind == "O" or rows_board.dtype.kind == "O":
        check_rows([[*h, *b] for h, b in zip(hole_arr.tolist(), rows_board.tolist(), strict=True)])
        hole_arr = hole_arr.astype(np.uint8)  # every id is in 0..51
        rows_board = rows_board.astype(np.uint8)
    h8 = narrow(hole_arr)
    b8 = shared if shared is not None else narrow(rows_board)
    bad = split_rows(
        kernel,
        n,
        count,
        MIN_OMAHA_ROWS_PER_THREAD,
        h8,
        b8,
        result,
        chunk=OMAHA_CHUNK_ROWS,
        parallel=_backend.kernels.RELEASES_GIL,
    )
    if bad >= 0:
        raise row_error([*hole_arr[bad].tolist(), *rows_board[bad].tolist()], bad)
    return result


def rules_rows(
    hands: npt.ArrayLike, rules: int, short_deck: bool, threads: int | None, out: object
) -> npt.NDArray[np.uint16]:
    """``rank_rules_rows`` over checked ``(N, 5..7)`` hands: classes under ``rules`` (see ``_variants``)."""
    count = n_threads(threads)
    arr = as_hands(hands)
    result = as_out(out, len(arr), ("hands", arr))
    rows = narrow(arr)
    kernel = _backend.kernels.rank_rules_rows
    bad = split_rows(
        kernel,
        len(rows),
        count,
        MIN_ROWS_PER_THREAD,
        rows,
        rules,
        result,
        chunk=CHUNK_ROWS,
        parallel=_backend.kernels.RELEASES_GIL,
    )
    if bad >= 0:
        raise row_error(arr[bad].tolist(), bad, short_deck)
    return result
