"""Showdown values for solvers: at a river node, each combo's reach-weighted wins less losses, with card removal.

``value[b, h] = sum over v of reach[b, v] * s(h, v)`` over the opponent
combos ``v`` sharing no card with ``h`` or board ``b`` (``s`` is +1 when
``h`` wins, 0 on a tie, -1 when it loses), 0 for a combo meeting the board;
``blocked_reach`` is the same sum with ``s = 1``.  A board is prepared
once (its live combos in rank order, in runs of ties and in quads of four
side by side: ``ShowdownBoards``), after which a node is one sweep over its
quads in C and a last pass in combo order; one board's nodes go through
four at a time, reading the board's lists once.  With
``holes=`` the same over a list of Omaha holes.
Combos are in ``handrank.combos()`` order.  numpy is imported on the first
call.
"""

from __future__ import annotations

from itertools import combinations

from handrank import _backend
from handrank._batch import as_out, evaluate_omaha_batch
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
    if arr.ndim != 2 or arr.shape[1] != 5 or not len(arr):
        raise ValueError(f"boards must have shape (5,) or (B, 5), B >= 1: river boards, got {given}")
    return _card_rows(arr, "boards", "on the board"), one


def _card_rows(arr: np.ndarray, what: str, where: str) -> np.ndarray:
    """An ``(N, k)`` integer array of card ids as a C-contiguous uint8 copy, each row's ids in 0..51 and
    distinct, or a ValueError naming ``what``'s first bad row and its card."""
    import numpy as np

    bad = np.flatnonzero(((arr < 0) | (arr > 51)).any(axis=1))
    if bad.size:
        row = int(bad[0])
        card = next(int(v) for v in arr[row] if not 0 <= int(v) <= 51)
        raise ValueError(f"{what} row {row}: card id {card} is out of range 0..51")
    rows = np.ascontiguousarray(arr, np.uint8)
    ordered = np.sort(rows, axis=1)
    twice = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if twice.size:
        row = int(twice[0])
        values = rows[row].tolist()
        card = next(c for c in values if values.count(c) > 1)
        raise ValueError(f"{what} row {row}: card {CARD_NAMES[card]} is {where} twice")
    return rows


def _hole_rows(holes: object) -> np.ndarray:
    """``holes`` as a read-only ``(N, k)`` uint8 copy of valid Omaha holes (k = 4, 5 or 6 distinct cards)."""
    import numpy as np

    text = isinstance(holes, (list, tuple)) and bool(holes) and isinstance(holes[0], str)
    arr = np.array([parse_cards(h) for h in holes] if text else holes, copy=True)  # type: ignore[attr-defined]
    if arr.dtype == object or arr.dtype.kind not in "iu":
        raise TypeError(f"holes must be card ids (integers) or hole texts, not dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in (4, 5, 6) or not len(arr):
        raise ValueError(f"holes must have shape (N, 4), (N, 5) or (N, 6), N >= 1: Omaha holes, got {arr.shape}")
    rows = _card_rows(arr, "holes", "in the hole")
    rows.flags.writeable = False
    return rows


class OmahaBoard:
    """What the Omaha kernel needs of one board: the live holes worst first (``order``), where each one's run
    of ties ends (``end``), each one's subsets of cards numbered, by size (``subsets``), the holes meeting the
    board (``dead``), and how many subsets are numbered (``n_ids``)."""

    __slots__ = ("dead", "end", "n_ids", "order", "subsets")

    def __init__(self, order: np.ndarray, end: np.ndarray, subsets: np.ndarray, dead: np.ndarray, n_ids: int) -> None:
        self.order, self.end, self.subsets, self.dead, self.n_ids = order, end, subsets, dead, n_ids

    @property
    def nbytes(self) -> int:
        return int(self.order.nbytes + self.end.nbytes + self.subsets.nbytes + self.dead.nbytes)


def _omaha_board(holes: np.ndarray, board: np.ndarray) -> OmahaBoard:
    """``OmahaBoard`` of ``holes`` on ``board``."""
    import numpy as np

    k = holes.shape[1]
    meets = np.isin(holes, board).any(axis=1)
    live = np.flatnonzero(~meets)
    ranks = evaluate_omaha_batch(holes[live], board) if len(live) else np.zeros(0, np.uint16)
    sort = np.argsort(-ranks.astype(np.int64), kind="stable")
    order, own = live[sort], ranks[sort]
    fresh = np.flatnonzero(np.r_[True, own[1:] != own[:-1]]) if len(own) else np.zeros(0, np.intp)
    end = np.r_[fresh[1:], len(own)][np.cumsum(np.r_[True, own[1:] != own[:-1]]) - 1] if len(own) else fresh
    cards = np.sort(holes[order], axis=1).astype(np.int64) + 1
    keys = [
        sum(cards[:, j] << (6 * i) for i, j in enumerate(chosen))
        for size in range(1, k + 1)
        for chosen in combinations(range(k), size)
    ]
    table = np.stack(keys, axis=1) if len(order) else np.zeros((0, 2**k - 1), np.int64)
    unique, ids = np.unique(table, return_inverse=True)
    return OmahaBoard(
        order.astype(np.uint32),
        end.astype(np.uint32),
        np.ascontiguousarray(ids.reshape(len(order), 2**k - 1), np.uint32),
        np.flatnonzero(meets).astype(np.uint32),
        len(unique),
    )


class ShowdownBoards:
    """River boards prepared once for ``showdown_values`` and ``blocked_reach``: each board's 1,081 live combos
    ranked and in rank order, with its runs of ties (10,226 bytes a board, ``nbytes``), so that a solver calling
    them at every node never ranks or sorts again.  With ``holes`` (``(N, 4)``, ``(N, 5)`` or ``(N, 6)`` Omaha
    holes), the holes instead: each board's live holes ranked and in rank order, and each hole's subsets of cards
    numbered for card removal (about ``4 * (2^k + 1)`` bytes a hole and board, and 8 a distinct subset).

    >>> prepared = ShowdownBoards([[51, 47, 43, 39, 2], [0, 9, 22, 35, 48]])
    >>> len(prepared), prepared.nbytes
    (2, 20452)
    """

    def __init__(self, boards: npt.ArrayLike | str, *, holes: npt.ArrayLike | None = None) -> None:
        import numpy as np

        rows, self.one = _board_rows(boards)
        self.boards = rows
        self.boards.flags.writeable = False
        self.holes = None if holes is None else _hole_rows(holes)
        if self.holes is not None:
            self.omaha = [_omaha_board(self.holes, board) for board in rows]
            self.prepared = np.empty((0, SHOWDOWN_BOARD_WORDS), np.uint16)
        else:
            self.omaha = []
            self.prepared = np.empty((len(rows), SHOWDOWN_BOARD_WORDS), np.uint16)
            kernels = _backend.kernels
            split_rows(kernels.showdown_prepare, len(rows), 1, 1, rows, self.prepared, chunk=256, parallel=False)
        self.prepared.flags.writeable = False

    def __len__(self) -> int:
        return len(self.boards)

    def __repr__(self) -> str:
        holes = "" if self.holes is None else f", {len(self.holes)} Omaha holes"
        return f"ShowdownBoards({len(self)} board{'s' if len(self) != 1 else ''}{holes})"

    @property
    def nbytes(self) -> int:
        """The bytes the prepared boards hold."""
        return int(self.prepared.nbytes) + sum(board.nbytes for board in self.omaha)

    @property
    def width(self) -> int:
        """Entries a reach row holds: 1,326 combos, or one a hole."""
        return 1326 if self.holes is None else len(self.holes)


def _reach(reach: object, boards: int, width: int) -> tuple[np.ndarray, bool]:
    """``reach`` as a C-contiguous ``(B or 1, width)`` (any number of rows for one board) float64 or float32
    array, in place where it is one (the kernel reads it once and checks its values), and whether it was one
    row."""
    import numpy as np

    arr = np.asarray(reach)
    dtype = arr.dtype
    if dtype.kind != "f" or dtype.itemsize not in (4, 8):
        raise TypeError(f"reach must be float64 or float32, not dtype {dtype}")
    rows = arr[None, :] if arr.ndim == 1 else arr
    if rows.ndim != 2 or rows.shape[1] != width or not len(rows) or (rows.shape[0] not in (1, boards) and boards != 1):
        wanted = (
            f"({width},) or (N, {width}), N >= 1, for one board"
            if boards == 1
            else f"({width},) or ({boards}, {width})"
        )
        raise ValueError(f"reach must have shape {wanted}, one row a node, got {arr.shape}")
    if not (rows.flags.c_contiguous and dtype.isnative):
        rows = np.ascontiguousarray(rows, dtype.newbyteorder("="))
    return rows, arr.ndim == 1


def _bad_reach(found: int, rows: np.ndarray, holes: bool) -> ValueError:
    """The error for the kernel's answer ``node * (width + 1) + entry`` (entry ``width``: the sum is too large)."""
    import numpy as np

    width = rows.shape[1]
    node, entry = divmod(found, width + 1)
    row = node if len(rows) > 1 else 0
    if entry == width:
        largest = np.finfo(rows.dtype).max / 8
        return ValueError(f"reach row {row}: the reach sums to more than {largest:.3g}, too much for {rows.dtype}")
    if holes:
        return ValueError(f"reach row {row}: hole {entry} has reach {rows[row, entry]}; reach is finite, >= 0")
    a, b = np.triu_indices(52, k=1)
    name = CARD_NAMES[int(a[entry])] + CARD_NAMES[int(b[entry])]
    return ValueError(f"reach row {row}: combo {name} has reach {rows[row, entry]}; reach is finite, >= 0")


def _prepared(boards: object, holes: object) -> ShowdownBoards:
    """``boards`` prepared, for ``holes`` where given (those a ShowdownBoards was made for, or none)."""
    import numpy as np

    if not isinstance(boards, ShowdownBoards):
        return ShowdownBoards(boards, holes=holes)  # type: ignore[arg-type]
    if holes is not None and (boards.holes is None or not np.array_equal(_hole_rows(holes), boards.holes)):
        raise ValueError("holes differ from those the ShowdownBoards was made for: pass them to ShowdownBoards")
    return boards


def _one_node(
    boards: object, reach: object, holes: object, out: object, threads: object
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The kernel's arrays when a call is one node on one prepared board with nothing to check beyond the
    kernel's own checks (a float64 or float32 reach of 1,326, C-contiguous; ``out`` None or the same, apart from
    it): the prepared board, the reach and ``out`` (made if None) as rows ``(1, 1326)``; else None, for the
    general path and its errors."""
    import numpy as np

    if type(boards) is not ShowdownBoards or boards.holes is not None or not boards.one or holes is not None:
        return None
    if not (threads is None or (type(threads) is int and threads == 1)):
        return None
    if type(reach) is not np.ndarray or reach.shape != (1326,):
        return None
    if reach.dtype not in (np.float64, np.float32) or not reach.flags.c_contiguous:
        return None
    rows = reach.reshape(1, 1326)
    if out is None:
        return boards.prepared, rows, np.empty((1, 1326), reach.dtype)
    if (
        type(out) is not np.ndarray
        or out.dtype != reach.dtype
        or out.shape != (1326,)
        or not out.flags.c_contiguous
        or not out.flags.writeable
        or np.may_share_memory(out, reach)
    ):
        return None
    return boards.prepared, rows, out.reshape(1, 1326)


def _run(boards: object, reach: object, holes: object, out: object, threads: object, blocked: bool) -> np.ndarray:
    import numpy as np

    one = _one_node(boards, reach, holes, out, threads)
    if one is not None:  # the cost of a call where a solver calls at every node
        board, rows, values = one
        found = _backend.kernels.showdown_values(board, rows, values, blocked, 0, 1)
        if found >= 0:
            raise _bad_reach(found, rows, False)
        return out if isinstance(out, np.ndarray) else values.reshape(1326)
    prepared = _prepared(boards, holes)
    rows, one_row = _reach(reach, len(prepared), prepared.width)
    nodes = max(len(prepared), len(rows))
    shape = (prepared.width,) if prepared.one and one_row else (nodes, prepared.width)
    result = as_out(out, shape, ("reach", rows), dtype=rows.dtype)
    # the kernels write C-contiguous rows: an out= of other strides gets them through a copy
    target = (
        result.reshape(nodes, prepared.width)
        if result.flags.c_contiguous
        else np.empty((nodes, prepared.width), rows.dtype)
    )
    kernels = _backend.kernels
    if prepared.holes is None:
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
    else:
        found = split_rows(
            _omaha_rows,
            nodes,
            n_threads(threads),
            1,
            prepared,
            rows,
            target,
            blocked,
            chunk=1,
            parallel=kernels.RELEASES_GIL,
        )
    if found >= 0:
        raise _bad_reach(found, rows, prepared.holes is not None)
    if not result.flags.c_contiguous:
        result[...] = target.reshape(shape)
    return result


def _omaha_rows(
    prepared: ShowdownBoards, rows: np.ndarray, out: np.ndarray, blocked: bool, start: int, stop: int
) -> int:
    """The Omaha kernel over nodes ``start:stop`` (each on its board, or all on the one board)."""
    kernels = _backend.kernels

    def run(board: OmahaBoard, reach: np.ndarray, values: np.ndarray, start: int, stop: int) -> int:
        args = (board.order, board.end, board.subsets, board.dead, board.n_ids)
        return int(kernels.omaha_showdown(*args, reach, values, blocked, start, stop))

    if len(prepared) == 1:  # one board: every node at once
        return run(prepared.omaha[0], rows, out, start, stop)
    for node in range(start, stop):
        found = run(prepared.omaha[node], rows[node : node + 1] if len(rows) > 1 else rows, out[node : node + 1], 0, 1)
        if found >= 0:
            return found + node * (int(rows.shape[1]) + 1)
    return -1


def showdown_values(
    boards: ShowdownBoards | npt.ArrayLike | str,
    reach: npt.ArrayLike,
    *,
    holes: npt.ArrayLike | None = None,
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

    Omaha: with ``holes`` (``(N, 4)``, ``(N, 5)`` or ``(N, 6)`` card ids or texts, or given to
    ``ShowdownBoards``), ``reach`` and the values have one entry a hole (``(N,)`` or ``(B, N)``), with the same
    meaning over those holes: each hole's value against the others sharing no card with it or the board.

    >>> import numpy as np
    >>> v = showdown_values("Ks7h2d4c9s", np.ones(1326))  # against every combo alike
    >>> a, b = sorted(parse_cards("9h9d"))  # a set of nines: combo number a * (101 - a) // 2 + b - 1
    >>> float(v[a * (101 - a) // 2 + b - 1])  # of the 990 combos left, it beats 984 more than beat it
    984.0
    """
    return _run(boards, reach, holes, out, threads, blocked=False)


def blocked_reach(
    boards: ShowdownBoards | npt.ArrayLike | str,
    reach: npt.ArrayLike,
    *,
    holes: npt.ArrayLike | None = None,
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
    return _run(boards, reach, holes, out, threads, blocked=True)
