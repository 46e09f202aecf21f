"""The pure-Python backend: the twin of ``_eval_c``, same names, results and errors.

It sums the same additive card keys as the C core, then reads a dict (rank
key -> class) where C reads its perfect hash.  Tables are built from
``_tables`` on first use, so importing this module costs nothing.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from handrank import _batch, _cards, _equity, _hand, _showdown, _tables

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "best_five",
    "best_five_omaha",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "evaluate_masks",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "showdown",
]

_KEY = [_tables.card_key(c) for c in range(_tables.N_CARDS)]
_BIT = [_tables.suit_bit(c) for c in range(_tables.N_CARDS)]
_BIAS = _tables.KEY_BIAS
_FLUSH_BITS = _tables.FLUSH_BITS
_RANK_KEY_MASK = _tables.RANK_KEY_MASK
_plain: dict[int, int] = {}
_flush: list[int] = []


def _load() -> dict[int, int]:
    if not _plain:
        _flush[:] = _tables.flush_table()
        _plain.update(_tables.plain_table())
    return _plain


def _rank(ids: list[int]) -> int:
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


# The suit of a flush, as the shift of its 13 rank bits in the suit mask.
_FLUSH_SHIFT = {_tables.FLUSH_BITS & (0xF << (_tables.SUIT_SHIFT + 4 * s)): 16 * s for s in range(4)}


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
                    return _flush[(suits >> _FLUSH_SHIFT[flush]) & 0x1FFF] if _flush else _rank(cards)  # type: ignore[arg-type]
                try:
                    return _plain[key & _RANK_KEY_MASK]
                except KeyError:
                    return _rank(cards)  # type: ignore[arg-type]
    return _rank(_cards.hand_ids(cards))


def evaluate_mask(mask: int) -> int:
    """The rank of a 52-bit card mask (bit ``id`` per card) of 5..7 cards.

    >>> evaluate_mask(0b11111 << 47)  # Ac Ad Ah As Ks
    11
    """
    value = _cards.check_mask(mask)
    return _rank([c for c in range(_tables.N_CARDS) if value >> c & 1])


def best_five(cards: _cards.Cards) -> tuple[int, ...]:
    """The five cards that make the hand, most significant first.

    >>> from handrank import cards_str
    >>> cards_str(best_five("5s 4s 3s 2s As Kd Kh"))
    '5s 4s 3s 2s As'
    """
    ids = _cards.hand_ids(cards)
    return _hand.best_five_of(ids, _rank(ids))


def _kernel(arr: Any, out: Any, start: int, stop: int) -> int:
    step = 1 << 16
    for lo in range(start, stop, step):
        hi = min(lo + step, stop)
        ranks: list[int] = []
        for i, row in enumerate(arr[lo:hi].tolist(), lo):
            try:
                ranks.append(evaluate(row))
            except ValueError:  # the front end words the error for this row
                out[lo : lo + len(ranks)] = ranks
                return i
        out[lo:hi] = ranks
    return -1


def _mask_kernel(arr: Any, out: Any, start: int, stop: int) -> int:
    _load()
    ranks: list[int] = []
    for i, mask in enumerate(arr[start:stop].tolist(), start):
        if mask >> 52 or mask.bit_count() not in _cards.HAND_SIZES:
            out[start : start + len(ranks)] = ranks
            return i
        ranks.append(_rank([c for c in range(52) if mask >> c & 1]))
    out[start:stop] = ranks
    return -1


def evaluate_batch(hands: npt.ArrayLike, *, threads: int | None = None, out: Any = None) -> np.ndarray:
    """Rank an ``(N, k)`` array of card ids (k = 5, 6 or 7) into ``(N,)`` uint16.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]).tolist()
    [1, 7462]
    """
    return _batch.evaluate_batch(_kernel, hands, threads, out)


def evaluate_masks(masks: npt.ArrayLike, *, threads: int | None = None, out: Any = None) -> np.ndarray:
    """Rank an ``(N,)`` array of 52-bit card masks into ``(N,)`` uint16.

    >>> evaluate_masks([0b11111 << 47]).tolist()
    [11]
    """
    return _batch.evaluate_masks(_mask_kernel, masks, threads, out)


def _omaha_rank(hole: list[int], board: list[int]) -> int:
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


def best_five_omaha(hole: _cards.Cards, board: _cards.Cards) -> tuple[int, ...]:
    """The five cards of the best Omaha hand (two from the hole, three from the board).

    >>> from handrank import cards_str
    >>> cards_str(best_five_omaha("Ah Ac 8d 2s", "Kh Qh Jh Th 3c"))
    'Ah Ac Kh Qh Jh'
    """
    hole_ids, board_ids = _cards.omaha_ids(hole, board)
    return _hand.best_five_omaha_of(hole_ids, board_ids, _rank)


def _omaha_kernel(holes: Any, boards: Any, out: Any, start: int, stop: int) -> int:
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


def evaluate_omaha_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, *, threads: int | None = None, out: Any = None
) -> np.ndarray:
    """Rank ``(N, h)`` Omaha holes (h = 4, 5 or 6) against boards ``(N, b)``, or one board ``(b,)``, b = 3..5.

    >>> evaluate_omaha_batch([[50, 46, 0, 5], [50, 48, 25, 3]], [42, 38, 34, 28, 4]).tolist()
    [1, 3381]
    """
    return _batch.evaluate_omaha_batch(_omaha_kernel, holes, boards, threads, out)


def showdown(hands: Any, board: _cards.Cards = (), *, game: str = "holdem") -> _showdown.Showdown:
    """Show down ``hands`` (one per player) on ``board``; ``game`` is holdem, omaha, stud or draw.

    >>> result = showdown(["As Ac", "Kh Ks"], "Ah Kd 7c 7s 2d")
    >>> result.winners, result.players[0].description
    ((0,), 'Full house, aces full of sevens')
    """
    return _showdown.showdown(hands, board, game, _rank, _omaha_rank, best_five, best_five_omaha)


def _enumerate(*args: Any) -> tuple[int, list[_equity.Tally]]:
    return _equity.py_enumerate(_rank, _omaha_rank, *args)


def _monte_carlo(*args: Any) -> tuple[int, list[_equity.Tally]]:
    return _equity.py_monte_carlo(_rank, _omaha_rank, *args)


def equity(
    players: Any,
    board: _cards.Cards = (),
    dead: _cards.Cards = (),
    *,
    game: str = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Any = None,
) -> _equity.EquityResult:
    """Each player's equity: how often their hand wins, ties splitting the pot.

    ``players`` holds 2 to 10 hands (cards) or ``Range`` objects; ``board``
    has 0..5 cards and ``dead`` cards are out of play.  ``exact=None``
    enumerates every deal when that is small enough and samples otherwise;
    ``exact=True``/``False`` force it (a ``trials`` count also asks for
    Monte Carlo).  Monte Carlo runs ``trials`` deals
    (rounded up to whole blocks of 1024) and is repeatable: the same ``seed``
    gives the same numbers on every backend and thread count.  ``progress``
    is called with the fraction done.

    >>> result = equity(["Ah Kh", "Qs Qd"], board="2c 7d 9h Ts")
    >>> result.wins, result.ties, result.losses, result.total
    ((6, 38), (0, 0), (38, 6), 44)
    """
    return _equity.equity(
        players,
        board,
        dead,
        game=game,
        exact=exact,
        trials=trials,
        seed=seed,
        threads=threads,
        progress=progress,
        enumerate_kernel=_enumerate,
        monte_carlo_kernel=_monte_carlo,
    )
