"""Showdown values for solvers: at a river node, each combo's reach-weighted wins less losses, with card removal.

``value[b, h] = sum over v of reach[b, v] * s(h, v)`` over the opponent
combos ``v`` sharing no card with ``h`` or board ``b`` (``s`` is +1 when
``h`` wins, 0 on a tie, -1 when it loses), 0 for a combo meeting the board;
``blocked_reach`` is the same sum with ``s = 1``.  A board is prepared
once (its live combos in rank order, with the runs of ties:
``ShowdownBoards``), after which a node is two passes over its combos in C.
Combos are in ``handrank.combos()`` order.  numpy is imported on the first
call.
"""

from __future__ import annotations

from handrank import _backend
from handrank._batch import as_out
from handrank._cards import CARD_NAMES, parse_cards
from handrank._kernels import SHOWDOWN_BOARD_WORDS
from handrank._threads import n_threads, split_rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def _board_rows(boards: object) -> tuple[np.ndarray, bool]:
    """``boards`` as a C-contiguous ``(B, 5)`` uint8 copy of valid rows, and whether it was one board."""
    import numpy as np

    text = isinstance(boards, str) or (isinstance(boards, (list, tuple)) and boards and isinstance(boards[0], str))
    arr = np.array(parse_cards(boards) if text else boards, copy=True)  # type: ignore[arg-type]
    if arr.dtype == object or arr.dtype.kind not in "iu":
        raise TypeError(f"boards must be card ids (integers), a board's text or ShowdownBoards, not dtype {arr.dtype}")
    given, one = arr.shape, arr.ndim == 1
    if one:
        arr = arr[None, :]
    if arr.ndim != 2 or arr.shape[1] != 5:
        raise ValueError(f"boards must have shape (5,) or (B, 5): river boards, got {given}")
    bad = np.flatnonzero(((arr < 0) | (arr > 51)).any(axis=1))
    if bad.size:
        row = int(bad[0])
        card = next(int(v) for v in arr[row] if not 0 <= int(v) <= 51)
        raise ValueError(f"boards row {row}: card id {card} is out of range 0..51")
    rows = arr.astype(np.uint8)
    twice = np.flatnonzero((np.sort(rows, axis=1)[:, 1:] == np.sort(rows, axis=1)[:, :-1]).any(axis=1))
    if twice.size:
        row = int(twice[0])
        values = rows[row].tolist()
        card = next(c for c in values if values.count(c) > 1)
        raise ValueError(f"boards row {row}: card {CARD_NAMES[card]} is on the board twice")
    return np.ascontiguousarray(rows), one


class ShowdownBoards:
    """River boards prepared once for ``showdown_values`` and ``blocked_reach``: each board's 1,081 live combos
    ranked and in rank order, with its runs of ties (8,058 bytes a board, ``nbytes``), so that a solver calling
    them at every node never ranks or sorts again.

    >>> prepared = ShowdownBoards([[51, 47, 43, 39, 2], [0, 9, 22, 35, 48]])
    >>> len(prepared), prepared.nbytes
    (2, 16116)
    """

    def __init__(self, boards: npt.ArrayLike | str) -> None:
        import numpy as np

        rows, self.one = _board_rows(boards)
        self.boards = rows
        self.boards.flags.writeable = False
        self.prepared = np.empty((len(rows), SHOWDOWN_BOARD_WORDS), np.uint16)
        kernels = _backend.kernels
        split_rows(kernels.showdown_prepare, len(rows), 1, 1, rows, self.prepared, chunk=256, parallel=False)
        self.prepared.flags.writeable = False

    def __len__(self) -> int:
        return len(self.boards)

    def __repr__(self) -> str:
        return f"ShowdownBoards({len(self)} board{'s' if len(self) != 1 else ''})"

    @property
    def nbytes(self) -> int:
        """The bytes the prepared boards hold."""
        return int(self.prepared.nbytes)


def _reach(reach: object, boards: int) -> tuple[np.ndarray, bool]:
    """``reach`` as a C-contiguous ``(B or 1, 1326)`` (any number of rows for one board) float64 or float32
    array, in place where it is one (the kernel reads it once and checks its values), and whether it was one
    row."""
    import numpy as np

    arr = np.asarray(reach)
    if arr.dtype not in (np.float64, np.float32):
        raise TypeError(f"reach must be float64 or float32, not dtype {arr.dtype}")
    rows = arr[None, :] if arr.ndim == 1 else arr
    if rows.ndim != 2 or rows.shape[1] != 1326 or (rows.shape[0] not in (1, boards) and boards != 1):
        wanted = "(1326,) or (N, 1326) for one board" if boards == 1 else f"(1326,) or ({boards}, 1326)"
        raise ValueError(f"reach must have shape {wanted}, one row a node, got {arr.shape}")
    return np.ascontiguousarray(rows, rows.dtype.newbyteorder("=")), arr.ndim == 1


def _bad_reach(found: int, rows: np.ndarray) -> ValueError:
    """The error for the kernel's answer ``board * 1327 + combo`` (combo 1326: the sum is too large)."""
    import numpy as np

    node, combo = divmod(found, 1327)
    row = node if len(rows) > 1 else 0
    if combo == 1326:
        largest = np.finfo(rows.dtype).max / 8
        return ValueError(f"reach row {row}: the reach sums to more than {largest:.3g}, too much for {rows.dtype}")
    a, b = np.triu_indices(52, k=1)
    name = CARD_NAMES[int(a[combo])] + CARD_NAMES[int(b[combo])]
    return ValueError(f"reach row {row}: combo {name} has reach {rows[row, combo]}; reach is finite, >= 0")


def _run(boards: object, reach: object, out: object, threads: object, blocked: bool) -> np.ndarray:
    prepared = boards if isinstance(boards, ShowdownBoards) else ShowdownBoards(boards)  # type: ignore[arg-type]
    rows, one_row = _reach(reach, len(prepared))
    nodes = max(len(prepared), len(rows))
    shape = (1326,) if prepared.one and one_row else (nodes, 1326)
    result = as_out(out, shape, ("reach", rows), dtype=rows.dtype.name)
    target = result.reshape(nodes, 1326)
    kernels = _backend.kernels
    found = split_rows(
        kernels.showdown_values,
        nodes,
        n_threads(threads),
        64,
        prepared.prepared,
        rows,
        target,
        blocked,
        chunk=1024,
        parallel=kernels.RELEASES_GIL,
    )
    if found >= 0:
        raise _bad_reach(found, rows)
    return result


def showdown_values(
    boards: ShowdownBoards | npt.ArrayLike | str,
    reach: npt.ArrayLike,
    *,
    out: np.ndarray | None = None,
    threads: int | None = 1,
) -> np.ndarray:
    """Each combo's showdown value at a river node: the opponent's reach it beats less the reach that beats it.

    ``boards``: one river board (ids or text) or ``(B, 5)`` ids, or ``ShowdownBoards``; ``reach``: the
    opponent's reach, ``(1326,)`` (every board) or ``(B, 1326)`` (a row a board; for one board, any number of
    rows: one a node), float64 or float32, in ``handrank.combos()`` order, finite and not negative (entries of
    combos meeting a board are ignored, but checked).  ``value[b, h] = sum of reach[b, v] * s(h, v)`` over the
    combos ``v`` sharing no card with ``h`` or the board, ``s`` +1 where ``h`` wins, 0 on a tie, -1 where it
    loses; 0 for combos meeting the board.  ``(B, 1326)`` (``(1326,)`` for one board and one reach) of the dtype
    of ``reach``.  In C without the GIL, reading ``reach`` once in place, ``threads`` over nodes.

    >>> import numpy as np
    >>> v = showdown_values("Ks7h2d4c9s", np.ones(1326))  # against every combo alike
    >>> a, b = sorted(parse_cards("9h9d"))  # a set of nines: combo number a * (101 - a) // 2 + b - 1
    >>> float(v[a * (101 - a) // 2 + b - 1])  # of the 990 combos left, it beats 984 more than beat it
    984.0
    """
    return _run(boards, reach, out, threads, blocked=False)


def blocked_reach(
    boards: ShowdownBoards | npt.ArrayLike | str,
    reach: npt.ArrayLike,
    *,
    out: np.ndarray | None = None,
    threads: int | None = 1,
) -> np.ndarray:
    """The opponent's reach each combo can face on the board: the sum of ``reach`` over the combos sharing no
    card with it or the board (what a fold node needs); 0 for combos meeting the board.  As ``showdown_values``.

    >>> import numpy as np
    >>> r = blocked_reach("Ks7h2d4c9s", np.ones(1326))
    >>> sorted(set(r.tolist()))  # 990 combos left to an opponent, or none where the combo meets the board
    [0.0, 990.0]
    """
    return _run(boards, reach, out, threads, blocked=True)
