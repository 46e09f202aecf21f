"""What solvers ask of every hole combo at once: the combos in one order, their indices, their ranks on a board.

The order is ``handrank.combos()``: pairs of card ids ``(a, b)`` with
``a < b``, by ``a`` and then ``b`` (2c2d, 2c2h, 2c2s, 2c3c, ... AdAs,
AhAs), so that combo ``(a, b)`` is number ``a * (101 - a) // 2 + b - 1``.
numpy is imported on the first call, as in the batch functions.
"""

from __future__ import annotations

from handrank import _backend
from handrank._batch import as_out, evaluate_omaha_batch
from handrank._cards import CARD_NAMES, board_ids_of, parse_cards
from handrank._games import HOLDEM, OMAHA
from handrank._kernels import BLOCKED

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards

_COMBOS: list[np.ndarray] = []  # the read-only (1326, 2) array, made on the first call


def combos() -> npt.NDArray[np.uint8]:
    """Every two-card combo, ``(1326, 2)`` uint8, in the canonical order (read-only; index it freely).

    >>> combos()[[0, 1, 1325]].tolist()
    [[0, 1], [0, 2], [50, 51]]
    """
    if not _COMBOS:
        import numpy as np

        a, b = np.triu_indices(52, k=1)  # row-major: by the first card, then the second
        table = np.stack([a, b], axis=1).astype(np.uint8)
        table.flags.writeable = False
        _COMBOS.append(table)
    return _COMBOS[0]


_all_combos = combos  # for rank_combos, whose parameter has the name


def _combo_rows(values: object, width: tuple[int, ...], what: str) -> np.ndarray:
    """``values`` as a C-contiguous ``(N, k)`` uint8 array of card ids, k in ``width``, distinct within a row.

    Errors name the row and the card at fault.
    """
    import numpy as np

    arr = np.asarray(values)
    if arr.dtype == object or arr.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array of card ids, not dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in width:
        sizes = " or ".join(str(w) for w in width)
        raise ValueError(f"{what} must have shape (N, {sizes}), got {arr.shape}")
    bad = np.flatnonzero(((arr < 0) | (arr > 51)).any(axis=1))
    if bad.size:
        row = int(bad[0])
        card = next(int(v) for v in arr[row] if not 0 <= int(v) <= 51)
        raise ValueError(f"{what} row {row}: card id {card} is out of range 0..51")
    rows = np.ascontiguousarray(arr, dtype=np.uint8)
    ordered = np.sort(rows, axis=1)
    repeat = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if repeat.size:
        row = int(repeat[0])
        twice = ordered[row][1:][ordered[row][1:] == ordered[row][:-1]][0]
        raise ValueError(f"{what} row {row}: duplicate card {CARD_NAMES[int(twice)]}")
    return rows


def combo_index(cards: Cards | npt.ArrayLike) -> int | npt.NDArray[np.int64]:
    """The number of a two-card combo in ``combos()`` (either card first), or of each row of an ``(N, 2)`` array.

    >>> combo_index("As Ah"), combo_index([0, 1])
    (1325, 0)
    """
    import numpy as np

    if isinstance(cards, np.ndarray) and cards.ndim == 2:
        rows = _combo_rows(cards, (2,), "combos").astype(np.int64)
        lo, hi = rows.min(axis=1), rows.max(axis=1)
        index: npt.NDArray[np.int64] = lo * (101 - lo) // 2 + hi - 1
        return index
    ids = parse_cards(cards)  # type: ignore[arg-type]
    if len(ids) != 2:
        raise ValueError(f"a combo has 2 cards, got {len(ids)}")
    lo, hi = min(ids), max(ids)
    return lo * (101 - lo) // 2 + hi - 1


def rank_combos(
    board: Cards, combos: npt.ArrayLike | None = None, *, out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """The rank of each combo with ``board`` (3..5 cards): ``(N,)`` uint16, ``BLOCKED`` where it holds a board card.

    ``combos`` is an ``(N, 2)`` array of Hold'em holes (default: all 1,326, in
    the order of ``combos()``) or an ``(N, 4..6)`` array of Omaha holes,
    ranked with exactly two of their cards.  ``BLOCKED`` (65535) is above
    every class, so blocked combos sort last.

    >>> ranks = rank_combos("As Ks Qs Js 2d")
    >>> int(ranks[combo_index("Ts 3c")]), int(ranks[combo_index("As 3c")])
    (1, 65535)
    """
    import numpy as np

    holes = _all_combos() if combos is None else _combo_rows(combos, (2, *OMAHA.hole_sizes), "combos")
    game = HOLDEM if holes.shape[1] == 2 else OMAHA
    board_ids = board_ids_of(board, game)
    result = as_out(out, len(holes), ("combos", holes))
    if game is HOLDEM:
        target = result if result.flags.c_contiguous else np.empty(len(holes), np.uint16)
        _backend.kernels.rank_combos(bytes(board_ids), holes, target, 0, len(holes))
        if target is not result:
            result[:] = target
        return result
    blocked = np.isin(holes, board_ids).any(axis=1)
    result[blocked] = BLOCKED
    if not blocked.all():
        result[~blocked] = evaluate_omaha_batch(holes[~blocked], board_ids)
    return result
