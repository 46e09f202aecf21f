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

from handrank._batch import evaluate_batch as _local_batch
from handrank._batch import evaluate_masks as _local_masks
from handrank._batch import evaluate_omaha_batch as _local_omaha
from handrank._cards import HAND_SIZES, board_ids_of, mask_row_error, row_error
from handrank._games import OMAHA

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy.typing as npt

    BlockInfo = dict[object, dict[str, object]] | None

__all__ = ["evaluate_batch", "evaluate_masks", "evaluate_omaha_batch"]


def _dask_array(value: object, what: str) -> da.Array:
    if not isinstance(value, da.Array):
        raise TypeError(f"{what} must be a dask.array.Array, not {type(value).__name__} (use the local function)")
    if value.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integer card ids (or masks), not dtype {value.dtype}")
    return value


def _blockwise(
    local: Callable[..., np.ndarray], renumbered: Callable[[tuple[np.ndarray, ...], int, int], ValueError]
) -> Callable[..., np.ndarray]:
    """A block function for map_blocks: the local function on the blocks; its bad row's error (which carries
    the row's index in the block as ``row``) raised again as ``renumbered(blocks, that index, the index in
    the whole array)``."""

    def rank(*blocks: np.ndarray, block_info: BlockInfo = None) -> np.ndarray:
        try:
            return local(*blocks)
        except ValueError as exc:
            row = getattr(exc, "row", None)
            if row is None:
                raise
            first = int(block_info[0]["array-location"][0][0]) if block_info else 0  # type: ignore[index]
            raise renumbered(blocks, row, first + row) from None

    return rank


def evaluate_batch(hands: da.Array, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_batch`` over an ``(N, k)`` Dask array of card ids (k = 5, 6 or 7): ``(N,)`` uint16.

    ``threads`` is each block's (as in the local function); the scheduler runs blocks side by side.
    """
    hands = _dask_array(hands, "hands")
    if hands.ndim != 2 or hands.shape[1] not in HAND_SIZES:
        raise ValueError(f"hands must have shape (N, 5), (N, 6) or (N, 7), got {hands.shape}")
    rank = _blockwise(
        lambda block: _local_batch(block, threads=threads), lambda blocks, i, at: row_error(blocks[0][i].tolist(), at)
    )
    result: da.Array = da.map_blocks(rank, hands.rechunk({1: -1}), dtype=np.uint16, drop_axis=1)
    return result


def evaluate_masks(masks: da.Array, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_masks`` over an ``(N,)`` Dask array of 52-bit card masks: ``(N,)`` uint16."""
    masks = _dask_array(masks, "masks")
    if masks.ndim != 1:
        raise ValueError(f"masks must have shape (N,), got {masks.shape}")
    rank = _blockwise(
        lambda block: _local_masks(block, threads=threads), lambda blocks, i, at: mask_row_error(int(blocks[0][i]), at)
    )
    result: da.Array = da.map_blocks(rank, masks, dtype=np.uint16)
    return result


def evaluate_omaha_batch(holes: da.Array, boards: da.Array | npt.ArrayLike, *, threads: int | None = None) -> da.Array:
    """``handrank.evaluate_omaha_batch`` over ``(N, h)`` Dask holes and ``(N, b)`` Dask boards or one board."""
    holes = _dask_array(holes, "holes")
    if holes.ndim != 2 or holes.shape[1] not in OMAHA.hole_sizes:
        raise ValueError(f"holes must have shape (N, 4), (N, 5) or (N, 6), got {holes.shape}")
    holes = holes.rechunk({1: -1})
    if not isinstance(boards, da.Array):  # one board for every row: checked now, as a board
        board = board_ids_of(np.asarray(boards).tolist())
        rank = _blockwise(
            lambda hole: _local_omaha(hole, board, threads=threads),
            lambda blocks, i, at: row_error([*blocks[0][i].tolist(), *board], at),
        )
        shared: da.Array = da.map_blocks(rank, holes, dtype=np.uint16, drop_axis=1)
        return shared
    boards = _dask_array(boards, "boards")
    if boards.ndim != 2 or boards.shape[0] != holes.shape[0]:
        raise ValueError(f"boards must have shape (N, 3..5) beside holes {holes.shape}, got {boards.shape}")
    rank = _blockwise(
        lambda hole, board: _local_omaha(hole, board, threads=threads),
        lambda blocks, i, at: row_error([*blocks[0][i].tolist(), *blocks[1][i].tolist()], at),
    )
    result: da.Array = da.map_blocks(
        rank, holes, boards.rechunk({0: holes.chunks[0], 1: -1}), dtype=np.uint16, drop_axis=1
    )
    return result
