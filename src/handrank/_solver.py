"""What solvers ask of every hole combo at once: the combos in one order, their indices, their ranks on a board.

The order is ``handrank.combos()``: pairs of card ids ``(a, b)`` with
``a < b``, by ``a`` and then ``b`` (2c2d, 2c2h, 2c2s, 2c3c, ... AdAs,
AhAs), so that combo ``(a, b)`` is number ``a * (101 - a) // 2 + b - 1``.
numpy is imported on the first call, as in the batch functions.
"""

from __future__ import annotations

from math import comb

from handrank import _backend
from handrank._batch import as_out, evaluate_omaha_batch, narrow
from handrank._cards import CARD_NAMES, board_ids_of, parse_cards, parse_named
from handrank._exact import omaha_hole_counts, omaha_random_hole_counts
from handrank._games import GAMES, HOLDEM, OMAHA
from handrank._kernels import BLOCKED
from handrank._ranges import Range, packed
from handrank._record import build
from handrank._results import ComboEquity
from handrank._threads import n_threads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards
    from handrank._games import Game

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


def combo_number(low: Any, high: Any) -> Any:
    """The number in ``combos()`` of the combo of cards ``low < high`` (ints, or numpy arrays of them)."""
    return low * (101 - low) // 2 + high - 1


def _combo_rows(values: object, width: tuple[int, ...], what: str) -> np.ndarray:
    """``values`` as a C-contiguous ``(N, k)`` uint8 array of card ids, k in ``width``, distinct within a row.

    The array is a copy, read once: the checks and the ranking see the same cards even while another thread
    writes to ``values`` (the kernels release the GIL).  Errors name the row and the card at fault.
    """
    import numpy as np

    arr = np.array(values, copy=True)
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
    rows = narrow(arr)  # every id checked above; arr is our own copy, so no second reading of the caller's
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
        index: npt.NDArray[np.int64] = combo_number(rows.min(axis=1), rows.max(axis=1))
        return index
    ids = parse_cards(cards)  # type: ignore[arg-type]
    if len(ids) != 2:
        raise ValueError(f"a combo has 2 cards, got {len(ids)}")
    number: int = combo_number(min(ids), max(ids))
    return number


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


_RANGES: dict[tuple[str, str, int | None], Range] = {}


def range_of(player: Range | str, what: str, game: str, hole_size: int | None = None) -> Range:
    """``player`` as a Range of ``game``; text is parsed once (ranges are immutable) and packed once.  An Omaha
    ``random`` given as text has ``hole_size`` cards."""
    if isinstance(player, str):
        size = hole_size if game == "omaha" and player.strip().lower() in ("random", "*") else None
        known = _RANGES.get((player, game, size))
        if known is None:
            if len(_RANGES) >= 64:
                _RANGES.clear()
            try:
                known = _RANGES[player, game, size] = Range(player, game=game, hole_size=size)  # type: ignore[arg-type]
            except ValueError as exc:
                raise ValueError(f"{what}: {exc}") from None
        player = known
    if not isinstance(player, Range):
        raise TypeError(f"{what} must be a Range or range text such as 'QQ+, AKs', not {type(player).__name__}")
    if player.game != game:
        want, got = GAMES[game], GAMES[player.game]
        raise ValueError(f"{what}: game={game!r} takes {want.title} ranges, got {got.article} {got.title} range")
    return player


def _omaha_combo_equity(
    hero: Range,
    villain: Range,
    board_ids: list[int],
    dead_ids: list[int],
    progress: Callable[[float], object] | None,
    threads: int,
) -> ComboEquity:
    """combo_equity for Omaha: every hero hole's counts over every runout at once (``omaha_counts``)."""
    import numpy as np

    if hero.is_random:
        raise ValueError("hero: an Omaha 'random' range is not enumerated: name its hands")
    out = set(board_ids) | set(dead_ids)
    holes = sorted({tuple(sorted(cards)) for cards, _ in hero.combos if not out & set(cards)})
    if not holes:
        raise ValueError("hero: no combo of the range is left once the board and dead cards are out")
    if len({len(hole) for hole in holes} | {villain.hole_size}) > 1:
        raise ValueError(f"hero and villain hold hands of different sizes; villain: {villain.hole_size} cards")
    heroes = np.array(holes, np.uint8)
    if villain.is_random:
        hidden = sum(1 << c for c in set(dead_ids) | villain.dead)
        counts, _ = omaha_random_hole_counts(board_ids, dead_ids, hidden, heroes, threads, progress)
        # each hole faces every four of the cards left by the board, the hidden ones and its own
        left = [c for c in range(52) if c not in board_ids and not hidden >> c & 1]
        faced = np.array([comb(len(set(left) - set(hole)), villain.hole_size) for hole in holes], np.float64)
        scale = 1
    else:
        villain = villain.without(sorted(out))
        if len(villain) == 0:
            raise ValueError("villain: no combo of the range is left once the board and dead cards are out")
        counts, faced, scale = omaha_counts(heroes, villain, board_ids, dead_ids, progress, threads)
    wins, ties, total = counts
    if not total.any():
        raise ValueError("the ranges collide: every villain combo holds a card of every hero combo")
    with np.errstate(invalid="ignore", divide="ignore"):
        equity = (2 * wins + ties) / (2 * total)
    return build(ComboEquity, heroes, np.where(total > 0, equity, np.nan), faced / scale)


def omaha_counts(
    heroes: np.ndarray,
    villain: Range,
    board_ids: list[int],
    dead_ids: list[int],
    progress: Callable[[float], object] | None,
    threads: int,
) -> tuple[np.ndarray, np.ndarray, int]:
    """Omaha, exact: each hero hole's (rows of ``heroes``, none meeting the board or dead cards) villain weight
    won, tied and faced over every runout (``(3, H)`` int64, in villain weight units), the villain weight each
    can face, and the weights' common denominator.  ``villain``: enumerated, none of it meeting the board or dead
    cards."""
    import numpy as np

    pack = packed(villain)
    villains = np.frombuffer(pack.cards, np.uint8).reshape(-1, villain.hole_size)
    weights = np.array(pack.ints, np.int64)
    counts, _ = omaha_hole_counts(board_ids, dead_ids, villains, weights, heroes, threads, progress)
    bit = np.int64(1) << np.arange(52, dtype=np.int64)
    villain_masks = np.bitwise_or.reduce(bit[villains], axis=1)
    hero_masks = np.bitwise_or.reduce(bit[heroes], axis=1)
    faced = np.empty(len(heroes), np.float64)
    step = max(1, (1 << 22) // max(1, len(villains)))
    for lo in range(0, len(heroes), step):  # a block of heroes at a time: the (H, V) table stays small
        apart = (hero_masks[lo : lo + step, None] & villain_masks[None, :]) == 0
        faced[lo : lo + step] = apart @ weights
    return counts, faced, pack.scale


def combo_weights(player: Range | str, what: str, excluded: int) -> tuple[np.ndarray, int]:
    """A Hold'em range's integer weights (times their common denominator) at each of the 1,326 combo numbers,
    0 for combos outside it or meeting the ``excluded`` cards, and that denominator."""
    return range_weights(range_of(player, what, "holdem"), excluded)


def range_weights(player: Range, excluded: int) -> tuple[np.ndarray, int]:
    """``combo_weights`` of a two-card range of any game (Hold'em, short deck), already a ``Range``."""
    import numpy as np

    pack = packed(player)
    weights = np.zeros(1326, np.int64)
    if pack.ints:
        cards = np.frombuffer(pack.cards, np.uint8).reshape(-1, 2).astype(np.int64)  # high card first
        high, low = cards[:, 0], cards[:, 1]
        keep = ((excluded >> high) & 1 | (excluded >> low) & 1) == 0
        weights[combo_number(low, high)[keep]] = np.array(pack.ints, np.int64)[keep]
    return weights, pack.scale


def combo_equity(
    hero: Range | str,
    villain: Range | str,
    board: Cards,
    dead: Cards = (),
    *,
    game: str = "holdem",
    progress: Callable[[float], object] | None = None,
    threads: int | None = None,
) -> ComboEquity:
    """The exact equity of each combo of the ``hero`` range against the ``villain`` range on a flop, turn or river.

    Each combo's equity is ``equity([combo, villain], board, dead, exact=True)``'s,
    with card removal: the villain combos it meets are out.  Hero weights
    only choose the combos.  River: all combos ranked once, the villain's
    weight summed in rank order, and each combo's wins and ties taken from
    those sums less the villain combos holding one of its cards; turn and
    flop: the same on every runout, summed.

    A combo that no villain combo can face gets NaN; a range with no combo
    left, or ranges that collide everywhere, are errors.  ``game="omaha"``
    takes Omaha ranges of 4, 5 or 6 cards (``Range(..., game="omaha")`` or
    their text) and counts the same way: every hole ranked once a runout,
    the villain weight summed in rank order overall and by card, and what
    a hole shares with the villain holes holding two of its cards or more
    given back; the runouts are split over ``threads`` threads (None: one;
    0: every core).  ``progress`` is called with the fraction done (Omaha:
    as parts of the runouts finish; Hold'em, whose flops take milliseconds:
    once, at the end).

    >>> r = combo_equity("AA", "KK", "Ks 7h 2d 3c 9c")
    >>> r.combos.tolist()[:2], r.equity.tolist()[:2], r.weight.tolist()[:2]
    ([[48, 49], [48, 50]], [0.0, 0.0], [3.0, 3.0])
    """
    import numpy as np

    if not isinstance(game, str) or game not in ("holdem", "omaha"):  # an array would compare elementwise
        raise ValueError(f"game must be 'holdem' or 'omaha', not {game!r}")
    board_ids, dead_ids = board_and_dead(board, dead, HOLDEM if game == "holdem" else OMAHA)
    workers = n_threads(threads)
    if game == "omaha":
        hero_range = range_of(hero, "hero", game)
        villain_range = range_of(villain, "villain", game, hero_range.hole_size)  # "random": the hero's size
        return _omaha_combo_equity(hero_range, villain_range, board_ids, dead_ids, progress, workers)
    heroes, counts, villain_w, scale = combo_counts(hero, villain, board_ids, dead_ids)
    wins, ties, total = counts
    faced = faced_weights(villain_w, heroes)
    if not total.any():
        raise ValueError("the ranges collide: every villain combo holds a card of every hero combo")
    with np.errstate(invalid="ignore", divide="ignore"):
        equity = (2 * wins + ties) / (2 * total)
    if progress is not None:
        progress(1.0)
    return build(ComboEquity, _all_combos()[heroes], np.where(total > 0, equity, np.nan), faced / scale)


def board_and_dead(board: Cards, dead: Cards, rules: Game) -> tuple[list[int], list[int]]:
    """A showdown board of the game (``rules``) and the dead cards, parsed and checked: no card on both."""
    board_ids = board_ids_of(board, rules)
    dead_ids = parse_named(dead, "dead")
    for card in dead_ids:
        if card in board_ids:
            raise ValueError(f"dead: duplicate card {CARD_NAMES[card]} (on the board and dead)")
    return board_ids, dead_ids


def combo_counts(
    hero: Range | str | np.ndarray, villain: Range | str | np.ndarray, board_ids: list[int], dead_ids: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Hold'em, exact: the hero's combos left (their numbers), each one's villain weight won, tied and faced
    over every runout (``(3, N)`` int64, in villain weight units), the villain's integer weights by combo number
    and their common denominator.  A range may come as its ``combo_weights`` already (weights by combo number,
    0 where the board or dead cards meet it)."""
    import numpy as np

    excluded = sum(1 << c for c in board_ids + dead_ids)
    hero_w = hero if isinstance(hero, np.ndarray) else combo_weights(hero, "hero", excluded)[0]
    villain_w, scale = (villain, 1) if isinstance(villain, np.ndarray) else combo_weights(villain, "villain", excluded)
    if not hero_w.any():
        raise ValueError("hero: no combo of the range is left once the board and dead cards are out")
    if not villain_w.any():
        raise ValueError("villain: no combo of the range is left once the board and dead cards are out")
    heroes = np.flatnonzero(hero_w)
    deck = [c for c in range(52) if not excluded >> c & 1]
    runouts = comb(len(deck), 5 - len(board_ids))
    if int(villain_w.max(initial=0)) * 1326 * runouts >= 1 << 62:
        raise ValueError("villain: its weights' common denominator is too large to sum exactly")
    counts = np.zeros((3, len(heroes)), np.int64)
    _backend.kernels.combo_equity_counts(bytes(board_ids), bytes(deck), villain_w, heroes.astype(np.int32), counts)
    return heroes, counts, villain_w, scale


def faced_weights(villain_w: np.ndarray, heroes: np.ndarray) -> np.ndarray:
    """The villain weight each hero combo (numbers ``heroes``) can face: the villain combos sharing no card
    with it (``villain_w`` already 0 for those meeting the board or dead cards)."""
    import numpy as np

    table = _all_combos()
    holding = holding_combos()  # (52, 51): the combo numbers holding each card
    a, b = table[heroes, 0].astype(np.intp), table[heroes, 1].astype(np.intp)
    faced: np.ndarray = villain_w.sum() - villain_w[holding[a]].sum(axis=1) - villain_w[holding[b]].sum(axis=1)
    faced = faced + villain_w[heroes]  # the combo of its own two cards was taken away twice
    return faced


_HOLDING: list[np.ndarray] = []


def holding_combos() -> np.ndarray:
    """For each card, the numbers of the 51 combos holding it, ``(52, 51)``."""
    if not _HOLDING:
        import numpy as np

        table = _all_combos()
        _HOLDING.append(np.array([np.flatnonzero((table == c).any(axis=1)) for c in range(52)], np.intp))
    return _HOLDING[0]
