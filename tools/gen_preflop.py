#!/usr/bin/env python3
"""Generate src/handrank/preflop.bin: every heads-up preflop matchup's exact showdowns, and the class matrix.

    python tools/gen_preflop.py          # about a minute on the compiled backend

The 812,175 pairs of two-card hands fall into 47,008 matchups up to suits
(``handrank._preflop.matchup_key``).  For each, one representative's wins
and ties for its first hand over the 1,712,304 boards come from this
package's own exact enumeration, ``handrank.equity([a, b], exact=True)``.
The matrix averages, for each pair of the 169 classes, the exact equity of
every pair of their combos that share no card (as a fraction, rounded
once); of each cell and its mirror the one of at least 1/2 is rounded and
the other is 1 minus it, so that ``m + m.T`` is exactly 1.

Layout, zlib-compressed: n (uint32 little-endian); then three columns of n
values below 2**24 (the keys' increments in increasing key order, the
wins, the ties), each as three planes of bytes, low byte first; then the
matrix above its diagonal (float64 little-endian, row by row; below it,
1 minus its mirror; on it, 1/2).  The file is generated: do not edit it.
"""

from __future__ import annotations

import os
import struct
import sys
import time
import zlib
from fractions import Fraction
from itertools import combinations

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "src"))

import handrank  # noqa: E402
from handrank._preflop import BOARDS, HAND_CLASSES, matchup_key  # noqa: E402

OUT = os.path.join(ROOT, "src", "handrank", "preflop.bin")


def class_of(hand: tuple[int, int]) -> int:
    """The index in HAND_CLASSES of a two-card hand."""
    high, low = sorted((hand[0] >> 2, hand[1] >> 2), reverse=True)
    i, j = 12 - high, 12 - low  # grid rows and columns run aces first
    if high == low:
        return 13 * i + i
    suited = hand[0] & 3 == hand[1] & 3
    return 13 * i + j if suited else 13 * j + i


def main() -> int:
    if handrank.BACKEND != "c":
        print("error: the compiled backend is needed (the pure-Python one would take days)", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    hands = list(combinations(range(52), 2))
    representative: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    for i, a in enumerate(hands):
        for b in hands[i + 1 :]:
            if a[0] in b or a[1] in b:
                continue
            forward, backward = matchup_key(list(a), list(b)), matchup_key(list(b), list(a))
            key, pair = (forward, (a, b)) if forward <= backward else (backward, (b, a))
            representative.setdefault(key, pair)
    print(f"{len(representative):,} matchups up to suits ({time.perf_counter() - t0:.1f} s)")
    counts: dict[int, tuple[int, int]] = {}
    for done, key in enumerate(sorted(representative)):
        a, b = representative[key]
        result = handrank.equity([list(a), list(b)], exact=True)
        assert result.total == BOARDS
        counts[key] = (int(result.wins[0]), int(result.ties[0]))
        if done % 5000 == 0:
            print(f"  {done:,} enumerated ({time.perf_counter() - t0:.0f} s)", flush=True)
    # The class matrix: the exact mean over combo pairs, one cell and its mirror from one rounding.
    sums = [[0] * 169 for _ in range(169)]
    pairs = [[0] * 169 for _ in range(169)]
    for a in hands:
        for b in hands:
            if a[0] in b or a[1] in b:
                continue
            forward, backward = matchup_key(list(a), list(b)), matchup_key(list(b), list(a))
            if forward <= backward:
                wins, ties = counts[forward]
            else:
                losses, ties = counts[backward]
                wins = BOARDS - losses - ties
            x, y = class_of(a), class_of(b)
            sums[x][y] += 2 * wins + ties
            pairs[x][y] += 1
    matrix = [[0.0] * 169 for _ in range(169)]
    for x in range(169):
        for y in range(169):
            value = Fraction(sums[x][y], 2 * BOARDS * pairs[x][y])
            if value >= Fraction(1, 2):
                matrix[x][y] = float(value)
                matrix[y][x] = 1.0 - matrix[x][y]  # exact for a value of at least 1/2
    keys = sorted(counts)
    deltas = [key - previous for key, previous in zip(keys, [0, *keys[:-1]], strict=True)]
    payload = struct.pack("<I", len(keys))
    for column in (deltas, [counts[k][0] for k in keys], [counts[k][1] for k in keys]):
        assert max(column) < 1 << 24
        payload += b"".join(bytes(v >> (8 * plane) & 0xFF for v in column) for plane in range(3))
    payload += struct.pack(f"<{169 * 168 // 2}d", *(matrix[x][y] for x in range(169) for y in range(x + 1, 169)))
    with open(OUT, "wb") as f:
        f.write(zlib.compress(payload, 9))
    print(f"wrote {OUT}: {os.path.getsize(OUT):,} bytes, {time.perf_counter() - t0:.0f} s in all")
    assert HAND_CLASSES[class_of((51, 50))] == "AA" and HAND_CLASSES[class_of((51, 47))] == "AKs"
    return 0


if __name__ == "__main__":
    sys.exit(main())
