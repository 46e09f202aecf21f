"""The pure-Python backend: the twin of ``_eval_c``, same names, results and errors.

It sums the same additive card keys as the C core, then reads a dict (rank
key -> class) where C reads its perfect hash.  Tables are built from
``_tables`` on first use, so importing this module costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from handrank import _batch, _cards, _hand, _tables

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["best_five", "evaluate", "evaluate_batch", "evaluate_mask", "evaluate_masks"]

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
