"""Every lookup table of handrank, built from the hand-ranking rules (docs/evaluation.md, "The rules").

This module is the executable spec.  The pure-Python backend builds its
tables from it at first use, and ``tools/gen_tables.py`` writes the very same
numbers into ``csrc/tables.c`` for the C core (a test checks for drift).

Encodings
---------
* card id ``4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
* hand class ``1..7462``, 1 = best (royal flush), 7462 = worst (7-5-4-3-2):
  the Cactus Kev numbering.
* card key: ``RANK_MULT[rank] + (1 << (SUIT_SHIFT + 4 * suit))``.  The keys of
  a hand's cards are summed onto ``KEY_BIAS``.  The low 32 bits are then a
  *rank key*: ``RANK_MULT`` is chosen so that every multiset of at most seven
  ranks (at most four of each) has its own sum.  Bits 32..47 hold four suit
  counters biased by 3, so a suit with five or more cards sets its bit in
  ``FLUSH_BITS`` (3 + 5 = 8) and none of them can overflow (3 + 7 < 16).
* suit bit: ``1 << (16 * suit + rank)``; OR-ing them gives four 13-bit rank
  masks, one per suit, from which the flush table is read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import IntEnum
from itertools import combinations

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
N_RANKS = 13
N_CARDS = 52
N_CLASSES = 7462

# Smallest multipliers, found greedily rank by rank by tools/find_multipliers.c,
# for which all multisets of up to seven ranks, four of each at most, have
# distinct sums.  ``check_rank_mult`` proves the property.
RANK_MULT: tuple[int, ...] = (
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
    3453520,
)
SUIT_SHIFT = 32
KEY_BIAS = 0x3333 << SUIT_SHIFT
FLUSH_BITS = 0x8888 << SUIT_SHIFT
RANK_KEY_MASK = 0xFFFFFFFF

# The rank-key perfect hash (see ``perfect_hash``): a 32-bit multiplicative
# hash whose top 13 bits pick one of 2**13 buckets and whose low 17 bits a
# slot, moved by the bucket's XOR displacement into a table of 2**17 classes.
# 32 bits suffice (rank keys stay below 2**25) and keep the multiplier an
# immediate operand.
HASH_MUL = 0x9E3779B1
HASH_BUCKET_BITS = 13
HASH_SLOT_BITS = 17
HASH_SLOT_MASK = (1 << HASH_SLOT_BITS) - 1


class Category(IntEnum):
    """The ten hand categories, best first (a royal flush is the top straight flush)."""

    ROYAL_FLUSH = 1
    STRAIGHT_FLUSH = 2
    FOUR_OF_A_KIND = 3
    FULL_HOUSE = 4
    FLUSH = 5
    STRAIGHT = 6
    THREE_OF_A_KIND = 7
    TWO_PAIR = 8
    ONE_PAIR = 9
    HIGH_CARD = 10


# The categories whose five cards share one suit.
FLUSH_CATEGORIES = (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FLUSH)

# Category boundaries: the first class of each category (Category - 1 indexes it), and one past the last.
CATEGORY_FIRST: tuple[int, ...] = (1, 2, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463)

WHEEL = 0b1000000001111  # A-5-4-3-2


def card_key(card: int) -> int:
    """The additive key of one card id."""
    rank, suit = divmod(card, 4)
    return RANK_MULT[rank] + (1 << (SUIT_SHIFT + 4 * suit))


def suit_bit(card: int) -> int:
    """The bit of one card id in the suit-major mask (16 bits per suit)."""
    rank, suit = divmod(card, 4)
    return 1 << (16 * suit + rank)


def straight_top(ranks: int) -> int:
    """Top rank of the highest straight in a 13-bit rank mask, or -1 if none.

    The ace also plays low: the wheel A-5-4-3-2 has top rank 3 (the five).
    """
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if ranks & run == run:
            return top
    return 3 if ranks & WHEEL == WHEEL else -1


def _desc_masks(nbits: int, exclude: int = 0) -> list[int]:
    """All rank masks with ``nbits`` bits outside ``exclude``, best first."""
    ranks = [r for r in range(N_RANKS) if not exclude >> r & 1]
    masks = [sum(1 << r for r in combo) for combo in combinations(ranks, nbits)]
    return sorted(masks, reverse=True)


def _high_ranks(mask: int, count: int) -> tuple[int, ...]:
    """The ``count`` highest ranks of a mask, highest first."""
    out = [r for r in range(12, -1, -1) if mask >> r & 1]
    return tuple(out[:count])


def class_patterns() -> list[tuple[Category, tuple[int, ...]]]:
    """``(category, ranks)`` for classes 1..7462 (index 0 is class 1).

    ``ranks`` are the five ranks most significant first (the wheel as 3, 2, 1, 0, 12).
    """
    C = Category
    out: list[tuple[Category, tuple[int, ...]]] = []

    def straight(top: int) -> tuple[int, ...]:
        return (3, 2, 1, 0, 12) if top == 3 else tuple(range(top, top - 5, -1))

    out.append((C.ROYAL_FLUSH, straight(12)))
    out += [(C.STRAIGHT_FLUSH, straight(top)) for top in range(11, 2, -1)]
    out += [(C.FOUR_OF_A_KIND, (q,) * 4 + (k,)) for q in range(12, -1, -1) for k in range(12, -1, -1) if k != q]
    out += [(C.FULL_HOUSE, (t,) * 3 + (p,) * 2) for t in range(12, -1, -1) for p in range(12, -1, -1) if p != t]
    plain = [m for m in _desc_masks(5) if straight_top(m) < 0]
    out += [(C.FLUSH, _high_ranks(m, 5)) for m in plain]
    out += [(C.STRAIGHT, straight(top)) for top in range(12, 2, -1)]
    for t in range(12, -1, -1):
        out += [(C.THREE_OF_A_KIND, (t,) * 3 + _high_ranks(m, 2)) for m in _desc_masks(2, 1 << t)]
    for hi in range(12, -1, -1):
        for lo in range(hi - 1, -1, -1):
            out += [(C.TWO_PAIR, (hi, hi, lo, lo, k)) for k in range(12, -1, -1) if k not in (hi, lo)]
    for p in range(12, -1, -1):
        out += [(C.ONE_PAIR, (p, p) + _high_ranks(m, 3)) for m in _desc_masks(3, 1 << p)]
    out += [(C.HIGH_CARD, _high_ranks(m, 5)) for m in plain]
    assert len(out) == N_CLASSES
    return out


def _class_index() -> tuple[dict[tuple[int, tuple[int, ...]], int], dict[int, int]]:
    """Maps ``(category, ranks)`` to class, and a flush rank mask to class."""
    by_pattern: dict[tuple[int, tuple[int, ...]], int] = {}
    flush5: dict[int, int] = {}
    for cls, (cat, ranks) in enumerate(class_patterns(), start=1):
        by_pattern[cat, ranks] = cls
        if cat in FLUSH_CATEGORIES:
            flush5[sum(1 << r for r in ranks)] = cls
    return by_pattern, flush5


def best_flush_class(ranks: int, flush5: dict[int, int]) -> int:
    """Class of the best five cards of one suit, given their 13-bit rank mask."""
    top = straight_top(ranks)
    if top >= 0:
        return 1 + (12 - top)
    return flush5[sum(1 << r for r in _high_ranks(ranks, 5))]


def best_plain_class(counts: Sequence[int], by_pattern: dict[tuple[int, tuple[int, ...]], int]) -> int:
    """Class of the best five of 5..7 cards that make no flush, by rank counts."""
    desc = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] >= 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return by_pattern[Category.FOUR_OF_A_KIND, (q,) * 4 + (next(r for r in desc if r != q),)]
    if trips and len(trips) + len(pairs) >= 2:
        t = trips[0]
        p = next(r for r in desc if r != t and counts[r] >= 2)
        return by_pattern[Category.FULL_HOUSE, (t,) * 3 + (p,) * 2]
    top = straight_top(sum(1 << r for r in desc))
    if top >= 0:
        return CATEGORY_FIRST[Category.STRAIGHT - 1] + (12 - top)
    if trips:
        t = trips[0]
        return by_pattern[Category.THREE_OF_A_KIND, (t,) * 3 + tuple(r for r in desc if r != t)[:2]]
    if len(pairs) >= 2:
        hi, lo = pairs[:2]
        kicker = next(r for r in desc if r not in (hi, lo))
        return by_pattern[Category.TWO_PAIR, (hi, hi, lo, lo, kicker)]
    if pairs:
        p = pairs[0]
        return by_pattern[Category.ONE_PAIR, (p, p) + tuple(r for r in desc if r != p)[:3]]
    return by_pattern[Category.HIGH_CARD, tuple(desc[:5])]


def rank_multisets(min_cards: int = 5, max_cards: int = 7) -> Iterator[tuple[int, ...]]:
    """Every rank-count vector with ``min_cards..max_cards`` cards, four of a rank at most."""

    def rec(rank: int, left: int) -> Iterator[tuple[int, ...]]:
        if rank == N_RANKS - 1:
            if left <= 4:
                yield (left,)
            return
        for c in range(min(4, left) + 1):
            for rest in rec(rank + 1, left - c):
                yield (c,) + rest

    for n in range(min_cards, max_cards + 1):
        yield from rec(0, n)


def rank_key(counts: Sequence[int]) -> int:
    return sum(c * m for c, m in zip(counts, RANK_MULT, strict=True))


def check_rank_mult() -> None:
    """Raise if two rank multisets of up to seven cards share a rank key."""
    keys = [rank_key(c) for c in rank_multisets(0, 7)]
    if len(set(keys)) != len(keys):
        raise AssertionError("RANK_MULT does not give distinct rank keys")


def flush_table() -> list[int]:
    """8192 entries: for a 13-bit rank mask of one suit with 5+ bits, its class; else 0."""
    _, flush5 = _class_index()
    return [best_flush_class(m, flush5) if m.bit_count() >= 5 else 0 for m in range(1 << N_RANKS)]


def plain_table() -> dict[int, int]:
    """Rank key -> class of the best no-flush five, for every multiset of 5..7 ranks."""
    by_pattern, _ = _class_index()
    return {rank_key(c): best_plain_class(c, by_pattern) for c in rank_multisets()}


def hash_slot(key: int) -> tuple[int, int]:
    """``(bucket, slot)`` of a rank key before displacement (see ``perfect_hash``)."""
    h = (key * HASH_MUL) & 0xFFFFFFFF
    return h >> (32 - HASH_BUCKET_BITS), h & HASH_SLOT_MASK


def perfect_hash(table: dict[int, int]) -> tuple[list[int], list[int]]:
    """Pack a sparse rank key -> class map into ``(disp, values)``.

    With ``bucket, slot = hash_slot(key)``, ``values[slot ^ disp[bucket]]``
    is ``table[key]`` for every key (hash and displace).  Buckets are placed
    fullest first, each at the smallest displacement whose slots are all free.
    Unused slots hold 0.
    """
    buckets: dict[int, list[int]] = {}
    for key in sorted(table):
        bucket, slot = hash_slot(key)
        buckets.setdefault(bucket, []).append(slot)
    size = 1 << HASH_SLOT_BITS
    free = bytearray(b"\x01") * size
    disp = [0] * (1 << HASH_BUCKET_BITS)
    for bucket in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        slots = buckets[bucket]
        if len(set(slots)) != len(slots):
            raise AssertionError(f"HASH_MUL puts two keys of bucket {bucket} on one slot")
        d = next(d for d in range(size) if all(free[s ^ d] for s in slots))
        for s in slots:
            free[s ^ d] = 0
        disp[bucket] = d
    values = [0] * size
    for key, val in table.items():
        bucket, slot = hash_slot(key)
        values[slot ^ disp[bucket]] = val
    return disp, values
