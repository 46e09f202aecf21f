"""Oracles for hand isomorphism, written from the definition alone (nothing here reads handrank).

Two hands are one class when a relabelling of the four suits maps one onto
the other round by round.  ``class_keys`` canonicalizes by brute force: the
smallest encoding of a hand under all 24 relabellings.  ``orbit_count``
counts the classes by Burnside's lemma: the average, over the 24
relabellings, of the number of hands each leaves unchanged.
"""

from __future__ import annotations

from itertools import permutations
from math import comb

import numpy as np

PERMUTATIONS = list(permutations(range(4)))
# The relabellings of the four suits by cycle type: (cycle lengths, how many relabellings have it).
CYCLE_TYPES = [((1, 1, 1, 1), 1), ((2, 1, 1), 6), ((2, 2), 3), ((3, 1), 8), ((4,), 6)]


def _subset_ranks(rows: np.ndarray) -> np.ndarray:
    """The colex rank of each row's set of card ids among the sets of as many ids (rows sorted ascending)."""
    binom = np.array([[comb(n, k) for k in range(rows.shape[1] + 2)] for n in range(53)], np.int64)
    rank = np.zeros(len(rows), np.int64)
    for i in range(rows.shape[1]):
        rank += binom[rows[:, i].astype(np.int64), i + 1]
    return rank


def encode(rows: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """One integer per row standing for its rounds as sets: the rounds' subset ranks as mixed-radix digits."""
    key = np.zeros(len(rows), np.int64)
    start = 0
    for size in rounds:
        part = np.sort(rows[:, start : start + size], axis=1)
        key = key * comb(52, size) + _subset_ranks(part)
        start += size
    return key


def class_keys(rows: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """Each row's class as the smallest ``encode`` of its 24 relabellings (equal keys: one class)."""
    rows = rows.astype(np.int64)
    best = None
    for perm in PERMUTATIONS:
        relabelled = (rows & ~3) | np.array(perm)[rows & 3]
        key = encode(relabelled, rounds)
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return best


def orbit_count(rounds: tuple[int, ...], n_ranks: int = 13) -> int:
    """The number of classes of hands dealt in ``rounds`` from a deck of ``n_ranks`` ranks in four suits.

    A relabelling with suit cycles of lengths L splits the cards into cycles
    (each rank in each suit cycle: one card cycle of length L); a hand it
    leaves unchanged deals each card cycle whole to one round or to none.
    The hands fixed are the coefficient of the rounds' sizes in the product
    over card cycles of ``1 + x_0**L + x_1**L + ...``.
    """
    total = 0
    for cycles, count in CYCLE_TYPES:
        ways = {tuple(0 for _ in rounds): 1}  # cards dealt to each round so far -> ways
        for length in cycles:
            for _ in range(n_ranks):
                grown: dict[tuple[int, ...], int] = {}
                for dealt, w in ways.items():
                    grown[dealt] = grown.get(dealt, 0) + w
                    for r, size in enumerate(rounds):
                        if dealt[r] + length <= size:
                            more = dealt[:r] + (dealt[r] + length,) + dealt[r + 1 :]
                            grown[more] = grown.get(more, 0) + w
                ways = grown
        total += count * ways.get(tuple(rounds), 0)
    assert total % 24 == 0
    return total // 24


def hole_board_classes(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of one of ``holes`` (one per class of their own) and one of ``boards``, as rows, with class keys.

    Hands with holes of different classes are of different classes; two
    boards beside one hole are of one class exactly when a relabelling that
    maps the hole onto itself maps one board onto the other.  So each hand's
    key is its hole's place and the smallest rank of its board under the
    hole's relabellings: the full canonicalization at a fraction of the work.
    """
    ranked = np.stack(
        [_subset_ranks(np.sort((boards.astype(np.int64) & ~3) | np.array(p)[boards & 3], axis=1)) for p in PERMUTATIONS]
    )
    rows, keys = [], []
    for place, hole in enumerate(holes.astype(np.int64)):
        fixing = [i for i, p in enumerate(PERMUTATIONS) if sorted((hole & ~3) | np.array(p)[hole & 3]) == sorted(hole)]
        apart = ~np.isin(boards, hole).any(axis=1)
        rows.append(np.concatenate([np.broadcast_to(hole, (int(apart.sum()), len(hole))), boards[apart]], axis=1))
        keys.append(place * comb(52, boards.shape[1]) + ranked[fixing][:, apart].min(axis=0))
    return np.concatenate(rows).astype(np.uint8), np.concatenate(keys)
