"""The 169 starting-hand classes of Hold'em: their names in the 13 x 13 grid, and the class of a hand.

The grid runs aces first, row by row: pairs on the diagonal, suited hands
above it, offsuit ones below.  ``preflop_matrix``, the range grid and the
preflop tables all use this order.
"""

from __future__ import annotations

from itertools import combinations

from handrank._tables import RANK_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def _class_names() -> tuple[str, ...]:
    ranks = RANK_CHARS[::-1]
    names = []
    for i, high in enumerate(ranks):
        for j, other in enumerate(ranks):
            if i == j:
                names.append(high + high)
            elif j > i:
                names.append(high + other + "s")
            else:
                names.append(other + high + "o")
    return tuple(names)


HAND_CLASSES: tuple[str, ...] = _class_names()
"""The 169 starting-hand classes ("AA", "AKs", ... "AKo", "KK", ...), in the order of ``preflop_matrix``."""

CLASS_SIZES: tuple[int, ...] = tuple(6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in HAND_CLASSES)
"""The combos in each class: 6 for a pair, 4 suited, 12 offsuit."""


def class_of(cards: tuple[int, int]) -> int:
    """The index in ``HAND_CLASSES`` of a two-card hand."""
    high, low = sorted((cards[0] >> 2, cards[1] >> 2), reverse=True)
    i, j = 12 - high, 12 - low  # the grid runs aces first
    if high == low:
        return 13 * i + i
    return 13 * i + j if cards[0] & 3 == cards[1] & 3 else 13 * j + i


def class_combos(name: str) -> list[tuple[int, int]]:
    """The combos ``(low card, high card)`` of a starting-hand class, in card order."""
    index = HAND_CLASSES.index(name)
    return [(a, b) for a, b in combinations(range(52), 2) if class_of((a, b)) == index]


def class_weights(combos: Iterable[tuple[tuple[int, ...], float]]) -> list[float]:
    """The weight of Hold'em ``(cards, weight)`` pairs in each class (``HAND_CLASSES`` order): the sum of the
    weights in the class over the class's combos, from 0 (none) to 1 (all, at weight 1)."""
    sums = [0.0] * 169
    for cards, weight in combos:
        sums[class_of((cards[0], cards[1]))] += weight
    return [total / size for total, size in zip(sums, CLASS_SIZES, strict=True)]


def parse_classes(hands: object, what: str = "hands") -> tuple[str, ...]:
    """``hands`` (None for all 169; else names such as ``"AA"``, ``"AKs"``, ``"t9o"``, as a list or one
    comma-separated string) as class names in ``HAND_CLASSES`` spelling, in the order given."""
    if hands is None:
        return HAND_CLASSES
    items = hands.split(",") if isinstance(hands, str) else hands
    if not isinstance(items, (list, tuple)):
        raise TypeError(
            f"{what} must be None, a list of starting-hand classes or their names joined by commas,"
            f" not {type(hands).__name__}"
        )
    names: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"{what}: a class is a name such as 'AKs', not {type(item).__name__}")
        text = item.strip()
        ranks, kind = text[:2].upper(), text[2:].lower()
        order = "23456789TJQKA"
        if len(ranks) == 2 and all(r in order for r in ranks) and order.index(ranks[0]) < order.index(ranks[1]):
            ranks = ranks[::-1]
        name = ranks + kind
        if name not in HAND_CLASSES:
            raise ValueError(f"{what}: {text!r} is not a starting-hand class (such as AA, AKs or AKo)")
        if name in names:
            raise ValueError(f"{what}: {name} is given twice")
        names.append(name)
    if not names:
        raise ValueError(f"{what}: no class given")
    return tuple(names)
