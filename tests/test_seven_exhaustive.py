"""All 133,784,560 seven-card hands through each batch kernel offered, against the published counts."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import Api, combos

pytestmark = pytest.mark.slow

# Best five of seven, by category best first (royal flush counted inside straight flush).
SEVEN_CARD_COUNTS = [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]
BOUNDS = np.array([1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463])


def test_all_seven_card_hands(c_impl: Api, kernel: str) -> None:
    rest = combos(50, 5) + np.uint8(2)  # five cards from 2..51, lexicographic: a suffix holds those above any card
    first = rest[:, 0]
    per_class = np.zeros(7463, np.int64)
    total = 0
    buffer = np.empty((len(rest), 7), np.uint8)
    buffer[:, 2:] = rest
    for b in range(1, 47):
        # The other five come from b+1..51: the rows of `rest` from the first that starts above b.
        tail = buffer[np.searchsorted(first, b + 1) :]
        tail[:, 1] = b
        for a in range(b):
            tail[:, 0] = a
            per_class += np.bincount(c_impl.evaluate_batch(tail, threads=0), minlength=7463)
            total += len(tail)
    assert total == 133_784_560
    assert per_class[0] == 0
    assert np.count_nonzero(per_class) == 4824
    assert np.add.reduceat(per_class[1:], BOUNDS[:-1] - 1).tolist() == SEVEN_CARD_COUNTS
    assert per_class[1] == 4324  # royal flushes
