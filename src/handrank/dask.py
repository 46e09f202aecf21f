"""handrank on Dask: the batch functions over Dask arrays, and the big tables as Dask tasks.

``pip install "handrank[dask]"`` brings Dask, pandas and pyarrow;
``import handrank`` never imports this module.

The batch functions take Dask arrays and return a lazy Dask array of
uint16 ranks, one block per block of rows (``map_blocks``: no copies
beyond the ones the local functions make).  Shapes, dtypes and the
number of columns are checked at once; a bad row raises the local
function's error when its block computes, naming its row in the whole
array.

The tables (``preflop_table``, ``flop_table``) are cut into chunks of
about a second's work each, run as tasks on a ``distributed`` client
(the one given, else the current one, else a temporary one in this
process), and returned as pandas DataFrames.  With ``checkpoint=FOLDER``
each finished chunk is kept there as it arrives, and a later call with
the same folder computes only the rest; ``handrank table`` does this for
you.

>>> import dask.array as da
>>> hands = da.from_array(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]], np.uint8), chunks=1)
>>> evaluate_batch(hands).compute().tolist()
[1, 7462]
"""

from __future__ import annotations

import contextlib
import os

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
from handrank._job_runner import run_job
from handrank._table_jobs import FlopJob, PreflopJob

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    import numpy.typing as npt
    import pandas as pd
    from distributed import Client

    from handrank._ranges import Range

    BlockInfo = dict[object, dict[str, object]] | None

__all__ = ["connect", "evaluate_batch", "evaluate_masks", "evaluate_omaha_batch", "flop_table", "preflop_table"]


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


def preflop_table(
    hands: list[str] | str | None = None,
    *,
    client: Client | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[float], object] | None = None,
) -> pd.DataFrame:
    """Exact heads-up preflop counts for every pair of the starting-hand classes ``hands`` (default all 169).

    One row per pair ``(hand_a, hand_b)``, each class with itself too, in the
    order given (``HAND_CLASSES`` order by default: 14,365 rows); columns
    ``hand_a, hand_b, wins, ties, losses, total, equity``.  The counts are
    over every combo of ``hand_a`` against every combo of ``hand_b`` that
    shares no card, times the 1,712,304 boards: the sums of
    ``equity([a, b], exact=True)`` over those combo pairs; ``equity`` is
    ``hand_a``'s.  Each distinct matchup up to suits is enumerated once
    (47,008 for all classes), 500 to a task.  ``progress`` is called with
    the fraction done as chunks arrive.

    >>> t = preflop_table(["AA", "KK"])
    >>> t[["hand_a", "hand_b", "wins", "ties", "losses", "total"]].values.tolist()[1]
    ['AA', 'KK', 50371344, 285228, 10986372, 61642944]
    """
    job = PreflopJob(hands)
    return job.frame(run_job(job, client, checkpoint, progress))


def flop_table(
    hero: Range | str,
    villain: Range | str,
    *,
    client: Client | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[float], object] | None = None,
) -> pd.DataFrame:
    """The hero range's exact equity against the villain range on every flop, and each hero combo's.

    One row per flop distinct up to the suit relabellings that leave both
    ranges as they are (1,755 rows for ranges that treat the suits alike, up
    to 22,100 for ones that do not): ``flop`` (its cards, such as
    ``"AhKd7c"``), ``flops`` (how many of the 22,100 flops it stands for),
    ``equity`` (the hero range's, every pair of combos that share no card
    weighed by both weights), then one column per hero combo (``"AsKs"``)
    holding ``combo_equity``'s equity on that flop (NaN where the flop holds
    one of its cards or it faces no villain combo).  25 flops to a task.

    A row's combo columns are for its flop as shown, the least of the flops
    it stands for; on another of them (the suits relabelled) each combo's
    part is played by its relabelled twin.  A column weighed by ``flops`` is
    that combo's mean over all flops only where no relabelling moves it.

    >>> t = flop_table("AA", "KK")
    >>> len(t), int(t.flops.sum()), t.columns.tolist()[:4]
    (1755, 22100, ['flop', 'flops', 'equity', 'AdAc'])
    """
    job = FlopJob(hero, villain)
    return job.frame(run_job(job, client, checkpoint, progress))


_IGNORE_SIGINT = "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)"  # preload text, run in each worker


@contextlib.contextmanager
def connect(workers: int | None = None, scheduler: str | None = None, timeout: float = 30.0) -> Iterator[Client]:
    """A client of the Dask scheduler at ``scheduler`` (such as ``tcp://host:8786``), or else of a new
    LocalCluster of ``workers`` processes (default one per core, one thread each) on 127.0.0.1, closed on
    leaving.  The local worker processes ignore Ctrl-C: this process handles it, and closes them.

    >>> with connect(workers=1) as client:
    ...     int(preflop_table(["AA", "KK"], client=client).wins.sum())
    50817864
    """
    import logging
    import signal
    import threading

    from distributed import Client, LocalCluster

    if workers is not None and scheduler:
        raise ValueError("give workers (a new local cluster) or scheduler (an existing one), not both")
    if scheduler:
        try:
            client = Client(scheduler, timeout=timeout)
        except OSError as exc:
            raise ValueError(f"scheduler: cannot reach {scheduler}: {exc}") from None
        with client:
            yield client
        return
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number from 1, not {workers!r}")
    # The worker processes start with Ctrl-C ignored (a worker restarted later too, by the preload), so
    # that a terminal's Ctrl-C, which reaches them all, leaves them to be closed from here.
    main = threading.current_thread() is threading.main_thread()  # only there can signals be set
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=":0",
            scheduler_kwargs={"dashboard": False},
            silence_logs=logging.CRITICAL,
            preload=[_IGNORE_SIGINT],
        )
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    with cluster, Client(cluster) as client:
        yield client
