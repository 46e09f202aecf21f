"""All 133,784,560 seven-card hands through the C batch path, against the published counts."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import Api, combos

pytestmark = pytest.mark.slow

# Best five of seven, by category best first (royal flush counted inside straight flush).
SEVEN_CARD_COUNTS = [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]
BOUNDS = np.array([1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463])


def test_all_seven_card_hands(c_impl: Api) -> None:
    rest = combos(50, 5)  # five cards from 50, lexicographic: a suffix holds those above any card
    first = rest[:, 0]
    per_class = np.zeros(7463, np.int64)
    total = 0
    for a in range(46):
        parts = []
        for b in range(a + 1, 47):
            # The other five come from b+1..51: the rows of `rest` starting at 48-(51-b) or above, shifted by 2.
            tail = rest[np.searchsorted(first, b - 1) :] + np.uint8(2)
            chunk = np.empty((len(tail), 7), np.uint8)
            chunk[:, 0] = a
            chunk[:, 1] = b
            chunk[:, 2:] = tail
            parts.append(chunk)
        hands = np.concatenate(parts)
        per_class += np.bincount(c_impl.evaluate_batch(hands, threads=0), minlength=7463)
        total += len(hands)
    assert total == 133_784_560
    assert per_class[0] == 0
    assert np.count_nonzero(per_class) == 4824
    assert np.add.reduceat(per_class[1:], BOUNDS[:-1] - 1).tolist() == SEVEN_CARD_COUNTS
    assert per_class[1] == 4324  # royal flushes
