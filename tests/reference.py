"""A slow, independent statement of the ranking rules: a sort key per five-card hand (higher is better)."""

from __future__ import annotations

from collections import Counter


def five_card_key(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:  # the wheel: the ace plays low
            straight_top = 3
    # Group ranks by (count, rank), most cards first: quads, trips, pairs, singles.
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    if straight_top is not None and flush:
        return (9 if straight_top == 12 else 8, (straight_top,))
    if shape == (4, 1):
        return (7, order)
    if shape == (3, 2):
        return (6, order)
    if flush:
        return (5, tuple(ranks))
    if straight_top is not None:
        return (4, (straight_top,))
    if shape == (3, 1, 1):
        return (3, order)
    if shape == (2, 2, 1):
        return (2, order)
    if shape == (2, 1, 1, 1):
        return (1, order)
    return (0, tuple(ranks))
