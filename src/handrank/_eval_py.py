"""The pure-Python kernels: the twin of ``_eval_c``, same names, signatures, results and errors.

They sum the same additive card keys as the C core, then read a dict (rank
key -> class) where C reads its perfect hash.  Tables are built from
``_tables`` on first use, so importing this module costs nothing.  The
equity kernels draw the same random numbers as csrc/equity.c, so Monte
Carlo gives the very same tallies on both backends.
"""

from __future__ import annotations

import math
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement, product
from math import comb

from handrank import _cards, _kernels, _tables
from handrank._games import HOLDEM
from handrank._iso_tables import IsoStreet, hand_of, index_of
from handrank._kernels import (
    BLOCKED,
    LOW_27,
    LOW_A5,
    LOW_EIGHT,
    MAX_PLAYERS,
    NO_LOW,
    SHARE_UNIT,
    SHORT_DECK_TRIPS,
    STRENGTH_UNIT,
)

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

if not TYPE_CHECKING:  # mypy checks this module against _kernels.Kernels, and a computed __all__ would hide it all
    __all__ = _kernels.KERNELS

NAME = "python"
RELEASES_GIL = False  # pure Python holds the GIL while it runs
# Heads-up, runout by runout costs pure Python less whatever the ranges (matchup by matchup was 25 times slower
# on 28 combos against random on a flop).
SHARED_PER_COMBO = (0, 0, 0)

_KEY = [_tables.card_key(c) for c in range(_tables.N_CARDS)]
_BIT = [_tables.suit_bit(c) for c in range(_tables.N_CARDS)]
_BIAS = _tables.KEY_BIAS
_FLUSH_BITS = _tables.FLUSH_BITS
_RANK_KEY_MASK = _tables.RANK_KEY_MASK
_RANK_MULT = _tables.RANK_MULT
# The suit of a flush, as the shift of its 13 rank bits in the suit mask.
_FLUSH_SHIFT = {_tables.FLUSH_BITS & (0xF << (_tables.SUIT_SHIFT + 4 * s)): 16 * s for s in range(4)}
_plain: dict[int, int] = {}
_flush: list[int] = []


_load_lock = threading.Lock()


def _load() -> dict[int, int]:
    """The tables, built on first use; once, whatever the number of threads asking."""
    if not _plain:
        with _load_lock:
            if not _plain:
                _flush[:] = _tables.flush_table()
                _plain.update(_tables.plain_table())
    return _plain


_FIELDS = _kernels.TALLY_FIELDS
_CATEGORIES = _kernels.CATEGORIES
_CATEGORY_FIRST = _tables.CATEGORY_FIRST[1:-1]  # where each category after the royal flush starts


def _tallies(n: int, types: bool) -> list[list[int]]:
    """Each player's tally, zero: wins, ties, share, share_sq, then (``types``) wins and ties by category."""
    return [[0] * (_FIELDS + 2 * _CATEGORIES if types else _FIELDS) for _ in range(n)]


def _flat(tallies: list[list[int]]) -> tuple[int, ...]:
    """The kernels' tallies: each player's wins, ties, share and share_sq, one player after another, then each
    player's wins and ties by category when counted."""
    head = [value for tally in tallies for value in tally[:_FIELDS]]
    return tuple(head + [value for tally in tallies for value in tally[_FIELDS:]])


def _category(rank: int) -> int:
    """The category of a high class (0 royal flush ... 9 high card; csrc/internal.h, hr_category)."""
    return bisect_right(_CATEGORY_FIRST, rank)


def _rank(ids: Iterable[int]) -> int:
    """The class of valid distinct card ids (5..7 of them)."""
    plain = _plain or _load()
    key = _BIAS
    suits = 0
    for c in ids:
        key += _KEY[c]
        suits |= _BIT[c]
    flush = key & _FLUSH_BITS
    if flush:
        return _flush[(suits >> _FLUSH_SHIFT[flush]) & 0x1FFF]
    return plain[key & _RANK_KEY_MASK]


def evaluate(cards: _cards.Cards) -> int:
    """The rank of a 5-, 6- or 7-card hand: 1 (royal flush) .. 7462 (7-5-4-3-2).

    >>> evaluate("As Ks Qs Js Ts")
    1
    >>> evaluate([51, 47, 43, 39, 35, 0, 5])
    1
    """
    # The common case in one pass: a list or tuple of valid ids.  Anything
    # else, or any doubt, takes the shared path that words the errors.
    if type(cards) is list or type(cards) is tuple:
        if 5 <= len(cards) <= 7:
            key = _BIAS
            suits = 0
            for c in cards:
                if type(c) is not int or not 0 <= c < 52 or suits & _BIT[c]:
                    break
                key += _KEY[c]
                suits |= _BIT[c]
            else:
                flush = key & _FLUSH_BITS
                if flush:
                    return _flush[(suits >> _FLUSH_SHIFT[flush]) & 0x1FFF] if _flush else _rank(cards)
                try:
                    return _plain[key & _RANK_KEY_MASK]
                except KeyError:
                    return _rank(cards)
    return _rank(_cards.hand_ids(cards))


def evaluate_mask(mask: int) -> int:
    """The rank of a 52-bit card mask (bit ``id`` per card) of 5..7 cards.

    >>> evaluate_mask(0b11111 << 47)  # Ac Ad Ah As Ks
    11
    """
    value = _cards.check_mask(mask)
    return _rank([c for c in range(_tables.N_CARDS) if value >> c & 1])


def _omaha_rank(hole: Sequence[int], board: Sequence[int]) -> int:
    """The class of a valid Omaha hand: exactly two hole cards and three board cards."""
    _load()
    pairs = [(_KEY[a] + _KEY[b], _BIT[a] | _BIT[b]) for a, b in combinations(hole, 2)]
    best = _tables.N_CLASSES + 1
    for x, y, z in combinations(board, 3):
        tkey = _BIAS + _KEY[x] + _KEY[y] + _KEY[z]
        tbits = _BIT[x] | _BIT[y] | _BIT[z]
        for pkey, pbits in pairs:
            key = tkey + pkey
            flush = key & _FLUSH_BITS
            if flush:
                rank = _flush[((tbits | pbits) >> _FLUSH_SHIFT[flush]) & 0x1FFF]
            else:
                rank = _plain[key & _RANK_KEY_MASK]
            if rank < best:
                best = rank
    return best


def evaluate_omaha(hole: _cards.Cards, board: _cards.Cards) -> int:
    """The rank of an Omaha hand: exactly two of 4..6 hole cards and three of 3..5 board cards.

    >>> evaluate_omaha("Ah Kh 2c 3d", "Qh Jh Th 9c 2s")  # two hearts in the hole: a royal flush
    1
    >>> evaluate_omaha("Ah Ac 8d 2s", "Kh Qh Jh Th 3c")  # one heart: no flush, no straight
    3326
    """
    return _omaha_rank(*_cards.omaha_ids(hole, board))


# ---- the other rankings: short deck, the lows, Omaha eight-or-better -----------------------------

_variants: dict[str, list[int] | dict[int, int]] = {}
_VARIANT_TABLES: dict[str, Callable[[], list[int] | dict[int, int]]] = {
    "sd_flush": _tables.sd_flush_table,
    "sd": _tables.sd_plain_table,
    "sd_trips": lambda: _tables.sd_plain_table(True),
    "a5": _tables.a5_table,
    "low27": _tables.low27_plain_table,
    "low27_of_high": _tables.low27_of_high,
    "omaha_eight": _tables.omaha_eight_table,
}


def _variant(name: str) -> list[int] | dict[int, int]:
    """One of the other rankings' tables (``_tables``), built on first use."""
    table = _variants.get(name)
    if table is None:
        with _load_lock:
            if name not in _variants:
                _variants[name] = _VARIANT_TABLES[name]()
            table = _variants[name]
    return table


def _rules_rank(ids: Sequence[int], rules: int) -> int:
    """The class of valid distinct card ids (5..7; short deck: none below the six) under ``rules``."""
    key = _BIAS
    suits = 0
    for c in ids:
        key += _KEY[c]
        suits |= _BIT[c]
    flush = key & _FLUSH_BITS
    if rules <= SHORT_DECK_TRIPS:
        if flush:
            return _variant("sd_flush")[(suits >> _FLUSH_SHIFT[flush]) & 0x1FFF]
        return _variant("sd_trips" if rules == SHORT_DECK_TRIPS else "sd")[key & _RANK_KEY_MASK]
    if rules in (LOW_A5, LOW_EIGHT):
        low = _variant("a5")[key & _RANK_KEY_MASK]
        return low if rules == LOW_A5 or low <= _tables.EIGHT_N_CLASSES else NO_LOW
    if flush:  # deuce-to-seven with five cards of a suit: the best of the hand's fives
        of_high = _variant("low27_of_high")
        return min(of_high[_rank(five)] for five in combinations(ids, 5))
    return _variant("low27")[key & _RANK_KEY_MASK]


def _check_rules(rules: int) -> int:
    if type(rules) is not int or not 0 <= rules <= LOW_27:
        raise ValueError(f"unknown rules code {rules}")
    return rules


def evaluate_rules(cards: _cards.Cards, rules: int) -> int:
    """The class of a 5..7-card hand under ``rules`` (SHORT_DECK = 0 ... LOW_27 = 4); NO_LOW: no low.

    >>> evaluate_rules("Ah 6h 7c 8d 9s", 0)  # short deck: A-6-7-8-9 is the lowest straight
    276
    >>> evaluate_rules("As 2c 3d 4h 5s", 2)  # ace-to-five: the wheel is the best low
    1
    """
    _check_rules(rules)
    ids = _cards.short_deck_ids(cards) if rules <= SHORT_DECK_TRIPS else _cards.hand_ids(cards)
    return _rules_rank(ids, rules)


def _omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """The low depends only on which low ranks the hole holds and which the board does."""
    h = b = 0
    for c in hole:
        h |= _tables.low_bit(c)
    for c in board:
        b |= _tables.low_bit(c)
    return _variant("omaha_eight")[h << 8 | b] or NO_LOW


def evaluate_omaha_low(hole: _cards.Cards, board: _cards.Cards) -> int:
    """The Omaha eight-or-better low (1..56) of exactly two hole cards and three board cards, else NO_LOW.

    >>> evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s Qc Jd")  # A-2 with 3-4-5: the wheel
    1
    """
    return _omaha_low(*_cards.omaha_ids(hole, board))


# ---- batch kernels: rows start:stop of checked arrays --------------------------------------------


def rank_rows(hands: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
    step = 1 << 16
    for lo in range(start, stop, step):
        hi = min(lo + step, stop)
        ranks: list[int] = []
        for i, row in enumerate(hands[lo:hi].tolist(), lo):
            try:
                ranks.append(evaluate(row))
            except ValueError:  # the front end words the error for this row
                out[lo : lo + len(ranks)] = ranks
                return i
        out[lo:hi] = ranks
    return -1


def _valid_rows(rows: list[list[int]], lowest: int = 0) -> int:
    """The number of rows before the first with an id outside ``lowest``..51 or a card twice."""
    for i, row in enumerate(rows):
        if not all(lowest <= c < 52 for c in row) or len(set(row)) != len(row):
            return i
    return len(rows)


def rank_rules_rows(
    hands: npt.NDArray[np.uint8], rules: int, out: npt.NDArray[np.uint16], start: int, stop: int
) -> int:
    _check_rules(rules)
    rows = hands[start:stop].tolist()
    good = _valid_rows(rows, _cards.SHORT_DECK_LOWEST if rules <= SHORT_DECK_TRIPS else 0)
    out[start : start + good] = [_rules_rank(row, rules) for row in rows[:good]]
    return -1 if good == len(rows) else start + good


def rank_omaha_low_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
) -> int:
    hole_rows = holes[start:stop].tolist()
    board_rows = [boards.tolist()] * len(hole_rows) if boards.ndim == 1 else boards[start:stop].tolist()
    good = _valid_rows([h + b for h, b in zip(hole_rows, board_rows, strict=True)])
    out[start : start + good] = [_omaha_low(h, b) for h, b in zip(hole_rows[:good], board_rows[:good], strict=True)]
    return -1 if good == len(hole_rows) else start + good


def rank_combos(board: bytes, combos: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
    cards = list(board)
    on_board = set(cards)
    out[start:stop] = [
        BLOCKED if a in on_board or b in on_board else _rank([*cards, a, b]) for a, b in combos[start:stop].tolist()
    ]
    return -1


def combo_equity_counts(
    board: bytes, deck: bytes, villain: npt.NDArray[np.int64], heroes: npt.NDArray[np.int32], counts: np.ndarray
) -> None:
    import numpy as np

    first, second = np.triu_indices(52, k=1)
    table = np.stack([first, second], axis=1).astype(np.uint8)
    holding = np.array([np.flatnonzero((table == c).any(axis=1)) for c in range(52)], np.intp)
    a, b = first[heroes], second[heroes]
    rows_of = np.arange(52, dtype=np.int64)[:, None]
    ranks = np.empty(1326, np.uint16)
    for runout in combinations(deck, 5 - len(board)):
        rank_combos(board + bytes(runout), table, ranks, 0, 1326)
        live = np.where(ranks != BLOCKED, villain, 0)
        order = np.argsort(ranks, kind="stable")
        sorted_ranks = ranks[order]
        below = np.concatenate([[0], np.cumsum(live[order])])  # weight of the first k combos in rank order
        mine = ranks[heroes].astype(np.int64)
        better = np.searchsorted(sorted_ranks, mine, side="left")
        worse = np.searchsorted(sorted_ranks, mine, side="right")
        w_all, w_worse, w_tie = below[-1], below[-1] - below[worse], below[worse] - below[better]
        # less the villain combos holding one of the hero's cards (the one holding both is taken twice):
        # per card, its 51 combos in rank order, found for every hero combo by one search of all 52 rows
        held_ranks = ranks[holding].astype(np.int64)
        in_order = np.argsort(held_ranks, axis=1, kind="stable")
        row_below = np.zeros((52, 52), np.int64)
        np.cumsum(np.take_along_axis(live[holding], in_order, axis=1), axis=1, out=row_below[:, 1:])
        rows = (rows_of << 17 | np.take_along_axis(held_ranks, in_order, axis=1)).ravel()
        for card in (a, b):
            query = card << 17 | mine
            lo = np.searchsorted(rows, query, side="left") - 51 * card
            hi = np.searchsorted(rows, query, side="right") - 51 * card
            w_worse = w_worse - (row_below[card, 51] - row_below[card, hi])
            w_tie = w_tie - (row_below[card, hi] - row_below[card, lo])
            w_all = w_all - row_below[card, 51]
        out = ranks[heroes] == BLOCKED  # hero combos holding a runout card sit this runout out
        counts[0] += np.where(out, 0, w_worse)
        counts[1] += np.where(out, 0, w_tie + live[heroes])
        counts[2] += np.where(out, 0, w_all + live[heroes])


_APART: list[np.ndarray] = []  # (1326, 1326) bool: the two combos share no card


def omaha_combo_equity_counts(
    board: npt.NDArray[np.uint8],
    runouts: npt.NDArray[np.uint8],
    villains: npt.NDArray[np.uint8],
    weights: npt.NDArray[np.int64],
    heroes: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.int64],
) -> None:
    import numpy as np

    if (
        runouts.shape[1] != 5 - len(board)
        or villains.shape[1] != heroes.shape[1]
        or len(weights) != len(villains)
        or counts.shape != (3, len(heroes))
    ):
        raise ValueError(
            "omaha_combo_equity_counts: runouts (R, 5 - board), villains (V, k) with V weights, heroes (H, k), "
            "counts (3, H)"
        )
    if not len(heroes) or not len(villains):
        return
    bit = np.int64(1) << np.arange(52, dtype=np.int64)
    villain_masks = np.bitwise_or.reduce(bit[villains], axis=1)
    hero_masks = np.bitwise_or.reduce(bit[heroes], axis=1)
    apart = (villain_masks[None, :] & hero_masks[:, None]) == 0  # (H, V): the holes that can meet
    cards = board.tolist()
    for runout in runouts.tolist():
        full = cards + runout
        spared = int(np.bitwise_or.reduce(bit[runout])) if runout else 0
        villain_ranks = np.array(
            [
                0 if m & spared else _omaha_rank(h, full)
                for h, m in zip(villains.tolist(), villain_masks.tolist(), strict=True)
            ]
        )
        hero_ranks = np.array(
            [
                0 if m & spared else _omaha_rank(h, full)
                for h, m in zip(heroes.tolist(), hero_masks.tolist(), strict=True)
            ]
        )
        faced = apart & (villain_ranks > 0)[None, :] & (hero_ranks > 0)[:, None]
        counts[0] += (faced & (villain_ranks[None, :] > hero_ranks[:, None])) @ weights
        counts[1] += (faced & (villain_ranks[None, :] == hero_ranks[:, None])) @ weights
        counts[2] += faced @ weights


def omaha_random_counts(
    board: npt.NDArray[np.uint8],
    runouts: npt.NDArray[np.uint8],
    dead: int,
    heroes: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.int64],
) -> None:
    import numpy as np

    k = heroes.shape[1]
    if runouts.shape[1] != 5 - len(board) or not 4 <= k <= 6 or counts.shape != (3, len(heroes)):
        raise ValueError("omaha_random_counts: runouts (R, 5 - board), heroes (H, 4..6), counts (3, H)")
    if not len(heroes):
        return
    bit = np.int64(1) << np.arange(52, dtype=np.int64)
    hero_masks = np.bitwise_or.reduce(bit[heroes], axis=1)
    for runout in runouts.tolist():
        full = board.tolist() + runout
        live = [c for c in range(52) if c not in full and not dead >> c & 1]
        # every villain hole of the live cards, ranked as its best pair of cards ranks with the board
        pair = np.zeros((52, 52), np.int64)
        for x, y in combinations(live, 2):
            pair[x, y] = pair[y, x] = min(_rank([x, y, *three]) for three in combinations(full, 3))
        holes = np.array(list(combinations(live, k)), np.int64)
        ranks = np.min([pair[holes[:, a], holes[:, b]] for a, b in combinations(range(k), 2)], axis=0)
        masks = np.bitwise_or.reduce(bit[holes], axis=1)
        spared = int(np.bitwise_or.reduce(bit[runout])) if runout else 0
        for i, hole in enumerate(heroes.tolist()):
            if int(hero_masks[i]) & spared:
                continue
            mine = _omaha_rank(hole, full)
            apart = (masks & hero_masks[i]) == 0
            counts[0, i] += int((apart & (ranks > mine)).sum())
            counts[1, i] += int((apart & (ranks == mine)).sum())
            counts[2, i] += int(apart.sum())


def strength_counts(
    boards: npt.NDArray[np.uint8],
    heroes: npt.NDArray[np.int16] | None,
    group: npt.NDArray[np.uint8],
    n_groups: int,
    bins: int,
    sums: npt.NDArray[np.uint32],
    squares: npt.NDArray[np.uint64] | None,
    hist: npt.NDArray[np.uint32] | None,
    next_hist: npt.NDArray[np.uint32] | None,
    group_wins: npt.NDArray[np.uint32] | None,
    group_faced: npt.NDArray[np.uint32] | None,
    start: int,
    stop: int,
) -> int:
    import numpy as np

    if heroes is not None and (heroes.shape[0] != boards.shape[0] or heroes.shape[1] > _kernels.STRENGTH_MAX_HEROES):
        raise ValueError(f"strength_counts: heroes holds a row of at most {_kernels.STRENGTH_MAX_HEROES} per board")
    first, second = np.triu_indices(52, k=1)
    table = np.stack([first, second], axis=1).astype(np.uint8)
    if not _APART:
        _APART.append(
            (first[:, None] != first)
            & (first[:, None] != second)
            & (second[:, None] != first)
            & (second[:, None] != second)
        )
    apart = _APART[0]
    member = np.zeros((1326, max(n_groups, 1)), np.int64)
    member[np.arange(1326), group[:1326] if n_groups else 0] = 1
    ranks = np.empty(1326, np.uint16)
    for k in range(start, stop):
        board = bytes(boards[k])
        deck = [c for c in range(52) if c not in board]
        runouts = list(combinations(deck, 5 - len(board)))
        total = np.zeros(1326, np.int64)
        square = np.zeros(1326, np.int64)
        binned = np.zeros((1326, bins), np.int64)
        by_turn = np.zeros((1326, 52), np.int64)
        wins_g = np.zeros((1326, member.shape[1]), np.int64)
        faced_g = np.zeros_like(wins_g)
        for runout in runouts:
            rank_combos(board + bytes(runout), table, ranks, 0, 1326)
            live = ranks != BLOCKED
            r = ranks.astype(np.int64)
            faced = apart & live[None, :] & live[:, None]
            points = 2 * (faced & (r[None, :] > r[:, None])) + (faced & (r[None, :] == r[:, None]))
            s = points.sum(axis=1)
            total += s
            square += s * s
            at = np.minimum(s * bins // STRENGTH_UNIT, bins - 1)
            np.add.at(binned, (np.flatnonzero(live), at[live]), 1)
            for card in runout if next_hist is not None else ():
                by_turn[:, card] += s
            wins_g += points @ member
            faced_g += faced.astype(np.int64) @ member
        sums[k] = total
        if squares is not None:
            squares[k] = square
        if hist is not None:
            hist[k] = binned
        if next_hist is not None:
            next_hist[k] = _turn_bins(by_turn, board, deck, bins)
        if n_groups and group_wins is not None and group_faced is not None:
            group_wins[k] = wins_g
            group_faced[k] = faced_g
        if heroes is not None:  # the others get 0s
            others = np.ones(1326, bool)
            others[heroes[k][heroes[k] >= 0]] = False
            grouped = (group_wins, group_faced) if n_groups else ()
            for out in (sums, squares, hist, next_hist, *grouped):
                if out is not None:
                    out[k, others] = 0
    return -1


def _turn_bins(by_turn: np.ndarray, board: bytes, deck: list[int], bins: int) -> np.ndarray:
    """Each flop combo's turn cards by the bin of its turn equity (``by_turn``: its strength summed over each
    turn card's 46 rivers), ``(1326, bins)``."""
    import numpy as np

    out = np.zeros((1326, bins), np.uint32)
    for c, (a, b) in enumerate(combinations(range(52), 2)):
        if a in board or b in board:
            continue
        for card in deck:
            if card not in (a, b):
                out[c, min(int(by_turn[c, card]) * bins // (STRENGTH_UNIT * 46), bins - 1)] += 1
    return out


def showdown_prepare(boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
    import numpy as np

    if out.shape[1] != _kernels.SHOWDOWN_BOARD_WORDS:
        raise ValueError(f"showdown_prepare: a prepared board holds {_kernels.SHOWDOWN_BOARD_WORDS} uint16")
    first, second = np.triu_indices(52, k=1)
    table = np.stack([first, second], axis=1).astype(np.uint8)
    ranks = np.empty(1326, np.uint16)
    live_n, dead_at = 1081, 3 * 1081
    for b in range(start, stop):
        rank_combos(bytes(boards[b]), table, ranks, 0, 1326)
        live = np.flatnonzero(ranks != BLOCKED)
        order = live[np.argsort(-ranks[live].astype(np.int64), kind="stable")]  # worst first, ties by number
        own = ranks[order]
        run = np.concatenate([[0], np.cumsum(own[1:] != own[:-1])])  # each combo's run of ties
        a, c = first[order], second[order]
        # quads: a run's combos of one first card and second rank (side by side in combo order)
        key = (run * 52 + a) * 13 + (c >> 2)
        fresh = np.concatenate([[True], key[1:] != key[:-1]])
        quad = np.cumsum(fresh) - 1
        n = int(quad[-1]) + 1
        slot = (order[fresh] - (c[fresh] & 3) + 1).astype(np.uint16)
        held = np.zeros(n, np.uint8)
        np.bitwise_or.at(held, quad, (16 << (c & 3)).astype(np.uint8))
        q_run, q_first, q_second = run[fresh], a[fresh], (c[fresh] & ~3).astype(np.uint8)
        run_first = np.flatnonzero(np.concatenate([[True], q_run[1:] != q_run[:-1]]))
        run_end = np.append(run_first[1:], n)[q_run]
        # within a run, the quads' second ranks in turn: the k-th quad of each second rank, then the (k+1)-th
        group = q_run * 52 + q_second
        by_group = np.lexsort((np.arange(n), group))
        turn = np.empty(n, np.intp)
        turn[by_group] = np.arange(n) - np.searchsorted(group[by_group], group[by_group])
        dealt = np.lexsort((np.arange(n), turn, q_run))
        touched = np.zeros(n, np.uint16)
        np.bitwise_or.at(touched, run_first[run], ((1 << (a >> 2)) | (1 << (c >> 2))).astype(np.uint16))
        words = out[b]
        words[:] = 0
        words[:n], words[live_n : live_n + n], words[2 * live_n : 2 * live_n + n] = (
            slot[dealt],
            run_end[dealt],
            touched,
        )
        words[dead_at : dead_at + 245] = np.flatnonzero(ranks == BLOCKED)
        words[dead_at + 245] = n
        tail = words[dead_at + 246 :].view(np.uint8)
        tail[:n], tail[live_n : live_n + n], tail[2 * live_n : 2 * live_n + n] = (
            q_first[dealt],
            q_second[dealt],
            held[dealt],
        )
        tail[3 * live_n :] = boards[b]
    return -1


def _showdown_combos(
    board: npt.NDArray[np.uint16],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """A prepared board's live combos in the sweep's order: their numbers, where each one's run ends, their cards."""
    import numpy as np

    live_n = 1081
    n = int(board[3 * live_n + 245])
    slot = board[:n].astype(np.intp)
    tail = board[3 * live_n + 246 :].view(np.uint8)
    lanes = (tail[2 * live_n : 2 * live_n + n, None] >> (4 + np.arange(4))) & 1 == 1  # (quad, lane): held
    quad, lane = np.nonzero(lanes)
    ids = slot[quad] - 1 + lane
    a = tail[:live_n][quad].astype(np.intp)
    c = tail[live_n : 2 * live_n][quad].astype(np.intp) + lane
    quad_end = board[live_n : live_n + n].astype(np.intp)
    held = np.concatenate([[0], np.cumsum(lanes.sum(axis=1))])  # combos before each quad
    return ids, held[quad_end[quad]], a, c


def showdown_values(
    prepared: npt.NDArray[np.uint16],
    reach: npt.NDArray[np.float64] | npt.NDArray[np.float32],
    out: npt.NDArray[np.float64] | npt.NDArray[np.float32],
    blocked: bool,
    start: int,
    stop: int,
) -> int:
    import numpy as np

    n = 1081
    largest = float(np.finfo(reach.dtype).max) / 8
    for b in range(start, stop):
        given = np.array(reach[b if len(reach) > 1 else 0], np.float64)  # read once
        bad = np.flatnonzero(~np.isfinite(given) | (given < 0))
        if bad.size:
            return b * 1327 + int(bad[0])
        ids, end, a, c = _showdown_combos(prepared[b if len(prepared) > 1 else 0])
        r = given[ids]
        with np.errstate(over="ignore"):
            total = r.sum()
        if not total <= largest:
            return b * 1327 + 1326
        by_card = np.bincount(a, r, 52) + np.bincount(c, r, 52)
        value = np.zeros(1326)
        if blocked:
            value[ids] = total - by_card[a] - by_card[c] + r
        else:
            # reach below each combo's run (runs start where the run before ends), in all and by card
            starts = np.concatenate([[0], np.cumsum(r)])
            run_start = np.arange(n)
            run_start[1:] = np.where(end[:-1] == end[1:], 0, np.arange(1, n))
            run_start = np.maximum.accumulate(run_start)
            below = starts[run_start]
            above = total - starts[end]
            held = np.zeros((n + 1, 52))
            np.add.at(held, (np.arange(1, n + 1), a), r)
            np.add.at(held, (np.arange(1, n + 1), c), r)
            held = np.cumsum(held, axis=0)  # held[k, x]: reach of the first k combos holding card x
            lower = below - held[run_start, a] - held[run_start, c]
            higher = above - (by_card[a] - held[end, a]) - (by_card[c] - held[end, c])
            value[ids] = lower - higher
        out[b] = value
    return -1


def omaha_showdown(
    order: npt.NDArray[np.uint32],
    end: npt.NDArray[np.uint32],
    subsets: npt.NDArray[np.uint32],
    dead: npt.NDArray[np.uint32],
    n_ids: int,
    reach: npt.NDArray[np.float64] | npt.NDArray[np.float32],
    out: npt.NDArray[np.float64] | npt.NDArray[np.float32],
    blocked: bool,
    start: int,
    stop: int,
) -> int:
    import numpy as np

    m = subsets.shape[1]
    if m not in (15, 31, 63) or len(order) != len(subsets) or len(end) != len(order):
        raise ValueError("omaha_showdown: 15, 31 or 63 subset ids for each live hole, in rank order")
    n = int(reach.shape[1])
    if len(order) + len(dead) != n or out.shape[1] != n:
        raise ValueError("omaha_showdown: every hole is live or dead, one reach and one value a hole")
    k = {15: 4, 31: 5, 63: 6}[m]
    sign = np.concatenate([np.full(math.comb(k, size), 1.0 if size % 2 else -1.0) for size in range(1, k + 1)])
    live, ids, holes = len(order), subsets.astype(np.intp), order.astype(np.intp)
    stops = end.astype(np.intp)
    starts = np.maximum.accumulate(np.where(np.r_[True, stops[1:] != stops[:-1]], np.arange(live), 0))
    run = np.cumsum(np.r_[True, stops[1:] != stops[:-1]]) - 1 if live else np.zeros(0, np.intp)
    # each (hole, subset) entry, by subset then run: the reach before its run and through it, by subset
    flat, entry_run = ids.ravel(), np.repeat(run, m)
    by = np.lexsort((entry_run, flat))
    count = len(by)
    fresh_id = np.r_[True, flat[by][1:] != flat[by][:-1]] if count else np.zeros(0, bool)
    fresh_block = fresh_id | (np.r_[True, entry_run[by][1:] != entry_run[by][:-1]] if count else fresh_id)
    id_start = np.maximum.accumulate(np.where(fresh_id, np.arange(count), 0))
    block_start = np.maximum.accumulate(np.where(fresh_block, np.arange(count), 0))
    block_end = np.r_[np.flatnonzero(fresh_block)[1:], count][np.cumsum(fresh_block) - 1] if count else block_start
    largest = float(np.finfo(reach.dtype).max) / 8
    for row in range(start, stop):
        given = np.array(reach[row], np.float64)  # read once
        bad = np.flatnonzero(~np.isfinite(given) | (given < 0))
        if bad.size:
            return row * (n + 1) + int(bad[0])
        x = given[holes]
        with np.errstate(over="ignore"):
            total = x.sum()
        if not total <= largest:
            return row * (n + 1) + n
        value = np.zeros(n)
        faced = total - (np.bincount(flat, np.repeat(x, m), n_ids)[ids] * sign).sum(axis=1)
        if blocked:
            value[holes] = faced
        else:
            passed = np.r_[0.0, np.cumsum(x[by // m])]
            before, through = np.empty(count), np.empty(count)
            before[by] = passed[block_start] - passed[id_start]
            through[by] = passed[block_end] - passed[id_start]
            overall = np.r_[0.0, np.cumsum(x)]
            lower = overall[starts] - (before.reshape(live, m) * sign).sum(axis=1)
            upto = overall[stops] - (through.reshape(live, m) * sign).sum(axis=1)
            value[holes] = lower + upto - faced
        out[row] = value
    return -1


def rank_masks(masks: npt.NDArray[np.uint64], out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
    _load()
    ranks: list[int] = []
    for i, mask in enumerate(masks[start:stop].tolist(), start):
        if mask >> 52 or mask.bit_count() not in _cards.HAND_SIZES:
            out[start : start + len(ranks)] = ranks
            return i
        ranks.append(_rank([c for c in range(52) if mask >> c & 1]))
    out[start:stop] = ranks
    return -1


def rank_omaha_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], start: int, stop: int
) -> int:
    shared = boards.tolist() if boards.ndim == 1 else None
    step = 1 << 14
    for lo in range(start, stop, step):
        hi = min(lo + step, stop)
        ranks: list[int] = []
        board_rows = [shared] * (hi - lo) if shared is not None else boards[lo:hi].tolist()
        for i, hole, board in zip(range(lo, hi), holes[lo:hi].tolist(), board_rows, strict=True):
            if len(set(hole) | set(board)) != len(hole) + len(board) or max(hole + board) > 51:
                out[lo : lo + len(ranks)] = ranks
                return i
            ranks.append(_omaha_rank(hole, board))
        out[lo:hi] = ranks
    return -1


# ---- equity kernels (csrc/equity.c) --------------------------------------------------------------


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return state, z ^ (z >> 31)


def _credit(out: list[list[int]], ranks: Sequence[int], count: int) -> None:
    """Credit ``count`` showdowns (negative: take them back) given each player's rank; by the winning
    category too where the tallies count it."""
    best = min(ranks)
    winners = ranks.count(best)
    part = SHARE_UNIT // winners
    typed = len(out[0]) > _FIELDS
    for p, r in enumerate(ranks):
        if r == best:
            out[p][0 if winners == 1 else 1] += count
            out[p][2] += count * part
            out[p][3] += count * part * part
            if typed:
                out[p][_FIELDS + (0 if winners == 1 else _CATEGORIES) + _category(best)] += count


def _settle(game: int, hands: list[list[int]], board: list[int], out: list[list[int]]) -> None:
    """Rank every hand on a complete board and credit the showdown."""
    _load()
    ranks = [_rank(h + board) for h in hands] if game == HOLDEM.code else [_omaha_rank(h, board) for h in hands]
    _credit(out, ranks, 1)


def _rank_multisets(avail: Sequence[int], size: int) -> list[tuple[int, int]]:
    """(rank key, ways) of every multiset of ``size`` ranks drawn from ``avail[r]`` cards of rank r.

    In the order of ``combinations_with_replacement(range(13), size)``, with
    the multisets that cannot be drawn (0 ways) kept.
    """
    out = []
    for ranks in combinations_with_replacement(range(13), size):
        ways = 1
        key = 0
        for r in set(ranks):
            ways *= comb(avail[r], ranks.count(r))
        for r in ranks:
            key += _RANK_MULT[r]
        out.append((key, ways))
    return out


def _holdem_boards(
    hands: list[list[int]], fixed: list[int], deck: list[int], part: int, parts: int, out: list[list[int]]
) -> int:
    """Hold'em enumeration by rank multisets, with flushes settled apart (csrc/equity.c, handrank_holdem_boards)."""
    plain = _plain or _load()
    k = 5 - len(fixed)
    n = len(hands)
    hole_key = [sum(_RANK_MULT[c >> 2] for c in h) for h in hands]
    fixed_key = sum(_RANK_MULT[c >> 2] for c in fixed)
    avail = [0] * 13
    for c in deck:
        avail[c >> 2] += 1
    item = 0
    boards = 0
    # Every completion as if no suit mattered: a multiset of k ranks stands for all its ways.
    for key, ways in _rank_multisets(avail, k):
        if item % parts == part and ways:
            base = fixed_key + key
            _credit(out, [plain[base + h] for h in hole_key], ways)
            boards += ways
        item += 1
    # Completions where someone makes a flush, suit by suit (two suits cannot both have three board cards):
    # take back their rank-only showdown and credit the real one.
    for s in range(4):
        fixed_bits = sum(1 << (c >> 2) for c in fixed if c & 3 == s)
        hole_bits = [sum(1 << (c >> 2) for c in h if c & 3 == s) for h in hands]
        on_board = fixed_bits.bit_count()
        held = [b.bit_count() for b in hole_bits]
        least = max(0, 5 - on_board - max(held))  # suit-s cards to draw before anyone can flush
        suited = [c >> 2 for c in deck if c & 3 == s]  # ranks, ascending
        other = [avail[r] - (1 if r in suited else 0) for r in range(13)]
        rest = [[(key, ways) for key, ways in _rank_multisets(other, j) if ways] for j in range(k + 1)]
        for drawn in range(1 << len(suited)):
            a = drawn.bit_count()
            if not least <= a <= k:
                continue
            if item % parts == part:
                bits = fixed_bits
                key = fixed_key
                for i, r in enumerate(suited):
                    if drawn >> i & 1:
                        bits |= 1 << r
                        key += _RANK_MULT[r]
                flushes = [on_board + a + held[p] >= 5 for p in range(n)]
                flush_rank = [_flush[bits | hole_bits[p]] if flushes[p] else 0 for p in range(n)]
                for rest_key, ways in rest[k - a]:
                    base = key + rest_key
                    plain_ranks = [plain[base + h] for h in hole_key]
                    ranks = [flush_rank[p] if flushes[p] else plain_ranks[p] for p in range(n)]
                    _credit(out, plain_ranks, -ways)
                    _credit(out, ranks, ways)
            item += 1
    return boards


def enumerate_boards(
    game: int,
    holes: bytes,
    n_players: int,
    hole_size: int,
    board: bytes,
    deck: bytes,
    part: int,
    parts: int,
    types: bool,
) -> tuple[int, tuple[int, ...]]:
    out = _tallies(n_players, types)
    hands = [list(holes[p * hole_size : (p + 1) * hole_size]) for p in range(n_players)]
    fixed = list(board)
    cards = list(deck)
    left = 5 - len(fixed)
    if game == HOLDEM.code:
        boards = _holdem_boards(hands, fixed, cards, part, parts, out)
        return boards, _flat(out)
    # Omaha: every completion, split by its first card.
    boards = 0
    if left == 0:
        completions: Iterable[tuple[int, ...]] = [()] if part == 0 else []
    else:
        first = range(part, len(cards) - left + 1, parts)
        completions = ((cards[i], *rest) for i in first for rest in combinations(cards[i + 1 :], left - 1))
    for extra in completions:
        _settle(game, hands, fixed + list(extra), out)
        boards += 1
    return boards, _flat(out)


def enumerate_ranges(
    game: int,
    n_players: int,
    hole_size: int,
    combos: bytes,
    offsets: array[int],
    weights: array[int],
    board: bytes,
    deck: bytes,
    perms: bytes,
    part: int,
    parts: int,
    types: bool,
) -> tuple[int, tuple[int, ...]]:
    """Ranges runout by runout (csrc/ranges.c): each live combo ranked once, then every matchup settled."""
    if not (isinstance(offsets, array) and offsets.typecode == "q" and isinstance(weights, array)) or (
        weights.typecode != "Q"
    ):
        raise TypeError("offsets must be an array('q') and weights an array('Q')")
    if len(offsets) != n_players + 1 or not 1 <= n_players <= MAX_PLAYERS:
        raise ValueError(f"offsets must hold n_players + 1 entries for 1..{MAX_PLAYERS} players")
    _load()
    out = _tallies(n_players, types)
    h = hole_size
    sizes = [offsets[p + 1] - offsets[p] for p in range(n_players)]
    if _kernels.by_matchup(SHARED_PER_COMBO, game == HOLDEM.code, sizes, len(board)):
        return _by_matchup(n_players, combos, offsets, weights, board, deck, part, parts, out)
    players = []
    for p in range(n_players):
        entries = []
        for i in range(offsets[p], offsets[p + 1]):
            hole = list(combos[i * h : (i + 1) * h])
            entries.append((hole, sum(1 << c for c in hole), weights[i]))
        players.append(entries)
    fixed = list(board)
    cards = list(deck)
    left = 5 - len(fixed)
    if left == 0:
        runouts: Iterable[tuple[int, ...]] = [()] if part == 0 else []
    else:
        first = range(part, len(cards) - left + 1, parts)
        runouts = ((cards[i], *rest) for i in first for rest in combinations(cards[i + 1 :], left - 1))
    relabel = [perms[g : g + 4] for g in range(0, len(perms), 4)] if len(perms) > 4 else []
    boards = 0
    for extra in runouts:
        times = _orbit(extra, relabel)
        if not times:
            continue
        full = fixed + list(extra)
        taken = sum(1 << c for c in full)
        ranked = [
            [
                (mask, w, _rank(hole + full) if game == HOLDEM.code else _omaha_rank(hole, full))
                for hole, mask, w in entries
                if not mask & taken
            ]
            for entries in players
        ]
        if n_players == 2:
            _heads_up(ranked, times, out)
        else:
            _every_matchup(ranked, 0, 0, times, [0] * n_players, out)
        boards += times
    return boards, _flat(out)


def _by_matchup(
    n_players: int,
    combos: bytes,
    offsets: array[int],
    weights: array[int],
    board: bytes,
    deck: bytes,
    part: int,
    parts: int,
    out: list[list[int]],
) -> tuple[int, tuple[int, ...]]:
    """Hold'em matchup by matchup (``_kernels.by_matchup``): each disjoint matchup counted by rank multisets.

    As csrc/ranges.c does it (shared_holdem on a flop or later, walk before):
    the same matchups in the same order, so the parts agree.  On a flop or
    later a combo that meets the board is in no matchup.
    """
    postflop = len(board) >= 3
    lists = [
        [
            (list(combos[2 * i : 2 * i + 2]), weights[i])
            for i in range(offsets[p], offsets[p + 1])
            if not postflop or (combos[2 * i] not in board and combos[2 * i + 1] not in board)
        ]
        for p in range(n_players)
    ]
    fixed = list(board)
    item = 0
    for choice in product(*lists):
        held = [c for hand, _ in choice for c in hand]
        if len(set(held)) != len(held):
            continue
        if item % parts == part:
            weight = 1
            for _, w in choice:
                weight *= w
            taken = set(held)
            tallies = _tallies(n_players, len(out[0]) > _FIELDS)
            _holdem_boards([hand for hand, _ in choice], fixed, [c for c in deck if c not in taken], 0, 1, tallies)
            for p in range(n_players):
                for k, value in enumerate(tallies[p]):
                    out[p][k] += weight * value
        item += 1
    boards = comb(len(deck), 5 - len(fixed)) if part == 0 else 0
    return boards, _flat(out)


def _orbit(drawn: tuple[int, ...], relabel: list[bytes]) -> int:
    """The runouts ``drawn`` stands for under the suit relabellings: 0 when one maps it lower."""
    if not relabel:
        return 1
    mask = sum(1 << c for c in drawn)
    same = 0
    for perm in relabel:
        image = sum(1 << (c & ~3 | perm[c & 3]) for c in drawn)
        if image < mask:
            return 0
        same += image == mask
    return len(relabel) // same


def _heads_up(ranked: list[list[tuple[int, int, int]]], times: int, out: list[list[int]]) -> None:
    """Both players' weighted wins and ties on one runout, without visiting matchups."""
    small = 0 if len(ranked[0]) <= len(ranked[1]) else 1
    large = 1 - small
    by_rank: dict[int, int] = {}
    by_card: dict[int, list[tuple[int, int, int]]] = {}
    for entry in ranked[large]:
        mask, w, r = entry
        by_rank[r] = by_rank.get(r, 0) + w
        bits = mask
        while bits:
            low = bits & -bits
            by_card.setdefault(low.bit_length() - 1, []).append(entry)
            bits ^= low
    order = sorted(by_rank)
    below = []  # below[i]: the weight ranked better than order[i]
    running = 0
    for r in order:
        below.append(running)
        running += by_rank[r]
    total = running
    typed = len(out[0]) > _FIELDS
    by_category = [0] * _CATEGORIES  # the larger range's weight in each category
    for r, w in by_rank.items():
        by_category[_category(r)] += w
    won_s = won_l = tied = 0
    # by category (typed): wins of the smaller range, of the larger, and ties
    kinds = [[0] * _CATEGORIES for _ in range(3)]
    for mask, w, r in ranked[small]:
        i = bisect_left(order, r)
        better = below[i] if i < len(order) else total
        equal = by_rank.get(r, 0)
        everyone = total
        beaten_by = list(by_category)  # then: the larger range's weight of each category sharing no card
        for _, other_w, other_r in _sharing(by_card, mask):
            everyone -= other_w
            beaten_by[_category(other_r)] -= other_w
            if other_r < r:
                better -= other_w
            elif other_r == r:
                equal -= other_w
        won_s += w * (everyone - better - equal)
        won_l += w * better
        tied += w * equal
        if typed:
            c = _category(r)
            kinds[0][c] += w * (everyone - better - equal)
            kinds[2][c] += w * equal
            above = sum(beaten_by[:c])  # every hand of a better category beats this one
            for b in range(c):
                kinds[1][b] += w * beaten_by[b]
            kinds[1][c] += w * (better - above)
    won_s, won_l, tied = won_s * times, won_l * times, tied * times
    unit, half = SHARE_UNIT, SHARE_UNIT // 2
    for p, won in ((small, won_s), (large, won_l)):
        out[p][0] += won
        out[p][1] += tied
        out[p][2] += won * unit + tied * half
        out[p][3] += won * unit * unit + tied * half * half
    if typed:
        for c in range(_CATEGORIES):
            out[small][_FIELDS + c] += kinds[0][c] * times
            out[large][_FIELDS + c] += kinds[1][c] * times
            out[small][_FIELDS + _CATEGORIES + c] += kinds[2][c] * times
            out[large][_FIELDS + _CATEGORIES + c] += kinds[2][c] * times


def _sharing(by_card: dict[int, list[tuple[int, int, int]]], mask: int) -> list[tuple[int, int, int]]:
    """The entries holding any card of ``mask``, each once."""
    seen: dict[int, tuple[int, int, int]] = {}
    bits = mask
    while bits:
        low = bits & -bits
        for entry in by_card.get(low.bit_length() - 1, ()):
            seen[id(entry)] = entry
        bits ^= low
    return list(seen.values())


def _every_matchup(
    ranked: list[list[tuple[int, int, int]]], p: int, used: int, weight: int, ranks: list[int], out: list[list[int]]
) -> None:
    for mask, w, r in ranked[p]:
        if mask & used:
            continue
        ranks[p] = r
        if p + 1 == len(ranked):
            _credit(out, ranks, weight * w)
        else:
            _every_matchup(ranked, p + 1, used | mask, weight * w, ranks, out)


_SMALL_DRAW = 64  # draws below this many share a random word (csrc/equity.c, HR_SMALL_DRAW)
_DRAWS_PER_WORD = 4
_WORD = (1 << 64) - 1


class _Stream:
    """A block's random stream, drawn as csrc/equity.c draws it (``stream``, ``draw_small``, ``draw_big``)."""

    __slots__ = ("left", "spare", "state")

    def __init__(self, seed: int, block: int) -> None:
        _, z = _splitmix(seed)
        _, z = _splitmix(z ^ block)
        self.state = z  # as block_stream leaves it
        self.spare = 0
        self.left = 0

    def word(self) -> int:
        """The next wyrand word."""
        self.state = x = (self.state + 0xA0761D6478BD642F) & _WORD
        product = x * (x ^ 0xE7037ED1A0B428DB)
        return (product >> 64) ^ (product & _WORD)

    def small(self, n: int) -> int:
        """Below n <= 64; four such draws share one word."""
        if self.left:
            self.left -= 1
            r = self.spare
        else:
            self.left = _DRAWS_PER_WORD - 1
            r = self.word()
        x = r * n
        self.spare = x & _WORD
        return x >> 64

    def big(self, n: int) -> int:
        return (self.word() * n) >> 64


def _deal_front(stream: _Stream, deck: list[int], front: int, back: int, count: int) -> list[int]:
    """``count`` cards by a partial Fisher-Yates shuffle of deck[front:back] (csrc/equity.c, deal_front)."""
    for j in range(front, front + count):
        i = j + stream.small(back - j)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[front : front + count]


def monte_carlo(
    game: int,
    n_players: int,
    hole_size: int,
    combos: bytes,
    offsets: array[int],
    cum_weights: array[int],
    board: bytes,
    dead: int,
    excluded: array[int],
    seed: int,
    block_lo: int,
    block_hi: int,
    block_trials: int,
    max_redraws: int,
    types: bool,
) -> tuple[int, tuple[int, ...]]:
    out = _tallies(n_players, types)
    fixed = list(board)
    taken = sum(1 << c for c in fixed) | dead
    cum = cum_weights
    spans = [(offsets[p], offsets[p + 1]) for p in range(n_players)]
    uniform = []
    for lo, hi in spans:
        steps = {cum[i] - (cum[i - 1] if i > lo else 0) for i in range(lo, hi)}
        uniform.append(hi > lo and len(steps) == 1)
    if block_hi <= block_lo:
        return 0, _flat(out)
    dealt = [lo == hi and not excluded[p] for p, (lo, hi) in enumerate(spans)]
    if all(hi - lo == 1 or (dealt[p] and n_players >= 3) for p, (lo, hi) in enumerate(spans)):
        return _monte_carlo_fixed(
            game, hole_size, combos, spans, dealt, fixed, taken, seed, block_lo, block_hi, block_trials, out
        )
    sorted_deck = [c for c in range(52) if not taken >> c & 1]
    place = {c: i for i, c in enumerate(sorted_deck)}
    draw = _Draw(combos, hole_size, cum, spans, uniform, dealt, taken, excluded)
    trials = 0
    for block in range(block_lo, block_hi):
        stream = _Stream(seed, block)
        for _ in range(block_trials):
            # The drawn hands, each from its own odds; a deal where two meet is drawn again whole.
            for _ in range(max(1, max_redraws)):
                drawn = draw.hands(stream)
                if drawn is not None:
                    break
            else:
                return -1, _flat(out)
            hands, used = drawn
            # Their cards to the back of the sorted deck, highest first; the rest dealt from the front.
            deck = list(sorted_deck)
            back = len(deck)
            for c in sorted((c for c in range(52) if (used & ~taken) >> c & 1), reverse=True):
                back -= 1
                i = place[c]
                deck[i], deck[back] = deck[back], deck[i]
            front = 0
            for p in range(n_players):
                if dealt[p]:
                    hands[p] = _deal_front(stream, deck, front, back, hole_size)
                    front += hole_size
            full = fixed + _deal_front(stream, deck, front, back, 5 - len(fixed))
            _settle(game, hands, full, out)
            trials += 1
    return trials, _flat(out)


def _monte_carlo_fixed(
    game: int,
    hole_size: int,
    combos: bytes,
    spans: list[tuple[int, int]],
    dealt: list[bool],
    fixed: list[int],
    taken: int,
    seed: int,
    block_lo: int,
    block_hi: int,
    block_trials: int,
    out: list[list[int]],
) -> tuple[int, tuple[int, ...]]:
    """Every hand fixed or (three players or more) dealt from the deck: the dealt hands in turn, then the board,
    by a partial Fisher-Yates shuffle of the deck, sorted at each block's start."""
    hands = [list(combos[lo * hole_size : hi * hole_size]) for lo, hi in spans]
    held = [c for h in hands for c in h]
    if len(set(held)) < len(held) or any(taken >> c & 1 for c in held):
        return -1, _flat(out)  # every deal collides
    used = taken | sum(1 << c for c in held)
    sorted_deck = [c for c in range(52) if not used >> c & 1]
    k = 5 - len(fixed)
    random_hands = [p for p, d in enumerate(dealt) if d]
    for block in range(block_lo, block_hi):
        stream = _Stream(seed, block)
        deck = list(sorted_deck)
        for _ in range(block_trials):
            front = 0
            for p in random_hands:
                hands[p] = _deal_front(stream, deck, front, len(deck), hole_size)
                front += hole_size
            _settle(game, hands, fixed + _deal_front(stream, deck, front, len(deck), k), out)
    return (block_hi - block_lo) * block_trials, _flat(out)


class _Draw:
    """One draw of the players' hands for a Monte Carlo deal: ranges by their weights, random hands from the
    deck less their excluded cards; the players dealt from the deck afterwards are left empty."""

    def __init__(
        self,
        combos: bytes,
        hole_size: int,
        cum: array[int],
        spans: list[tuple[int, int]],
        uniform: list[bool],
        dealt: list[bool],
        taken: int,
        excluded: array[int],
    ) -> None:
        self.combos, self.hole_size, self.cum, self.spans = combos, hole_size, cum, spans
        self.uniform, self.dealt, self.taken, self.excluded = uniform, dealt, taken, excluded

    def hands(self, stream: _Stream) -> tuple[list[list[int]], int] | None:
        """The hands and the mask of the cards they and the board take; None when two of them meet."""
        used = self.taken
        hands: list[list[int]] = [[] for _ in self.spans]
        for p, (lo, hi) in enumerate(self.spans):
            if self.dealt[p]:
                continue
            if lo == hi:  # a random hand that may not hold some cards
                allowed = ~(self.taken | self.excluded[p])
                mine = 0
                for _ in range(self.hole_size):
                    while True:
                        c = stream.small(52)
                        if (allowed & ~mine) >> c & 1:
                            break
                    mine |= 1 << c
                    hands[p].append(c)
            else:
                if hi - lo == 1:
                    pick = lo  # a fixed hand draws nothing
                elif self.uniform[p]:
                    n = hi - lo
                    pick = lo + (stream.small(n) if n <= _SMALL_DRAW else stream.big(n))
                else:
                    pick = bisect_right(self.cum, stream.big(self.cum[hi - 1]), lo, hi)
                hands[p] = list(self.combos[pick * self.hole_size : (pick + 1) * self.hole_size])
                mine = sum(1 << c for c in hands[p])
            if used & mine:
                return None
            used |= mine
        return hands, used


def iso_index(
    rows: npt.NDArray[np.uint8], street: IsoStreet, out: npt.NDArray[np.uint64], start: int, stop: int
) -> int:
    step = 1 << 14
    for lo in range(start, stop, step):
        hi = min(lo + step, stop)
        block = rows[lo:hi].tolist()
        good = _valid_rows(block, street.lowest)
        out[lo : lo + good] = [index_of(street, row) for row in block[:good]]
        if good < len(block):
            return lo + good
    return -1


def iso_unindex(
    indices: npt.NDArray[np.uint64], street: IsoStreet, out: npt.NDArray[np.uint8], start: int, stop: int
) -> int:
    step = 1 << 14
    for lo in range(start, stop, step):
        block = indices[lo : min(lo + step, stop)].tolist()
        good = next((i for i, index in enumerate(block) if index >= street.size), len(block))
        if good:
            out[lo : lo + good] = [hand_of(street, index) for index in block[:good]]
        if good < len(block):
            return lo + good
    return -1


def simd() -> tuple[str, tuple[str, ...]]:
    """The batch kernel in use and those on offer: this backend has one, ``"python"``."""
    return "python", ("python",)


def avx2_gathers(mode: int) -> int:
    """The twin of the compiled ``avx2_gathers``: this backend has no avx2 kernel."""
    if type(mode) is not int or mode not in (-1, 0, 1):
        raise ValueError(f"mode must be -1 (read), 0 (scalar loads) or 1 (gathers), not {mode!r}")
    raise ValueError("no 'avx2' batch kernel here; this build and CPU offer python")


def avx2_vnni(mode: int) -> int:
    """The twin of the compiled ``avx2_vnni``: this backend has no avx2 kernel."""
    if type(mode) is not int or mode not in (-1, 0, 1):
        raise ValueError(f"mode must be -1 (read), 0 (without AVX-VNNI) or 1 (with it), not {mode!r}")
    raise ValueError("no 'avx2' batch kernel with AVX-VNNI here; this build and CPU offer python")


def use_simd(name: str) -> str:
    """The twin of the compiled ``use_simd``: only ``"python"`` is on offer."""
    if name != "python":
        raise ValueError(f"no {name!r} batch kernel here; this build and CPU offer python")
    return "python"
