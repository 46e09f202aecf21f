"""Omaha starting-hand classes: the holes of 4, 5 or 6 cards up to relabellings of the suits, with names.

A preflop table for Omaha needs one entry per class: 16,432 for four-card
holes, 134,459 for five and 962,988 for six.  The classes come in
``HandIndexer("omaha", rounds=(k, 3, 1, 1))``'s preflop order, and each has
a name such as ``AAKKds`` or ``AKQJss(AQ)`` (the scheme is in
``omaha_classes``).
"""

from __future__ import annotations

import threading

from handrank._cards import as_index, parse_named
from handrank._isomorphism import HandIndexer
from handrank._tables import RANK_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    from handrank._cards import Cards

HOLE_SIZES = (4, 5, 6)
"""The hole sizes Omaha deals: PLO4, PLO5 and PLO6."""
TAGS = {(): "r", (2,): "ss", (2, 2): "ds", (2, 2, 2): "ts"}
"""The tag of each suit shape made of pairs of suited cards (the sizes of the groups of suited cards); a shape
with three or more cards of a suit is ``-``, its sizes and ``s``."""

_lock = threading.Lock()
_indexers: dict[int, HandIndexer] = {}
_names: dict[int, tuple[str, ...]] = {}


def _hole_size(hole_size: object) -> int:
    size = as_index(hole_size)
    if size is None:
        raise TypeError(f"hole_size must be an integer, not {type(hole_size).__name__}")
    if size not in HOLE_SIZES:
        raise ValueError(f"hole_size must be 4, 5 or 6, got {size}")
    return size


def _indexer(size: int) -> HandIndexer:
    if size not in _indexers:
        with _lock:
            if size not in _indexers:
                _indexers[size] = HandIndexer("omaha", rounds=(size,))
    return _indexers[size]


def _groups(hole: list[int]) -> list[str]:
    """The ranks (high first) of each suit of a hole that holds two cards or more: larger groups first, then by
    their ranks, high first."""
    by_suit: dict[int, list[int]] = {}
    for card in sorted(hole, reverse=True):
        by_suit.setdefault(card & 3, []).append(card >> 2)
    groups = sorted((g for g in by_suit.values() if len(g) > 1), key=lambda g: (len(g), g), reverse=True)
    return ["".join(RANK_CHARS[r] for r in g) for g in groups]


def _short_name(hole: list[int], groups: list[str]) -> str:
    ranks = "".join(RANK_CHARS[c >> 2] for c in sorted(hole, reverse=True))
    sizes = tuple(len(g) for g in groups)
    return ranks + TAGS.get(sizes, "-" + "".join(map(str, sizes)) + "s")


def _build_names(size: int) -> tuple[str, ...]:
    indexer = _indexer(size)
    import numpy as np

    holes = indexer.unindex(np.arange(indexer.size(0)), 0).tolist()
    groups = [_groups(hole) for hole in holes]
    short = [_short_name(hole, g) for hole, g in zip(holes, groups, strict=True)]
    seen: dict[str, int] = {}
    for name in short:
        seen[name] = seen.get(name, 0) + 1
    return tuple(
        name if seen[name] == 1 else name + "".join(f"({g})" for g in g_list)
        for name, g_list in zip(short, groups, strict=True)
    )


def omaha_classes(hole_size: int = 4) -> tuple[str, ...]:
    """The name of every class of Omaha holes of ``hole_size`` (4, 5 or 6) cards up to suits, in class order.

    Class ``i`` is index ``i`` of ``HandIndexer("omaha", rounds=(hole_size, 3, 1, 1))`` on the preflop
    street (``omaha_class_of`` gives a hole's, ``omaha_class_holes`` a class's holes).  A name is the hole's
    ranks, high first, and a tag for its suits: ``r`` (rainbow: four suits), ``ss`` (single suited: two
    cards of one suit, the others of other suits), ``ds`` (double suited: two pairs of suited cards), ``ts``
    (triple suited: three pairs, six cards), and where a suit holds three cards or more, ``-``, the sizes of
    its groups of suited cards, largest first, and ``s`` (``AKQJ-3s``: three cards of one suit and one of
    another; ``AKQJ-4s``: all of one suit; ``AKQJT9-42s``: four of one suit and two of another).  Where the ranks
    and the tag fit more than one class, each group of suited cards follows in parentheses (larger groups
    first, then by their ranks, high first), the cards not in a group being of suits of their own: so
    no two classes share a name.  A tuple built on the first call for each size and kept.

    >>> names = omaha_classes()
    >>> len(names), names[0], names[-1]
    (16432, '2222r', 'AKQJ-4s')
    >>> names[omaha_class_of("As Ks Ah Kh")], names[omaha_class_of("Jc Td 9h 8s")]
    ('AAKKds', 'JT98r')
    >>> names[omaha_class_of("As Ks Qh Jc")], names[omaha_class_of("As Qs Kh Jc")]
    ('AKQJss(AK)', 'AKQJss(AQ)')
    >>> len(omaha_classes(5))
    134459
    """
    size = _hole_size(hole_size)
    if size not in _names:
        names = _build_names(size)
        with _lock:
            _names.setdefault(size, names)
    return _names[size]


def omaha_class_of(hole: Cards | npt.ArrayLike) -> Any:
    """The class of an Omaha hole (text or card ids, 4, 5 or 6 cards: an ``int``), or of each row of an
    ``(N, k)`` array of card ids (an ``(N,)`` uint64 array); its place in ``omaha_classes(k)``.

    >>> omaha_class_of("As Ks Qh Jh") == omaha_class_of("Ad Kd Qc Jc")
    True
    >>> omaha_class_of([[48, 44, 40, 36], [51, 47, 43, 39]]).tolist()  # AKQJ of clubs, of spades
    [16431, 16431]
    """
    ndim = getattr(hole, "ndim", None)
    rows = ndim == 2 or (
        ndim is None and isinstance(hole, (list, tuple)) and bool(hole) and isinstance(hole[0], (list, tuple))
    )
    if rows:
        return _class_of_rows(hole)
    ids = parse_named(hole, "hole")  # type: ignore[arg-type]
    if len(ids) not in HOLE_SIZES:
        raise ValueError(f"hole: an Omaha hole has 4, 5 or 6 cards, got {len(ids)}")
    return _indexer(len(ids)).index(ids)


def _class_of_rows(holes: object) -> Any:
    import numpy as np

    try:
        arr = np.asarray(holes)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"hole: not an (N, k) array of card ids: {exc}") from None
    if arr.ndim != 2 or arr.shape[1] not in HOLE_SIZES:
        raise ValueError(f"hole: an (N, k) array of holes has 4, 5 or 6 cards a row, got shape {arr.shape}")
    try:
        return _indexer(arr.shape[1]).index(arr)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"hole: {exc}") from None


def omaha_class_holes(index: int, hole_size: int = 4) -> np.ndarray:
    """Every hole of class ``index`` of ``omaha_classes(hole_size)``: an ``(M, hole_size)`` uint8 array of card
    ids, each row sorted, the rows in order; the suit relabellings of the class's hole.

    >>> from handrank import cards_str
    >>> holes = omaha_class_holes(omaha_class_of("As Ks Ah Kh"))
    >>> len(holes), cards_str(holes[0]), cards_str(holes[-1])
    (6, 'Kc Kd Ac Ad', 'Kh Ks Ah As')
    """
    size = _hole_size(hole_size)
    number = as_index(index)
    if number is None:
        raise TypeError(f"index must be an integer, not {type(index).__name__}")
    indexer = _indexer(size)
    if not 0 <= number < indexer.size(0):
        raise ValueError(f"index must be 0 .. {indexer.size(0) - 1:,} for holes of {size} cards, got {number}")
    import itertools

    import numpy as np

    hole = np.array(indexer.unindex(number, 0), np.uint8)
    perms = np.array(list(itertools.permutations(range(4))), np.uint8)  # (24, 4): each suit's new suit
    holes = (hole & 0xFC)[None, :] | perms[:, hole & 3]
    return np.unique(np.sort(holes, axis=1), axis=0)
