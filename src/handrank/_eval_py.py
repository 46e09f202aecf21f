"""The pure-Python kernels: the twin of ``_eval_c``, same names, signatures, results and errors.

They sum the same additive card keys as the C core, then read a dict (rank
key -> class) where C reads its perfect hash.  Tables are built from
``_tables`` on first use, so importing this module costs nothing.  The
equity kernels draw the same random numbers as csrc/equity.c, so Monte
Carlo gives the very same tallies on both backends.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import combinations

from handrank import _cards, _tables
from handrank._games import HOLDEM
from handrank._kernels import SHARE_UNIT, Tally

TYPE_CHECKING = False  # typing itself is not imported at run time: it would double the import cost
if TYPE_CHECKING:
    from array import array

    import numpy as np
    import numpy.typing as npt

__all__ = [
    "enumerate_boards",
    "evaluate",
    "evaluate_mask",
    "evaluate_omaha",
    "monte_carlo",
    "rank_masks",
    "rank_omaha_rows",
    "rank_rows",
]

_KEY = [_tables.card_key(c) for c in range(_tables.N_CARDS)]
_BIT = [_tables.suit_bit(c) for c in range(_tables.N_CARDS)]
_BIAS = _tables.KEY_BIAS
_FLUSH_BITS = _tables.FLUSH_BITS
_RANK_KEY_MASK = _tables.RANK_KEY_MASK
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


# ---- batch kernels: rows start:stop of checked arrays --------------------------------------------


def rank_rows(hands: np.ndarray, out: npt.NDArray[np.uint16], start: int, stop: int) -> int:
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


def _settle(game: int, hands: list[list[int]], board: list[int], out: list[list[int]]) -> None:
    """Rank every hand on a complete board and credit the showdown."""
    _load()
    ranks = [_rank(h + board) for h in hands] if game == HOLDEM.code else [_omaha_rank(h, board) for h in hands]
    best = min(ranks)
    count = ranks.count(best)
    part = SHARE_UNIT // count
    for p, r in enumerate(ranks):
        if r == best:
            out[p][0 if count == 1 else 1] += 1
            out[p][2] += part
            out[p][3] += part * part


def enumerate_boards(
    game: int,
    holes: bytes,
    n_players: int,
    hole_size: int,
    board: bytes,
    deck: bytes,
    first_lo: int,
    first_hi: int,
) -> tuple[int, list[Tally]]:
    out = [[0, 0, 0, 0] for _ in range(n_players)]
    hands = [list(holes[p * hole_size : (p + 1) * hole_size]) for p in range(n_players)]
    fixed = list(board)
    cards = list(deck)
    left = 5 - len(fixed)
    boards = 0
    if left == 0:
        completions: Iterable[tuple[int, ...]] = [()] if first_lo == 0 else []
    else:
        first = range(first_lo, min(first_hi, len(cards) - left + 1))
        completions = ((cards[i], *rest) for i in first for rest in combinations(cards[i + 1 :], left - 1))
    for extra in completions:
        _settle(game, hands, fixed + list(extra), out)
        boards += 1
    return boards, [Tally(*t) for t in out]


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
) -> tuple[int, list[Tally]]:
    out = [[0, 0, 0, 0] for _ in range(n_players)]
    fixed = list(board)
    board_mask = sum(1 << c for c in fixed)
    cum = cum_weights
    trials = 0
    for block in range(block_lo, block_hi):
        state, z = _splitmix(seed)
        state, z = _splitmix(z ^ block)
        state = z
        for _ in range(block_trials):
            redraws = 0
            while True:
                used = board_mask | dead
                hands: list[list[int]] = []
                ok = True
                for p in range(n_players):
                    lo, hi = offsets[p], offsets[p + 1]
                    if lo == hi:
                        hand = []
                        avoid = excluded[p]
                        for _ in range(hole_size):
                            while True:
                                state, r = _splitmix(state)
                                c = (r * 52) >> 64
                                if not (used | avoid) >> c & 1:
                                    break
                            used |= 1 << c
                            hand.append(c)
                        hands.append(hand)
                        continue
                    if hi - lo == 1:
                        pick = lo  # a fixed hand draws nothing
                    else:
                        state, r = _splitmix(state)
                        pick = bisect_right(cum, (r * cum[hi - 1]) >> 64, lo, hi)
                    hand = list(combos[pick * hole_size : (pick + 1) * hole_size])
                    for c in hand:
                        if used >> c & 1:
                            ok = False
                        used |= 1 << c
                    hands.append(hand)
                    if not ok:
                        break
                if ok:
                    break
                redraws += 1
                if redraws >= max_redraws:
                    return -1, [Tally(*t) for t in out]
            full = list(fixed)
            while len(full) < 5:
                state, r = _splitmix(state)
                c = (r * 52) >> 64
                if not used >> c & 1:
                    used |= 1 << c
                    full.append(c)
            _settle(game, hands, full, out)
            trials += 1
    return trials, [Tally(*t) for t in out]
